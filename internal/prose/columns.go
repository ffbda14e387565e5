package prose

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// minColumnWidth is the narrowest last column Columns folds to: when
// the other columns leave less, the texts go on lines of their own below
// their rows.
const minColumnWidth = 30

// Columns writes rows of cells as columns after indent, two spaces
// apart: every column but the last padded to its widest cell, the last
// folded at spaces so that no line is wider than width, its continuation
// lines under its first character. When that column would be narrower
// than minColumnWidth, each row's text is folded on the lines after its
// other cells, four spaces in from indent.
func Columns(w io.Writer, indent string, rows [][]string, width int) {
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
	below := width-at < minColumnWidth
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
		lines := Wrap(r[len(r)-1], textWidth, textWidth)
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
