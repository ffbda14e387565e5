package slots_test

import (
	"strings"
	"testing"

	"github.com/schedsim/schedsim/policies/slots"
	"github.com/schedsim/schedsim/policies/slots/slotstest"
)

func TestPaperHandExample(t *testing.T) {
	paper := slotstest.Case{Name: "paper-section-4", Env: slotstest.PaperExample, Want: map[string][]string{
		"amp": {
			"job1 [150,230] cpu4+cpu1 10", // W1
			"job1 [260,340] cpu2+cpu4 9",
			"job1 [370,450] cpu2+cpu4 9",
			"job2 [230,260] cpu2+cpu4+cpu1 14", // W2
			"job2 [340,370] cpu2+cpu1+cpu3 16",
			"job2 [370,400] cpu1+cpu3+cpu6 24",
			"job2 [400,430] cpu1+cpu3+cpu6 24",
			"job3 [450,500] cpu5+cpu2 6", // W3
		},
		"alp": {
			"job1 [150,230] cpu4+cpu1 10",
			"job1 [260,340] cpu2+cpu4 9",
			"job1 [370,450] cpu2+cpu4 9",
			"job2 [230,260] cpu2+cpu4+cpu1 14",
			"job2 [340,370] cpu2+cpu1+cpu3 16",
			"job2 [450,480] cpu5+cpu2+cpu1 11",
		},
	}}
	slotstest.Covered(t, []slotstest.Case{paper}, slots.Methods.Names())
	slotstest.Run(t, paper, slotstest.Registered)

	l, jobs := slotstest.PaperExample()
	// the facts of the text, stated once more on their own.
	amp, _ := slots.FindAlternatives(l.Clone(), jobs, slots.MethodAMP)
	if d := slotstest.Describe(l, "W1", amp[0][0]); d != "W1 [150,230] cpu4+cpu1 10" {
		t.Errorf("W1 = %s", d)
	}
	if d := slotstest.Describe(l, "W2", amp[1][0]); !strings.HasSuffix(d, "cpu2+cpu4+cpu1 14") {
		t.Errorf("W2 = %s", d)
	}
	if amp[2][0].Start != 450 || amp[2][0].Finish() != 500 {
		t.Errorf("W3 = %s", slotstest.Describe(l, "W3", amp[2][0]))
	}
	// the earliest window of job 1 with any prices starts earlier (at 0,
	// cpu2+cpu3 = 11 > 10): the cost constraint is what delays W1.
	w, ok, _ := (&slots.Searcher{}).Find(l, jobs[0], slots.NoLimits(jobs[0]), slots.EarliestStart)
	if !ok || w.Start != 0 {
		t.Errorf("unconstrained earliest window of job 1: %v %v", ok, w.Start)
	}
}
