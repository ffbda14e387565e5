package slotexp

import (
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/results"
)

// jobsWithAlts adds to the per-job sums of the other experiments the
// number of alternatives the jobs had (Table 1's N_A).
type jobsWithAlts struct {
	jobSums
	alternatives int
}

func (s *jobsWithAlts) add(w slot.Window, alts int) {
	s.jobSums.add(css.NewAlternative(w))
	s.alternatives += alts
}

// metrics appends prefix_alternatives and prefix_group_alternatives
// (when withAlts: per scheduled job, and per criterion group and cycle,
// groups being the number of cycles × groups per cycle), then the means
// per scheduled job of start, runtime, finish, cost, proc (Тпроц) and
// start_plus_proc (Тстарт + Тпроц, Fig. 7's index).
func (s *jobsWithAlts) metrics(m results.Metrics, prefix string, withAlts bool, groups float64) results.Metrics {
	n := float64(s.jobs)
	if withAlts {
		m = m.Add(prefix+"_alternatives", div(float64(s.alternatives), n))
		m = m.Add(prefix+"_group_alternatives", div(float64(s.alternatives), groups))
	}
	m = m.Add(prefix+"_start", div(s.start, n)).Add(prefix+"_runtime", div(s.runtime, n))
	m = m.Add(prefix+"_finish", div(s.finish, n)).Add(prefix+"_cost", div(s.cost, n))
	m = m.Add(prefix+"_proc", div(s.procTime, n)).Add(prefix+"_start_plus_proc", div(s.start+s.procTime, n))
	return m
}

// variantTally accumulates one scheduling variant over the cycles.
type variantTally struct {
	cycles, failed int
	planned        jobsWithAlts
	// byCriterion holds the planned measures per user criterion (the rows
	// of Table 1), in the order of the criteria given to the tally.
	byCriterion []jobsWithAlts
	actual      jobsWithAlts // with actual runtimes (Table 3)
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
// share, planned means per job (the alternatives also per criterion
// group and cycle: Table 1's N_A, line 253 of the paper, "found for the
// jobs in one cycle … about 5 jobs per group"), per-criterion means under
// name_by_<criterion>_ (when criteria are given), actual means under
// name_actual_ (when simulated), and batch totals per cycle.
func (t *variantTally) metrics(m results.Metrics, name string, criteria []string, withAlts, withActual bool) results.Metrics {
	m = m.Add(name+"_failed_share", div(float64(t.failed), float64(t.cycles)))
	cycles := float64(t.cycles)
	m = t.planned.metrics(m, name, withAlts, cycles*float64(len(t.byCriterion)))
	for c, crit := range criteria {
		m = t.byCriterion[c].metrics(m, name+"_by_"+crit, withAlts, cycles)
	}
	if withActual {
		m = t.actual.metrics(m, name+"_actual", false, 0)
	}
	m = m.Add(name+"_batch_proc", div(t.batchProc, float64(t.cycles)))
	m = m.Add(name+"_batch_cost", div(t.batchCost, float64(t.cycles)))
	return m
}
