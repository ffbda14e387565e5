package prose

import (
	"strings"
	"unicode/utf8"
)

// Wrap breaks prose at spaces into lines, the first of at most first
// runes and the others of at most rest, without indentation; a word
// longer than its line stands alone on it. Runs of blanks become one
// space. A width ≤ 0 is no limit.
func Wrap(s string, first, rest int) []string {
	var lines []string
	line, width := "", first
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case width <= 0 || utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line, width = word, rest
		}
	}
	return append(lines, line)
}

// Hang returns s after the prefix first when that line is at most width
// runes (or width ≤ 0), as it is; else s folded at spaces (Wrap), its
// first line after first and the others after rest, none wider than
// width.
func Hang(s string, width int, first, rest string) string {
	if width <= 0 || utf8.RuneCountInString(first)+utf8.RuneCountInString(s) <= width {
		return first + s
	}
	lines := Wrap(s, max(width-utf8.RuneCountInString(first), 1), max(width-utf8.RuneCountInString(rest), 1))
	return first + strings.Join(lines, "\n"+rest)
}
