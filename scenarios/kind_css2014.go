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
	// Variant, when set, runs only that variant and reports its metrics
	// as v_start, v_proc, … (no alternatives), so that a sweep over
	// variant compares the variants pairwise on the same cycles.
	Variant string `yaml:"variant"`
	// Table1Row, when set, runs only what one row of Table 1 needs and
	// reports the row as row_start, row_runtime, …: the jobs of one user
	// criterion (start, runtime, finish, cost) under the generalised
	// scheme, or css, every job under plain CSS.
	Table1Row string `yaml:"table1_row"`
	// Slices is k, the sub-batches of the generalised scheme (1 … jobs).
	Slices int `yaml:"slices"`
	// HybridCSSShare is N_CSS / N, the share of the batch (its first
	// jobs) the hybrid schedules by CSS; N_CSS = round(share × N).
	HybridCSSShare float64 `yaml:"hybrid_css_share"`
	// VOCriterion is the VO's choice among a (sub-)batch's alternatives:
	// proc (least total processor time under the budget B*, sections 2.3
	// and 3 of the paper) or cost (least total cost under the limit T* on
	// the total processor time, formulas (4), (5), (12)).
	VOCriterion string `yaml:"vo_criterion"`
	// Actual executes the plans with actual runtimes U[jobs.actual] × the
	// reserved ones and reports the actual means too (Table 3).
	Actual bool `yaml:"actual"`
	// PaperTable names the paper's table whose values are printed as
	// references: table1, table2, table3 or "" (none).
	PaperTable string `yaml:"paper_table"`
}

// NewCSS2014Params returns the defaults: the paper's environment at the
// medium load level (owners.load 0.28), every variant, k = 1, half the
// batch by CSS in the hybrid, the VO criterion proc, 1 000 cycles.
func NewCSS2014Params() *CSS2014Params {
	return &CSS2014Params{
		Cycles:         1000,
		CSS2014Config:  toporkov.DefaultCSS2014Config(),
		LoadLevels:     DefaultCSS2014LoadLevels(),
		Variants:       slotexp.CSS2014Variants(),
		Slices:         1,
		HybridCSSShare: 0.5,
		VOCriterion:    slotexp.VOProc,
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
		model.OneOf("vo_criterion", p.VOCriterion, slotexp.VOProc, slotexp.VOCost),
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
	if err := model.OneOf("table1_row", p.Table1Row, "", "start", "runtime", "finish", "cost", "css"); err != nil {
		return err
	}
	if p.Variant != "" {
		if err := model.OneOf("variant", p.Variant, slotexp.CSS2014Variants()...); err != nil {
			return err
		}
		if p.Table1Row != "" {
			return model.Field("variant", "set variant or table1_row, not both (table1_row %q picks its own variant)", p.Table1Row)
		}
		if p.Actual && (p.Variant == slotexp.VariantShift || p.Variant == slotexp.VariantHybrid) {
			return model.Field("variant", "with actual: true must be css, gen or backfill, the variants executed with actual runtimes (got %q)", p.Variant)
		}
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
	variants := p.Variants
	switch {
	case p.Variant != "":
		variants = []string{p.Variant}
	case p.Table1Row != "":
		variants = []string{slotexp.CSS2014RowVariant(p.Table1Row)}
	}
	return slotexp.CSS2014Config{
		Cycles:        p.Cycles,
		Variants:      variants,
		Slices:        p.Slices,
		HybridCSSJobs: int(math.Round(p.HybridCSSShare * float64(p.Jobs.Count))),
		Actual:        p.Actual,
		VOCriterion:   p.VOCriterion,
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
	if rc.Shared != nil && p.sharesCSSPlan() {
		cfg.Shared = css2014Memo{shared: rc.Shared, key: css2014CyclesKey(rc, p.CSS2014Config)}
	}
	m, err := slotexp.RunCSS2014(rc.context(), gen, cfg)
	if err != nil {
		return nil, err
	}
	rc.Log.Debug().Int("cycles", p.Cycles).Msg("css2014 replication done")
	return p.view(m), nil
}

// view returns the metrics as the point reports them: the view of its
// variant or Table 1 row, else every metric and the derived comparisons.
func (p *CSS2014Params) view(m results.Metrics) results.Metrics {
	if p.Variant == "" && p.Table1Row == "" {
		return slotexp.CSS2014Derived(m)
	}
	return slotexp.CSS2014View(m, p.Variant, p.Table1Row)
}

// References returns the paper's values of the table named by
// paper_table, for the metrics this point reports.
func (p *CSS2014Params) References() map[string]float64 {
	price := 0.0
	if p.Nodes.Owned != nil {
		price = p.Nodes.Owned.Price
	}
	refs := slotexp.CSS2014References(p.PaperTable, price)
	if refs == nil || (p.Variant == "" && p.Table1Row == "") {
		return refs
	}
	out := map[string]float64{}
	for name, v := range refs {
		if view, ok := slotexp.CSS2014ViewName(name, p.Variant, p.Table1Row); ok {
			out[view] = v
		}
	}
	return out
}

// Metrics declares the metrics Run returns, in order: those of a cycler
// that has run no cycle yet.
func (p *CSS2014Params) Metrics() []results.MetricInfo {
	c, err := slotexp.NewCSS2014Cycler(p.experiment(), p.CSS2014Config)
	if err != nil {
		return nil // Validate reports the bad variant
	}
	return describe(metricNames(p.view(c.Metrics())), slotexp.CSS2014MetricInfo)
}

// sharesCSSPlan reports whether the point keeps the plain CSS plans of
// its cycles in the replication's Shared: only a point that runs the css
// or the shift variant alone (a sweep over variant, as css2014-nodes',
// whose other point reads them; a point that runs both makes each plan
// once anyway), and only up to maxSharedBatchItems jobs per replication,
// so that a long replication holds no plans.
func (p *CSS2014Params) sharesCSSPlan() bool {
	return (p.Variant == slotexp.VariantCSS || p.Variant == slotexp.VariantShift) &&
		p.Cycles*p.Jobs.Count <= maxSharedBatchItems
}

// css2014Memo keeps in the replication's Shared what the points of a
// css2014 sweep compute alike on the same cycles (slotexp.CycleMemo):
// the generator's streams depend on the seed and the replication only,
// so points with the same environment run the same cycles.
type css2014Memo struct {
	shared *Shared
	key    string // the cycles' key (css2014CyclesKey)
}

// Memo returns build's value under key for the cycle, built once per
// replication.
func (m css2014Memo) Memo(cycle int, key string, build func() (any, error)) (any, error) {
	return m.shared.Get(fmt.Sprintf("%s\x00cycle %d\x00%s", m.key, cycle, key), build)
}

// css2014CyclesKey names everything a replication's cycles depend on:
// the seed, the replication and the environment (the owned node by
// value, not by its address).
func css2014CyclesKey(rc RunContext, env toporkov.CSS2014Config) string {
	owned := "none"
	if o := env.Nodes.Owned; o != nil {
		owned = fmt.Sprintf("%#v", *o)
	}
	env.Nodes.Owned = nil
	return fmt.Sprintf("css2014 cycles\x00%d\x00%d\x00%#v\x00%s", rc.Streams.Seed(), rc.Streams.Replication(), env, owned)
}
