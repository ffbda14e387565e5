package slotexp

import (
	"context"
	"errors"
	"testing"

	"github.com/schedsim/schedsim/sim"
)

// TestRunCyclesStopsBetweenCycles: a context cancelled during cycle 3 ends
// the loop before cycle 4 with sim.ErrInterrupted; a step's error ends it
// at once; maxJobs ends it after the cycle that reaches it.
func TestRunCyclesStopsBetweenCycles(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	err := RunCycles(ctx, 1000, 0, func(c int) (int, error) {
		calls++
		if c == 3 {
			cancel()
		}
		return 1, nil
	})
	if !errors.Is(err, sim.ErrInterrupted) || calls != 4 {
		t.Fatalf("err %v after %d cycles, want sim.ErrInterrupted after 4", err, calls)
	}

	halt := errors.New("halt")
	calls = 0
	err = RunCycles(context.Background(), 1000, 0, func(c int) (int, error) {
		calls++
		if c == 1 {
			return 0, halt
		}
		return 1, nil
	})
	if err != halt || calls != 2 {
		t.Fatalf("err %v after %d cycles, want halt after 2", err, calls)
	}

	calls = 0
	if err := RunCycles(context.Background(), 1000, 10, func(int) (int, error) { calls++; return 4, nil }); err != nil || calls != 3 {
		t.Fatalf("maxJobs 10 at 4 jobs a cycle: %d cycles, err %v; want 3", calls, err)
	}
}
