package main

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/results"
)

// window is the --from/--to time window of the schedule views.
type window struct{ from, to string }

func (w *window) register(fs *flag.FlagSet) {
	fs.StringVar(&w.from, "from", "", "with --schedule: start of the schedule views' time window, simulated time with a unit: 3600, 90m, 12h, 10d (default: the first job)")
	fs.StringVar(&w.to, "to", "", "with --schedule: end of the time window, as --from (default: the last job's end)")
}

// results parses the window (check has validated it).
func (w *window) results() results.Window {
	from, _ := parseSimTime(w.from)
	to, _ := parseSimTime(w.to)
	return results.Window{From: from, To: to}
}

// check validates both ends and their order.
func (w *window) check() error {
	from, err := parseSimTime(w.from)
	if err != nil {
		return usagef("--from: %v", err)
	}
	to, err := parseSimTime(w.to)
	if err != nil {
		return usagef("--to: %v", err)
	}
	if from >= to {
		return usagef("--from %s is not before --to %s", w.from, w.to)
	}
	return nil
}

// parseSimTime reads seconds of simulated time with an optional unit s,
// m, h or d; "" is NaN (an open end).
func parseSimTime(s string) (float64, error) {
	if s == "" {
		return math.NaN(), nil
	}
	orig, scale := s, 1.0
	for unit, f := range map[string]float64{"s": 1, "m": 60, "h": 3600, "d": 86400} {
		if t, ok := strings.CutSuffix(s, unit); ok {
			s, scale = t, f
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a time ≥ 0 such as 3600, 90m, 12h or 10d", orig)
	}
	return v * scale, nil
}
