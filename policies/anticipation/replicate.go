package anticipation

import (
	"fmt"
	"math"
	"slices"

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
	// the lists each replication subtracts from, kept for their buffers
	work []slot.List
	// the criteria of a sweep shared by several similarities, and the
	// same as slots.Criterion (made once: a slice made per job would be
	// allocated per job)
	crits   []criterion
	critsOf []slots.Criterion
	// each similarity's window for the job at hand and whether it has one
	windows []slot.Window
	found   []bool
	plans   []css.Plan // ReplicateEach's result, reused by its next call
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
	plans, err := r.ReplicateEach(l, jobs, refs, has, sim)
	if err != nil {
		return css.Plan{}, err
	}
	return plans[0], nil
}

// ReplicateEach is Replicate for each of sims on the same references,
// one plan per similarity, each on its own copy of l. (The returned
// slice, not the plans, is reused by the next call.) While every
// replication has placed the same windows so far, their lists are the
// same, so a job's searches are one sweep with every similarity's
// criterion (a scan with several criteria finds for each what a scan
// with it alone finds) when no similarity needs a search of its own:
// none has a start term (its warm-up search) or AtReferenceStart.
func (r *Replicator) ReplicateEach(l *slot.List, jobs []css.Job, refs []css.Alternative, has []bool, sims ...Similarity) ([]css.Plan, error) {
	shareable := true
	for _, sim := range sims {
		if err := sim.Validate(); err != nil {
			return nil, err
		}
		shareable = shareable && !sim.AtReferenceStart && !slices.Contains(sim.Terms, css.Start)
	}
	if len(refs) != len(jobs) || has != nil && len(has) != len(jobs) {
		return nil, fmt.Errorf("anticipation: %d references for %d jobs", len(refs), len(jobs))
	}
	for i, j := range jobs {
		if err := j.Validate(); err != nil {
			return nil, fmt.Errorf("anticipation: job %d: %w", i, err)
		}
	}
	for len(r.work) < len(sims) {
		r.work = append(r.work, slot.List{})
	}
	r.plans = append(r.plans[:0], make([]css.Plan, len(sims))...)
	plans := r.plans
	// job i's alternative in plan k is placed[k*len(jobs)+i], in one
	// allocation
	placed := make([]css.Alternative, len(sims)*len(jobs))
	for k := range sims {
		r.work[k] = slot.List{Nodes: l.Nodes, Slots: append(r.work[k].Slots[:0], l.Slots...)}
		plans[k] = css.Plan{Alternatives: make([][]css.Alternative, len(jobs)), Chosen: make([]int, len(jobs))}
	}
	same := shareable && len(sims) > 1 // the lists are the same
	r.windows = append(r.windows[:0], make([]slot.Window, len(sims))...)
	r.found = append(r.found[:0], make([]bool, len(sims))...)
	windows, found := r.windows, r.found
	for i, j := range jobs {
		for k := range plans {
			plans[k].Chosen[i] = -1
		}
		if has != nil && !has[i] {
			continue
		}
		if r.Cancelled != nil && r.Cancelled() {
			return nil, slots.ErrCancelled
		}
		var err error
		if same {
			err = r.findEach(&r.work[0], j, refs[i], sims, windows, found)
		} else {
			for k, sim := range sims {
				windows[k], found[k], err = r.find(&r.work[k], j, refs[i], sim)
				if err != nil {
					break
				}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("anticipation: job %d: %w", i, err)
		}
		for k := range sims {
			if !found[k] {
				continue
			}
			if err := r.work[k].Subtract(windows[k]); err != nil {
				return nil, fmt.Errorf("anticipation: job %d: %w", i, err)
			}
			o := k*len(jobs) + i
			placed[o] = css.NewAlternative(windows[k])
			plans[k].Alternatives[i] = placed[o : o+1 : o+1]
			plans[k].Chosen[i] = 0
		}
		for k := 1; same && k < len(sims); k++ {
			same = found[k] == found[0] && (!found[0] || sameWindow(windows[k], windows[0]))
		}
	}
	return plans, nil
}

// findEach finds the window nearest to ref on l by each of sims in one
// sweep (none has a start term or AtReferenceStart; see find).
func (r *Replicator) findEach(l *slot.List, j css.Job, ref css.Alternative, sims []Similarity, windows []slot.Window, found []bool) error {
	for len(r.crits) < len(sims) {
		r.crits = append(r.crits, criterion{})
	}
	r.critsOf = r.critsOf[:0]
	for k, sim := range sims {
		r.critsOf = append(r.critsOf, r.prepare(&r.crits[k], l, j, ref, sim))
	}
	res, err := r.search.Scan(l, j.Request, j.Limits(), r.critsOf...)
	if err != nil {
		return err
	}
	for k := range sims {
		windows[k], found[k] = res[k].Window, res[k].Found
	}
	return nil
}

// sameWindow reports whether a and b are the same window cut from the
// same slots.
func sameWindow(a, b slot.Window) bool {
	return a.Start == b.Start && a.Cost == b.Cost && slices.Equal(a.Slots, b.Slots) && slices.Equal(a.Sources, b.Sources)
}

// find returns the window nearest to ref on l. With a start term, a
// warm-up search first compares the windows at the first positions from
// the reference start: the distance it reaches lets the full search skip
// every position whose start error alone exceeds it (the result is the
// full search's).
func (r *Replicator) find(l *slot.List, j css.Job, ref css.Alternative, sim Similarity) (slot.Window, bool, error) {
	c := r.prepare(&r.crit, l, j, ref, sim)
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

// prepare resets c to find the window nearest to ref by sim, with its
// lower bound over l: a reference with a window of the job's own (every
// one the scheduling makes) is a node set the bound ranges over, so the
// bound is 0 then, which reset set, and is not worth its sorting.
func (r *Replicator) prepare(c *criterion, l *slot.List, j css.Job, ref css.Alternative, sim Similarity) *criterion {
	c = c.reset(sim, ref)
	if len(ref.Window.Slots) == 0 {
		r.vals, c.bound = c.lowerBound(l, j, r.vals)
	}
	return c
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
