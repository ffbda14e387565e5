package scenarios

import (
	"bytes"
	"path/filepath"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/recorded"
)

// Files of a compare_recorded replay, in the point's output directory.
const (
	// RecordedJobsFile holds every job's recorded and simulated start
	// (recorded.WriteJobsCSV).
	RecordedJobsFile = "recorded.csv"
	// RecordedSummaryFile holds the comparison's summary as tidy CSV
	// (recorded.Summary.WriteCSV).
	RecordedSummaryFile = "recorded-summary.csv"
)

// compare holds the simulated starts of the replay against the recorded
// ones: the summary's scalars are appended to m, and replication 0 writes
// the per-job and summary files.
func (p *SlurmParams) compare(rc RunContext, jobs []recorded.Job, m results.Metrics) (results.Metrics, error) {
	s := recorded.Compare(jobs)
	if rc.OutDir != "" {
		var per, sum bytes.Buffer
		if err := recorded.WriteJobsCSV(&per, jobs); err != nil {
			return nil, err
		}
		if err := s.WriteCSV(&sum); err != nil {
			return nil, err
		}
		if err := results.WriteFileAtomic(filepath.Join(rc.OutDir, RecordedJobsFile), per.Bytes()); err != nil {
			return nil, err
		}
		if err := results.WriteFileAtomic(filepath.Join(rc.OutDir, RecordedSummaryFile), sum.Bytes()); err != nil {
			return nil, err
		}
	}
	return m.Add("start_error_median", s.ErrorMedian).Add("start_error_p90", s.ErrorP90).
		Add("start_within_60s", s.Within).Add("wait_ks", s.WaitKS).Add("same_order", s.SameOrder), nil
}
