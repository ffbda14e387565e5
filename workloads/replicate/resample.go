package replicate

import (
	"context"
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
	// Context, when done, stops the drawing: Resample returns its error
	// (nil: never).
	Context context.Context
}

// stopped returns the context's error once it is done.
func (r Resample) stopped() error {
	if r.Context == nil {
		return nil
	}
	return r.Context.Err()
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
	// TempRepeats is the number of draws that had to take a temporary
	// user already active (every one was): 0 unless the asked load needs
	// more temporary users at once than the trace has.
	TempRepeats int
	// Overfull is the number of temporary users drawn although they made
	// a week busier than the trace's busiest (none of fitTries draws fit).
	Overfull int
}

// Resample makes one workload after Zakay & Feitelson:
//
//   - the long-term users are kept, their activity rotated together by
//     one random whole number of weeks (and repeated when the workload is
//     longer than the trace), so their jobs keep their day and time in
//     the week and the users their weeks relative to one another;
//   - temporary users are drawn at random and each starts its whole
//     activity in a week of the new workload, again at the same time in
//     the week; a user is never drawn while a previous copy of it is
//     still active, so no user's burst is doubled (only when every
//     temporary user is active at once is one drawn twice: TempRepeats
//     counts those draws);
//   - each week has a target (see weekTargets): the long-term users' work
//     in it plus a share of what the load leaves to the temporary users,
//     larger in the weeks the long-term users leave light; week k gets
//     users until the work submitted in weeks 0…k reaches the targets of
//     weeks 0…k, preferring users that keep every week under the trace's
//     busiest (see drawFitting), and no user is drawn once the temporary
//     users' work reaches what the load leaves;
//   - jobs after the end are cut, the jobs are sorted by submit time and
//     renumbered, and a drawn user gets a new user id;
//   - a job that followed its user's previous job in the trace (see
//     SessionGap) points at that job's new number in field 17 (preceding
//     job) with its think time in field 18, for user-based feedback;
//     the wait (field 4) becomes -1.
//
// A load below what the long-term users alone offer, or above what a
// MaxResampleJobs workload can offer, is an error. The workload depends on
// rng only (and the pool): its draws are the long-term users' rotation,
// then the temporary users, week by week.
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
	// At the trace's mean work per job, a workload that would need more
	// than twice the cap is refused before it is drawn: drawing up to the
	// cap took minutes and gigabytes, and could not be interrupted.
	// The estimate also sizes out at once: growing a slice of gigabytes
	// copies it in one memmove that nothing interrupts, not even the
	// forced stop after Ctrl-C.
	est := 0.0
	if p.work > 0 {
		if est = load * capacity * float64(p.jobs) / p.work; est > 2*MaxResampleJobs {
			return nil, fmt.Errorf("replicate: load %.3g over %d weeks needs about %.3g jobs (at the trace's %.3g processor-seconds a job), more than the cap %d",
				load, weeks, est, p.work/float64(p.jobs), MaxResampleJobs)
		}
	}
	out := make([]swf.Record, 0, min(int(est*2)+1024, MaxResampleJobs+1)) // PrecedingJob holds an index into out until the end
	longWork := 0.0
	period := float64(p.weeks) * SecondsPerWeek
	var t0 []float64
	var pos []int
	s := rng.IntN(p.weeks)
	for _, u := range p.long {
		if err := r.stopped(); err != nil {
			return nil, err
		}
		t0, pos = t0[:0], pos[:0]
		for _, rec := range u.recs {
			w := int(rec.Submit / SecondsPerWeek)
			t0 = append(t0, float64((w-s+p.weeks)%p.weeks)*SecondsPerWeek+rec.Submit-float64(w)*SecondsPerWeek)
			pos = append(pos, -1)
		}
		for m := 0.0; m*period < end; m++ {
			for i, rec := range u.recs {
				pos[i] = -1
				if t := t0[i] + m*period; t < end {
					rec.Submit = t
					rec.PrecedingJob = link(rec.PrecedingJob, pos, t0, i)
					pos[i] = len(out)
					out = append(out, rec)
					longWork += work(rec)
				}
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
	if len(p.temp) == 0 && r.Load == 0 {
		budget = 0 // the trace's load, as near as the long-term users come
	}
	if budget > 0 && len(p.temp) == 0 {
		return nil, fmt.Errorf("replicate: load %.3g cannot be reached: the trace has no temporary users to draw (the long-term users offer %.3g; lower long_term)",
			load, longWork/capacity)
	}
	weekWork := make([]float64, weeks) // processor-seconds submitted in each week
	for _, rec := range out {
		weekWork[int(rec.Submit/SecondsPerWeek)] += work(rec)
	}
	tempWork, drawn, repeats, overfull := 0.0, 0, 0, 0
	peak := p.peak * load / p.Load() // the busiest week the trace had, at the asked load
	busy := make([]int, len(p.temp)) // week after the last one of a user's latest copy
	want := weekTargets(weekWork, budget, load*capacity/float64(weeks))
	done, goal := 0.0, 0.0 // processor-seconds of weeks 0…k−1: submitted, wanted
	for k := range weeks {
		goal += want[k]
		for tempWork < budget && done+weekWork[k] < goal {
			if err := r.stopped(); err != nil {
				return nil, err
			}
			i, again, over := p.drawFitting(busy, weekWork, k, peak, budget*(1+loadSlack)-tempWork, rng)
			if again {
				repeats++
			}
			if over {
				overfull++
			}
			u := &p.temp[i]
			busy[i] = k + u.last - u.first + 1
			shift := float64(k-u.first) * SecondsPerWeek
			id := p.next + drawn
			drawn++
			base := len(out)
			for _, rec := range u.recs {
				rec.Submit += shift
				if rec.Submit >= end {
					break
				}
				rec.User = id
				if rec.PrecedingJob >= 0 {
					rec.PrecedingJob += int64(base)
				}
				out = append(out, rec)
				tempWork += work(rec)
				weekWork[int(rec.Submit/SecondsPerWeek)] += work(rec)
			}
			if len(out) > MaxResampleJobs {
				return nil, fmt.Errorf("replicate: load %.3g cannot be reached: it needs more than %d jobs", load, MaxResampleJobs)
			}
		}
		done += weekWork[k]
	}
	out = renumber(out)
	for i := range out {
		out[i].Submit += p.t0
	}
	h := p.header
	h.Lines = nil
	h.MaxJobs, h.MaxRecords = int64(len(out)), int64(len(out))
	h.Note = append(slices.Clone(h.Note), fmt.Sprintf("resampled by schedsim after Zakay & Feitelson (ICPE 2013): %d weeks, load %.4g, %d long-term users, %d temporary users drawn",
		weeks, (longWork+tempWork)/capacity, len(p.long), drawn))
	return &Resampled{
		Records: NewRecords(p.name, h, out),
		Weeks:   weeks, Load: (longWork + tempWork) / capacity,
		LongUsers: len(p.long), TempUsers: drawn, TempRepeats: repeats, Overfull: overfull,
	}, nil
}

// link returns the index in the output of a long-term user's record i's
// preceding record (its index q in the user's records, or -1), or -1
// when that record was not placed in this repetition or the rotation
// moved the two apart (the week wrapped between them).
func link(q int64, pos []int, t0 []float64, i int) int64 {
	if q < 0 || pos[q] < 0 || t0[i] < t0[q] {
		return -1
	}
	return int64(pos[q])
}

// weekTargets returns the processor-seconds each week should get: the
// long-term users' (long[k]) plus a share of the temporary users' budget
// proportional to what the week lacks to the mean (mean − long[k], 0 when
// the long-term users fill it), so the temporary users fill the weeks the
// long-term users leave light and the weeks' loads are as even as the
// trace's (independent recombination would add the two groups' weekly
// variances). The targets sum to the long-term work plus budget.
func weekTargets(long []float64, budget, mean float64) []float64 {
	want := make([]float64, len(long))
	gap := 0.0
	for _, w := range long {
		gap += max(0, mean-w)
	}
	for k, w := range long {
		want[k] = w
		if gap > 0 {
			want[k] += budget * max(0, mean-w) / gap
		} else {
			want[k] += budget / float64(len(long))
		}
	}
	return want
}

// loadSlack is the share of the temporary users' budget a draw may
// overshoot it by before the user counts as not fitting.
const loadSlack = 0.02

// fitTries is how many draws a week tries before taking a temporary user
// that raises a week above the peak.
const fitTries = 16

// drawFitting draws a temporary user for week k with drawFree, preferring
// one whose activity keeps every week at most at peak processor-seconds
// (the trace's busiest week): the trace's users did not submit more than
// the machine could take, and users recombined independently would (the
// week-scale part of Zakay & Feitelson's feedback), and whose work is at
// most room (what the load leaves, so that a short workload is not
// overshot by one heavy user). After fitTries draws that do not fit it
// takes the last one (over: true).
func (p *Pool) drawFitting(busy []int, weekWork []float64, k int, peak, room float64, rng *rand.Rand) (i int, again, over bool) {
	for range fitTries {
		i, again = drawFree(busy, k, rng)
		if u := &p.temp[i]; u.work <= room && u.fits(weekWork, k, peak) {
			return i, again, false
		}
	}
	return i, again, true
}

// fits reports whether u's activity, started in week k, keeps every week
// of weekWork at most at peak.
func (u *subtrace) fits(weekWork []float64, k int, peak float64) bool {
	for d, w := range u.weekly {
		if k+d < len(weekWork) && w > 0 && weekWork[k+d]+w > peak {
			return false
		}
	}
	return true
}

// drawFree draws a temporary user uniformly among those with no copy
// active in week k (busy[i] ≤ k), or, when every one is active, among
// all (again: true).
func drawFree(busy []int, k int, rng *rand.Rand) (i int, again bool) {
	for range 16 {
		if i := rng.IntN(len(busy)); busy[i] <= k {
			return i, false
		}
	}
	free := 0
	for _, b := range busy {
		if b <= k {
			free++
		}
	}
	if free == 0 {
		return rng.IntN(len(busy)), true
	}
	n := rng.IntN(free)
	for i = 0; busy[i] > k || n > 0; i++ {
		if busy[i] <= k {
			n--
		}
	}
	return i, false
}

// renumber returns out sorted by submit time (keeping the order of ties,
// see submitOrder), in a slice of its own length (out's capacity is
// twice the drawing's estimate, so about twice its length), with the jobs
// numbered 1, 2, … and the preceding-job indexes turned into those
// numbers.
func renumber(out []swf.Record) []swf.Record {
	keys := submitOrder(out)
	num := make([]int64, len(out)) // the new number of the record at each position
	for i := range num {
		num[i] = int64(i + 1)
	}
	for n, k := range keys {
		num[k.i] = int64(n + 1)
	}
	sorted := make([]swf.Record, len(out))
	for n := range sorted {
		i := n
		if keys != nil {
			i = keys[n].i
		}
		rec := out[i]
		rec.JobNumber = int64(n + 1)
		rec.Line = n + 1
		rec.Wait = -1
		if rec.PrecedingJob >= 0 {
			rec.PrecedingJob = num[rec.PrecedingJob]
		} else {
			rec.ThinkTime = -1
		}
		sorted[n] = rec
	}
	return sorted
}
