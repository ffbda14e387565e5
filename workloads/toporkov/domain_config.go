package toporkov

import (
	"math"
	"slices"

	"github.com/schedsim/schedsim/model"
)

// DomainConfig holds the parameters of the resource domain and job flow of
// Toporkov, Yemelyanov and Toporkova, "Anticipation scheduling in grid
// with stakeholders preferences" (section 4): heterogeneous nodes whose
// owners' local jobs take part of the scheduling interval, and batches of
// jobs each carrying its user's criterion and price factor.
type DomainConfig struct {
	// Nodes is the number of nodes in the domain (80).
	Nodes int `yaml:"nodes"`
	// Performance is the node performance range. The paper does not give
	// it; its Russian companion paper (2014) has U[2, 10], which also
	// fits its Table 1 (processor time ≈ 4 nodes × 300 / 6).
	Performance FloatRange `yaml:"performance"`
	// PerformanceValues says how the performance is drawn (continuous by
	// default, or integer).
	PerformanceValues Values `yaml:"performance_values"`
	// PriceBase is b in the base cost of a node, PriceScale · b^performance.
	// The paper says only "an exponential function of its performance"
	// (line 126). The default, base(p) = s · e^(p/p*) with p* = 4.5 and s
	// set so that the price is 6 at the mean performance 6 (b = e^(1/4.5),
	// PriceScale = 6 · e^(−6/4.5)), brings Table 1's processor times
	// within 5% and section 4.2's processor-time gap between the runtime-
	// and cost-criterion jobs into the paper's 25–33% (for N ≥ 25). The
	// former default, p* = 6 (TangentPriceBase, TangentPriceScale: the
	// exponential tangent to one price unit per unit of work at p = 6),
	// gives +22% at lim Ua = 100% and a 14–18% gap. The ALP/AMP paper's
	// b = 1.7 (PriceScale 1) is a third reading. See
	// docs/reproductions/toporkov-anticipation.md.
	PriceBase float64 `yaml:"price_base"`
	// PriceScale multiplies every base cost: only the unit of cost
	// (doubling it doubles every cost).
	PriceScale float64 `yaml:"price_scale"`
	// PriceMargin is the owner's margin: price = base · (1 + m), m normal
	// with mean 0 and standard deviation PriceMargin / 3, truncated to
	// ±PriceMargin (0.6: "distributed normally as ±0.6 of a base cost").
	PriceMargin float64 `yaml:"price_margin"`
	// Interval is the scheduling interval [0, Interval) (800 time quanta).
	Interval float64 `yaml:"interval"`
	// Quantum is the time quantum in which owner jobs are drawn (1).
	Quantum float64 `yaml:"quantum"`
	// OwnerLoad is the range of the share of the domain's node-time that
	// owners' local jobs take in one interval ([0.05, 0.10]); see
	// DomainGenerator.NextList for how it is spread.
	OwnerLoad FloatRange `yaml:"owner_load"`
	// OwnerJobs is the number of local jobs each node's owner time is
	// split into, U{1 … 1}.
	OwnerJobs IntRange `yaml:"owner_jobs"`
	// Batch holds the job flow's parameters.
	Batch BatchConfig `yaml:"batch"`
}

// BatchConfig holds the parameters of one batch of the anticipation
// paper's job flow.
type BatchConfig struct {
	// Count is the number of jobs per batch (75).
	Count int `yaml:"count"`
	// Nodes is the number of nodes a job needs, U{2 … 6}.
	Nodes IntRange `yaml:"nodes"`
	// Length is the node reservation time, a whole number U{100 … 500}:
	// the job's work, its runtime on a node of performance P is
	// length / P.
	Length IntRange `yaml:"length"`
	// MinPerformance is the range of the least node performance a job
	// accepts (the paper gives none: [0, 0], any node).
	MinPerformance FloatRange `yaml:"min_performance"`
	// PriceFactor is the range of the highest price a user pays, as a
	// multiple of a node's base cost, U[0.8, 1.6]: the richest pay up to
	// 160% of the base cost (any margin), the poorest need a discount.
	// The paper gives only the 160%; the lower end 0.8 is this project's
	// choice (a discount of 20% leaves a job about 16% of the nodes).
	PriceFactor FloatRange `yaml:"price_factor"`
	// Criteria are the user criteria, drawn uniformly per job (runtime
	// and cost; also start and finish).
	Criteria []string `yaml:"criteria"`
}

// DefaultDomainConfig returns the paper's section 4 parameters with the
// readings documented on the fields.
func DefaultDomainConfig() DomainConfig {
	return DomainConfig{
		Nodes:             80,
		Performance:       FloatRange{2, 10},
		PerformanceValues: ValuesContinuous,
		PriceBase:         DefaultPriceBase,
		PriceScale:        DefaultPriceScale,
		PriceMargin:       0.6,
		Interval:          800,
		Quantum:           1,
		OwnerLoad:         FloatRange{0.05, 0.10},
		OwnerJobs:         IntRange{1, 1},
		Batch: BatchConfig{
			Count:       75,
			Nodes:       IntRange{2, 6},
			Length:      IntRange{100, 500},
			PriceFactor: FloatRange{0.8, 1.6},
			Criteria:    []string{"runtime", "cost"},
		},
	}
}

// The default price function: base(p) = s · e^(p/4.5), 6 at p = 6 (see
// DomainConfig.PriceBase).
var (
	DefaultPriceBase  = math.Exp(1 / 4.5)
	DefaultPriceScale = 6 * math.Exp(-6/4.5)
)

// The former default price function, the option p* = 6: base(p) =
// 6 · e^(p/6 − 1), tangent to one price unit per unit of work at p = 6.
var (
	TangentPriceBase  = math.Exp(1.0 / 6)
	TangentPriceScale = 6 / math.E
)

// UserCriteria are the names a batch's criteria may take.
var UserCriteria = []string{"start", "finish", "runtime", "cost"}

// MaxDomainNodes bounds the nodes of a domain, MaxIntervalQuanta the
// quanta of an interval.
const (
	MaxDomainNodes    = 100_000
	MaxIntervalQuanta = 10_000_000
)

// Validate checks every value; the error is a *model.FieldError naming the key.
func (c DomainConfig) Validate() error {
	b := c.Batch
	if err := model.FirstError(
		model.IntRange("nodes", c.Nodes, 1, MaxDomainNodes),
		floatRange("performance", c.Performance, 0, true),
		values("performance", c.Performance, c.PerformanceValues),
		model.FinitePositive("price_base", c.PriceBase),
		model.FinitePositive("price_scale", c.PriceScale),
		model.FloatRange("price_margin", c.PriceMargin, 0, 1),
		model.FinitePositive("interval", c.Interval),
		model.FinitePositive("quantum", c.Quantum),
		floatRange("owner_load", c.OwnerLoad, 0, false),
		intRange("owner_jobs", c.OwnerJobs, 1, MaxIntervalQuanta),
		model.IntRange("batch.count", b.Count, 0, MaxJobs),
		intRange("batch.nodes", b.Nodes, 1, MaxSlots),
		intRange("batch.length", b.Length, 1, math.MaxInt32),
		floatRange("batch.min_performance", b.MinPerformance, 0, false),
		floatRange("batch.price_factor", b.PriceFactor, 0, true),
	); err != nil {
		return err
	}
	if q := c.Interval / c.Quantum; q > MaxIntervalQuanta || q != math.Trunc(q) {
		return model.Field("interval", "must be a whole number of quanta, at most %d (got %v / %v)", MaxIntervalQuanta, c.Interval, c.Quantum)
	}
	if c.OwnerLoad.Max > 1 {
		return model.Field("owner_load.max", "must be ≤ 1 (got %v)", c.OwnerLoad.Max)
	}
	if math.IsInf(b.PriceFactor.Max, 0) {
		return model.Field("batch.price_factor.max", "must be finite")
	}
	if len(b.Criteria) == 0 {
		return model.Field("batch.criteria", "must name at least one of %v", UserCriteria)
	}
	for i, name := range b.Criteria {
		if !slices.Contains(UserCriteria, name) {
			return model.Field("batch.criteria", "unknown criterion %q at %d (want one of %v)", name, i, UserCriteria)
		}
		if j := slices.Index(b.Criteria, name); j < i {
			return model.Field("batch.criteria", "criterion %q is listed twice (at %d and %d)", name, j, i)
		}
	}
	return c.sizes()
}
