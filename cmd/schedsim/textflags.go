package main

import (
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios"
)

// pipedWidth is the width of the tables when $COLUMNS does not give one.
const pipedWidth = 100

// terminalWidth is the width of the tables written to w: $COLUMNS when it
// is a positive number, else the terminal's width when w is one, else
// pipedWidth.
func terminalWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := w.(*os.File); ok {
		if n := ttyWidth(f); n > 0 {
			return n
		}
	}
	return pipedWidth
}

// textOptions turns --format and --metrics into the options of the
// report's text; an unknown metric is a usage error of one line that
// names the flag, the allowed values and the closest one.
func (f *runFlags) textOptions(sc *scenarios.Scenario, stdout io.Writer) (results.TextOptions, error) {
	o := results.TextOptions{Format: f.format, Width: terminalWidth(stdout)}
	if f.metrics == "" {
		return o, nil
	}
	var known []string
	for _, p := range sc.Points {
		for _, n := range scenarios.MetricNames(p.Params) {
			if !slices.Contains(known, n) {
				known = append(known, n)
			}
		}
	}
	for _, m := range strings.Split(f.metrics, ",") {
		m = strings.TrimSpace(m)
		if !slices.Contains(known, m) {
			hint := ""
			if near := closest(m, known); near != "" {
				hint = " (did you mean " + near + "?)"
			}
			return o, usagef("--metrics: model %s has no metric %q%s; it has: %s", sc.Model, m, hint, strings.Join(known, ", "))
		}
		o.Metrics = append(o.Metrics, m)
	}
	return o, nil
}

// closest returns the name nearest to s by edit distance, if it is near
// enough to be a typo (at most a third of its length), or the one name
// that contains s.
func closest(s string, names []string) string {
	best, bestD := "", len(s)/3+1
	var holders []string
	for _, n := range names {
		if d := editDistance(s, n); d < bestD {
			best, bestD = n, d
		}
		if strings.Contains(n, s) {
			holders = append(holders, n)
		}
	}
	if best == "" && len(holders) == 1 {
		return holders[0]
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
