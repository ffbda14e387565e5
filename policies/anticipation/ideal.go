package anticipation

import (
	"fmt"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

// Ideal is a batch's ideal alternatives (step 1 of Scheduler) packed for
// sharing: they depend on the slot list and the jobs only, never on the
// CSS problem of step 2 or the similarity of step 3, so the points of an
// experiment that differ only in those search them once. It is read
// only once made; Scheduler.ScheduleIdeal unpacks it into the
// Scheduler's own buffers.
//
// Packed, an alternative is its start, runtime, processor time and cost
// and its nodes: 32 bytes and 4 a node, against 112 and 48 for a
// css.Alternative and its window. A slot is made again as the search
// made it, ending at the start plus the job's runtime on its node, and
// the finish is the start plus the runtime, as css.NewAlternative makes
// it. (The slots the window was cut from, slot.Window.Sources, are not
// kept: no step reads them of an ideal alternative.) The range of every
// job's criterion over its alternatives is kept beside them.
type Ideal struct {
	jobs   []idealJob
	vals   []idealVals
	nodes  []int32
	ranges [][2]float64
}

// idealJob locates one job's alternatives in an Ideal: vals[alt:alt+n]
// and, width nodes each, nodes[node:].
type idealJob struct {
	alt, n, node, width int
}

// idealVals are the properties of one packed alternative.
type idealVals struct {
	start, runtime, procTime, cost float64
}

// Ideal searches every job's ideal alternatives on l (IdealAlternatives)
// and packs them. l is not modified; the result shares no memory with s.
func (s *Scheduler) Ideal(l *slot.List, jobs []css.Job) (*Ideal, error) {
	alts, err := s.IdealAlternatives(l, jobs)
	if err != nil {
		return nil, err
	}
	return packIdeal(alts, jobs)
}

// packIdeal packs every job's alternatives, whose windows have one
// width a job (the job's nodes), and the ranges of their criteria.
func packIdeal(alts [][]css.Alternative, jobs []css.Job) (*Ideal, error) {
	var na, ns int
	for _, ja := range alts {
		na += len(ja)
		for _, a := range ja {
			ns += len(a.Window.Slots)
		}
	}
	id := &Ideal{jobs: make([]idealJob, len(alts)), vals: make([]idealVals, 0, na), nodes: make([]int32, 0, ns), ranges: make([][2]float64, len(alts))}
	for i, ja := range alts {
		j := idealJob{alt: len(id.vals), n: len(ja), node: len(id.nodes)}
		for k, a := range ja {
			if k == 0 {
				j.width = len(a.Window.Slots)
			} else if len(a.Window.Slots) != j.width {
				return nil, fmt.Errorf("anticipation: job %d: windows of %d and %d slots", i, j.width, len(a.Window.Slots))
			}
			id.vals = append(id.vals, idealVals{start: a.Start, runtime: a.Runtime, procTime: a.ProcTime, cost: a.Cost})
			for _, sl := range a.Window.Slots {
				id.nodes = append(id.nodes, int32(sl.Node))
			}
		}
		id.jobs[i] = j
		id.ranges[i][0], id.ranges[i][1] = css.Range(ja, jobs[i].Criterion)
	}
	return id, nil
}

// check reports whether id was made for jobs on a list of nodes nodes.
func (id *Ideal) check(nodes int, jobs []css.Job) error {
	if len(id.jobs) != len(jobs) {
		return fmt.Errorf("anticipation: ideal alternatives of %d jobs for %d", len(id.jobs), len(jobs))
	}
	for _, n := range id.nodes {
		if int(n) >= nodes {
			return fmt.Errorf("anticipation: ideal alternatives on node %d of a list of %d", n, nodes)
		}
	}
	return nil
}

// unpack returns the alternatives packed in id for jobs on l, with their
// utilities, in s's buffers (as IdealAlternatives returns them: valid
// until s's next call).
func (s *Scheduler) unpack(l *slot.List, id *Ideal, jobs []css.Job) ([][]css.Alternative, error) {
	if err := id.check(len(l.Nodes), jobs); err != nil {
		return nil, err
	}
	// the slots lie as the nodes are packed: job by job, alternative by
	// alternative.
	s.slab = slices.Grow(s.slab[:0], len(id.nodes))[:len(id.nodes)]
	s.ideal = s.ideal[:0]
	for i, j := range id.jobs {
		r := jobs[i].Request
		for k, v := range id.vals[j.alt : j.alt+j.n] {
			from := j.node + k*j.width
			ws := s.slab[from : from+j.width : from+j.width]
			for q, n := range id.nodes[from : from+j.width] {
				ws[q] = slot.Slot{Node: int(n), Start: v.start, End: v.start + r.Runtime(l.Nodes[n].Performance)}
			}
			s.ideal = append(s.ideal, css.Alternative{
				Window: slot.Window{Start: v.start, Slots: ws, Cost: v.cost},
				Start:  v.start, Finish: v.start + v.runtime, Runtime: v.runtime, ProcTime: v.procTime, Cost: v.cost,
			})
		}
	}
	if cap(s.alts) < len(jobs) {
		s.alts = make([][]css.Alternative, len(jobs))
	}
	alts := s.alts[:len(jobs)]
	for i, j := range id.jobs {
		alts[i] = nil
		if j.n > 0 {
			alts[i] = s.ideal[j.alt : j.alt+j.n : j.alt+j.n]
		}
		// css.SetUtilities, from the range kept (that of these values)
		zmin, zmax := id.ranges[i][0], id.ranges[i][1]
		for k := range alts[i] {
			alts[i][k].Utility = css.UserUtility(alts[i][k].Value(jobs[i].Criterion), zmin, zmax)
		}
	}
	return alts, nil
}

// Ranges returns the range of every job's criterion over its ideal
// alternatives (css.Range), what the utility of a window found by
// another method is measured against.
func (id *Ideal) Ranges(jobs []css.Job) ([][2]float64, error) {
	if len(id.jobs) != len(jobs) {
		return nil, fmt.Errorf("anticipation: ideal alternatives of %d jobs for %d", len(id.jobs), len(jobs))
	}
	return id.ranges, nil
}
