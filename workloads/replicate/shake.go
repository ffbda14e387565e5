package replicate

import (
	"container/heap"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/schedsim/schedsim/workloads/swf"
)

// Shift distributions of Shake.Dist.
const (
	// ShiftUniform moves each submit time by U(−Submit, +Submit) seconds.
	ShiftUniform = "uniform"
	// ShiftExponential delays each submit time by an exponential time of
	// mean Submit seconds (a random start delay, never earlier).
	ShiftExponential = "exponential"
)

// Shake says how a trace is shaken. The zero value changes nothing.
type Shake struct {
	// Submit is the size of the submit-time shift in seconds: the bound
	// of the uniform shift or the mean of the exponential delay.
	Submit float64
	// Dist is ShiftUniform (default when empty) or ShiftExponential.
	Dist string
	// Runtime perturbs each run time by U(−Runtime, +Runtime) percent.
	Runtime float64
	// Estimate perturbs each requested time (when known) by
	// U(−Estimate, +Estimate) percent.
	Estimate float64
}

// Validate checks the shake's values.
func (s Shake) Validate() error {
	finite := func(v float64) bool { return v >= 0 && !math.IsInf(v, 0) }
	switch {
	case !finite(s.Submit) || s.Submit > 1e9:
		return fmt.Errorf("replicate: shake submit = %v, want seconds in [0, 1e9]", s.Submit)
	case s.Dist != "" && s.Dist != ShiftUniform && s.Dist != ShiftExponential:
		return fmt.Errorf("replicate: shake shift %q, want %s or %s", s.Dist, ShiftUniform, ShiftExponential)
	case !finite(s.Runtime) || s.Runtime >= 100:
		return fmt.Errorf("replicate: shake runtime = %v, want a percentage in [0, 100)", s.Runtime)
	case !finite(s.Estimate) || s.Estimate >= 100:
		return fmt.Errorf("replicate: shake estimate = %v, want a percentage in [0, 100)", s.Estimate)
	}
	return nil
}

// lowest is the smallest shift a record can get (≤ 0).
func (s Shake) lowest() float64 {
	if s.Dist == ShiftExponential {
		return 0
	}
	return -s.Submit
}

// shift draws one submit-time shift.
func (s Shake) shift(rng *rand.Rand) float64 {
	if s.Submit == 0 {
		return 0
	}
	if s.Dist == ShiftExponential {
		return rng.ExpFloat64() * s.Submit
	}
	return (2*rng.Float64() - 1) * s.Submit
}

// scale draws a factor 1 ± pct%.
func scale(rng *rand.Rand, pct float64) float64 {
	if pct == 0 {
		return 1
	}
	return 1 + (2*rng.Float64()-1)*pct/100
}

// NewShaker returns the records of rs shaken by s with rng, in submit
// order. Each record draws its shift, run time and estimate factors in
// this order from rng, in the order of rs, so the result depends on rng's
// seed only. A shifted submit time below 0 becomes 0. Memory is the
// records whose shifted time may still be passed by a later one: with a
// uniform shift, those within 2·Submit seconds of the last read.
func NewShaker(rs swf.RecordSource, s Shake, rng *rand.Rand) (*Shaker, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &Shaker{rs: rs, s: s, rng: rng}, nil
}

// Shaker is a shaken swf.RecordSource (see NewShaker).
type Shaker struct {
	rs   swf.RecordSource
	s    Shake
	rng  *rand.Rand
	h    shakeHeap
	seq  int
	line int
	err  error // error of rs (io.EOF at its end), returned once h is empty
}

// Next returns the next shaken record in submit order, io.EOF after the
// last one, or the error of the underlying source once every record read
// before it has been returned.
func (k *Shaker) Next() (swf.Record, error) {
	for k.err == nil {
		if k.h.Len() > 0 && k.h.items[0].rec.Submit <= k.frontier() {
			break
		}
		rec, err := k.rs.Next()
		if err != nil {
			k.err = err
			break
		}
		k.push(rec)
	}
	if k.h.Len() == 0 {
		return swf.Record{}, k.err
	}
	it := heap.Pop(&k.h).(shaken)
	k.line = it.rec.Line
	return it.rec, nil
}

// frontier is the lowest shifted submit time a record not yet read can
// get: the last read record's original time plus the lowest shift.
func (k *Shaker) frontier() float64 { return k.h.lastOrig + k.s.lowest() }

func (k *Shaker) push(rec swf.Record) {
	k.h.lastOrig = rec.Submit
	sub := rec.Submit + k.s.shift(k.rng)
	rt := scale(k.rng, k.s.Runtime)
	est := scale(k.rng, k.s.Estimate)
	rec.Submit = max(0, sub)
	if rec.RunTime > 0 {
		rec.RunTime *= rt
	}
	if rec.ReqTime > 0 {
		rec.ReqTime *= est
	}
	heap.Push(&k.h, shaken{rec: rec, seq: k.seq})
	k.seq++
}

// Header returns the trace's header.
func (k *Shaker) Header() swf.Header { return k.rs.Header() }

// Name returns the trace's name.
func (k *Shaker) Name() string { return k.rs.Name() }

// Line returns the line of the record returned last.
func (k *Shaker) Line() int { return k.line }

// Problems returns the underlying source's problems.
func (k *Shaker) Problems() swf.Report { return k.rs.Problems() }

type shaken struct {
	rec swf.Record
	seq int
}

// shakeHeap orders shaken records by shifted submit time, then by their
// order in the trace (so ties keep the trace's order).
type shakeHeap struct {
	items    []shaken
	lastOrig float64
}

func (h shakeHeap) Len() int { return len(h.items) }
func (h shakeHeap) Less(i, j int) bool {
	a, b := h.items[i], h.items[j]
	if a.rec.Submit != b.rec.Submit {
		return a.rec.Submit < b.rec.Submit
	}
	return a.seq < b.seq
}
func (h shakeHeap) Swap(i, j int) { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *shakeHeap) Push(x any)   { h.items = append(h.items, x.(shaken)) }
func (h *shakeHeap) Pop() any {
	n := len(h.items) - 1
	x := h.items[n]
	h.items = h.items[:n]
	return x
}
