package results

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/schedsim/schedsim/internal/prose"
)

// grid is a table of text cells: a header row, then rows; the first lead
// columns label the rows and repeat when the table is cut.
type grid struct {
	lead   int
	header []string
	rows   [][]string
	// right aligns a column's cells on the right (numbers).
	right []bool
}

// writeGrid writes g aligned in columns two spaces apart (or as a
// Markdown pipe table), cut into blocks of columns no wider than width
// (0: no limit), each block repeating the lead columns.
func writeGrid(w io.Writer, g grid, md bool, width int) {
	widths := make([]int, len(g.header))
	for i, h := range g.header {
		widths[i] = utf8.RuneCountInString(h)
	}
	for _, row := range g.rows {
		for i, c := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	for bi, block := range columnBlocks(widths, g.lead, width) {
		if bi > 0 {
			fmt.Fprintln(w)
		}
		cols := append(seq(g.lead), block...)
		line := func(cells []string) {
			var parts []string
			for _, i := range cols {
				parts = append(parts, pad(cells[i], widths[i], g.right[i] && !md))
			}
			if md {
				fmt.Fprintf(w, "| %s |\n", strings.Join(parts, " | "))
			} else {
				fmt.Fprintln(w, strings.TrimRight(strings.Join(parts, "  "), " "))
			}
		}
		line(g.header)
		if md {
			var seps []string
			for _, i := range cols {
				s := strings.Repeat("-", max(widths[i], 3))
				if g.right[i] {
					s = s[1:] + ":"
				}
				seps = append(seps, s)
			}
			fmt.Fprintf(w, "| %s |\n", strings.Join(seps, " | "))
		}
		for _, row := range g.rows {
			line(row)
		}
	}
}

// columnBlocks splits the columns after the lead ones into blocks whose
// lines, with the lead columns, fit in width (every block has at least
// one column).
func columnBlocks(widths []int, lead, width int) [][]int {
	leadW := 0
	for _, w := range widths[:lead] {
		leadW += w + 2
	}
	var blocks [][]int
	var cur []int
	used := leadW
	for i := lead; i < len(widths); i++ {
		if width > 0 && len(cur) > 0 && used+widths[i] > width {
			blocks = append(blocks, cur)
			cur, used = nil, leadW
		}
		cur = append(cur, i)
		used += widths[i] + 2
	}
	return append(blocks, cur)
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// pad pads s with spaces to n runes, on the left when right.
func pad(s string, n int, right bool) string {
	fill := strings.Repeat(" ", max(n-utf8.RuneCountInString(s), 0))
	if right {
		return fill + s
	}
	return s + fill
}

// fold breaks a line of prose at spaces into lines of at most width
// runes (0: no limit), indenting the continuation lines by two spaces.
func fold(s string, width int) string {
	return prose.Hang(s, width, "", "  ")
}
