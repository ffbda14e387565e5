package scenarios

import "sync"

// Shared holds what the tasks of one replication share: values drawn
// from the replication's random streams that every point needs alike,
// such as its resampled or bootstrap workload (common random numbers
// make it the same under every policy). The first task that asks builds
// a value; the others read it, never copy it. RunTasks gives the tasks
// of a replication one Shared and drops it when the replication's last
// listed task ends, so memory holds the values of the replications being
// run, not of all of them. The process-wide traceCache is one too. A nil
// Shared (a RunContext built by hand) shares nothing: Get builds every
// time.
type Shared struct {
	mu sync.Mutex
	m  map[string]*cacheEntry
}

// cacheEntry is one value of a Shared, built once.
type cacheEntry struct {
	once sync.Once
	val  any
	err  error
}

// Get returns build's value under key, building it once per Shared.
// The value must be read-only: every task of the replication gets it.
// The key names everything the value depends on besides the
// replication (trace, parameters), since the points of a sweep may
// differ in them.
func (s *Shared) Get(key string, build func() (any, error)) (any, error) {
	if s == nil {
		return build()
	}
	s.mu.Lock()
	if s.m == nil {
		s.m = map[string]*cacheEntry{}
	}
	e := s.m[key]
	if e == nil {
		e = &cacheEntry{}
		s.m[key] = e
	}
	s.mu.Unlock()
	e.once.Do(func() { e.val, e.err = build() })
	return e.val, e.err
}

// replicationShares hands out the Shared of each replication of a task
// list and drops it after the replication's last task.
type replicationShares struct {
	mu   sync.Mutex
	left map[int]int // tasks of the replication not yet ended
	of   map[int]*Shared
}

// newReplicationShares counts the tasks of each replication in tasks.
func newReplicationShares(sc *Scenario, tasks []int) *replicationShares {
	s := &replicationShares{left: map[int]int{}, of: map[int]*Shared{}}
	for _, t := range tasks {
		_, rep := sc.taskOf(t)
		s.left[rep]++
	}
	return s
}

// acquire returns the Shared of replication rep.
func (s *replicationShares) acquire(rep int) *Shared {
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.of[rep]
	if sh == nil {
		sh = &Shared{}
		s.of[rep] = sh
	}
	return sh
}

// release records the end (done, failed or interrupted) of a task of
// replication rep; after its last one the Shared is dropped.
func (s *replicationShares) release(rep int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.left[rep]--
	if s.left[rep] == 0 {
		delete(s.of, rep)
		delete(s.left, rep)
	}
}
