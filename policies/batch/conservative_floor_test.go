package batch

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"
	"github.com/schedsim/schedsim/sim"
)

// The floor of conservative backfilling: what its schedules cost in
// themselves. A recording replay of Conservative logs, pass by pass,
// every reservation it makes or moves and every start, in order;
// floorReplay then replays the same workload doing only that: no search
// (not even the ones that find the moves' new starts), no look at a
// queued job it does not act on. Its cost is the cluster's (events,
// arrivals, ends, the queue), the profile's updates (each early end's
// release, each reservation and move) and the starts: what an exact
// implementation with this availability profile would spend if it knew,
// for free, which jobs move and where. The benchmarks below time it
// beside Conservative on SDSC-BLUE and on lublin-loads' three loads
// (docs/explanation/performance-conservative.md, "The floor").

// floorAction is one thing a conservative pass did: a reservation made
// or moved to t for the job of arrival rank seq, or the start of the
// job at queue position pos.
type floorAction struct {
	start bool
	seq   uint64
	pos   int
	t     float64
}

// floorLog holds the actions of a replay and where each pass ends.
type floorLog struct {
	actions []floorAction
	ends    []int // actions[ends[k-1]:ends[k]] are pass k's
	// profiles, when checking, is Conservative's profile after each pass,
	// which the replay must have too.
	profiles [][]cluster.Step
}

// record replays jobs under conservative backfilling (options o) and
// returns its log and its per-job records, with the cluster's invariant
// checks on (clustertest.Replay) when check is set.
func record(tb testing.TB, o Options, jobs []model.Job, procs int, check bool) (*floorLog, []model.Job) {
	tb.Helper()
	p, err := Policies.New("conservative", o)
	if err != nil {
		tb.Fatal(err)
	}
	rec := &floorRecorder{Conservative: p.(*Conservative), log: &floorLog{}, seqs: map[int64]uint64{}, check: check}
	rec.SetProbe(func(id int64, at float64) {
		rec.log.actions = append(rec.log.actions, floorAction{seq: rec.seqs[id], t: at})
	})
	if check {
		recs, _ := clustertest.Replay(tb, sim.NewFast(), cluster.Config{Procs: procs}, rec, jobs)
		return rec.log, recs
	}
	replayOnce(tb, rec, jobs, procs)
	return rec.log, nil
}

// floorRecorder is Conservative with its passes and starts logged.
type floorRecorder struct {
	*Conservative
	log   *floorLog
	seqs  map[int64]uint64 // job ID → arrival rank
	check bool
}

func (r *floorRecorder) Arrived(v *cluster.View, j *cluster.Job) {
	r.seqs[j.ID()] = j.Seq()
	r.Conservative.Arrived(v, j)
}

func (r *floorRecorder) Schedule(v *cluster.View, s cluster.Starter) error {
	err := r.Conservative.Schedule(v, recordingStarter{s, r.log})
	r.log.ends = append(r.log.ends, len(r.log.actions))
	if r.check {
		r.log.profiles = append(r.log.profiles, steps(r.Profile()))
	}
	return err
}

type recordingStarter struct {
	cluster.Starter
	log *floorLog
}

func (s recordingStarter) Start(i int) error {
	s.log.actions = append(s.log.actions, floorAction{start: true, pos: i})
	return s.Starter.Start(i)
}

// floorReplay replays a floorLog: the profile updates of Conservative's
// Tracker methods (its own, embedded: the same code as in the recording)
// and at each pass the logged reservations (a move when the job held an
// earlier one) and starts. Conservative's Schedule is never called.
type floorReplay struct {
	*Conservative
	log  *floorLog
	pass int
	jobs []*cluster.Job // by arrival rank
}

var (
	_ cluster.Scheduler = (*floorReplay)(nil)
	_ cluster.Tracker   = (*floorReplay)(nil)
)

func (f *floorReplay) Arrived(v *cluster.View, j *cluster.Job) {
	f.jobs = append(f.jobs, j)
	f.Conservative.Arrived(v, j)
}

func (f *floorReplay) Schedule(v *cluster.View, s cluster.Starter) error {
	prof := f.profile(v)
	from := 0
	if f.pass > 0 {
		from = f.log.ends[f.pass-1]
	}
	for _, a := range f.log.actions[from:f.log.ends[f.pass]] {
		if a.start {
			if err := s.Start(a.pos); err != nil {
				return err
			}
			continue
		}
		j := f.jobs[a.seq]
		d, r := j.Estimate(), j.Reservation
		switch {
		case r < 0:
			prof.Reserve(a.t, a.t+d, j.Size())
		case a.t <= r:
			prof.Move(r, a.t, d, j.Size())
		default: // a repair: the reservation gave way to an overrun
			prof.Release(r, r+d, j.Size())
			prof.Reserve(a.t, a.t+d, j.Size())
		}
		j.Reservation = a.t
	}
	if f.log.profiles != nil {
		if got, want := steps(prof), f.log.profiles[f.pass]; !reflect.DeepEqual(got, want) {
			return fmt.Errorf("pass %d at %v: the replay's profile is %v, conservative's %v", f.pass, v.Now(), got, want)
		}
	}
	f.pass++
	return nil
}

// steps returns the steps of a profile (nil for none).
func steps(p *cluster.Profile) []cluster.Step {
	if p == nil {
		return nil
	}
	st := make([]cluster.Step, p.Len())
	for k := range st {
		st[k] = p.At(k)
	}
	return st
}

// newFloorReplay returns a replay of log with the order and predictor of
// options o.
func newFloorReplay(tb testing.TB, o Options, log *floorLog) *floorReplay {
	tb.Helper()
	p, err := Policies.New("conservative", o)
	if err != nil {
		tb.Fatal(err)
	}
	return &floorReplay{Conservative: p.(*Conservative), log: log}
}

// TestFloorReplaysConservative checks that the floor's replay keeps the
// profile Conservative kept, pass for pass (so that it times the same
// updates), and makes the same schedule, job for job, with the cluster's
// invariant checks on: random congested workloads, some jobs overrunning
// their estimates (repairs), under the submit and sjf orders. It fails
// with a move replayed as a reservation alone, or an early end's release
// left out.
func TestFloorReplaysConservative(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 35))
	for trial := range 24 {
		jobs, procs := congestedWorkload(rng, 150)
		o := Options{}
		if trial%2 == 1 {
			o.Order = OrderSJF
		}
		log, want := record(t, o, jobs, procs, true)
		f := newFloorReplay(t, o, log)
		got, _ := clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: procs}, f, jobs)
		if f.pass != len(log.ends) {
			t.Fatalf("trial %d: the replay made %d passes, the recording %d", trial, f.pass, len(log.ends))
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d (%s order): the floor's replay made another schedule", trial, o.Order)
		}
	}
}
