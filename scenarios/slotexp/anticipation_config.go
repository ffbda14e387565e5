package slotexp

import (
	"fmt"

	"github.com/schedsim/schedsim/policies/anticipation"
	"github.com/schedsim/schedsim/policies/css"
)

// The experiments of "Anticipation scheduling in grid with stakeholders
// preferences" (section 4).
const (
	// ExperimentReplication is section 4.1 (Table 1): CSS for C → max
	// with lim Ua = 0%, the reference limit and 100%, and the linear and
	// geometric replication of the reference solution.
	ExperimentReplication = "replication"
	// ExperimentComparison is section 4.2 (Figures 1–4): one method (BF,
	// CSS or ANT) on the same batches.
	ExperimentComparison = "comparison"
)

// The methods of the comparison.
const (
	MethodBF  = "bf"
	MethodCSS = "css"
	MethodANT = "ant"
)

// ANTConfig holds the settings of an anticipation experiment other than
// the generator's.
type ANTConfig struct {
	// Experiment is ExperimentReplication or ExperimentComparison.
	Experiment string
	// Batches is the number of independent batches (cycles).
	Batches int
	// Limit is lim Ua of the problem C → max, lim Ua (percent): the
	// reference of the replication experiment, the problem of CSS and
	// ANT in the comparison.
	Limit float64
	// Method is the comparison's method (MethodBF, MethodCSS, MethodANT).
	Method string
	// Similarity is the replication criterion: of both replications in
	// the replication experiment (its Distance is ignored there: both
	// are run), of ANT in the comparison.
	Similarity anticipation.Similarity
	// StartFromBackfilling makes a prior backfilling schedule give ANT's
	// reference start of every job (section 4.2); otherwise the
	// reference's own start is used.
	StartFromBackfilling bool
	// Check runs css.CheckPlan on every feasible schedule.
	Check bool
	// Windows, when not nil, records the alternatives and chosen windows
	// of the first batches (see Windows).
	Windows *Windows
}

// Validate checks the settings.
func (c ANTConfig) Validate() error {
	switch c.Experiment {
	case ExperimentReplication, ExperimentComparison:
	default:
		return fmt.Errorf("slotexp: experiment must be %q or %q (got %q)", ExperimentReplication, ExperimentComparison, c.Experiment)
	}
	if c.Experiment == ExperimentComparison {
		if _, err := css.Policies.New(c.Method, c.PolicyOptions()); err != nil {
			return fmt.Errorf("slotexp: method: %w", err)
		}
	}
	if c.Batches < 1 {
		return fmt.Errorf("slotexp: batches must be ≥ 1 (got %d)", c.Batches)
	}
	if err := css.CostMaxUtilityLimit(c.Limit).Validate(); err != nil {
		return err
	}
	return c.Similarity.Validate()
}

// PolicyOptions returns the options of the comparison's method, a policy
// of the css registry (css.Policies): the limit, the similarity and
// StartFromBackfilling.
func (c ANTConfig) PolicyOptions() css.Options {
	o := css.Options{
		Limit:                c.Limit,
		Distance:             c.Similarity.Distance.String(),
		ErrorFloor:           c.Similarity.Floor,
		AtReferenceStart:     c.Similarity.AtReferenceStart,
		StartFromBackfilling: c.StartFromBackfilling,
	}
	for _, t := range c.Similarity.Terms {
		o.Terms = append(o.Terms, t.String())
	}
	return o
}

// The columns of Table 1, in the paper's order, as metric prefixes.
const (
	ColumnLim0      = "lim0_"
	ColumnReference = "reference_"
	ColumnLinear    = "linear_"
	ColumnGeometric = "geometric_"
	ColumnLim100    = "lim100_"
)

// Table1Columns returns the metric prefixes of Table 1's columns.
func Table1Columns() []string {
	return []string{ColumnLim0, ColumnReference, ColumnLinear, ColumnGeometric, ColumnLim100}
}

// Table1References returns the paper's Table 1 (lim Ua = 10% as the
// reference) under the metric names of the replication experiment.
func Table1References() map[string]float64 {
	ref := map[string]float64{}
	vals := map[string][5]float64{
		MetricCost:     {1283, 1349, 1353, 1353, 1475},
		MetricProcTime: {191.6, 191.2, 190.6, 190.5, 202.3},
		MetricFinish:   {367.1, 353.8, 356.2, 356.4, 358.5},
		MetricUtility:  {0, 9.9, 17.6, 17.8, 65},
	}
	for name, v := range vals {
		for k, col := range Table1Columns() {
			ref[col+name] = v[k]
		}
	}
	return ref
}
