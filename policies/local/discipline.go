package local

import "github.com/schedsim/schedsim/model/gang"

// The registered names of the queue disciplines.
const (
	// BackfillName is "backfill": FCFS with backfilling (the paper's).
	BackfillName = "backfill"
	// FCFSName is "fcfs": FCFS without backfilling (the baseline).
	FCFSName = "fcfs"
)

func init() {
	Disciplines.Register(BackfillName, "FCFS with backfilling: a local starts ahead of a waiting gang if its estimate ≤ time until the gang can start + T",
		func(o Options) (gang.LocalDiscipline, error) { return Backfill{Threshold: o.Threshold}, nil }, "threshold")
	Disciplines.Register(FCFSName, "FCFS without backfilling: a waiting gang blocks the locals behind it",
		func(Options) (gang.LocalDiscipline, error) { return FCFS{}, nil })
}

var (
	_ gang.LocalDiscipline = Backfill{}
	_ gang.LocalDiscipline = FCFS{}
)

// Backfill is the paper's modified FCFS, condition (1): a local may start
// ahead of a waiting gang when ServiceTime ≤ ElapsedTime + T, with the
// local's runtime estimate as ServiceTime and the estimated time until the
// gang can start as ElapsedTime.
type Backfill struct {
	// Threshold is T ≥ 0.
	Threshold float64
}

// MayBackfill reports estimate ≤ untilGang + Threshold.
func (b Backfill) MayBackfill(estimate, untilGang float64) bool {
	return estimate <= untilGang+b.Threshold
}

// FCFS never lets a local start ahead of a waiting gang.
type FCFS struct{}

// MayBackfill reports false.
func (FCFS) MayBackfill(estimate, untilGang float64) bool { return false }
