package main

import (
	"sync"

	"github.com/schedsim/schedsim/results"
)

// stages are the output stages of the commands in progress, so that main
// can remove them when a command does not stop in time after a signal.
var stages struct {
	sync.Mutex
	set map[*results.Stage]bool
}

// trackStage registers st until the returned function is called.
func trackStage(st *results.Stage) func() {
	stages.Lock()
	defer stages.Unlock()
	if stages.set == nil {
		stages.set = map[*results.Stage]bool{}
	}
	stages.set[st] = true
	return func() {
		stages.Lock()
		defer stages.Unlock()
		delete(stages.set, st)
	}
}

// abortStages removes the staging directories of every command in
// progress, leaving each --out as it was.
func abortStages() {
	stages.Lock()
	defer stages.Unlock()
	for st := range stages.set {
		st.Abort()
	}
}
