package main

import "sync"

// aborter is an output being written that Abort discards, leaving its
// target as it was: a *results.Stage or a *results.AtomicFile.
type aborter interface{ Abort() }

// stages are the outputs of the commands in progress (staging directories,
// temporary files), so that main can remove them when a command does not
// stop in time after a signal.
var stages struct {
	sync.Mutex
	set map[aborter]bool
}

// trackStage registers st until the returned function is called.
func trackStage(st aborter) func() {
	stages.Lock()
	defer stages.Unlock()
	if stages.set == nil {
		stages.set = map[aborter]bool{}
	}
	stages.set[st] = true
	return func() {
		stages.Lock()
		defer stages.Unlock()
		delete(stages.set, st)
	}
}

// abortStages removes the staging directories and temporary files of
// every command in progress, leaving each --out as it was.
func abortStages() {
	stages.Lock()
	defer stages.Unlock()
	for st := range stages.set {
		st.Abort()
	}
}
