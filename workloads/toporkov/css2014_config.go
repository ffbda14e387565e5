package toporkov

import (
	"fmt"
	"math"
	"slices"

	"github.com/schedsim/schedsim/model"
)

// CSS2014Config holds every constant of the environment of Toporkov et
// al. 2014 ("Методы и эвристики планирования в распределенных вычислениях
// с неотчуждаемыми ресурсами", section 2.1): one resource domain of
// heterogeneous priced nodes partly occupied by their owners' local jobs,
// a scheduling cycle (interval), and a batch of user jobs per cycle.
//
// The paper gives the node count (24), the performance range U[2, 10], the
// cycle length (600), the batch size (20) and says how prices and budgets
// are formed, but not the job sizes, the owners' local jobs or the margin's
// spread. Those defaults are taken from the same authors' anticipation
// paper (same simulator): job nodes U{2 … 6}, job time U[100, 500], budgets
// up to 160% of the market cost, a normally distributed price margin of
// "±0.6" of the base price. Each reading is documented at its field.
type CSS2014Config struct {
	// Cycle is the length of the scheduling interval [0, Cycle) (600).
	Cycle float64 `yaml:"cycle"`
	// Nodes describes the resource domain.
	Nodes CSS2014Nodes `yaml:"nodes"`
	// Owners describes the owners' local jobs that occupy the nodes.
	Owners CSS2014Owners `yaml:"owners"`
	// Jobs describes the batch of user jobs.
	Jobs CSS2014Jobs `yaml:"jobs"`
}

// CSS2014Nodes describes the nodes of the domain.
type CSS2014Nodes struct {
	// Count is the number of nodes (24).
	Count int `yaml:"count"`
	// Performance is the node performance range, drawn uniformly (U[2, 10]).
	Performance FloatRange `yaml:"performance"`
	// PricePerPerformance is k in the market (base) price k·performance
	// per time unit (1). A linear base price makes a unit of work cost the
	// same on every node before the margin; the paper's Table 2 supports
	// it: its node's profit peaks at c ≈ 6, which the paper calls the
	// "average market" price of a node of similar performance, and the
	// mean performance of U[2, 10] is 6.
	PricePerPerformance float64 `yaml:"price_per_performance"`
	// MarginSD is the standard deviation of the node's discount/mark-up
	// ε ~ N(0, MarginSD), the price being base·(1 + ε) (0.2).
	MarginSD float64 `yaml:"margin_sd"`
	// MarginLimit clips ε to [−MarginLimit, MarginLimit] (0.6, the
	// anticipation paper's "±0.6 of a base cost", read as 3 standard
	// deviations).
	MarginLimit float64 `yaml:"margin_limit"`
	// Owned, when set, fixes one node's performance and unit price: the
	// owner of Table 2 who sets the price c on the interval.
	Owned *CSS2014OwnedNode `yaml:"owned,omitempty"`
}

// CSS2014OwnedNode is a node whose owner sets its unit price.
type CSS2014OwnedNode struct {
	// Node is its index (0 … count−1).
	Node int `yaml:"node"`
	// Performance is its performance (6: the middle of the range, so that
	// its market price is the domain's average).
	Performance float64 `yaml:"performance"`
	// Price is the owner's unit price c per time unit; > 0.
	Price float64 `yaml:"price"`
}

// CSS2014Owners describes the owners' local jobs, the load level of the
// paper's section 2.3. On each node they form an alternating renewal
// process, busy for a local job's length, then idle for an exponential
// gap whose mean makes the long-run busy share equal Load; the process
// starts well before the interval so that the interval sees its
// stationary state. The paper sets the level by its effect (the share of
// cycles in which some job finds no alternative: high ≈ 0.3, medium ≈
// 0.03, low < 0.0002); Load is the knob that produces it.
type CSS2014Owners struct {
	// Load is the long-run share of node time taken by local jobs, in
	// [0, MaxOwnerLoad] (0.28: the medium load level, calibrated by the
	// scenarios kind css2014).
	Load float64 `yaml:"load"`
	// JobLength is the length of one local job, drawn uniformly
	// (U[20, 100]: not in the paper).
	JobLength FloatRange `yaml:"job_length"`
}

// MaxOwnerLoad is the largest owners' load: above it the nodes are almost
// never free and the gap distribution degenerates.
const MaxOwnerLoad = 0.95

// CSS2014Jobs describes the batch.
type CSS2014Jobs struct {
	// Count is the number of jobs per batch (20).
	Count int `yaml:"count"`
	// Nodes is the number of parallel slots a job needs (U{2 … 6}).
	Nodes IntRange `yaml:"nodes"`
	// Time is the job's time t: its runtime on a node of performance 1
	// (work), so that on a node of performance p it runs t/p (U[100, 500]).
	Time FloatRange `yaml:"time"`
	// MinPerformance is the least node performance a job accepts, drawn
	// uniformly (U[2, 2]: every node; the paper gives no requirement).
	MinPerformance FloatRange `yaml:"min_performance"`
	// Budget is the job's budget as a multiple of its market cost
	// k·t·N, drawn uniformly (U[1, 1.6]): the "richest" users can pay the
	// market price plus 60%, the "poorest" only the market price, so they
	// must mix discounted nodes into any window with marked-up ones. A
	// floor below the market price makes the paper's low load level
	// unreachable: with U[0.8, 1.6], 7% of cycles fail for budget alone,
	// with no owner load at all (the low level needs < 0.0002).
	Budget FloatRange `yaml:"budget"`
	// Criteria are the user criteria drawn uniformly for each job; the
	// names are those of policies/slots (start, finish, runtime, cost).
	Criteria []string `yaml:"criteria"`
	// Actual is the actual runtime as a share of the reserved one, drawn
	// uniformly per job (U[0.2, 1], section 3.2).
	Actual FloatRange `yaml:"actual"`
}

// DefaultCSS2014Config returns the paper's environment with the readings
// documented on each field.
func DefaultCSS2014Config() CSS2014Config {
	return CSS2014Config{
		Cycle: 600,
		Nodes: CSS2014Nodes{
			Count:               24,
			Performance:         FloatRange{2, 10},
			PricePerPerformance: 1,
			MarginSD:            0.2,
			MarginLimit:         0.6,
		},
		Owners: CSS2014Owners{Load: 0.28, JobLength: FloatRange{20, 100}},
		Jobs: CSS2014Jobs{
			Count:          20,
			Nodes:          IntRange{2, 6},
			Time:           FloatRange{100, 500},
			MinPerformance: FloatRange{2, 2},
			Budget:         FloatRange{1, 1.6},
			Criteria:       []string{"start", "finish", "runtime", "cost"},
			Actual:         FloatRange{0.2, 1},
		},
	}
}

// Validate checks every value; the error is a *model.FieldError naming the key
// (below the config's own root, e.g. "nodes.performance.min").
func (c CSS2014Config) Validate() error {
	n, o, j := c.Nodes, c.Owners, c.Jobs
	if err := model.FirstError(
		model.FinitePositive("cycle", c.Cycle),
		model.IntRange("nodes.count", n.Count, 1, MaxSlots),
		floatRange("nodes.performance", n.Performance, 0, true),
		model.FinitePositive("nodes.price_per_performance", n.PricePerPerformance),
		model.NonNegative("nodes.margin_sd", n.MarginSD),
		model.FloatRange("nodes.margin_limit", n.MarginLimit, 0, 1),
		ownerLoad("owners.load", o.Load),
		floatRange("owners.job_length", o.JobLength, 0, true),
		model.IntRange("jobs.count", j.Count, 1, MaxJobs),
		intRange("jobs.nodes", j.Nodes, 1, MaxSlots),
		floatRange("jobs.time", j.Time, 0, true),
		floatRange("jobs.min_performance", j.MinPerformance, 0, false),
		floatRange("jobs.budget", j.Budget, 0, true),
		fraction("jobs.actual", j.Actual),
		criteria("jobs.criteria", j.Criteria),
	); err != nil {
		return err
	}
	if n.MarginLimit >= 1 {
		return model.Field("nodes.margin_limit", "must be < 1 so that prices stay > 0 (got %v)", n.MarginLimit)
	}
	if w := n.Owned; w != nil {
		switch {
		case w.Node < 0 || w.Node >= n.Count:
			return model.Field("nodes.owned.node", "must be in [0, %d] (got %d)", n.Count-1, w.Node)
		case !(w.Performance > 0) || math.IsInf(w.Performance, 0):
			return model.Field("nodes.owned.performance", "must be a finite number > 0 (got %v)", w.Performance)
		case !(w.Price > 0) || math.IsInf(w.Price, 0):
			return model.Field("nodes.owned.price", "must be a finite number > 0 (got %v)", w.Price)
		}
	}
	return c.sizes()
}

func ownerLoad(key string, v float64) error {
	if !(v >= 0 && v <= MaxOwnerLoad) {
		return model.Field(key, "must be in [0, %v]: no owner schedule leaves the nodes free at a load of %v", MaxOwnerLoad, v)
	}
	return nil
}

func fraction(key string, r FloatRange) error {
	if !(r.Min > 0 && r.Min <= r.Max && r.Max <= 1) {
		return model.Field(key, "must satisfy 0 < min ≤ max ≤ 1 (got [%v, %v])", r.Min, r.Max)
	}
	return nil
}

func criteria(key string, names []string) error {
	if len(names) == 0 {
		return model.Field(key, "must name at least one of %v", UserCriteria)
	}
	for i, s := range names {
		if !slices.Contains(UserCriteria, s) {
			return model.Field(fmt.Sprintf("%s[%d]", key, i), "must be one of %v (got %q)", UserCriteria, s)
		}
	}
	return nil
}
