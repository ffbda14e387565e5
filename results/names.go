package results

import (
	"regexp"
	"strconv"
	"strings"
)

// fileUnsafe matches the characters a file name made from a name may not
// hold.
var fileUnsafe = regexp.MustCompile(`[^A-Za-z0-9._=+-]+`)

// FileName returns the file (or directory) name that outputs store name
// under: every run of characters other than ASCII letters, digits, '.',
// '_', '=', '+' and '-' becomes one '_' ('+' is kept for policy names such
// as easy++, which would otherwise share a file with easy). Different names can map to the same
// file name ("a/b" and "a_b"); FileNameCollision finds them.
func FileName(name string) string { return fileUnsafe.ReplaceAllString(name, "_") }

// FileNameCollision returns the first pair i < j of names whose file names
// (FileName) are equal, ignoring case so that case-insensitive file
// systems are covered too: their outputs would overwrite each other. ok is
// false when every name has a file of its own.
func FileNameCollision(names []string) (i, j int, ok bool) {
	seen := make(map[string]int, len(names))
	for j, n := range names {
		k := strings.ToLower(FileName(n))
		if i, dup := seen[k]; dup {
			return i, j, true
		}
		seen[k] = j
	}
	return 0, 0, false
}

// Count returns n and noun, the noun in the plural unless n is 1 ("1
// replication", "30 replications"): noun is a regular English noun.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
