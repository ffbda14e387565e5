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

func TestHang(t *testing.T) {
	for _, c := range []struct {
		s, first, rest string
		width          int
		want           string
	}{
		{"a  b", "> ", "  ", 10, "> a  b"}, // it fits: as it is
		{"a  b", "> ", "  ", 0, "> a  b"},  // no limit
		{"aa bb cc", "", "  ", 1, "aa\n  bb\n  cc"},
		{"aa bb cc dd", "x: ", "   ", 9, "x: aa bb\n   cc dd"},
		{"é€ü ab", "", " ", 5, "é€ü\n ab"}, // runes, not bytes
	} {
		if got := Hang(c.s, c.width, c.first, c.rest); got != c.want {
			t.Errorf("Hang(%q, %d, %q, %q) = %q, want %q", c.s, c.width, c.first, c.rest, got, c.want)
		}
	}
}
