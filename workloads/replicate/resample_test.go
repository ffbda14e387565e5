package replicate

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// population returns a 20-week trace on 64 processors: 4 long-term users
// submitting every 6 hours all along, and 40 temporary users active for 1
// to 3 weeks from week i/3, submitting a job every hour for a day each
// week (each job 10 minutes after the end of the previous one: a
// session). Group holds the user, so copies can be traced to it.
func population() []swf.Record {
	var recs []swf.Record
	add := func(user int, submit, run float64, procs int) {
		recs = append(recs, swf.Record{Submit: submit, Wait: 0, RunTime: run, AllocProcs: procs, ReqProcs: procs,
			ReqTime: 2 * run, User: user, Group: user, Status: 1})
	}
	for u := range 4 {
		for t := float64(u) * 600; t < 20*SecondsPerWeek; t += 6 * 3600 {
			add(u, t, 3000, 8)
		}
	}
	for u := 4; u < 44; u++ {
		first := (u - 4) / 3
		for w := first; w < min(first+1+u%3, 20); w++ {
			for h := range 24 {
				add(u, float64(w)*SecondsPerWeek+float64(u%5)*swf.SecondsPerDay+float64(h)*3600, 3000, 4+u%8)
			}
		}
	}
	sortBySubmit(recs)
	for i := range recs {
		recs[i].JobNumber, recs[i].Line = int64(i+1), i+1
	}
	return recs
}

func populationPool(t *testing.T) *Pool {
	t.Helper()
	p, err := NewPool(source(population(), 64), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A workload far beyond MaxResampleJobs is refused before a job is drawn
// (it used to be drawn up to the cap: minutes and gigabytes).
func TestResampleRefusesAHugeWorkloadAtOnce(t *testing.T) {
	p := populationPool(t)
	_, err := p.Resample(Resample{Weeks: 10000, Load: 50}, rand.New(rand.NewPCG(1, 2)))
	if err == nil || !strings.Contains(err.Error(), "load 50 over 10000 weeks needs about") || !strings.Contains(err.Error(), "more than the cap") {
		t.Errorf("got %v", err)
	}
}

// A done Context stops the drawing with its error.
func TestResampleStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := populationPool(t).Resample(Resample{Load: 0.5, Context: ctx}, rand.New(rand.NewPCG(1, 2)))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// TestResampleNoOverlappingCopies checks that no temporary user is drawn
// while a copy of it is active, at the trace's load and at twice it
// (where users must be drawn more than once), and that the load is
// reached.
func TestResampleNoOverlappingCopies(t *testing.T) {
	p := populationPool(t)
	if l, tm := p.Users(); l != 4 || tm != 40 {
		t.Fatalf("%d long-term and %d temporary users, want 4 and 40", l, tm)
	}
	for _, load := range []float64{0, 2 * p.Load()} {
		for seed := range uint64(5) {
			res, err := p.Resample(Resample{Load: load}, rng(seed))
			if err != nil {
				t.Fatal(err)
			}
			span := map[int][2]int{} // copy → first, last week
			src := map[int]int{}     // copy → source user
			for _, r := range res.All() {
				if r.User < p.next {
					continue
				}
				w := int((r.Submit - p.t0) / SecondsPerWeek)
				s, ok := span[r.User]
				if !ok {
					s = [2]int{w, w}
				}
				span[r.User] = [2]int{min(s[0], w), max(s[1], w)}
				src[r.User] = r.Group
			}
			overlaps := 0
			for a, sa := range span {
				for b, sb := range span {
					if a < b && src[a] == src[b] && sa[0] <= sb[1] && sb[0] <= sa[1] {
						overlaps++
					}
				}
			}
			if overlaps > res.TempRepeats {
				t.Errorf("load %v seed %d: %d overlapping copies of a user, %d repeats reported", load, seed, overlaps, res.TempRepeats)
			}
			want := load
			if want == 0 {
				want = p.Load()
			}
			if rel := res.Load/want - 1; rel > 0.03 || rel < -0.03 {
				t.Errorf("load %v seed %d: load %.4f, want %.4f ± 3%%", load, seed, res.Load, want)
			}
			if load > 0 && len(span) <= 40 {
				t.Errorf("load %v seed %d: %d copies of 40 users: no user drawn twice, the check is void", load, seed, len(span))
			}
		}
	}
}

// TestResampleSessions checks the preceding jobs of a resampling: each
// points at an earlier job of the same user, with the trace's think time
// (3600 s between submits − 3000 s of run time = 600 s here).
func TestResampleSessions(t *testing.T) {
	p := populationPool(t)
	if dep, jobs := p.Sessions(); dep == 0 || dep >= jobs {
		t.Fatalf("%d of %d jobs follow another", dep, jobs)
	}
	res, err := p.Resample(Resample{Weeks: 30}, rng(1))
	if err != nil {
		t.Fatal(err)
	}
	recs := res.All()
	n := 0
	for _, r := range recs {
		if r.PrecedingJob < 0 {
			if r.ThinkTime != -1 {
				t.Fatalf("job %d follows none but has think time %v", r.JobNumber, r.ThinkTime)
			}
			continue
		}
		n++
		q := recs[r.PrecedingJob-1]
		if q.JobNumber != r.PrecedingJob || q.User != r.User || !(q.Submit < r.Submit) || r.ThinkTime != 600 || r.Wait != -1 {
			t.Fatalf("job %+v follows %+v", r, q)
		}
	}
	if n == 0 {
		t.Error("no job follows another")
	}
}

// TestLinkSessions: a job follows its user's previous one when submitted
// 0 to 20 minutes after it ended, not while it runs, not later, not
// without a wait.
func TestLinkSessions(t *testing.T) {
	recs := []swf.Record{
		{Submit: 0, Wait: 10, RunTime: 100},        // ends 110
		{Submit: 200, Wait: 0, RunTime: 50},        // 90 s after: follows 0
		{Submit: 210, Wait: 0, RunTime: 50},        // while 1 runs: none
		{Submit: 260 + 1201, Wait: -1, RunTime: 5}, // 1201 s after: none
		{Submit: 2000, Wait: 0, RunTime: 5},        // previous has no wait: none
	}
	linkSessions(recs)
	var got [][2]float64
	for _, r := range recs {
		got = append(got, [2]float64{float64(r.PrecedingJob), r.ThinkTime})
	}
	want := [][2]float64{{-1, -1}, {0, 90}, {-1, -1}, {-1, -1}, {-1, -1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestResampleDeterministic: the same rng gives the same workload.
func TestResampleDeterministic(t *testing.T) {
	p := populationPool(t)
	a, err := p.Resample(Resample{Weeks: 25}, rng(9))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := p.Resample(Resample{Weeks: 25}, rng(9))
	c, _ := p.Resample(Resample{Weeks: 25}, rng(10))
	if !reflect.DeepEqual(a.All(), b.All()) {
		t.Error("the same seed gives two workloads")
	}
	if reflect.DeepEqual(a.All(), c.All()) {
		t.Error("two seeds give the same workload")
	}
}
