package slurmconf

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/schedsim/schedsim/internal/input"
)

// MaxLineLength caps one physical line; MaxFileSize caps what ReadFile
// reads.
const (
	MaxLineLength = 64 << 10
	MaxFileSize   = 4 << 20
)

// Options are the reading options.
type Options struct {
	// AllowUnmodelled lists a value that changes the schedule and is not
	// modelled in Config.Ignored instead of failing.
	AllowUnmodelled bool
}

// Read reads a slurm.conf excerpt from r; name names it in errors.
// A value that is not modelled is an error.
func Read(r io.Reader, name string) (*Config, error) {
	return ReadWith(r, name, Options{})
}

// ReadFile reads the slurm.conf excerpt at path (at most MaxFileSize
// bytes).
func ReadFile(ctx context.Context, path string, o Options) (*Config, error) {
	b, err := input.ReadFile(ctx, path, MaxFileSize, "slurm.conf")
	if err != nil {
		return nil, err
	}
	return ReadWith(bytes.NewReader(b), path, o)
}

// ReadWith reads a slurm.conf excerpt from r with options o.
func ReadWith(r io.Reader, name string, o Options) (*Config, error) {
	p := &parser{name: name, o: o, cfg: defaults(), seen: map[string]bool{},
		nodeDef: map[string]string{}, partDef: map[string]string{}, budget: MaxNodes}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), MaxLineLength)
	var logical strings.Builder
	phys, start := 0, 0
	for sc.Scan() {
		phys++
		text := sc.Text()
		if i := strings.IndexByte(text, 0); i >= 0 {
			return nil, fmt.Errorf("%s:%d: slurmconf: a NUL byte: binary data, not a slurm.conf", name, phys)
		}
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimRight(text, " \t\r")
		if logical.Len() == 0 {
			start = phys
		}
		if strings.HasSuffix(text, `\`) {
			logical.WriteString(strings.TrimSuffix(text, `\`))
			if logical.Len() > MaxLineLength {
				return nil, fmt.Errorf("%s:%d: slurmconf: continued line longer than %d bytes (the cap)", name, start, MaxLineLength)
			}
			continue
		}
		logical.WriteString(text)
		line := logical.String()
		logical.Reset()
		if err := p.line(start, line); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s:%d: slurmconf: a line longer than %d bytes (the cap)", name, phys+1, MaxLineLength)
		}
		return nil, fmt.Errorf("%s:%d: slurmconf: %w", name, phys+1, err)
	}
	if logical.Len() > 0 {
		if err := p.line(start, logical.String()); err != nil {
			return nil, err
		}
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	return p.cfg, nil
}

// pair is one Key=Value of a line.
type pair struct{ key, val string }

// splitPairs splits a line into Key=Value pairs at blanks outside double
// quotes.
func splitPairs(s string) ([]pair, error) {
	var out []pair
	var cur strings.Builder
	quoted := false
	flush := func() error {
		if cur.Len() == 0 {
			return nil
		}
		tok := cur.String()
		cur.Reset()
		k, v, ok := strings.Cut(tok, "=")
		if !ok || k == "" {
			return fmt.Errorf("%q is not Key=Value", tok)
		}
		out = append(out, pair{k, v})
		return nil
	}
	for _, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
		case (r == ' ' || r == '\t') && !quoted:
			if err := flush(); err != nil {
				return nil, err
			}
		default:
			cur.WriteRune(r)
		}
	}
	if quoted {
		return nil, fmt.Errorf("an unclosed double quote")
	}
	return out, flush()
}
