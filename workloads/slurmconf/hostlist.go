package slurmconf

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxNodes caps the number of node names one file may expand to, so that
// a range like n[1-999999999] is an error, not an allocation.
const MaxNodes = 1 << 20

// expandHosts expands a Slurm host list ("n[01-04,7],login") into names,
// adding at most budget names; zero-padded ranges keep their width.
func expandHosts(s string, budget int) ([]string, error) {
	var out []string
	for _, part := range splitTop(s) {
		if part == "" {
			return nil, fmt.Errorf("host list %q has an empty name", s)
		}
		open := strings.IndexByte(part, '[')
		if open < 0 {
			if strings.ContainsAny(part, "]") {
				return nil, fmt.Errorf("host list %q: unbalanced ']'", s)
			}
			out = append(out, part)
			continue
		}
		end := strings.IndexByte(part, ']')
		if end < open || end != len(part)-1 && strings.ContainsAny(part[end+1:], "[]") {
			return nil, fmt.Errorf("host list %q: only one [range] a name is read", s)
		}
		prefix, body, suffix := part[:open], part[open+1:end], part[end+1:]
		for _, r := range strings.Split(body, ",") {
			lo, hi, ok := strings.Cut(r, "-")
			if !ok {
				hi = lo
			}
			a, err1 := strconv.Atoi(lo)
			b, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || a < 0 || b < a {
				return nil, fmt.Errorf("host list %q: range %q is not N or N-M with N ≤ M", s, r)
			}
			if b-a >= budget-len(out) {
				return nil, fmt.Errorf("host list %q: more than %d nodes (the cap)", s, MaxNodes)
			}
			width := 0
			if len(lo) > 1 && lo[0] == '0' {
				width = len(lo)
			}
			for i := a; i <= b; i++ {
				out = append(out, fmt.Sprintf("%s%0*d%s", prefix, width, i, suffix))
			}
		}
		if len(out) > budget {
			return nil, fmt.Errorf("host list %q: more than %d nodes (the cap)", s, MaxNodes)
		}
	}
	return out, nil
}

// splitTop splits s at the commas outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
