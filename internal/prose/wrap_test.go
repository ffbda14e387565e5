package prose

import (
	"slices"
	"testing"
)

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		s           string
		first, rest int
		want        []string
	}{
		{"a bb ccc", 0, 0, []string{"a bb ccc"}},
		{"a bb ccc", 4, 4, []string{"a bb", "ccc"}},
		{"a bb ccc", 1, 3, []string{"a", "bb", "ccc"}},
		{"  a \t bb  ", 10, 10, []string{"a bb"}},
		{"é€ü ab", 3, 3, []string{"é€ü", "ab"}}, // runes, not bytes
		{"averylongword b", 4, 4, []string{"averylongword", "b"}},
		{"", 5, 5, []string{""}},
	} {
		if got := Wrap(c.s, c.first, c.rest); !slices.Equal(got, c.want) {
			t.Errorf("Wrap(%q, %d, %d) = %q, want %q", c.s, c.first, c.rest, got, c.want)
		}
	}
}
