package cluster

import (
	"fmt"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// depSource is a job source with user-based feedback: after[i] is the ID
// job i follows (0: none) and think[i] its think time.
type depSource struct {
	model.SliceSource
	after []int64
	think []float64
	last  int
}

func (s *depSource) Next() (model.Job, error) {
	j, err := s.SliceSource.Next()
	if err == nil {
		s.last = int(j.ID) - 1
	}
	return j, err
}

func (s *depSource) preceding() (int64, float64) { return s.after[s.last], s.think[s.last] }

// feedbackJobs is the golden workload (IDs 1…7, in submit order).
func feedbackJobs() *depSource {
	return &depSource{
		SliceSource: model.SliceSource{Jobs: jobs(
			[5]float64{1, 0, 2, 100, 100},
			[5]float64{2, 10, 1, 50, 50},
			[5]float64{3, 120, 1, 30, 30}, // follows 1 with think 50
			[5]float64{4, 130, 2, 10, 10}, // follows 2 with think 5
			[5]float64{5, 200, 1, 10, 10},
			[5]float64{7, 300, 1, 5, 5},
			[5]float64{8, 310, 1, 5, 5}, // follows 5 with think 1: read at 300, after 211
		)},
		after: []int64{0, 0, 1, 2, 0, 0, 0, 5},
		think: []float64{-1, -1, 50, 5, -1, -1, -1, 1},
	}
}

func runFeedback(t *testing.T, eng sim.Engine, src *depSource, procs int, on bool) (map[int64]model.Job, *Cluster) {
	t.Helper()
	got := map[int64]model.Job{}
	cfg := Config{Procs: procs, Check: true, OnEnd: func(j model.Job) { got[j.ID] = j }}
	if on {
		cfg.Preceding = src.preceding
	}
	c, err := New(eng, src, &fifo{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Run(sim.Limit{}); err != nil {
		t.Fatal(err)
	}
	return got, c
}

// TestFeedbackGolden replays a hand-computed case on both engines: on 2
// processors under FIFO, job 1 (2 processors) runs 0–100; job 2 waits for
// it (100–150); job 3 follows job 1 with 50 s of think time, so it is
// submitted at 150 (not 120) and runs 150–180; job 4 (2 processors)
// follows job 2 with 5 s, is submitted at 155 and waits for job 3 (180–
// 190); jobs 5 and 7 arrive at their own times; job 8 follows job 5 (ended
// 210) by 1 s but is read only when job 7 arrives at 300: it is submitted
// then (one clamped job).
func TestFeedbackGolden(t *testing.T) {
	want := map[int64][3]float64{ // submit, start, end
		1: {0, 0, 100}, 2: {10, 100, 150}, 3: {150, 150, 180}, 4: {155, 180, 190},
		5: {200, 200, 210}, 7: {300, 300, 305}, 8: {300, 300, 305},
	}
	for _, eng := range []sim.Engine{sim.NewFast(), sim.NewSimGo()} {
		t.Run(fmt.Sprintf("%T", eng), func(t *testing.T) {
			got, c := runFeedback(t, eng, feedbackJobs(), 2, true)
			for id, w := range want {
				j := got[id]
				if [3]float64{j.Submit, j.Start, j.End} != w {
					t.Errorf("job %d: submit, start, end = %v, %v, %v, want %v", id, j.Submit, j.Start, j.End, w)
				}
			}
			if len(got) != len(want) {
				t.Errorf("%d jobs ended, want %d", len(got), len(want))
			}
			if n := c.FeedbackClamped(); n != 1 {
				t.Errorf("%d clamped jobs, want 1", n)
			}
		})
	}
}

// TestFeedbackOff checks that without Config.Preceding every job keeps its
// submit time.
func TestFeedbackOff(t *testing.T) {
	src := feedbackJobs()
	got, c := runFeedback(t, sim.NewFast(), src, 2, false)
	for _, j := range src.Jobs {
		if got[j.ID].Submit != j.Submit {
			t.Errorf("job %d submitted at %v, want %v", j.ID, got[j.ID].Submit, j.Submit)
		}
	}
	if c.FeedbackClamped() != 0 {
		t.Error("clamped jobs without feedback")
	}
}

// TestFeedbackFollowsTheSchedule shows the dependence: on 1 processor
// instead of 2 (every job on 1 processor), job 2 waits for job 1 and ends
// at 150 instead of 60, so job 4, which follows it, is submitted at 155
// instead of 65 — a slower system gets its later jobs later.
func TestFeedbackFollowsTheSchedule(t *testing.T) {
	src := feedbackJobs()
	for i := range src.Jobs {
		src.Jobs[i].Size = 1
	}
	fast, _ := runFeedback(t, sim.NewFast(), src, 2, true)
	src = feedbackJobs()
	for i := range src.Jobs {
		src.Jobs[i].Size = 1
	}
	slow, _ := runFeedback(t, sim.NewFast(), src, 1, true)
	if slow[4].Submit != 155 || fast[4].Submit != 65 {
		t.Errorf("job 4: submitted at %v on 1 processor, %v on 2: want 155 and 65", slow[4].Submit, fast[4].Submit)
	}
	if slow[1].Submit != fast[1].Submit || slow[2].Submit != fast[2].Submit {
		t.Error("the jobs that follow none moved")
	}
}

// TestFeedbackUnknownPredecessor: a job that follows a job the model never
// saw (rejected as too large) arrives at its own submit time.
func TestFeedbackUnknownPredecessor(t *testing.T) {
	src := &depSource{
		SliceSource: model.SliceSource{Jobs: jobs([5]float64{1, 0, 4, 10, 10}, [5]float64{2, 50, 1, 10, 10})},
		after:       []int64{0, 1},
		think:       []float64{-1, 3},
	}
	got, _ := runFeedback(t, sim.NewFast(), src, 2, true)
	if j := got[2]; j.Submit != 50 || j.End != 60 {
		t.Errorf("job 2: submit %v end %v, want 50 and 60", j.Submit, j.End)
	}
}
