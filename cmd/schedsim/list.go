package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/schedsim/schedsim/internal/prose"
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
	var rows [][]string
	for _, name := range scenarios.Builtins() {
		rows = append(rows, []string{name, builtinSummary(name)})
	}
	writeColumns(&b, "  ", rows, width)
	fmt.Fprintln(&b, "\nmodel kinds:")
	rows = rows[:0]
	for _, k := range scenarios.Kinds() {
		rows = append(rows, []string{k.Name, k.Summary})
	}
	writeColumns(&b, "  ", rows, width)
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

// minTextWidth is the narrowest last column writeColumns folds to: when
// the other columns leave less, the texts go on lines of their own below
// their rows.
const minTextWidth = 30

// writeColumns writes rows of cells as columns after indent, two spaces
// apart: every column but the last padded to its widest cell, the last
// folded at spaces so that no line is wider than width, its continuation
// lines under its first character. When that column would be narrower
// than minTextWidth, each row's text is folded on the lines after its
// other cells, four spaces in from indent.
func writeColumns(w io.Writer, indent string, rows [][]string, width int) {
	var cols []int
	for _, r := range rows {
		for i, c := range r[:len(r)-1] {
			if i == len(cols) {
				cols = append(cols, 0)
			}
			cols[i] = max(cols[i], utf8.RuneCountInString(c))
		}
	}
	at := utf8.RuneCountInString(indent) // where the last column starts
	for _, c := range cols {
		at += c + 2
	}
	below := width-at < minTextWidth
	textWidth, cont := width-at, strings.Repeat(" ", at)
	if below {
		cont = indent + "    "
		textWidth = max(width-utf8.RuneCountInString(cont), 1)
	}
	var b strings.Builder
	for _, r := range rows {
		b.Reset()
		b.WriteString(indent)
		for i, c := range r[:len(r)-1] {
			b.WriteString(c)
			b.WriteString(strings.Repeat(" ", cols[i]+2-utf8.RuneCountInString(c)))
		}
		lines := prose.Wrap(r[len(r)-1], textWidth, textWidth)
		if below {
			fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		} else {
			fmt.Fprintf(w, "%s%s\n", b.String(), lines[0])
			lines = lines[1:]
		}
		for _, l := range lines {
			fmt.Fprintf(w, "%s%s\n", cont, l)
		}
	}
}
