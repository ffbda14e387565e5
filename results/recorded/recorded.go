package recorded

import (
	"cmp"
	"math"
	"slices"

	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/workloads/replicate"
)

// WithinSeconds is the start error up to which a simulated start
// counts as matching the recorded one (Summary.Within).
const WithinSeconds = 60.0

// Job is one job's recorded and simulated start. Times are seconds on one
// clock (the replay's simulated time).
type Job struct {
	ID int
	// User and Partition name the job's groups, "" when unknown (an SWF
	// trace gives the user number as text and the partition number).
	User, Partition string
	Submit          float64
	// Recorded and Simulated are the start times; a NaN Recorded (never
	// started in the history, or SWF wait −1) or Simulated (the model did
	// not start it) leaves the job out of the comparison, counted.
	Recorded, Simulated float64
}

// Error is the job's start error: simulated − recorded start, seconds.
func (j Job) Error() float64 { return j.Simulated - j.Recorded }

// Group is the mean wait of one partition's or one user's compared jobs.
type Group struct {
	Name string // "" when unknown
	Jobs int
	// RecordedWait and SimulatedWait are the mean waits (start − submit),
	// seconds.
	RecordedWait, SimulatedWait float64
}

// Summary is the comparison of the simulated with the recorded starts.
// Every statistic is over the compared jobs (both starts known); with no
// compared job they are NaN.
type Summary struct {
	Jobs        int // jobs compared
	Skipped     int // jobs left out: recorded start unknown
	Unsimulated int // jobs left out: recorded start known, simulated start unknown
	// ErrorMedian and ErrorP90 are the median and the 90th percentile of
	// the absolute start error |Simulated − Recorded|, seconds (linear
	// interpolation between order statistics, Hyndman–Fan type 7).
	ErrorMedian, ErrorP90 float64
	// ErrorMean is the mean signed start error, seconds: positive when
	// the model starts jobs later than the history did.
	ErrorMean float64
	// Within is the share of jobs with |start error| ≤ 60 s, 0–1.
	Within float64
	// WaitKS is the two-sample Kolmogorov–Smirnov distance between the
	// recorded and the simulated waits, 0–1.
	WaitKS float64
	// SameOrder is the length of the longest common subsequence of the
	// jobs sorted by recorded start and by simulated start (ties by ID in
	// both) over Jobs, 0–1.
	SameOrder float64
	// RecordedWait and SimulatedWait are the mean waits, seconds.
	RecordedWait, SimulatedWait float64
	// ByPartition and ByUser are the mean waits per group, largest group
	// first (ties by name).
	ByPartition, ByUser []Group
}

// Compare compares the jobs' simulated with their recorded starts. It
// does not modify jobs; it allocates a few slices of len(jobs).
func Compare(jobs []Job) Summary {
	s := Summary{
		ErrorMedian: math.NaN(), ErrorP90: math.NaN(), ErrorMean: math.NaN(),
		Within: math.NaN(), WaitKS: math.NaN(), SameOrder: math.NaN(),
		RecordedWait: math.NaN(), SimulatedWait: math.NaN(),
	}
	kept := make([]int32, 0, len(jobs)) // indices of the compared jobs
	for i, j := range jobs {
		switch {
		case math.IsNaN(j.Recorded):
			s.Skipped++
		case math.IsNaN(j.Simulated):
			s.Unsimulated++
		default:
			kept = append(kept, int32(i))
		}
	}
	s.Jobs = len(kept)
	if s.Jobs == 0 {
		return s
	}
	n := float64(s.Jobs)
	abs := make([]float64, len(kept))
	recW := make([]float64, len(kept))
	simW := make([]float64, len(kept))
	var sumErr, sumRec, sumSim float64
	within := 0
	for k, i := range kept {
		j := &jobs[i]
		e := j.Error()
		sumErr += e
		abs[k] = math.Abs(e)
		if abs[k] <= WithinSeconds {
			within++
		}
		recW[k] = j.Recorded - j.Submit
		simW[k] = j.Simulated - j.Submit
		sumRec += recW[k]
		sumSim += simW[k]
	}
	s.ErrorMean = sumErr / n
	s.RecordedWait, s.SimulatedWait = sumRec/n, sumSim/n
	s.Within = float64(within) / n
	s.ByPartition = groups(jobs, kept, recW, simW, func(j *Job) string { return j.Partition })
	s.ByUser = groups(jobs, kept, recW, simW, func(j *Job) string { return j.User })
	slices.Sort(abs)
	s.ErrorMedian = cluster.Quantile(abs, 0.5)
	s.ErrorP90 = cluster.Quantile(abs, 0.9)
	s.WaitKS, _ = replicate.KS2(recW, simW, 0.05) // sorts recW and simW
	s.SameOrder = float64(sameOrder(jobs, kept)) / n
	return s
}

// groups returns the mean waits of the kept jobs grouped by key, the
// largest group first, ties by name.
func groups(jobs []Job, kept []int32, recW, simW []float64, key func(*Job) string) []Group {
	at := map[string]int{}
	var out []Group
	for k, i := range kept {
		name := key(&jobs[i])
		g, ok := at[name]
		if !ok {
			g = len(out)
			at[name] = g
			out = append(out, Group{Name: name})
		}
		out[g].Jobs++
		out[g].RecordedWait += recW[k]
		out[g].SimulatedWait += simW[k]
	}
	for i := range out {
		out[i].RecordedWait /= float64(out[i].Jobs)
		out[i].SimulatedWait /= float64(out[i].Jobs)
	}
	slices.SortFunc(out, func(a, b Group) int {
		return cmp.Or(cmp.Compare(b.Jobs, a.Jobs), cmp.Compare(a.Name, b.Name))
	})
	return out
}
