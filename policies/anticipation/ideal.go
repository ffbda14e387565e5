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
// Packed, an alternative is its start and its nodes: 8 bytes and 4 a
// node, against 112 and 48 for a css.Alternative and its window. The
// rest is made again from the list as the search made it: a slot ends
// at the start plus the job's runtime on its node, the window costs the
// sum of the node's price times that runtime, in the window's node
// order, and css.NewAlternative gives the properties. (The slots the
// window was cut from, slot.Window.Sources, are not kept: no step reads
// them of an ideal alternative.)
type Ideal struct {
	jobs  []idealJob
	start []float64
	nodes []int32
}

// idealJob locates one job's alternatives in an Ideal: start[alt:alt+n]
// and, width nodes each, nodes[node:].
type idealJob struct {
	alt, n, node, width int
}

// Ideal searches every job's ideal alternatives on l (IdealAlternatives)
// and packs them. l is not modified; the result shares no memory with s.
func (s *Scheduler) Ideal(l *slot.List, jobs []css.Job) (*Ideal, error) {
	alts, err := s.IdealAlternatives(l, jobs)
	if err != nil {
		return nil, err
	}
	return packIdeal(alts)
}

// packIdeal packs every job's alternatives, whose windows have one
// width a job (the job's nodes).
func packIdeal(alts [][]css.Alternative) (*Ideal, error) {
	var na, ns int
	for _, ja := range alts {
		na += len(ja)
		for _, a := range ja {
			ns += len(a.Window.Slots)
		}
	}
	id := &Ideal{jobs: make([]idealJob, len(alts)), start: make([]float64, 0, na), nodes: make([]int32, 0, ns)}
	for i, ja := range alts {
		j := idealJob{alt: len(id.start), n: len(ja), node: len(id.nodes)}
		for k, a := range ja {
			if k == 0 {
				j.width = len(a.Window.Slots)
			} else if len(a.Window.Slots) != j.width {
				return nil, fmt.Errorf("anticipation: job %d: windows of %d and %d slots", i, j.width, len(a.Window.Slots))
			}
			id.start = append(id.start, a.Start)
			for _, sl := range a.Window.Slots {
				id.nodes = append(id.nodes, int32(sl.Node))
			}
		}
		id.jobs[i] = j
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

// alternative makes alternative k of job j (request r) on l again, its
// window's slots in ws (j's width of them).
func (id *Ideal) alternative(l *slot.List, r slot.Request, j idealJob, k int, ws []slot.Slot) css.Alternative {
	start := id.start[j.alt+k]
	nodes := id.nodes[j.node+k*j.width : j.node+(k+1)*j.width]
	cost := 0.0
	for q, n := range nodes {
		node := &l.Nodes[n]
		rt := r.Runtime(node.Performance)
		ws[q] = slot.Slot{Node: int(n), Start: start, End: start + rt}
		cost += node.Price * rt
	}
	return css.NewAlternative(slot.Window{Start: start, Slots: ws, Cost: cost})
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
		for k := range j.n {
			from := j.node + k*j.width
			s.ideal = append(s.ideal, id.alternative(l, jobs[i].Request, j, k, s.slab[from:from+j.width:from+j.width]))
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
		css.SetUtilities(alts[i], jobs[i].Criterion)
	}
	return alts, nil
}

// Ranges returns the range of every job's criterion over its ideal
// alternatives on l (css.Range), what the utility of a window found by
// another method is measured against.
func (id *Ideal) Ranges(l *slot.List, jobs []css.Job) ([][2]float64, error) {
	if err := id.check(len(l.Nodes), jobs); err != nil {
		return nil, err
	}
	out := make([][2]float64, len(jobs))
	var alts []css.Alternative
	var ws []slot.Slot
	for i, j := range id.jobs {
		alts = alts[:0]
		ws = slices.Grow(ws[:0], j.width)[:j.width]
		for k := range j.n {
			alts = append(alts, id.alternative(l, jobs[i].Request, j, k, ws))
		}
		out[i][0], out[i][1] = css.Range(alts, jobs[i].Criterion)
	}
	return out, nil
}
