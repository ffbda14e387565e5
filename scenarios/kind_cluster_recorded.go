package scenarios

import (
	"cmp"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/recorded"
	"github.com/schedsim/schedsim/workloads/swf"
)

// Files the cluster kind writes with compare_recorded (replication 0,
// with an output directory).
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

// RecordedMetrics returns the summary's scalars as the metrics of
// RecordedMetricNames, added to m.
func RecordedMetrics(m results.Metrics, s recorded.Summary) results.Metrics {
	for i, v := range []float64{s.ErrorMedian, s.ErrorP90, s.Within, s.WaitKS, s.SameOrder} {
		m = m.Add(RecordedMetricNames[i], v)
	}
	return m
}

// validateCompare refuses compare_recorded where the replayed jobs are not
// the recorded ones: a generated source, a shaken or resampled trace, a
// scaled load.
func (p *ClusterParams) validateCompare() error {
	switch {
	case !p.CompareRecorded:
		return nil
	case p.Source != nil && p.Source.Lublin != nil:
		return model.Field("compare_recorded", "needs a recorded history (trace: or source.sacct:), not a generated workload")
	case p.Load != 1:
		return model.Field("compare_recorded", "needs the jobs as recorded: load %v moves their submit times (use load: 1)", p.Load)
	case p.Replicate != nil && p.Replicate.Method != ReplicateWindow:
		return model.Field("compare_recorded", "needs the jobs as recorded: replicate method %s changes them (only window keeps them)", p.Replicate.Method)
	}
	return nil
}

// recordingSource passes the jobs of a JobInput to the cluster and keeps,
// for each, its recorded start (submit + the SWF wait; NaN for wait < 0),
// user, partition and, once it ends, its simulated start. It allocates
// nothing per job beyond its slice while job numbers increase in submit
// order (SWF logs, renumbered sacct); otherwise it indexes them in a map.
type recordingSource struct {
	in    *JobInput
	jobs  []recorded.Job
	parts map[int]string    // partition number → name, from the header
	index map[int64][]int32 // job number → positions, once numbers stop increasing
	names map[int]string    // user or partition number as text, interned
}

func newRecordingSource(in *JobInput) *recordingSource {
	return &recordingSource{in: in, parts: partitionNames(in.Header()), names: map[int]string{}}
}

// partitionNames reads the header's "Partition: N name" lines (as the
// sacct importer writes them); other partitions are named by number.
func partitionNames(h swf.Header) map[int]string {
	out := map[int]string{}
	for _, l := range h.Partition {
		f := strings.Fields(l)
		if len(f) != 2 {
			continue
		}
		if n, err := strconv.Atoi(f[0]); err == nil {
			out[n] = f[1]
		}
	}
	return out
}

// Next implements model.JobSource.
func (s *recordingSource) Next() (model.Job, error) {
	j, rec, err := s.in.NextRecord()
	if err != nil {
		return j, err
	}
	start := math.NaN()
	if rec.Wait >= 0 {
		start = j.Submit + rec.Wait
	}
	part, ok := s.parts[rec.Partition]
	if !ok {
		part = s.number(rec.Partition)
	}
	if n := len(s.jobs); s.index == nil && n > 0 && int64(s.jobs[n-1].ID) >= j.ID {
		s.index = make(map[int64][]int32, n)
		for i := range s.jobs {
			id := int64(s.jobs[i].ID)
			s.index[id] = append(s.index[id], int32(i))
		}
	}
	if s.index != nil {
		s.index[j.ID] = append(s.index[j.ID], int32(len(s.jobs)))
	}
	s.jobs = append(s.jobs, recorded.Job{
		ID: int(j.ID), User: s.number(rec.User), Partition: part,
		Submit: j.Submit, Recorded: start, Simulated: math.NaN(),
	})
	return j, nil
}

// number returns n as text ("" for a missing SWF field, −1 or 0 with no
// name), interned so that jobs share their user's string.
func (s *recordingSource) number(n int) string {
	if n < 0 {
		return ""
	}
	t, ok := s.names[n]
	if !ok {
		t = strconv.Itoa(n)
		s.names[n] = t
	}
	return t
}

// ended records the simulated start of a job that completed.
func (s *recordingSource) ended(j model.Job) {
	if s.index == nil {
		i, ok := slices.BinarySearchFunc(s.jobs, j.ID, func(r recorded.Job, id int64) int {
			return cmp.Compare(int64(r.ID), id)
		})
		if ok {
			s.jobs[i].Simulated = j.Start
		}
		return
	}
	// A job number listed more than once: the first of its jobs with the
	// same submit time that has not ended yet.
	for _, i := range s.index[j.ID] {
		if r := &s.jobs[i]; r.Submit == j.Submit && math.IsNaN(r.Simulated) {
			r.Simulated = j.Start
			return
		}
	}
}

// compare adds the comparison's metrics to m, its table to the notes and,
// with an output directory, its files.
func (s *recordingSource) compare(rc RunContext, m results.Metrics) (results.Metrics, error) {
	sum := recorded.Compare(s.jobs)
	rc.Log.Info().Int("compared", sum.Jobs).Int("no_recorded_start", sum.Skipped).Int("not_started", sum.Unsimulated).
		Float64("start_error_median_s", sum.ErrorMedian).Float64("same_order", sum.SameOrder).Msg("compared with the recorded starts")
	rc.AddNote(sum)
	if rc.OutDir != "" {
		if err := writeAtomic(filepath.Join(rc.OutDir, RecordedJobsFile), func(w io.Writer) error { return recorded.WriteJobsCSV(w, s.jobs) }); err != nil {
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
