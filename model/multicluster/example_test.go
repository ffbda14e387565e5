package multicluster_test

import (
	"fmt"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/multicluster"
	"github.com/schedsim/schedsim/policies/coalloc"
	"github.com/schedsim/schedsim/sim"
)

// A grid of two clusters, 4 processors at 1000 MIPS and 2 at 2000 MIPS,
// under COARP. Job 1 needs 5 processors: more than either cluster, so it
// is co-allocated; its part on the fast cluster ends first. Job 2 needs
// the whole grid and waits for job 1.
func Example() {
	plat := multicluster.Platform{Clusters: []multicluster.ClusterSpec{
		{Name: "slow", Procs: 4, Speed: 1000},
		{Name: "fast", Procs: 2, Speed: 2000},
	}}
	jobs := []model.Job{
		model.NewJob(1, 0, 5, 10, 10), // 5 processors, 10 s at 1000 MIPS
		model.NewJob(2, 1, 6, 4, 4),
	}
	pol, _ := coalloc.Policies.New("coarp", coalloc.Options{})
	g, err := multicluster.New(sim.NewFast(), &model.SliceSource{Jobs: jobs}, pol, multicluster.Config{
		Platform: plat,
		OnEnd: func(r multicluster.Record) {
			fmt.Printf("job %d: wait %v, ends %v on %d clusters:", r.Job.ID, r.Job.Wait(), r.Job.End, r.Clusters)
			for _, p := range r.Parts {
				fmt.Printf(" %s %d×[%v,%v)", plat.Clusters[p.Cluster].Name, p.Procs, p.Start, p.End)
			}
			fmt.Println()
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := g.Run(sim.Limit{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := res.Summary
	fmt.Printf("makespan Σ(F−E) %v, utilization %.3f %.3f, load balance σ %.3f\n",
		s.MakespanSum, s.ClusterUtilization[0], s.ClusterUtilization[1], s.LoadBalance)
	// Output:
	// job 1: wait 0, ends 10 on 2 clusters: fast 2×[0,5) slow 3×[0,10)
	// job 2: wait 9, ends 14 on 2 clusters: fast 2×[10,12) slow 4×[10,14)
	// makespan Σ(F−E) 14, utilization 0.821 0.500, load balance σ 0.161
}
