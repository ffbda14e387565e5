package slotexp

import (
	"math"
	"slices"

	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// jobSums are sums of per-job values over the scheduled jobs of a group.
type jobSums struct {
	jobs                                            int
	start, finish, runtime, procTime, cost, utility float64
}

func (s *jobSums) add(a css.Alternative) {
	s.jobs++
	s.start += a.Start
	s.finish += a.Finish
	s.runtime += a.Runtime
	s.procTime += a.ProcTime
	s.cost += a.Cost
	s.utility += a.Utility
}

func mean(sum float64, n int) float64 {
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// MethodTally accumulates the outcome of one scheduling method over
// batches: per-job means over the scheduled jobs (all of them and per
// user criterion) and per-batch totals.
type MethodTally struct {
	// Batches and Jobs count the batches and their jobs; Unscheduled the
	// jobs that got no window.
	Batches, Jobs, Unscheduled int
	all                        jobSums
	byCriterion                [4]jobSums // indexed like toporkov.UserCriteria
	batchCost, makespan        float64
}

// Add tallies one batch's plan; criteria[i] is job i's criterion.
func (t *MethodTally) Add(p css.Plan, criteria []css.Property) {
	t.Batches++
	t.Jobs += len(p.Chosen)
	cost, makespan := 0.0, 0.0
	for i := range p.Chosen {
		a, ok := p.Choice(i)
		if !ok {
			t.Unscheduled++
			continue
		}
		t.all.add(a)
		if k := criterionIndex(criteria[i]); k >= 0 {
			t.byCriterion[k].add(a)
		}
		cost += a.Cost
		makespan = math.Max(makespan, a.Finish)
	}
	t.batchCost += cost
	t.makespan += makespan
}

func criterionIndex(p css.Property) int { return criterionIndexByName(p.String()) }

// criterionIndexByName returns the index of a user criterion in
// toporkov.UserCriteria, or -1.
func criterionIndexByName(name string) int {
	return slices.Index(toporkov.UserCriteria, name)
}

// Metric names of a MethodTally, after the prefix Metrics is given.
const (
	MetricStart       = "start"
	MetricFinish      = "finish"
	MetricRuntime     = "runtime"
	MetricProcTime    = "proctime"
	MetricCost        = "cost"
	MetricUtility     = "ua"
	MetricBatchCost   = "batch_cost"
	MetricMakespan    = "makespan"
	MetricUnscheduled = "unscheduled_fraction"
)

// Metrics appends the tally's metrics to m, each name prefixed: the mean
// start, finish, runtime, processor time, cost and utility per scheduled
// job; the mean total cost and makespan per batch; the share of jobs left
// unscheduled; and, with byCriterion, the mean runtime, processor time
// and cost of the jobs of every user criterion in criteria
// ("<criterion>_jobs_<metric>") and, with both the runtime and the cost
// criterion, their gaps (MetricProcTimeGap, MetricCostGap). A mean over
// no job is NaN.
func (t MethodTally) Metrics(m results.Metrics, prefix string, criteria []string) results.Metrics {
	s := t.all
	m = m.Add(prefix+MetricStart, mean(s.start, s.jobs)).Add(prefix+MetricFinish, mean(s.finish, s.jobs))
	m = m.Add(prefix+MetricRuntime, mean(s.runtime, s.jobs)).Add(prefix+MetricProcTime, mean(s.procTime, s.jobs))
	m = m.Add(prefix+MetricCost, mean(s.cost, s.jobs)).Add(prefix+MetricUtility, mean(s.utility, s.jobs))
	m = m.Add(prefix+MetricBatchCost, mean(t.batchCost, t.Batches)).Add(prefix+MetricMakespan, mean(t.makespan, t.Batches))
	m = m.Add(prefix+MetricUnscheduled, mean(float64(t.Unscheduled), t.Jobs))
	for _, name := range criteria {
		k := criterionIndexByName(name)
		if k < 0 {
			continue
		}
		c := t.byCriterion[k]
		p := prefix + name + "_jobs_"
		m = m.Add(p+MetricRuntime, mean(c.runtime, c.jobs)).Add(p+MetricProcTime, mean(c.procTime, c.jobs)).Add(p+MetricCost, mean(c.cost, c.jobs))
	}
	return t.criterionGaps(m, criteria)
}
