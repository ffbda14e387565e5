package predict_test

import (
	"fmt"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/policies/predict"
)

// EASY++'s prediction (Tsafrir, Etsion & Feitelson 2007): the mean
// runtime of the user's last two finished jobs, capped at the requested
// time, and the requested time until the user has two.
func ExampleNew() {
	p, err := predict.New("user-last-k", predict.Options{K: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	job := func(id int64, runtime, requested float64) *model.Job {
		j := model.NewJob(id, 0, 4, runtime, requested)
		j.User = 7
		return &j
	}
	for _, j := range []*model.Job{job(1, 600, 3600), job(2, 1200, 3600), job(3, 900, 3600), job(4, 100, 600)} {
		t, _ := p.Predict(j)
		fmt.Printf("job %d (requested %v s): predicted %v s\n", j.ID, j.Estimate, t)
		j.Start, j.End = 0, j.Runtime // it ran (the predictor reads its runtime)
		p.Observe(j)
	}
	// Output:
	// job 1 (requested 3600 s): predicted 3600 s
	// job 2 (requested 3600 s): predicted 3600 s
	// job 3 (requested 3600 s): predicted 900 s
	// job 4 (requested 600 s): predicted 600 s
}
