package scenarios

import (
	"io"
	"path/filepath"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/recorded"
)

// Files a kind writes with compare_recorded (replication 0, with an
// output directory): see CompareRecorded.
const (
	RecordedJobsFile    = "recorded.csv"
	RecordedSummaryFile = "recorded-summary.csv"
)

// recordedMetrics are the metrics compare_recorded adds: the scalars of
// recorded.Summary (docs/reference/compare-recorded.md).
var recordedMetrics = map[string][2]string{
	"start_error_median": {"s", "median of |simulated − recorded start| (compare_recorded)"},
	"start_error_p90":    {"s", "90th percentile of |simulated − recorded start| (compare_recorded)"},
	"start_within_60s":   {"fraction", "share of jobs whose simulated start is within 60 s of the recorded one (compare_recorded)"},
	"wait_ks":            {"fraction", "two-sample Kolmogorov–Smirnov distance of the recorded and simulated waits (compare_recorded)"},
	"same_order":         {"fraction", "longest common subsequence of the recorded and simulated start orders / jobs (compare_recorded)"},
}

// RecordedMetricNames are the metrics of compare_recorded, in order.
var RecordedMetricNames = []string{"start_error_median", "start_error_p90", "start_within_60s", "wait_ks", "same_order"}

// RecordedMetricInfos declares the metrics of RecordedMetricNames.
func RecordedMetricInfos() []results.MetricInfo {
	return describe(RecordedMetricNames, table(recordedMetrics))
}

// RecordedMetrics returns the summary's scalars as the metrics of
// RecordedMetricNames, added to m.
func RecordedMetrics(m results.Metrics, s recorded.Summary) results.Metrics {
	for i, v := range []float64{s.ErrorMedian, s.ErrorP90, s.Within, s.WaitKS, s.SameOrder} {
		m = m.Add(RecordedMetricNames[i], v)
	}
	return m
}

// CompareRecorded compares the jobs' simulated with their recorded
// starts for a kind's compare_recorded: it returns m with the metrics of
// RecordedMetricNames added, adds the table to rc's notes and, with an
// output directory, writes RecordedJobsFile and RecordedSummaryFile. A
// kind declares the metrics with RecordedMetricInfos.
func CompareRecorded(rc RunContext, jobs []recorded.Job, m results.Metrics) (results.Metrics, error) {
	sum := recorded.Compare(jobs)
	rc.Log.Info().Int("compared", sum.Jobs).Int("no_recorded_start", sum.Skipped).Int("not_started", sum.Unsimulated).
		Float64("start_error_median_s", sum.ErrorMedian).Float64("same_order", sum.SameOrder).Msg("compared with the recorded starts")
	rc.AddNote(sum)
	if rc.OutDir != "" {
		if err := writeAtomic(filepath.Join(rc.OutDir, RecordedJobsFile), func(w io.Writer) error { return recorded.WriteJobsCSV(w, jobs) }); err != nil {
			return nil, err
		}
		if err := writeAtomic(filepath.Join(rc.OutDir, RecordedSummaryFile), sum.WriteCSV); err != nil {
			return nil, err
		}
	}
	return RecordedMetrics(m, sum), nil
}

// writeAtomic streams write's output into path, which appears whole or
// not at all.
func writeAtomic(path string, write func(io.Writer) error) error {
	f, err := results.CreateAtomic(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}
