package scenarios

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/results/recorded"
	"github.com/schedsim/schedsim/workloads/swf"
)

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
