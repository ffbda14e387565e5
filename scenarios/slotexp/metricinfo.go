package slotexp

import (
	"strings"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// The units of the slot experiments: the slot models count time in
// abstract units and prices in abstract money.
const (
	unitTime     = "model time units"
	unitNodeTime = "node × model time units"
	unitCost     = "cost units"
	unitCount    = "count"
	unitFraction = "fraction"
	unitRatio    = "ratio"
	unitPercent  = "%"
)

// alpampInfo are the metrics of Tally.Metrics (the slots kind).
var alpampInfo = map[string][2]string{
	MetricTimeMinALPTime:      {unitTime, "mean runtime per job, time minimisation, ALP"},
	MetricTimeMinAMPTime:      {unitTime, "mean runtime per job, time minimisation, AMP"},
	MetricTimeMinALPCost:      {unitCost, "mean cost per job, time minimisation, ALP"},
	MetricTimeMinAMPCost:      {unitCost, "mean cost per job, time minimisation, AMP"},
	MetricALPAltsPerJob:       {unitCount, "alternatives found per job by ALP"},
	MetricAMPAltsPerJob:       {unitCount, "alternatives found per job by AMP"},
	MetricCostMinALPCost:      {unitCost, "mean cost per job, cost minimisation, ALP"},
	MetricCostMinAMPCost:      {unitCost, "mean cost per job, cost minimisation, AMP"},
	MetricCostMinALPTime:      {unitTime, "mean runtime per job, cost minimisation, ALP"},
	MetricCostMinAMPTime:      {unitTime, "mean runtime per job, cost minimisation, AMP"},
	MetricRatioTimeMinTime:    {unitRatio, "AMP / ALP mean runtime, time minimisation"},
	MetricRatioTimeMinCost:    {unitRatio, "AMP / ALP mean cost, time minimisation"},
	MetricRatioAltsPerJob:     {unitRatio, "AMP / ALP alternatives per job"},
	MetricRatioCostMinCost:    {unitRatio, "AMP / ALP mean cost, cost minimisation"},
	MetricRatioCostMinTime:    {unitRatio, "AMP / ALP mean runtime, cost minimisation"},
	MetricTimeMinALPBatchTime: {unitTime, "total runtime of the batch per counted cycle, time minimisation, ALP"},
	MetricTimeMinAMPBatchTime: {unitTime, "total runtime of the batch per counted cycle, time minimisation, AMP"},
	MetricCostMinALPBatchCost: {unitCost, "total cost of the batch per counted cycle, cost minimisation, ALP"},
	MetricCostMinAMPBatchCost: {unitCost, "total cost of the batch per counted cycle, cost minimisation, AMP"},
	MetricCycles:              {unitCount, "scheduling cycles run"},
	MetricCountedCycles:       {unitCount, "cycles counted (every job found an alternative under both methods)"},
	MetricCountedFraction:     {unitFraction, "share of the cycles that were counted"},
	MetricJobsPerCounted:      {unitCount, "jobs per counted cycle"},
	MetricSlotsPerCounted:     {unitCount, "free slots per counted cycle"},
	MetricNodesPerJob:         {unitCount, "nodes requested per job of the counted cycles"},
	MetricALPTStarRaised:      {unitFraction, "share of counted cycles in which ALP raised T*"},
	MetricAMPTStarRaised:      {unitFraction, "share of counted cycles in which AMP raised T*"},
	MetricAMPFaster:           {unitFraction, "share of counted cycles whose least batch time is lower with AMP than with ALP"},
}

// ALPAMPMetricInfo describes a metric of the ALP/AMP experiment (the
// slots kind); false for a name it does not report.
func ALPAMPMetricInfo(name string) (results.MetricInfo, bool) {
	d, ok := alpampInfo[name]
	return results.MetricInfo{Name: name, Unit: d[0], Description: d[1]}, ok
}

// measureInfo are the per-job means of MethodTally.Metrics, by suffix.
var measureInfo = []struct{ suffix, unit, desc string }{
	{MetricStart, unitTime, "mean start time of the scheduled jobs"},
	{MetricFinish, unitTime, "mean finish time of the scheduled jobs"},
	{MetricRuntime, unitTime, "mean runtime of the scheduled jobs"},
	{MetricProcTime, unitNodeTime, "mean processor time (nodes × runtime) of the scheduled jobs"},
	{MetricCost, unitCost, "mean cost of the scheduled jobs"},
	{MetricUtility, unitPercent, "mean user utility Ua of the scheduled jobs"},
	{MetricBatchCost, unitCost, "mean total cost per batch"},
	{MetricMakespan, unitTime, "mean makespan per batch"},
	{MetricUnscheduled, unitFraction, "share of jobs left unscheduled"},
}

// derivedInfo are the derived anticipation metrics (ant_derived.go), by
// name after a Table 1 column's prefix.
var derivedInfo = map[string][2]string{
	MetricCostRatio:     {unitRatio, "mean cost per job / the reference column's"},
	MetricUtilityRatio:  {unitRatio, "mean Ua / the reference column's"},
	MetricCostDeviation: {unitPercent, "100 × (mean cost − the reference's) / (lim Ua = 100% cost − lim Ua = 0% cost)"},
	MetricProcTimeGap:   {unitPercent, "100 × (T − C) / C: processor time of the runtime-criterion (T) jobs against the cost-criterion (C) jobs"},
	MetricCostGap:       {unitPercent, "100 × (C − T) / T: cost of the cost-criterion (C) jobs against the runtime-criterion (T) jobs"},
}

// table1Column names the Table 1 columns in descriptions.
var table1Column = map[string]string{
	ColumnLim0: "lim Ua = 0%", ColumnReference: "reference lim Ua", ColumnLinear: "ANT, linear distance",
	ColumnGeometric: "ANT, geometric distance", ColumnLim100: "lim Ua = 100%",
}

// ANTMetricInfo describes a metric of the anticipation kind (see
// ANTRunner.Metrics): a Table 1 column's (prefixed) or the comparison
// method's measures, per user criterion under <criterion>_jobs_; false
// for a name it does not report.
func ANTMetricInfo(name string) (results.MetricInfo, bool) {
	if name == "alternatives_per_job" {
		return results.MetricInfo{Name: name, Unit: unitCount, Description: "CSS alternatives found per job"}, true
	}
	rest, where := name, ""
	for _, col := range Table1Columns() {
		if r, ok := strings.CutPrefix(name, col); ok {
			rest, where = r, table1Column[col]
		}
	}
	if d, ok := derivedInfo[rest]; ok {
		if where != "" {
			d[1] += " (" + where + ")"
		}
		return results.MetricInfo{Name: name, Unit: d[0], Description: d[1]}, true
	}
	for _, crit := range toporkov.UserCriteria {
		if r, ok := strings.CutPrefix(rest, crit+"_jobs_"); ok {
			rest = r
			where = strings.TrimPrefix(where+", ", ", ") + "jobs with criterion " + crit
		}
	}
	for _, m := range measureInfo {
		if rest == m.suffix {
			d := m.desc
			if where != "" {
				d += " (" + where + ")"
			}
			return results.MetricInfo{Name: name, Unit: m.unit, Description: d}, true
		}
	}
	return results.MetricInfo{Name: name}, false
}

// variantName names the css2014 variants in descriptions.
var variantName = map[string]string{
	VariantCSS: "CSS", VariantGeneralised: "generalised scheme", VariantShift: "CSS + shift",
	VariantHybrid: "hybrid CSS + backfilling", VariantBackfill: "backfilling",
	ViewVariant: "the point's variant", ViewRow: "the point's Table 1 row",
}

// css2014Derived describes the metrics of CSS2014Derived.
var css2014Derived = map[string][2]string{
	"gen_vs_backfill_proc_pct":         {unitPercent, "advantage of the generalised scheme over backfilling on processor time, 100·(BF − gen)/BF (Table 3)"},
	"gen_vs_backfill_start_pct":        {unitPercent, "advantage of the generalised scheme over backfilling on start, 100·(BF − gen)/gen (Table 3)"},
	"gen_vs_backfill_actual_proc_pct":  {unitPercent, "advantage of the generalised scheme over backfilling on processor time, actual runtimes (Table 3)"},
	"gen_vs_backfill_actual_start_pct": {unitPercent, "advantage of the generalised scheme over backfilling on start, actual runtimes (Table 3)"},
	"gen_vs_backfill_proc_growth":      {unitPercent, "actual minus planned processor-time advantage over backfilling (percentage points)"},
	"backfill_actual_start_cut_pct":    {unitPercent, "how much earlier backfilling's jobs start with actual runtimes, 100·(planned − actual)/planned"},
	"gen_vs_css_proc_pct":              {unitPercent, "gain of the generalised scheme over CSS on processor time, 100·(CSS − gen)/CSS"},
	"hybrid_start_minus_proc":          {unitTime, "hybrid's mean start minus mean processor time per job (Figure 4's curves cross at 0)"},
}

// css2014Measures are the suffixes of the css2014 metrics, longest
// first where one ends another.
var css2014Measures = []struct{ suffix, unit, desc string }{
	{"_failed_share", unitFraction, "share of cycles in which some job found no window"},
	{"_group_alternatives", unitCount, "alternatives per cycle of the scheduled jobs of one user-criterion group (a quarter of the batch)"},
	{"_alternatives", unitCount, "alternatives per scheduled job"},
	{"_start_plus_proc", unitTime, "mean start + processor time per scheduled job"},
	{"_batch_proc", unitNodeTime, "processor time of the scheduled jobs per cycle"},
	{"_batch_cost", unitCost, "cost of the scheduled jobs per cycle"},
	{"_start", unitTime, "mean start time per scheduled job"},
	{"_runtime", unitTime, "mean runtime per scheduled job"},
	{"_finish", unitTime, "mean finish time per scheduled job"},
	{"_cost", unitCost, "mean cost per scheduled job"},
	{"_proc", unitNodeTime, "mean processor time per scheduled job"},
}

// CSS2014MetricInfo describes a metric of the css2014 kind (see
// CSS2014Cycler.Metrics); false for a name it does not report.
func CSS2014MetricInfo(name string) (results.MetricInfo, bool) {
	switch name {
	case "owned_busy":
		return results.MetricInfo{Name: name, Unit: unitTime, Description: "busy time of the owned node per cycle"}, true
	case "owned_load":
		return results.MetricInfo{Name: name, Unit: unitFraction, Description: "load of the owned node (busy time / cycle length)"}, true
	case "owned_profit":
		return results.MetricInfo{Name: name, Unit: unitCost, Description: "owner's profit from the owned node per cycle"}, true
	}
	if d, ok := css2014Derived[name]; ok {
		return results.MetricInfo{Name: name, Unit: d[0], Description: d[1]}, true
	}
	for _, v := range append(CSS2014Variants(), ViewVariant, ViewRow) {
		rest, ok := strings.CutPrefix(name, v)
		if !ok {
			continue
		}
		where := variantName[v]
		if r, ok := strings.CutPrefix(rest, "_actual"); ok {
			rest, where = r, where+", actual runtimes"
		}
		if r, ok := strings.CutPrefix(rest, "_by_"); ok {
			for _, c := range criterionOrder {
				if r2, ok := strings.CutPrefix(r, c.String()); ok {
					rest, where = r2, where+", jobs with criterion "+c.String()
				}
			}
		}
		for _, m := range css2014Measures {
			if rest == m.suffix {
				return results.MetricInfo{Name: name, Unit: m.unit, Description: m.desc + " (" + where + ")"}, true
			}
		}
	}
	return results.MetricInfo{Name: name}, false
}
