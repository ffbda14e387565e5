package scenarios

import (
	"fmt"
	"maps"

	"github.com/schedsim/schedsim/model"

	"github.com/schedsim/schedsim/policies/anticipation"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios/slotexp"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

func init() {
	Register(Kind{
		Name:      "anticipation",
		Summary:   "CSS with user utility, anticipation scheduling (ANT) and conservative backfilling on an owner-loaded slot domain (Toporkov et al.): Table 1 replication, Figures 1-4 comparison",
		NewParams: func() Params { return NewAnticipationParams() },
	})
}

// AnticipationParams are the parameters of the anticipation kind: the
// experiment, its settings, and the domain generator's parameters
// (toporkov.DomainConfig, inline). A replication runs `batches`
// independent batches and ignores the event engine and the stop
// condition.
type AnticipationParams struct {
	// Experiment is "replication" (Table 1) or "comparison" (Figures 1-4).
	Experiment string `yaml:"experiment"`
	// Batches is the number of independent batches per replication.
	Batches int `yaml:"batches"`
	// Limit is lim Ua (percent) of C → max, lim Ua.
	Limit float64 `yaml:"limit"`
	// Method is the comparison's method, a policy name of the css
	// registry (css.Policies).
	Method string `yaml:"method"`
	// Distance is ANT's replication distance in the comparison: linear or
	// geometric (the replication experiment runs both).
	Distance string `yaml:"distance"`
	// Terms are the replication's distance terms (start, finish,
	// runtime, proctime, cost).
	Terms []string `yaml:"terms"`
	// StartFromBackfilling takes ANT's reference start of every job from
	// a prior backfilling schedule (comparison).
	StartFromBackfilling bool `yaml:"start_from_backfilling"`
	// ErrorFloor is the least denominator of a relative error.
	ErrorFloor float64 `yaml:"error_floor"`
	// AtReferenceStart lets the replication also try a window at the
	// reference's own start, not only at slot starts.
	AtReferenceStart bool `yaml:"at_reference_start"`
	// DomainConfig holds the generator's parameters.
	toporkov.DomainConfig `yaml:",inline"`
}

// NewAnticipationParams returns the defaults: Table 1's replication
// experiment, 50 batches per replication, lim Ua = 10%, cost and
// processor-time terms, the paper's domain.
func NewAnticipationParams() *AnticipationParams {
	return &AnticipationParams{
		Experiment:           slotexp.ExperimentReplication,
		Batches:              50,
		Limit:                10,
		Method:               slotexp.MethodANT,
		Distance:             "geometric",
		Terms:                []string{"cost", "proctime"},
		StartFromBackfilling: true,
		ErrorFloor:           1,
		DomainConfig:         toporkov.DefaultDomainConfig(),
	}
}

// MaxANTBatches bounds the batches per replication.
const MaxANTBatches = 10_000_000

// Validate checks every value; errors are *model.FieldError naming the key.
func (p *AnticipationParams) Validate() error {
	if err := model.FirstError(
		model.OneOf("experiment", p.Experiment, slotexp.ExperimentReplication, slotexp.ExperimentComparison),
		model.IntRange("batches", p.Batches, 1, MaxANTBatches),
		model.FloatRange("limit", p.Limit, 0, 100),
		model.OneOf("distance", p.Distance, "linear", "geometric"),
		model.Positive("error_floor", p.ErrorFloor),
	); err != nil {
		return err
	}
	if _, err := p.similarity(); err != nil {
		return model.Field("terms", "%v", err)
	}
	// the comparison's method is a policy of the css registry.
	if _, err := css.Policies.New(p.Method, p.config(false).PolicyOptions()); err != nil {
		return policyError("method", err)
	}
	if err := p.DomainConfig.Validate(); err != nil {
		return err
	}
	if err := toporkov.ReplicationWork("batches", p.Batches, p.DomainConfig.CycleWork()); err != nil {
		return err
	}
	return nil
}

func (p *AnticipationParams) similarity() (anticipation.Similarity, error) {
	d, err := anticipation.ParseDistance(p.Distance)
	if err != nil {
		return anticipation.Similarity{}, err
	}
	s := anticipation.Similarity{Distance: d, Floor: p.ErrorFloor, AtReferenceStart: p.AtReferenceStart}
	for _, name := range p.Terms {
		t, err := css.ParseProperty(name)
		if err != nil {
			return anticipation.Similarity{}, err
		}
		s.Terms = append(s.Terms, t)
	}
	return s, s.Validate()
}

func (p *AnticipationParams) config(check bool) slotexp.ANTConfig {
	sim, _ := p.similarity()
	return slotexp.ANTConfig{
		Experiment:           p.Experiment,
		Batches:              p.Batches,
		Limit:                p.Limit,
		Method:               p.Method,
		Similarity:           sim,
		StartFromBackfilling: p.StartFromBackfilling,
		Check:                check,
	}
}

// Run runs one replication: `batches` independent batches. Per-job
// records (slotexp.JobColumns) go to rc.Jobs.
func (p *AnticipationParams) Run(rc RunContext) (results.Metrics, error) {
	// the comparison's points differ in the method (or the limit) on the
	// same batches, which they share (antBatches); the replication
	// experiment runs all its columns in one point.
	var g slotexp.Batches
	var err error
	if p.Experiment == slotexp.ExperimentComparison {
		g, err = antBatches(rc, p.DomainConfig, p.Batches)
	} else {
		g, err = toporkov.NewDomainGenerator(p.DomainConfig, rc.Streams)
	}
	if err != nil {
		return nil, err
	}
	cfg := p.config(rc.Check)
	cfg.Windows = slotexp.NewWindows(rc.Windows)
	m, err := slotexp.RunANT(rc.context(), g, cfg, rc.Jobs)
	if err != nil {
		return nil, fmt.Errorf("scenarios: anticipation: %w", err)
	}
	return m, nil
}

// References returns the paper's Table 1 for the replication experiment
// with lim Ua = 10% (the comparison has no published numbers).
func (p *AnticipationParams) References() map[string]float64 {
	if p.Experiment != slotexp.ExperimentReplication || p.Limit != 10 {
		return nil
	}
	ref := slotexp.Table1References()
	maps.Copy(ref, slotexp.Table1RatioReferences())
	return ref
}

// Metrics declares the metrics Run returns, in order: those of an
// experiment that has run no batch yet.
func (p *AnticipationParams) Metrics() []results.MetricInfo {
	var r slotexp.ANTRunner
	return describe(metricNames(r.Metrics(p.config(false), p.DomainConfig.Batch.Criteria)), slotexp.ANTMetricInfo)
}
