package slots

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// Find returns the best window for r under the limits and criterion.
func (s *Searcher) Find(l *slot.List, r slot.Request, lim Limits, c Criterion) (slot.Window, bool, error) {
	res, err := s.Scan(l, r, lim, c)
	if err != nil {
		return slot.Window{}, false, err
	}
	return res[0].Window, res[0].Found, nil
}

// FindAt is Find with one more possible window start: besides the slot
// starts, the scan also considers a window starting at time at, formed by
// the slots that contain [at, at + runtime). The replication of
// anticipation scheduling uses it to reach a reference window's own
// start, which need not be a slot start of a list from which other
// windows were subtracted.
func (s *Searcher) FindAt(l *slot.List, r slot.Request, lim Limits, c Criterion, at float64) (slot.Window, bool, error) {
	if math.IsNaN(at) || math.IsInf(at, 0) {
		return slot.Window{}, false, fmt.Errorf("%w: window start %v", ErrBadLimits, at)
	}
	h := noHints
	h.probe, h.at = true, at
	res, err := s.scan(l, r, lim, []Criterion{c}, h)
	if err != nil {
		return slot.Window{}, false, err
	}
	return res[0].Window, res[0].Found, nil
}

// FindIn is Find restricted to windows that start in [from, to] (and,
// when at is not NaN, also trying a window at at as FindAt does). Slots
// that end before from are skipped, and the scan stops after to, so a
// search around a known time is cheap.
func (s *Searcher) FindIn(l *slot.List, r slot.Request, lim Limits, c Criterion, from, to, at float64) (slot.Window, bool, error) {
	if math.IsNaN(from) || math.IsNaN(to) || math.IsInf(at, 0) {
		return slot.Window{}, false, fmt.Errorf("%w: window starts [%v, %v], at %v", ErrBadLimits, from, to, at)
	}
	h := noHints
	h.bounded, h.pickFrom, h.pickTo = true, from, to
	if !math.IsNaN(at) {
		h.probe, h.at = true, at
	}
	if !math.IsInf(from, -1) {
		maxLen := 0.0
		for _, sl := range l.Slots {
			if d := sl.End - sl.Start; d > maxLen {
				maxLen = d
			}
		}
		h.from, h.maxLen = from, maxLen
	}
	res, err := s.scan(l, r, lim, []Criterion{c}, h)
	if err != nil {
		return slot.Window{}, false, err
	}
	return res[0].Window, res[0].Found, nil
}

// ALP finds the earliest window for r whose every slot costs at most
// r.MaxPrice per time unit (Algorithm based on Local Price).
func ALP(l *slot.List, r slot.Request) (slot.Window, bool, error) {
	var s Searcher
	return s.Find(l, r, ALPLimits(r), EarliestStart)
}

// AMP finds the earliest window for r formed by the cheapest slots whose
// total cost is at most S = C·t·N (Algorithm based on Maximal job Price).
func AMP(l *slot.List, r slot.Request) (slot.Window, bool, error) {
	var s Searcher
	return s.Find(l, r, AMPLimits(r), EarliestStart)
}

// AEP finds in one scan the best window for r under each criterion and
// the limits (an AEP-style search, as CSS and anticipation use it).
func AEP(l *slot.List, r slot.Request, lim Limits, crits ...Criterion) ([]Result, error) {
	var s Searcher
	res, err := s.Scan(l, r, lim, crits...)
	return append([]Result(nil), res...), err
}
