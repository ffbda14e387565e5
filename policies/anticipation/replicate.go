package anticipation

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/slots"
)

// Replicator runs the replication step and keeps its search buffers. It
// is not safe for concurrent use; its zero value is ready.
type Replicator struct {
	// Cancelled, when not nil, is asked before every job is placed; once
	// it reports true, Replicate returns slots.ErrCancelled.
	Cancelled func() bool

	search slots.Searcher
	// the criteria of find, whose buffers serve every job
	crit, warm criterion
	vals       []float64 // scratch of lowerBound
	work       slot.List // the list Replicate subtracts from, kept for its buffer
}

// Replicate makes a feasible schedule that resembles a reference: job by
// job in batch (priority) order, the window on l nearest to the job's
// reference alternative refs[i] by sim (the AEP modification with the
// execution-similarity criterion, under the job's price limits), each
// reserved before the next job is placed. has[i] false (or a nil has)
// means job i has no reference and is left out. l is not modified. The
// returned plan has one alternative per placed job; its utility is 0
// (measure it with css.UtilityIn against the job's alternatives).
func (r *Replicator) Replicate(l *slot.List, jobs []css.Job, refs []css.Alternative, has []bool, sim Similarity) (css.Plan, error) {
	if err := sim.Validate(); err != nil {
		return css.Plan{}, err
	}
	if len(refs) != len(jobs) || has != nil && len(has) != len(jobs) {
		return css.Plan{}, fmt.Errorf("anticipation: %d references for %d jobs", len(refs), len(jobs))
	}
	for i, j := range jobs {
		if err := j.Validate(); err != nil {
			return css.Plan{}, fmt.Errorf("anticipation: job %d: %w", i, err)
		}
	}
	r.work = slot.List{Nodes: l.Nodes, Slots: append(r.work.Slots[:0], l.Slots...)}
	work := &r.work
	plan := css.Plan{Alternatives: make([][]css.Alternative, len(jobs)), Chosen: make([]int, len(jobs))}
	placed := make([]css.Alternative, len(jobs)) // job i's alternative is placed[i], in one allocation
	for i, j := range jobs {
		plan.Chosen[i] = -1
		if has != nil && !has[i] {
			continue
		}
		if r.Cancelled != nil && r.Cancelled() {
			return css.Plan{}, slots.ErrCancelled
		}
		w, ok, err := r.find(work, j, refs[i], sim)
		if err != nil {
			return css.Plan{}, fmt.Errorf("anticipation: job %d: %w", i, err)
		}
		if !ok {
			continue
		}
		if err := work.Subtract(w); err != nil {
			return css.Plan{}, fmt.Errorf("anticipation: job %d: %w", i, err)
		}
		placed[i] = css.NewAlternative(w)
		plan.Alternatives[i] = placed[i : i+1 : i+1]
		plan.Chosen[i] = 0
	}
	return plan, nil
}

// find returns the window nearest to ref on l. With a start term, a
// warm-up search first compares the windows at the first positions from
// the reference start: the distance it reaches lets the full search skip
// every position whose start error alone exceeds it (the result is the
// full search's).
func (r *Replicator) find(l *slot.List, j css.Job, ref css.Alternative, sim Similarity) (slot.Window, bool, error) {
	c := r.crit.reset(sim, ref)
	// a reference with a window of the job's own (every one the
	// scheduling makes) is a node set the bound ranges over: the bound is
	// 0 then, which reset set, and is not worth its sorting.
	if len(ref.Window.Slots) == 0 {
		r.vals, c.bound = c.lowerBound(l, j, r.vals)
	}
	at := math.NaN()
	if sim.AtReferenceStart {
		at = ref.Start
	}
	from, to := math.Inf(-1), math.Inf(1)
	if c.hasStart {
		warm := r.warm.reset(sim, ref)
		warm.warm, warm.warmFrom, warm.bound = true, ref.Start, c.bound
		// (the warm-up picks nothing before the reference start)
		if _, ok, err := r.search.FindIn(l, j.Request, j.Limits(), warm, ref.Start, to, at); err != nil {
			return slot.Window{}, false, err
		} else if ok {
			// a window can beat the warm-up's only if its start error
			// alone does not exceed that distance.
			c.seed = warm.best
			w := warm.best / c.startInv
			w += 1e-9 * (math.Abs(ref.Start) + w + 1)
			from, to = ref.Start-w, ref.Start+w
		}
	}
	return r.search.FindIn(l, j.Request, j.Limits(), c, from, to, at)
}

// References returns the chosen alternative of every job of a plan and
// whether it has one, the input of Replicate.
func References(p css.Plan) ([]css.Alternative, []bool) {
	refs := make([]css.Alternative, len(p.Chosen))
	has := make([]bool, len(p.Chosen))
	for i := range p.Chosen {
		refs[i], has[i] = p.Choice(i)
	}
	return refs, has
}
