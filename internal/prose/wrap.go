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
