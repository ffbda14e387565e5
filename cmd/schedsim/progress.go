package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
)

// progress prints "replications done/total, events/s" on one terminal
// line, starting only once a run has lasted a second, and never when the
// output is not a terminal or CI is set (unless forced).
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	on      bool
	start   time.Time
	last    time.Time
	printed bool
}

func newProgress(w io.Writer, mode string) *progress {
	p := &progress{w: w, start: time.Now()}
	switch mode {
	case "always":
		p.on = true
	case "auto":
		f, ok := w.(*os.File)
		p.on = ok && isatty.IsTerminal(f.Fd()) && os.Getenv("CI") == ""
	}
	return p
}

func (p *progress) update(done, total int, events uint64) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if now.Sub(p.start) < time.Second || (now.Sub(p.last) < 200*time.Millisecond && done < total) {
		return
	}
	p.last = now
	p.printed = true
	rate := float64(events) / now.Sub(p.start).Seconds()
	fmt.Fprintf(p.w, "\rreplications %d/%d, %.2fM events/s ", done, total, rate/1e6)
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.printed {
		fmt.Fprintln(p.w)
	}
}
