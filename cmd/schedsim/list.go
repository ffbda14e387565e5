package main

import (
	"fmt"
	"io"
	"strings"

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
	prose.Columns(&b, "  ", rows, width)
	fmt.Fprintln(&b, "\nmodel kinds:")
	rows = rows[:0]
	for _, k := range scenarios.Kinds() {
		rows = append(rows, []string{k.Name, k.Summary})
	}
	prose.Columns(&b, "  ", rows, width)
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
