package main

import "fmt"

// perJob is the value of --per-job: off, on (replication 0 of each point)
// or all (every replication). A bare --per-job means on.
type perJob struct{ on, all bool }

func (p *perJob) IsBoolFlag() bool { return true }

func (p *perJob) String() string {
	switch {
	case p == nil || !p.on:
		return "false"
	case p.all:
		return "all"
	}
	return "true"
}

func (p *perJob) Set(s string) error {
	switch s {
	case "true", "1", "first":
		*p = perJob{on: true}
	case "all":
		*p = perJob{on: true, all: true}
	case "false", "0":
		*p = perJob{}
	default:
		return fmt.Errorf("want --per-job (replication 0) or --per-job all (got %q)", s)
	}
	return nil
}

// joinPerJobAll turns "--per-job all" into "--per-job=all": a boolean
// flag does not take a separate value in the flag package.
func joinPerJobAll(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if (a == "--per-job" || a == "-per-job") && i+1 < len(args) && args[i+1] == "all" {
			a += "=all"
			i++
		}
		out = append(out, a)
	}
	return out
}
