package catalog

import (
	"fmt"
	"io"
	"time"
)

// progress rewrites "NAME: 1.2 / 3.9 MB (31%)" at most five times a second.
type progress struct {
	w           io.Writer
	name        string
	done, total int64
	last        time.Time
}

func (p *progress) Write(b []byte) (int, error) {
	p.done += int64(len(b))
	if now := time.Now(); now.Sub(p.last) >= 200*time.Millisecond {
		p.last = now
		p.print()
	}
	return len(b), nil
}

func (p *progress) print() {
	if p.total > 0 {
		fmt.Fprintf(p.w, "\r%s: %.1f / %.1f MB (%d%%)", p.name, mb(p.done), mb(p.total), p.done*100/p.total)
	} else {
		fmt.Fprintf(p.w, "\r%s: %.1f MB", p.name, mb(p.done))
	}
}

func (p *progress) finish() {
	p.print()
	fmt.Fprintln(p.w)
}

func mb(n int64) float64 { return float64(n) / 1e6 }
