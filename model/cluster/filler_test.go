package cluster

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// fillingSource is a SliceSource that is also a model.JobFiller; it
// scribbles over the Job it is given after the last job, as a filler may.
type fillingSource struct {
	model.SliceSource
}

func (s *fillingSource) NextInto(j *model.Job) error {
	next, err := s.SliceSource.Next()
	if err != nil {
		*j = model.Job{ID: -7, Submit: -7, Size: -7}
		return err
	}
	*j = next
	return nil
}

// TestFillerReadsTheSameJobs: a replay that reads its jobs in place from
// a model.JobFiller gives the same per-job records and result as one
// that reads them by value through Next, on a workload with rejected
// (too wide) jobs and overruns, on both engines.
func TestFillerReadsTheSameJobs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	var js []model.Job
	at := 0.0
	for i := range 3000 {
		at += float64(rng.IntN(30))
		run := float64(1 + rng.IntN(600))
		js = append(js, model.NewJob(int64(i+1), at, 1+rng.IntN(40), run, run*(0.5+rng.Float64())))
	}
	replay := func(src model.JobSource, eng sim.Engine) (string, *Result) {
		var out bytes.Buffer
		c, err := New(eng, src, &fifo{}, Config{Procs: 32, Check: true, Jobs: &out})
		if err != nil {
			t.Fatal(err)
		}
		res, err := c.Run(sim.Limit{})
		if err != nil {
			t.Fatal(err)
		}
		return out.String(), res
	}
	for _, eng := range []func() sim.Engine{func() sim.Engine { return sim.NewFast() }, func() sim.Engine { return sim.NewSimGo() }} {
		plain, pres := replay(&model.SliceSource{Jobs: js}, eng())
		filled, fres := replay(&fillingSource{model.SliceSource{Jobs: js}}, eng())
		if plain != filled {
			t.Fatalf("per-job records differ:\n%.300s\nvs\n%.300s", plain, filled)
		}
		if pres.Summary.Completed != fres.Summary.Completed || len(pres.Rejected) != len(fres.Rejected) || len(pres.Rejected) == 0 || pres.Summary.MeanWait != fres.Summary.MeanWait {
			t.Fatalf("results differ: %d/%d completed, %d/%d rejected", pres.Summary.Completed, fres.Summary.Completed, len(pres.Rejected), len(fres.Rejected))
		}
	}
	var _ model.JobFiller = (*fillingSource)(nil)
}
