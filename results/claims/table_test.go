package claims

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The table fits the width it is given, as a table or, when narrow, as
// one block per claim; every verdict and count is in it.
func TestWriteTableFits(t *testing.T) {
	long := strings.Repeat("a=1 0.5 ± 0.01 < a=2 0.7 ± 0.02, paired Δ -0.2 ± 0.01 (model time units) at b=3; ", 6)
	vs := []Verdict{
		{Scenario: "s", Claim: "first-claim", Paper: "the paper says so", Verdict: Reproduced, Numbers: long},
		{Scenario: "s", Claim: "second", Paper: "and this", Verdict: NotDecidable, Expected: Reproduced, Numbers: "x", Note: "a note"},
		{Scenario: "other-scenario", Claim: "third", Paper: "p", Verdict: NotReproduced, Expected: NotReproduced, Numbers: "y"},
	}
	for _, width := range []int{40, 50, 80, 100, 200} {
		for _, withScenario := range []bool{false, true} {
			var b strings.Builder
			if err := WriteTable(&b, vs, width, withScenario); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for _, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n > width {
					t.Errorf("width %d: a line of %d:\n%s", width, n, l)
				}
			}
			for _, want := range []string{"first-claim", "not decidable (CI overlaps)*", "not reproduced", "note: a note",
				"s: 1 of 2 claims reproduced (0 not reproduced, 1 not decidable)", "other-scenario: 0 of 1 claims reproduced"} {
				if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
					t.Errorf("width %d: no %q in\n%s", width, want, out)
				}
			}
			if strings.Contains(out, "third  not reproduced*") {
				t.Errorf("width %d: an expected verdict is marked", width)
			}
		}
	}
}
