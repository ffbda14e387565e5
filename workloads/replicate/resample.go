package replicate

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/schedsim/schedsim/workloads/swf"
)

// Resample says what workload Pool.Resample makes.
type Resample struct {
	// Weeks is the length of the workload in weeks (0: the trace's
	// whole weeks).
	Weeks int
	// Load is the offered load to reach, processor-seconds over procs ×
	// the length (0: the trace's own load).
	Load float64
}

// MaxResampleJobs caps the jobs of one resampled workload: a load or a
// length that needs more is an error, not a run out of memory.
const MaxResampleJobs = 20_000_000

// Validate checks the values.
func (r Resample) Validate() error {
	switch {
	case r.Weeks < 0 || r.Weeks > 10_000:
		return fmt.Errorf("replicate: weeks = %d, want [0, 10000] (0: the trace's length)", r.Weeks)
	case !(r.Load >= 0 && r.Load <= maxLoad):
		return fmt.Errorf("replicate: load = %v, want (0, %d] (0: the trace's load)", r.Load, maxLoad)
	}
	return nil
}

// Resampled is one resampled workload.
type Resampled struct {
	*Records
	// Weeks is its length in weeks.
	Weeks int
	// Load is its offered load.
	Load float64
	// LongUsers is the number of long-term users (all of the trace's);
	// TempUsers the number of temporary users drawn.
	LongUsers, TempUsers int
}

// Resample makes one workload after Zakay & Feitelson:
//
//   - every long-term user is kept, with its activity rotated by a random
//     whole number of weeks (and repeated when the workload is longer
//     than the trace), so its jobs keep their day and time in the week;
//   - temporary users are drawn at random (with replacement) and each
//     starts its whole activity in a week of the new workload, again at
//     the same time in the week; week k gets users until the drawn
//     processor-seconds reach the (k+1)/Weeks share of what the asked load
//     leaves after the long-term users;
//   - jobs after the end are cut, the jobs are sorted by submit time and
//     renumbered, a drawn user gets a new user id, and the fields that
//     point at other jobs (wait, preceding job, think time) become -1.
//
// A load below what the long-term users alone offer, or above what a
// MaxResampleJobs workload can offer, is an error. The workload depends on
// rng only (and the pool): its draws are the long-term users' rotations,
// in user order, then the temporary users, week by week.
func (p *Pool) Resample(r Resample, rng *rand.Rand) (*Resampled, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	weeks := r.Weeks
	if weeks == 0 {
		weeks = p.weeks
	}
	load := r.Load
	if load == 0 {
		load = p.Load()
	}
	end := float64(weeks) * SecondsPerWeek
	capacity := float64(p.procs) * end
	var out []swf.Record
	longWork := 0.0
	for _, u := range p.long {
		s := rng.IntN(p.weeks)
		for _, rec := range u.recs {
			w := int(rec.Submit / SecondsPerWeek)
			t := float64((w-s+p.weeks)%p.weeks)*SecondsPerWeek + rec.Submit - float64(w)*SecondsPerWeek
			for ; t < end; t += float64(p.weeks) * SecondsPerWeek {
				rec.Submit = t
				out = append(out, rec)
				longWork += work(rec)
			}
		}
	}
	if len(out) > MaxResampleJobs {
		return nil, fmt.Errorf("replicate: %d weeks of the long-term users are %d jobs, more than the cap %d", weeks, len(out), MaxResampleJobs)
	}
	budget := load*capacity - longWork
	if budget < 0 {
		if r.Load == 0 {
			budget = 0 // the long-term users' rotation offers the trace's load on its own
		} else {
			return nil, fmt.Errorf("replicate: load %.3g cannot be reached: the long-term users alone offer %.3g (raise long_term to keep fewer users)",
				load, longWork/capacity)
		}
	}
	if budget > 0 && len(p.temp) == 0 {
		return nil, fmt.Errorf("replicate: load %.3g cannot be reached: the trace has no temporary users to draw (the long-term users offer %.3g; lower long_term)",
			load, longWork/capacity)
	}
	tempWork, drawn := 0.0, 0
	for k := range weeks {
		target := budget * float64(k+1) / float64(weeks)
		for tempWork < target {
			u := &p.temp[rng.IntN(len(p.temp))]
			shift := float64(k-u.first) * SecondsPerWeek
			id := p.next + drawn
			drawn++
			for _, rec := range u.recs {
				rec.Submit += shift
				if rec.Submit >= end {
					break
				}
				rec.User = id
				out = append(out, rec)
				tempWork += work(rec)
			}
			if len(out) > MaxResampleJobs {
				return nil, fmt.Errorf("replicate: load %.3g cannot be reached: it needs more than %d jobs", load, MaxResampleJobs)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b swf.Record) int { return cmp.Compare(a.Submit, b.Submit) })
	for i := range out {
		rec := &out[i]
		rec.Submit += p.t0
		rec.JobNumber = int64(i + 1)
		rec.Line = i + 1
		rec.Wait, rec.PrecedingJob, rec.ThinkTime = -1, -1, -1
	}
	h := p.header
	h.Lines = nil
	h.MaxJobs, h.MaxRecords = int64(len(out)), int64(len(out))
	h.Note = append(slices.Clone(h.Note), fmt.Sprintf("resampled by schedsim after Zakay & Feitelson (ICPE 2013): %d weeks, load %.4g, %d long-term users, %d temporary users drawn",
		weeks, (longWork+tempWork)/capacity, len(p.long), drawn))
	return &Resampled{
		Records: NewRecords(p.name, h, out),
		Weeks:   weeks, Load: (longWork + tempWork) / capacity,
		LongUsers: len(p.long), TempUsers: drawn,
	}, nil
}
