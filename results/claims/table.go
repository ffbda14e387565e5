package claims

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/schedsim/schedsim/internal/prose"
)

// WriteTable writes the verdicts as a table at most width characters wide:
// claim, verdict and, wrapped, the paper's words and the numbers; with
// withScenario a scenario column first. A verdict that differs from the
// claim's expect: is marked with '*' and explained under the table, and a
// count of the verdicts of each scenario ends it.
func WriteTable(w io.Writer, vs []Verdict, width int, withScenario bool) error {
	if len(vs) == 0 {
		_, err := fmt.Fprintln(w, "no claims")
		return err
	}
	heads := []string{"claim", "verdict", "paper: numbers"}
	if withScenario {
		heads = append([]string{"scenario"}, heads...)
	}
	rows := make([][]string, len(vs))
	unexpected := false
	for i, v := range vs {
		verdict := v.Label()
		if v.Unexpected() {
			verdict += "*"
			unexpected = true
		}
		text := fmt.Sprintf("%q: %s", v.Paper, v.Numbers)
		if v.Note != "" {
			text += " — note: " + v.Note
		}
		rows[i] = []string{v.Claim, verdict, text}
		if withScenario {
			rows[i] = append([]string{v.Scenario}, rows[i]...)
		}
	}
	last := len(heads) - 1
	used := 0 // the width of the columns before the text
	for c := range last {
		cw := utf8.RuneCountInString(heads[c])
		for _, r := range rows {
			cw = max(cw, utf8.RuneCountInString(r[c]))
		}
		used += cw + 2
	}
	var b strings.Builder
	if width-used < minTextWidth {
		writeBlocks(&b, heads, rows, width)
	} else {
		prose.Columns(&b, "", append([][]string{heads}, rows...), width)
	}
	writeFooter(&b, unexpected, vs, width)
	_, err := io.WriteString(w, b.String())
	return err
}

// minTextWidth is the narrowest wrapped column of the table layout: on a
// narrower terminal each claim is a block of lines instead.
const minTextWidth = 40

// writeBlocks writes each row as "claim: verdict" (with "scenario: "
// before it) and the wrapped text indented below.
func writeBlocks(b *strings.Builder, heads []string, rows [][]string, width int) {
	last := len(heads) - 1
	for _, r := range rows {
		for _, line := range prose.Wrap(strings.Join(r[:last], ": "), width, width) {
			b.WriteString(line + "\n")
		}
		for _, line := range prose.Wrap(r[last], max(width-2, 10), max(width-2, 10)) {
			b.WriteString("  " + line + "\n")
		}
	}
}

func writeFooter(b *strings.Builder, unexpected bool, vs []Verdict, width int) {
	var text []string
	if unexpected {
		text = append(text, "* not the verdict the claim expects (its expect:)")
	}
	text = append(text, strings.Split(strings.TrimSuffix(Counts(vs), "\n"), "\n")...)
	for _, t := range text {
		for _, line := range prose.Wrap(t, width, width) {
			b.WriteString(line + "\n")
		}
	}
}

// Counts returns one line per scenario: "NAME: n of m claims reproduced
// (k not reproduced, j not decidable)".
func Counts(vs []Verdict) string {
	var order []string
	counts := map[string]*[3]int{}
	for _, v := range vs {
		c := counts[v.Scenario]
		if c == nil {
			c = &[3]int{}
			counts[v.Scenario] = c
			order = append(order, v.Scenario)
		}
		c[v.Verdict]++
	}
	var b strings.Builder
	for _, s := range order {
		c := counts[s]
		fmt.Fprintf(&b, "%s: %d of %d claims reproduced (%d not reproduced, %d not decidable)\n",
			s, c[Reproduced], c[Reproduced]+c[NotReproduced]+c[NotDecidable], c[NotReproduced], c[NotDecidable])
	}
	return b.String()
}
