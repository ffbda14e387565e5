package scenarios

import (
	"fmt"
	"github.com/schedsim/schedsim/model"
	"math"
	"slices"
	"sort"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios/slotexp"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

func init() {
	Register(Kind{
		Name:      "css2014",
		Summary:   "Toporkov et al. 2014: CSS with user criteria, batch slicing, owners' pricing, hybrid CSS + backfilling, the shift procedure, planned vs actual runtimes",
		NewParams: func() Params { return NewCSS2014Params() },
	})
}

// CSS2014Params are the parameters of the css2014 kind: the environment
// of Toporkov et al. 2014 (section 2.1, under cycle, nodes, owners, jobs),
// the variants to run on every generated cycle, and their settings. A
// replication ignores the event engine: it runs `cycles` scheduling
// cycles, and every variant sees the same cycles. Of the scenario's stop
// condition only completed_jobs applies, as an extra limit: a replication
// then also ends after the cycle in which its batches reach that many
// jobs. With the invariant checker on, every plan is checked
// (slotexp.CheckPlan). An interrupt (rc.Context) stops a replication between
// two cycles.
type CSS2014Params struct {
	// Cycles is the number of scheduling cycles per replication.
	Cycles int `yaml:"cycles"`
	// CSS2014Config is the environment.
	toporkov.CSS2014Config `yaml:",inline"`
	// LoadLevel, when set, names an entry of LoadLevels that replaces
	// owners.load (set one or the other; "" keeps owners.load, whose
	// default is the medium level's).
	LoadLevel string `yaml:"load_level"`
	// LoadLevels maps the paper's load levels to owners' loads,
	// calibrated on the share of failed cycles of the generalised scheme
	// (see the README).
	LoadLevels map[string]float64 `yaml:"load_levels"`
	// Variants are the schedulers to run: css (ЦСП), gen (МПСР), shift
	// (ЦСПС), hybrid (МПБ), backfill.
	Variants []string `yaml:"variants"`
	// Slices is k, the sub-batches of the generalised scheme (1 … jobs).
	Slices int `yaml:"slices"`
	// HybridCSSShare is N_CSS / N, the share of the batch (its first
	// jobs) the hybrid schedules by CSS; N_CSS = round(share × N).
	HybridCSSShare float64 `yaml:"hybrid_css_share"`
	// Actual executes the plans with actual runtimes U[jobs.actual] × the
	// reserved ones and reports the actual means too (Table 3).
	Actual bool `yaml:"actual"`
	// PaperTable names the paper's table whose values are printed as
	// references: table1, table2, table3 or "" (none).
	PaperTable string `yaml:"paper_table"`
}

// NewCSS2014Params returns the defaults: the paper's environment at the
// medium load level (owners.load 0.28), every variant, k = 1, half the
// batch by CSS in the hybrid, 1 000 cycles.
func NewCSS2014Params() *CSS2014Params {
	return &CSS2014Params{
		Cycles:         1000,
		CSS2014Config:  toporkov.DefaultCSS2014Config(),
		LoadLevels:     DefaultCSS2014LoadLevels(),
		Variants:       slotexp.CSS2014Variants(),
		Slices:         1,
		HybridCSSShare: 0.5,
	}
}

// DefaultCSS2014LoadLevels returns the owners' loads of the paper's three
// load levels (section 2.3), calibrated with the built-in scenario
// css2014-load-levels (see the README).
func DefaultCSS2014LoadLevels() map[string]float64 {
	return map[string]float64{"low": 0.05, "medium": 0.28, "high": 0.37}
}

// Validate checks every value; errors are *model.FieldError naming the key.
func (p *CSS2014Params) Validate() error {
	if err := model.FirstError(
		model.IntRange("cycles", p.Cycles, 1, MaxSlotsCycles),
		model.FloatRange("hybrid_css_share", p.HybridCSSShare, 0, 1),
		model.OneOf("paper_table", p.PaperTable, "", "table1", "table2", "table3"),
	); err != nil {
		return err
	}
	levels := make([]string, 0, len(p.LoadLevels))
	for name, load := range p.LoadLevels {
		levels = append(levels, name)
		if !(load >= 0 && load <= toporkov.MaxOwnerLoad) {
			return model.Field("load_levels."+name, "must be in [0, %v]: no owner schedule leaves the nodes free at a load of %v", toporkov.MaxOwnerLoad, load)
		}
	}
	sort.Strings(levels)
	if p.LoadLevel != "" {
		load, ok := p.LoadLevels[p.LoadLevel]
		if !ok {
			return model.Field("load_level", "must be one of %v (got %q)", levels, p.LoadLevel)
		}
		p.Owners.Load = load
	}
	if err := p.CSS2014Config.Validate(); err != nil {
		return err
	}
	if err := toporkov.ReplicationWork("cycles", p.Cycles, p.CSS2014Config.CycleWork()); err != nil {
		return err
	}
	if len(p.Variants) == 0 {
		return model.Field("variants", "must name at least one of %v", slotexp.CSS2014Variants())
	}
	for i, v := range p.Variants {
		if err := model.OneOf(fmt.Sprintf("variants[%d]", i), v, slotexp.CSS2014Variants()...); err != nil {
			return err
		}
		if j := slices.Index(p.Variants, v); j < i {
			return model.Field(fmt.Sprintf("variants[%d]", i), "%q is already variants[%d] (its metrics would be reported twice)", v, j)
		}
	}
	if p.Slices < 1 || p.Slices > p.Jobs.Count {
		return model.Field("slices", "must be in [1, %d] (the batch size jobs.count; got %d)", p.Jobs.Count, p.Slices)
	}
	return nil
}

func (p *CSS2014Params) experiment() slotexp.CSS2014Config {
	return slotexp.CSS2014Config{
		Cycles:        p.Cycles,
		Variants:      p.Variants,
		Slices:        p.Slices,
		HybridCSSJobs: int(math.Round(p.HybridCSSShare * float64(p.Jobs.Count))),
		Actual:        p.Actual,
	}
}

// Run runs one replication: `cycles` generated cycles, every variant on
// each.
func (p *CSS2014Params) Run(rc RunContext) (results.Metrics, error) {
	gen, err := toporkov.NewCSS2014Generator(p.CSS2014Config, rc.Streams)
	if err != nil {
		return nil, err
	}
	cfg := p.experiment()
	cfg.MaxJobs, cfg.Check = rc.Stop.CompletedJobs, rc.Check
	cfg.Windows = slotexp.NewWindows(rc.Windows)
	m, err := slotexp.RunCSS2014(rc.context(), gen, cfg)
	if err != nil {
		return nil, err
	}
	rc.Log.Debug().Int("cycles", p.Cycles).Msg("css2014 replication done")
	return m, nil
}

// References returns the paper's values of the table named by
// paper_table, for the metrics this point reports.
func (p *CSS2014Params) References() map[string]float64 {
	price := 0.0
	if p.Nodes.Owned != nil {
		price = p.Nodes.Owned.Price
	}
	return slotexp.CSS2014References(p.PaperTable, price)
}

// Metrics declares the metrics Run returns, in order: those of a cycler
// that has run no cycle yet.
func (p *CSS2014Params) Metrics() []results.MetricInfo {
	c, err := slotexp.NewCSS2014Cycler(p.experiment(), p.CSS2014Config)
	if err != nil {
		return nil // Validate reports the bad variant
	}
	return describe(metricNames(c.Metrics()), slotexp.CSS2014MetricInfo)
}
