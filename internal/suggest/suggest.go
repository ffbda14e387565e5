package suggest

import (
	"sort"
	"strings"
)

// Nearest returns up to three candidates closest to word by edit distance
// (case-insensitive), nearest first, ties in the candidates' order. A
// candidate counts as near when at most max(1, len(word)/3) edits away,
// or when one of the two contains the other (a prefix or a suffix typed
// alone, "blue" for "sdsc-blue").
func Nearest(word string, candidates []string) []string {
	w := strings.ToLower(word)
	if w == "" {
		return nil
	}
	limit := max(1, len([]rune(w))/3)
	type near struct {
		name string
		d    int
	}
	var found []near
	seen := map[string]bool{}
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if seen[c] || lc == w {
			continue
		}
		seen[c] = true
		d := Distance(w, lc)
		if d > limit && !(len(w) >= 3 && strings.Contains(lc, w)) {
			continue
		}
		found = append(found, near{c, d})
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].d < found[j].d })
	var out []string
	for i := 0; i < len(found) && i < 3; i++ {
		out = append(out, found[i].name)
	}
	return out
}

// DidYouMean returns "; did you mean A?" or "; did you mean A, B or C?"
// for the nearest candidates to word, or "" when none is near, so that
// callers append it to their one-line message.
func DidYouMean(word string, candidates []string) string {
	near := Nearest(word, candidates)
	switch len(near) {
	case 0:
		return ""
	case 1:
		return "; did you mean " + near[0] + "?"
	}
	return "; did you mean " + strings.Join(near[:len(near)-1], ", ") + " or " + near[len(near)-1] + "?"
}

// Distance is the edit distance between a and b, in runes: insertions,
// deletions, substitutions and transpositions of two neighbours ("esay"
// for "easy") each count one (optimal string alignment).
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
