package slotexp

import (
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/results"
)

// Measures of one job's window, in the order of the Measure… constants.
const (
	MeasureStart     = iota // window start (Тстарт)
	MeasureRuntime          // runtime on the slowest node
	MeasureFinish           // start + runtime
	MeasureCost             // total cost
	MeasureProc             // processor time Тпроц: the sum of the parts' lengths
	MeasureStartProc        // Тстарт + Тпроц, the combined index of Fig. 7
	numMeasures
)

// measureNames are the metric suffixes of the measures.
var measureNames = [numMeasures]string{"start", "runtime", "finish", "cost", "proc", "start_plus_proc"}

func measures(w slot.Window) [numMeasures]float64 {
	a := css.NewAlternative(w)
	return [numMeasures]float64{a.Start, a.Runtime, a.Finish, a.Cost, a.ProcTime, a.Start + a.ProcTime}
}

// jobSums accumulates the measures of scheduled jobs.
type jobSums struct {
	jobs, alternatives int
	sum                [numMeasures]float64
}

func (s *jobSums) add(w slot.Window, alts int) {
	s.jobs++
	s.alternatives += alts
	m := measures(w)
	for k := range m {
		s.sum[k] += m[k]
	}
}

// metrics appends prefix_alternatives (when withAlts), then
// prefix_<measure> for every measure: means per scheduled job.
func (s *jobSums) metrics(m results.Metrics, prefix string, withAlts bool) results.Metrics {
	n := float64(s.jobs)
	if withAlts {
		m = m.Add(prefix+"_alternatives", div(float64(s.alternatives), n))
	}
	for k, name := range measureNames {
		m = m.Add(prefix+"_"+name, div(s.sum[k], n))
	}
	return m
}

// variantTally accumulates one scheduling variant over the cycles.
type variantTally struct {
	cycles, failed int
	planned        jobSums
	// byCriterion holds the planned measures per user criterion (the rows
	// of Table 1), in the order of the criteria given to the tally.
	byCriterion []jobSums
	actual      jobSums // with actual runtimes (Table 3)
	// batchProc and batchCost sum, over the cycles, the processor time and
	// cost of the scheduled jobs (the VO criterion and the total cost).
	batchProc, batchCost float64
}

// Outcome is what one scheduling variant made of one cycle.
type Outcome struct {
	// Planned[i] is job i's planned window; nil Slots: the job found no
	// window and is postponed to the next cycle (the cycle failed).
	Planned []slot.Window
	// Alternatives[i] is the number of alternatives found for job i (nil
	// for variants without alternatives, such as backfilling).
	Alternatives []int
	// Actual[i] is job i's window as run with its actual runtime (nil when
	// not simulated).
	Actual []slot.Window
}

// add tallies one cycle; criterion[i] is the index of job i's criterion
// in byCriterion.
func (t *variantTally) add(o Outcome, criterion []int) {
	t.cycles++
	failed := false
	for i, w := range o.Planned {
		if len(w.Slots) == 0 {
			failed = true
			continue
		}
		alts := 0
		if o.Alternatives != nil {
			alts = o.Alternatives[i]
		}
		t.planned.add(w, alts)
		if c := criterion[i]; c >= 0 && c < len(t.byCriterion) {
			t.byCriterion[c].add(w, alts)
		}
		t.batchProc += css.NewAlternative(w).ProcTime
		t.batchCost += w.Cost
		if o.Actual != nil {
			t.actual.add(o.Actual[i], alts)
		}
	}
	if failed {
		t.failed++
	}
}

// metrics returns the variant's metrics under its name: failed-cycle
// share, planned means per job, per-criterion means under
// name_by_<criterion>_ (when criteria are given), actual means under
// name_actual_ (when simulated), and batch totals per cycle.
func (t *variantTally) metrics(m results.Metrics, name string, criteria []string, withAlts, withActual bool) results.Metrics {
	m = m.Add(name+"_failed_share", div(float64(t.failed), float64(t.cycles)))
	m = t.planned.metrics(m, name, withAlts)
	for c, crit := range criteria {
		m = t.byCriterion[c].metrics(m, name+"_by_"+crit, withAlts)
	}
	if withActual {
		m = t.actual.metrics(m, name+"_actual", false)
	}
	m = m.Add(name+"_batch_proc", div(t.batchProc, float64(t.cycles)))
	m = m.Add(name+"_batch_cost", div(t.batchCost, float64(t.cycles)))
	return m
}
