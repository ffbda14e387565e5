package slots_test

import (
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
	"github.com/schedsim/schedsim/policies/slots/slotstest"
)

func TestCheckAlternativesCanFail(t *testing.T) {
	l, jobs := slotstest.PaperExample()
	after := l.Clone()
	alts, err := slots.FindAlternatives(after, jobs, slots.MethodAMP)
	if err != nil {
		t.Fatal(err)
	}
	if err := slots.CheckAlternatives(l, after, jobs, slots.MethodAMP, alts); err != nil {
		t.Fatal(err)
	}
	// ALP's limits do not hold for AMP's windows (cpu6 costs 12 > 10).
	if err := slots.CheckAlternatives(l, after, jobs, slots.MethodALP, alts); err == nil {
		t.Error("AMP windows passed as ALP windows")
	}
	lost := after.Clone()
	lost.Slots = lost.Slots[1:]
	if err := slots.CheckAlternatives(l, lost, jobs, slots.MethodAMP, alts); err == nil {
		t.Error("a lost free slot passed")
	}
	twice := [][]slot.Window{append(alts[0], alts[0][0]), alts[1], alts[2]}
	if err := slots.CheckAlternatives(l, after, jobs, slots.MethodAMP, twice); err == nil {
		t.Error("a window counted twice passed")
	}
	dear := [][]slot.Window{alts[0], alts[1], {alts[2][0]}}
	dear[2][0].Cost++
	if err := slots.CheckAlternatives(l, after, jobs, slots.MethodAMP, dear); err == nil {
		t.Error("a wrong cost passed")
	}
}
