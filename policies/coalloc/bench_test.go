package coalloc

import (
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/multicluster"
	"github.com/schedsim/schedsim/sim"
)

// benchRun runs jobs (in memory: the benchmark measures the simulation,
// not the SWF parsing) on plat under a policy and returns the result.
func benchRun(b *testing.B, plat multicluster.Platform, name string, opts Options, jobs []model.Job) *multicluster.Result {
	pol, err := Policies.New(name, opts)
	if err != nil {
		b.Fatal(err)
	}
	g, err := multicluster.New(sim.NewFast(), &model.SliceSource{Jobs: jobs}, pol, multicluster.Config{Platform: plat})
	if err != nil {
		b.Fatal(err)
	}
	res, err := g.Run(sim.Limit{})
	if err != nil {
		b.Fatal(err)
	}
	return res
}

// BenchmarkPaper270Days is the paper's experiment: the 270 days of SDSC
// Blue on the Table 1 grid under all five policies, one after the other.
func BenchmarkPaper270Days(b *testing.B) {
	jobs := loadBlue(b, 0)
	b.ReportAllocs()
	for b.Loop() {
		for _, name := range []string{"fcfs", "ebf", "fpfs", "scoal", "coarp"} {
			benchRun(b, multicluster.Table1(), name, Options{}, jobs)
		}
	}
	b.ReportMetric(float64(len(jobs)), "jobs")
}

// BenchmarkPolicy270Days runs the 270 days under each policy and COARP
// reading.
func BenchmarkPolicy270Days(b *testing.B) {
	jobs := loadBlue(b, 0)
	for i, v := range variants {
		if i >= 5 && v.name != "coarp" || v.opts.Surplus == SurplusKeep {
			continue // keep saturates the grid: see the README
		}
		b.Run(variantName(i), func(b *testing.B) {
			b.ReportAllocs()
			var res *multicluster.Result
			for b.Loop() {
				res = benchRun(b, multicluster.Table1(), v.name, v.opts, jobs)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(jobs)), "ns/job")
			b.ReportMetric(res.Summary.MeanWait, "mean_wait_s")
		})
	}
}

// BenchmarkCOARPClusters measures COARP's offers on grids of the same
// 1120 processors cut into 7, 28 and 112 clusters (Table 1 with every
// cluster split in 1, 4 or 16), on the first 20 000 jobs: ns per job and
// per job and cluster.
func BenchmarkCOARPClusters(b *testing.B) {
	jobs := loadBlue(b, 20000)
	for _, k := range []int{1, 4, 16} {
		plat := multicluster.Table1().Split(k)
		for _, start := range []string{StartTogetherFinish, StartTogether, StartIndependent} {
			b.Run(start+"/clusters="+itoa(len(plat.Clusters)), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					benchRun(b, plat, "coarp", Options{PartsStart: start}, jobs)
				}
				perJob := float64(b.Elapsed().Nanoseconds()) / float64(b.N*len(jobs))
				b.ReportMetric(perJob, "ns/job")
				b.ReportMetric(perJob/float64(len(plat.Clusters)), "ns/job/cluster")
			})
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
