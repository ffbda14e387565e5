package slotexp

import (
	"context"
	"fmt"
	"io"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// Batches gives an anticipation experiment its batches, one after
// another: a toporkov.DomainGenerator, or batches it generated before,
// which RunANT only reads.
type Batches interface {
	Next() toporkov.Cycle
	Config() toporkov.DomainConfig
}

// MemoIdeal is the BatchMemo key of a batch's ideal alternatives
// (anticipation.Ideal), the largest value the points derive alike: a
// source may bound what it keeps of them.
const MemoIdeal = "ideal alternatives"

// A BatchMemo is a source of batches that several points run alike (the
// comparison's points that differ only in the method or the limit):
// what each would derive from a batch in the same way is made once.
type BatchMemo interface {
	// Memo returns the value build makes under key for the batch that
	// Next returned last, built once for every point that shares the
	// batches; the value is read only.
	Memo(key string, build func() (any, error)) (any, error)
}

// RunANT runs cfg.Batches batches (one a cycle) from g on one goroutine
// and returns the experiment's metrics; a cancelled ctx ends it between
// two batches with sim.ErrInterrupted (see RunCycles), and within a
// batch before every job's search (slots.ErrCancelled). With jobs not
// nil, per-job records are written to it.
func RunANT(ctx context.Context, g Batches, cfg ANTConfig, jobs io.Writer) (results.Metrics, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	var r ANTRunner
	if jobs != nil {
		r.Jobs(jobs)
	}
	r.memo, _ = g.(BatchMemo)
	cancelled := func() bool { return ctx.Err() != nil }
	r.cancelled = cancelled
	r.css.Cancelled, r.ant.Cancelled, r.rep.Cancelled = cancelled, cancelled, cancelled
	err := RunCycles(ctx, cfg.Batches, 0, func(b int) (int, error) {
		cy := g.Next()
		cfg.Windows.Begin(b)
		if err := r.Batch(cy, cfg); err != nil {
			return 0, fmt.Errorf("slotexp: batch %d: %w", b, err)
		}
		return len(cy.Jobs), nil
	})
	if err != nil {
		return nil, err
	}
	if err := r.Flush(); err != nil {
		return nil, err
	}
	if err := cfg.Windows.Flush(); err != nil {
		return nil, err
	}
	return r.Metrics(cfg, g.Config().Batch.Criteria), nil
}
