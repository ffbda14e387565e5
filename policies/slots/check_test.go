package slots

import (
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

func TestCheckAlternativesCanFail(t *testing.T) {
	l, jobs := handExample()
	after := l.Clone()
	alts, err := FindAlternatives(after, jobs, MethodAMP)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckAlternatives(l, after, jobs, MethodAMP, alts); err != nil {
		t.Fatal(err)
	}
	// ALP's limits do not hold for AMP's windows (cpu6 costs 12 > 10).
	if err := CheckAlternatives(l, after, jobs, MethodALP, alts); err == nil {
		t.Error("AMP windows passed as ALP windows")
	}
	lost := after.Clone()
	lost.Slots = lost.Slots[1:]
	if err := CheckAlternatives(l, lost, jobs, MethodAMP, alts); err == nil {
		t.Error("a lost free slot passed")
	}
	twice := [][]slot.Window{append(alts[0], alts[0][0]), alts[1], alts[2]}
	if err := CheckAlternatives(l, after, jobs, MethodAMP, twice); err == nil {
		t.Error("a window counted twice passed")
	}
	dear := [][]slot.Window{alts[0], alts[1], {alts[2][0]}}
	dear[2][0].Cost++
	if err := CheckAlternatives(l, after, jobs, MethodAMP, dear); err == nil {
		t.Error("a wrong cost passed")
	}
}
