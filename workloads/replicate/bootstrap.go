package replicate

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/schedsim/schedsim/workloads/swf"
)

// Bootstrap makes one workload by a user bootstrap: the trace is taken
// as a sample of independent users, and the workload is another sample
// of the same size drawn from it with replacement, so that the spread of
// a metric over bootstrap workloads estimates its spread over traces of
// the population (the sampling variability Resample leaves out):
//
//   - each of the trace's long-term users is replaced by a long-term user
//     drawn at random (with replacement), its activity rotated by a
//     random whole number of weeks;
//   - as many temporary users as the trace has are drawn at random (with
//     replacement), each at its own weeks, so that the number of users
//     active in a week varies as it does between traces;
//   - the length is the trace's whole weeks and the load is free: it
//     varies from workload to workload as it does from trace to trace;
//   - jobs after the end are cut, the jobs are sorted by submit time and
//     renumbered, every drawn user gets a new user id, and wait, preceding
//     job and think time become -1.
//
// The workload depends on rng only (and the pool): its draws are the
// long-term users and their rotations, in slot order, then the temporary
// users.
func (p *Pool) Bootstrap(rng *rand.Rand) (*Resampled, error) {
	end := float64(p.weeks) * SecondsPerWeek
	out := make([]swf.Record, 0, p.jobs+p.jobs/8) // a bootstrap workload is about as large as the trace
	drawn := 0
	add := func(u *subtrace, at func(submit float64) float64) {
		id := p.next + drawn
		drawn++
		for _, rec := range u.recs {
			rec.Submit = at(rec.Submit)
			if rec.Submit >= end {
				continue
			}
			rec.User = id
			out = append(out, rec)
		}
	}
	for range p.long {
		u := &p.long[rng.IntN(len(p.long))]
		s := rng.IntN(p.weeks)
		add(u, func(t float64) float64 {
			w := int(t / SecondsPerWeek)
			return float64((w-s+p.weeks)%p.weeks)*SecondsPerWeek + t - float64(w)*SecondsPerWeek
		})
	}
	for range p.temp {
		add(&p.temp[rng.IntN(len(p.temp))], func(t float64) float64 { return t })
	}
	if len(out) > MaxResampleJobs {
		return nil, fmt.Errorf("replicate: a bootstrap workload of %s has %d jobs, more than the cap %d", p.name, len(out), MaxResampleJobs)
	}
	sortBySubmit(out)
	work := 0.0
	for i := range out {
		rec := &out[i]
		work += rec.RunTime * float64(rec.Procs())
		rec.Submit += p.t0
		rec.JobNumber = int64(i + 1)
		rec.Line = i + 1
		rec.Wait, rec.PrecedingJob, rec.ThinkTime = -1, -1, -1
	}
	load := work / (float64(p.procs) * end)
	h := p.header
	h.Lines = nil
	h.MaxJobs, h.MaxRecords = int64(len(out)), int64(len(out))
	h.Note = append(slices.Clone(h.Note), fmt.Sprintf("user bootstrap of the trace by schedsim: %d weeks, load %.4g, %d long-term and %d temporary users drawn",
		p.weeks, load, len(p.long), drawn-len(p.long)))
	return &Resampled{
		Records: NewRecords(p.name, h, out),
		Weeks:   p.weeks, Load: load,
		LongUsers: len(p.long), TempUsers: drawn - len(p.long),
	}, nil
}
