package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios"
)

func cmdList(args []string, stdout io.Writer) error {
	fs := newFlagSet("list", "schedsim list [--traces DIR]", stdout)
	registerTraces(fs.FlagSet)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("list takes no arguments")
	}
	width := terminalWidth(stdout)
	var b strings.Builder
	fmt.Fprintln(&b, "built-in scenarios:")
	var rows []row
	for _, name := range scenarios.Builtins() {
		rows = append(rows, row{name, builtinSummary(name)})
	}
	writeRows(&b, "  ", rows, width)
	fmt.Fprintln(&b, "\nmodel kinds:")
	rows = rows[:0]
	for _, k := range scenarios.Kinds() {
		rows = append(rows, row{k.Name, k.Summary})
	}
	writeRows(&b, "  ", rows, width)
	listPolicies(&b, width)
	_, err = io.WriteString(stdout, b.String())
	return err
}

// builtinSummary is a built-in scenario's line in schedsim list: its
// model kind, its size and the first sentence of its description, or the
// traces it needs and is missing.
func builtinSummary(name string) string {
	sc, err := scenarios.Load(name)
	if missing := missingTraces(name); err != nil && len(missing) > 0 {
		return fmt.Sprintf("needs trace %s: schedsim trace fetch %s", strings.Join(missing, " "), strings.Join(missing, " "))
	} else if err != nil {
		return "INVALID: " + err.Error()
	}
	desc := fmt.Sprintf("%s, %s × %s", sc.Model, results.Count(len(sc.Points), "point"), results.Count(sc.Replications, "replication"))
	if d := strings.TrimSpace(sc.Description); d != "" {
		desc += ": " + firstSentence(d)
	}
	return desc
}

func firstSentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// row is one line of a listing: a name and the text beside it.
type row struct{ name, text string }

// minTextWidth is the narrowest text column writeRows folds to: on a
// narrower terminal the texts run on unbroken.
const minTextWidth = 30

// writeRows writes rows as two columns after indent: the names padded
// to the longest and two spaces, then the texts, folded at spaces so
// that no line is wider than width (continuation lines start under the
// text column).
func writeRows(w io.Writer, indent string, rows []row, width int) {
	col := 0
	for _, r := range rows {
		col = max(col, utf8.RuneCountInString(r.name))
	}
	col += 2
	textWidth := width - utf8.RuneCountInString(indent) - col
	if textWidth < minTextWidth {
		textWidth = 0
	}
	pad := strings.Repeat(" ", col)
	for _, r := range rows {
		lines := results.Wrap(r.text, textWidth, textWidth)
		fmt.Fprintf(w, "%s%s%s%s\n", indent, r.name, strings.Repeat(" ", col-utf8.RuneCountInString(r.name)), lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(w, "%s%s%s\n", indent, pad, l)
		}
	}
}
