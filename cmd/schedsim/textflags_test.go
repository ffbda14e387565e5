package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The tables fit in $COLUMNS (100 when it is unset and stdout is not a
// terminal); --format wide is as wide as it needs.
func TestTablesFitTheTerminal(t *testing.T) {
	for cols, limit := range map[string]int{"50": 50, "": pipedWidth} {
		t.Setenv("COLUMNS", cols)
		code, out, stderr := runCLI(t, "run", "mmc-erlang", "--replications", "2", "--metrics", "response_time,waiting_time,utilization,number_in_system")
		if code != exitOK {
			t.Fatal(stderr)
		}
		for _, l := range strings.Split(out, "\n") {
			if utf8.RuneCountInString(l) > limit {
				t.Errorf("COLUMNS=%q: a line of %d characters:\n%s", cols, utf8.RuneCountInString(l), l)
			}
		}
	}
	t.Setenv("COLUMNS", "50")
	_, out, _ := runCLI(t, "run", "mmc-erlang", "--replications", "2", "--format", "wide")
	if header := strings.Split(out, "\n")[3]; utf8.RuneCountInString(header) <= 50 {
		t.Errorf("--format wide was cut to the terminal:\n%s", out)
	}
}

func TestClosestMetric(t *testing.T) {
	names := []string{"mean_wait", "mean_bsld", "utilization", "p95_wait"}
	for in, want := range map[string]string{"mean_wiat": "mean_wait", "utilisation": "utilization", "bsld": "mean_bsld", "zzz": "", "wait": ""} {
		if got := closest(in, names); got != want {
			t.Errorf("closest(%q) = %q, want %q", in, got, want)
		}
	}
}
