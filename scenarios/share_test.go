package scenarios

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestSharedBuildsOnce checks that Get builds a key's value once however
// many goroutines ask at once, each key its own, and that a nil Shared
// builds every time.
func TestSharedBuildsOnce(t *testing.T) {
	var s Shared
	var builds atomic.Int32
	build := func(v int) func() (any, error) {
		return func() (any, error) { builds.Add(1); return v, nil }
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, k := range []int{1, 2} {
				v, err := s.Get(string(rune('a'+k)), build(k))
				if err != nil || v.(int) != k {
					t.Errorf("Get(%d) = %v, %v", k, v, err)
				}
			}
		}()
	}
	wg.Wait()
	if n := builds.Load(); n != 2 {
		t.Errorf("two keys asked 8 times each were built %d times, want 2", n)
	}
	var none *Shared
	for range 2 {
		if _, err := none.Get("a", build(1)); err != nil {
			t.Fatal(err)
		}
	}
	if n := builds.Load(); n != 4 {
		t.Errorf("a nil Shared asked twice built %d times in all, want 2 more", n-2)
	}
}

// TestReplicationSharesDropAfterLastTask checks that the tasks of one
// replication get one Shared, kept until the last of them ends, and that
// replications do not share.
func TestReplicationSharesDropAfterLastTask(t *testing.T) {
	sc := &Scenario{Points: make([]Point, 2), Replications: 2}
	s := newReplicationShares(sc, []int{0, 1, 2, 3}) // tasks 0, 1: replication 0; 2, 3: replication 1
	a, b := s.acquire(0), s.acquire(0)
	if a != b {
		t.Fatal("two tasks of replication 0 got different Shareds")
	}
	if s.acquire(1) == a {
		t.Fatal("replications 0 and 1 got the same Shared")
	}
	s.release(0)
	if s.acquire(0) != a {
		t.Fatal("replication 0's Shared was dropped before its last task ended")
	}
	s.release(0)
	if len(s.of) != 1 || s.of[0] != nil {
		t.Errorf("after replication 0's last task, the Shareds held are %v, want replication 1's only", s.of)
	}
}
