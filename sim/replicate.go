package sim

import (
	"context"
	"errors"
	"runtime"
	"sync"
)

// Outcome is the result of one replication run by Replicate.
type Outcome[T any] struct {
	// Value is what the replication returned.
	Value T
	// Err is the replication's error, if any.
	Err error
	// Done is false for replications that never ran because the context
	// was cancelled first, and for those whose fn returned an error
	// wrapping ErrInterrupted.
	Done bool
}

// ErrInterrupted is what a replication returns (possibly wrapped) when it
// was cut short by a cancellation: Replicate counts it as not done. It is
// the one "interrupted" error of the module: callers with more to say wrap
// it (see NewInterrupted), so that errors.Is(err, ErrInterrupted) holds for
// every cancelled run, replication or shard.
var ErrInterrupted = errors.New("sim: interrupted")

// NewInterrupted returns an error whose text is msg and which wraps
// ErrInterrupted, for callers whose message says more than "interrupted"
// ("scenarios: shard interrupted: run it again").
func NewInterrupted(msg string) error { return interrupted(msg) }

type interrupted string

func (e interrupted) Error() string { return string(e) }
func (e interrupted) Unwrap() error { return ErrInterrupted }

// Replicate runs replications 0 … n−1 of fn on at most workers goroutines
// (GOMAXPROCS when workers ≤ 0) and returns their outcomes indexed by
// replication. A replication's result depends only on its index (and the
// seed fn derives its streams from), never on which goroutine ran it or
// when, so the outcomes are the same for any number of workers.
//
// When ctx is cancelled, replications not yet started are skipped (Done is
// false) and the finished ones are kept. done, when not nil, is called
// after each finished replication with the number finished so far; calls
// are serialised.
func Replicate[T any](ctx context.Context, n, workers int, fn func(rep int) (T, error), done func(finished int)) []Outcome[T] {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers > n {
		workers = n
	}
	out := make([]Outcome[T], n)
	next := make(chan int)
	var mu sync.Mutex
	finished := 0
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for rep := range next {
				v, err := fn(rep)
				if errors.Is(err, ErrInterrupted) {
					continue
				}
				out[rep] = Outcome[T]{Value: v, Err: err, Done: true}
				mu.Lock()
				finished++
				if done != nil {
					done(finished)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for rep := 0; rep < n; rep++ {
		select {
		case <-ctx.Done():
			break feed
		case next <- rep:
		}
	}
	close(next)
	wg.Wait()
	return out
}
