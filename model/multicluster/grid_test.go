package multicluster

import (
	"errors"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// scripted is a metascheduler that places the queue head as the parts a
// function returns (nil: leave it queued).
type scripted struct {
	coalloc bool
	parts   func(v *View, j *Job) []Part
}

func (s *scripted) CoAllocates() bool { return s.coalloc }

func (s *scripted) Schedule(v *View, p Planner) error {
	for v.QueueLen() > 0 {
		parts := s.parts(v, v.Queued(0))
		if parts == nil {
			return nil
		}
		if err := p.Place(0, parts); err != nil {
			return err
		}
	}
	return nil
}

var twoClusters = Platform{Clusters: []ClusterSpec{{Name: "a", Procs: 4, Speed: 1000}, {Name: "b", Procs: 2, Speed: 2000}}}

func run(t *testing.T, s Metascheduler, jobs ...model.Job) (*Result, error) {
	t.Helper()
	g, err := New(sim.NewFast(), &model.SliceSource{Jobs: jobs}, s, Config{Platform: twoClusters, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	return g.Run(sim.Limit{})
}

func TestPlaceRejectsBadParts(t *testing.T) {
	cases := []struct {
		name  string
		parts []Part
		want  string
	}{
		{"no part", []Part{}, "placed with no part"},
		{"no such cluster", []Part{{Cluster: 2, Procs: 1}}, "on cluster 2 of 2"},
		{"in the past", []Part{{Cluster: 0, Start: -1, Procs: 2}}, "does not fit the plan"},
		{"too many processors", []Part{{Cluster: 1, Procs: 3}}, "does not fit the plan"},
		{"overlapping parts", []Part{{Cluster: 0, Procs: 3}, {Cluster: 0, Procs: 2}}, "does not fit the plan"},
		{"too few processors", []Part{{Cluster: 0, Procs: 1}}, "needs 2 processors, its parts hold 1"},
	}
	for _, c := range cases {
		s := &scripted{coalloc: true, parts: func(*View, *Job) []Part { return c.parts }}
		_, err := run(t, s, model.NewJob(1, 0, 2, 10, 10))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// A reservation accepted for job 1 on cluster a over [5, 15) must not be
// touched by job 2, which asks for a from 0 for 10 s.
func TestPlaceKeepsReservations(t *testing.T) {
	n := 0
	s := &scripted{coalloc: true, parts: func(v *View, j *Job) []Part {
		n++
		if n == 1 {
			return []Part{{Cluster: 0, Start: 5, Procs: 4}}
		}
		return []Part{{Cluster: 0, Start: v.Now(), Procs: 1}}
	}}
	_, err := run(t, s, model.NewJob(1, 0, 4, 10, 10), model.NewJob(2, 0, 1, 10, 10))
	if err == nil || !strings.Contains(err.Error(), "does not fit the plan") {
		t.Fatalf("%v", err)
	}
}

func TestDrainedWithQueuedJobs(t *testing.T) {
	s := &scripted{parts: func(*View, *Job) []Part { return nil }}
	_, err := run(t, s, model.NewJob(1, 0, 1, 1, 1))
	if err == nil || !strings.Contains(err.Error(), "drained with 1 jobs queued") {
		t.Fatalf("%v", err)
	}
}

func TestRejections(t *testing.T) {
	whole := &scripted{parts: func(v *View, j *Job) []Part { return []Part{{Cluster: 0, Start: v.Now(), Procs: j.Size()}} }}
	res, err := run(t, whole, model.NewJob(1, 0, 7, 1, 1), model.NewJob(2, 0, 5, 1, 1), model.NewJob(3, 0, 1, 0, 0), model.NewJob(4, 0, 4, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	want := []Rejected{{1, 7, ReasonGrid}, {2, 5, ReasonCluster}, {3, 1, ReasonZeroLength}}
	s := res.Summary
	if len(res.Rejected) != 3 || res.Rejected[0] != want[0] || res.Rejected[1] != want[1] || res.Rejected[2] != want[2] ||
		s.Completed != 1 || s.RejectedGrid != 1 || s.RejectedCluster != 1 || s.RejectedZero != 1 {
		t.Fatalf("rejected %v, summary %+v", res.Rejected, s)
	}
}

func TestBadJobs(t *testing.T) {
	whole := &scripted{parts: func(v *View, j *Job) []Part { return []Part{{Cluster: 0, Start: v.Now(), Procs: j.Size()}} }}
	for _, c := range []struct {
		jobs []model.Job
		want string
	}{
		{[]model.Job{model.NewJob(1, 0, 0, 1, 1)}, "job 1: needs 0 processors"},
		{[]model.Job{model.NewJob(1, 0, 1, -1, 1)}, "job 1: runtime -1"},
		{[]model.Job{model.NewJob(1, 5, 1, 1, 1), model.NewJob(2, 4, 1, 1, 1)}, "job 2: submitted at 4, before the previous job"},
	} {
		if _, err := run(t, whole, c.jobs...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want an error containing %q", err, c.want)
		}
	}
}

func TestPlatforms(t *testing.T) {
	t1 := Table1()
	if t1.TotalProcs() != 1120 || len(t1.Clusters) != 7 || t1.Clusters[6].Speed != 1600 {
		t.Fatalf("Table 1: %+v", t1)
	}
	for _, k := range []int{4, 16} {
		p := t1.Split(k)
		if p.TotalProcs() != 1120 || len(p.Clusters) != 7*k || p.Validate() != nil {
			t.Fatalf("split %d: %d processors in %d clusters (%v)", k, p.TotalProcs(), len(p.Clusters), p.Validate())
		}
	}
	bad := []Platform{
		{},
		{Clusters: []ClusterSpec{{Name: "a", Procs: 0, Speed: 1}}},
		{Clusters: []ClusterSpec{{Name: "a", Procs: 1, Speed: 0}}},
		{Clusters: []ClusterSpec{{Name: "a", Procs: 1, Speed: 1}, {Name: "a", Procs: 1, Speed: 1}}},
	}
	for _, p := range bad {
		if err := p.Validate(); !errors.Is(err, ErrPlatform) {
			t.Errorf("%+v: %v", p, err)
		}
		if _, err := New(sim.NewFast(), &model.SliceSource{}, &scripted{}, Config{Platform: p}); !errors.Is(err, ErrPlatform) {
			t.Errorf("New with %+v: %v", p, err)
		}
	}
}

func TestPerJobCSV(t *testing.T) {
	s := &scripted{coalloc: true, parts: func(v *View, j *Job) []Part {
		return []Part{{Cluster: 1, Start: v.Now(), Procs: 2}, {Cluster: 0, Start: v.Now() + 1, Procs: 3}}
	}}
	var b strings.Builder
	g, err := New(sim.NewFast(), &model.SliceSource{Jobs: []model.Job{model.NewJob(7, 2, 5, 10, 10)}}, s, Config{Platform: twoClusters, Jobs: &b, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Run(sim.Limit{}); err != nil {
		t.Fatal(err)
	}
	// Parts: b 2×[2,7), a 3×[3,13): start 2, end 13, bsld 11/11 = 1.
	want := CSVHeader + "\n7,2,2,13,5,10,0,0,1,2,2,1:2:2 0:3:3\n"
	if b.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// makespan_sum_fit leaves out the jobs larger than the largest cluster
// (4 processors): job 1 (5 processors, split 4 + 1) runs [0, 10), job 2
// (2 processors) [10, 20) on cluster a.
func TestMakespanSumFit(t *testing.T) {
	s := &scripted{coalloc: true, parts: func(v *View, j *Job) []Part {
		if j.Size() == 5 {
			return []Part{{Cluster: 0, Start: 0, Procs: 4}, {Cluster: 1, Start: 0, Procs: 1}}
		}
		return []Part{{Cluster: 0, Start: 10, Procs: 2}}
	}}
	res, err := run(t, s, model.NewJob(1, 0, 5, 10, 10), model.NewJob(2, 0, 2, 10, 10))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Summary; got.MakespanSum != 20 || got.MakespanSumFit != 10 {
		t.Errorf("makespan_sum %v, makespan_sum_fit %v; want 20 and 10", got.MakespanSum, got.MakespanSumFit)
	}
}
