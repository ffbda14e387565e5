package scenarios

import (
	"context"
	"fmt"
	"github.com/schedsim/schedsim/model"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios/slotexp"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

func init() {
	Register(Kind{
		Name:      "slots",
		Summary:   "slot-based co-allocation of Toporkov et al.: ALP vs AMP alternatives search and DP batch choice (time and cost minimisation)",
		NewParams: func() Params { return NewSlotsParams() },
	})
}

// SlotsParams are the parameters of the slots kind: the paper's
// experiment (section 5) on generated cycles, or one user-defined cycle
// (environment + batch). A replication ignores the event engine: it runs
// `cycles` scheduling cycles. Of the scenario's stop condition only
// completed_jobs applies, as an extra limit: a replication then also ends
// after the cycle in which its batches reach that many jobs.
type SlotsParams struct {
	// Cycles is the number of scheduling cycles per replication (the
	// paper's 25 000 split over replications, e.g. 10 × 2 500).
	Cycles int `yaml:"cycles"`
	// Config holds the generators' parameters under `slots:` and `jobs:`.
	toporkov.Config `yaml:",inline"`
	// TStarRounding is the rounding of T* in formula (2): mean-floor
	// (default), term-floor (literal) or none.
	TStarRounding string `yaml:"tstar_rounding"`
	// MaxPasses bounds the passes of the alternatives search (0: none).
	MaxPasses int `yaml:"max_passes"`
	// Environment, with Batch, replaces the generators by one fixed
	// cycle: nodes (performance, price) and their free slots.
	Environment *slot.List `yaml:"environment"`
	// Batch is the fixed cycle's jobs in priority order.
	Batch []slot.Request `yaml:"batch"`
}

// NewSlotsParams returns the defaults: the paper's generators with
// C = toporkov.DefaultMaxPrice, 2 500 cycles per replication.
func NewSlotsParams() *SlotsParams {
	return &SlotsParams{Cycles: 2500, Config: toporkov.DefaultConfig(), TStarRounding: string(slots.RoundMeanFloor)}
}

// MaxSlotsCycles bounds cycles per replication.
const MaxSlotsCycles = 100_000_000

// Validate checks every value; errors are *model.FieldError naming the key.
func (p *SlotsParams) Validate() error {
	if err := model.FirstError(
		model.IntRange("cycles", p.Cycles, 1, MaxSlotsCycles),
		model.OneOf("tstar_rounding", p.TStarRounding, string(slots.RoundMeanFloor), string(slots.RoundTermFloor), string(slots.RoundNone)),
		model.IntRange("max_passes", p.MaxPasses, 0, 1<<30),
	); err != nil {
		return err
	}
	if err := p.Config.Validate(); err != nil {
		return err
	}
	if err := toporkov.ReplicationWork("cycles", p.Cycles, p.Config.CycleWork()); err != nil {
		return err
	}
	switch {
	case p.Environment == nil && len(p.Batch) == 0:
		return nil
	case p.Environment == nil:
		return model.Field("environment", "is required with batch")
	case len(p.Batch) == 0:
		return model.Field("batch", "is required with environment")
	}
	l, err := slot.NewList(p.Environment.Nodes, p.Environment.Slots)
	if err != nil {
		return model.Field("environment", "%v", err)
	}
	p.Environment = l // sorted by start
	for i, j := range p.Batch {
		if err := j.Validate(); err != nil {
			return model.Field(fmt.Sprintf("batch[%d]", i), "%v", err)
		}
	}
	return toporkov.FixedCycleSizes(l, p.Batch)
}

func (p *SlotsParams) experiment() slotexp.ExperimentConfig {
	return slotexp.ExperimentConfig{Cycles: p.Cycles, Rounding: slots.Rounding(p.TStarRounding), MaxPasses: p.MaxPasses}
}

func (p *SlotsParams) source(st sim.Streams) (slotexp.Source, error) {
	if p.Environment != nil {
		return slotexp.FixedSource{List: p.Environment, Jobs: p.Batch}, nil
	}
	return toporkov.NewGenerator(p.Config, st)
}

// Run runs one replication: `cycles` cycles (one for a fixed
// environment). With an output directory, replication 0 writes the
// per-cycle comparison of its first 300 counted cycles (cycles.csv, the
// fig5_*/fig6_* plots) and histograms over all its counted cycles; for a
// fixed environment also alternatives.csv, every alternative found. With
// rc.Check every cycle's alternatives are checked (slots.CheckAlternatives).
func (p *SlotsParams) Run(rc RunContext) (results.Metrics, error) {
	cfg := p.experiment()
	cfg.Check = rc.Check
	cfg.MaxJobs = rc.Stop.CompletedJobs
	cfg.Windows = slotexp.NewWindows(rc.Windows)
	if p.Environment != nil {
		cfg.Cycles = 1
	}
	if rc.OutDir != "" {
		cfg.Record = -1
	}
	src, err := p.source(rc.Streams)
	if err != nil {
		return nil, err
	}
	t, recs, err := slotexp.RunExperiment(rc.context(), src, cfg)
	if err != nil {
		return nil, err
	}
	if rc.OutDir != "" {
		if err := slotexp.WriteCycleFiles(rc.OutDir, recs); err != nil {
			return nil, fmt.Errorf("scenarios: slots output: %w", err)
		}
		if p.Environment != nil {
			if err := slotexp.WriteAlternatives(rc.OutDir, p.Environment, p.Batch); err != nil {
				return nil, fmt.Errorf("scenarios: slots output: %w", err)
			}
		}
	}
	rc.Log.Debug().Int("cycles", t.Cycles).Int("counted", t.Counted).Msg("slots replication done")
	return t.Metrics(), nil
}

// Metrics declares the metrics Run returns, in order.
func (p *SlotsParams) Metrics() []results.MetricInfo {
	return describe(metricNames((slotexp.Tally{}).Metrics()), slotexp.ALPAMPMetricInfo)
}

// References returns the paper's published values (section 5) for the
// generated experiment; a fixed environment has none.
func (p *SlotsParams) References() map[string]float64 {
	if p.Environment != nil {
		return nil
	}
	return slotexp.PaperReferences()
}

// Reproduce runs the experiment with these parameters outside the
// scenario runner: reps replications of p.Cycles cycles from seed, in
// parallel on at most workers goroutines (GOMAXPROCS when ≤ 0), and
// returns the table with the paper's values.
func (p *SlotsParams) Reproduce(ctx context.Context, seed uint64, reps, workers int) (*slotexp.Table, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return slotexp.Reproduce(ctx, reps, workers, p.experiment(), func(rep int) (slotexp.Source, error) {
		return p.source(sim.NewStreams(seed, rep))
	})
}
