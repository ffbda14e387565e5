package sim

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// sampleMean is a stand-in replication: the mean of 1000 exponential draws
// from the replication's own stream.
func sampleMean(seed uint64) func(rep int) (float64, error) {
	return func(rep int) (float64, error) {
		d := distuv.Exponential{Rate: 2, Src: NewStreams(seed, rep).Source("service")}
		s := 0.0
		for i := 0; i < 1000; i++ {
			s += d.Rand()
		}
		return s / 1000, nil
	}
}

func TestReplicateIsIndependentOfWorkers(t *testing.T) {
	one := Replicate(context.Background(), 16, 1, sampleMean(42), nil)
	for _, workers := range []int{2, 3, 8} {
		many := Replicate(context.Background(), 16, workers, sampleMean(42), nil)
		for i := range one {
			if !one[i].Done || !many[i].Done || one[i].Value != many[i].Value {
				t.Fatalf("workers=%d replication %d: %+v vs %+v", workers, i, one[i], many[i])
			}
		}
	}
	if one[0].Value == one[1].Value {
		t.Fatal("two replications drew the same numbers")
	}
}

func TestReplicateKeepsFinishedOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	out := Replicate(ctx, 10, 1, func(rep int) (int, error) {
		if rep == 2 {
			cancel()
		}
		return rep, nil
	}, nil)
	done := 0
	for i, o := range out {
		if o.Done {
			done++
			if o.Value != i {
				t.Fatalf("replication %d returned %d", i, o.Value)
			}
		}
	}
	if done < 3 || done == 10 {
		t.Fatalf("%d replications done after cancel at the third", done)
	}
}

func TestStreamsAreDistinctAndRepeatable(t *testing.T) {
	a := NewStreams(1, 0).Rand("arrivals").Uint64()
	if a != NewStreams(1, 0).Rand("arrivals").Uint64() {
		t.Fatal("same stream gave different numbers")
	}
	for _, other := range []Streams{NewStreams(1, 1), NewStreams(2, 0)} {
		if other.Rand("arrivals").Uint64() == a {
			t.Fatalf("%+v collides with seed 1 replication 0", other)
		}
	}
	if NewStreams(1, 0).Rand("service").Uint64() == a {
		t.Fatal("two stream names collide")
	}
}

// TestNewInterruptedIsErrInterrupted: a caller's own message still
// answers errors.Is(err, ErrInterrupted), also when wrapped again, and
// Replicate counts such a replication as not done.
func TestNewInterruptedIsErrInterrupted(t *testing.T) {
	err := NewInterrupted("scenarios: shard interrupted: run it again")
	if err.Error() != "scenarios: shard interrupted: run it again" {
		t.Fatalf("message %q", err)
	}
	if !errors.Is(err, ErrInterrupted) || !errors.Is(fmt.Errorf("cmd: %w", err), ErrInterrupted) {
		t.Fatal("errors.Is(…, ErrInterrupted) is false")
	}
	out := Replicate(context.Background(), 2, 1, func(rep int) (int, error) {
		if rep == 1 {
			return 0, err
		}
		return 1, nil
	}, nil)
	if !out[0].Done || out[1].Done {
		t.Fatalf("outcomes %+v: want replication 1 not done", out)
	}
}
