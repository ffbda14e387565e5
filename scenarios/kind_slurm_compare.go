package scenarios

import (
	"io"
	"path/filepath"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/recorded"
)

// compare holds the simulated starts of the replay against the recorded
// ones, as the cluster kind's compare_recorded does: the summary's
// scalars are appended to m, its table goes to the run's notes (printed
// after the metrics), and replication 0 writes recorded.csv and
// recorded-summary.csv into the point's output directory.
func (p *SlurmParams) compare(rc RunContext, jobs []recorded.Job, m results.Metrics) (results.Metrics, error) {
	sum := recorded.Compare(jobs)
	rc.Log.Info().Int("compared", sum.Jobs).Int("no_recorded_start", sum.Skipped).
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
