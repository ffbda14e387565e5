package slotexp

import (
	"testing"

	"github.com/schedsim/schedsim/policies/anticipation"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// BenchmarkANTSteps times the steps of one batch of the paper's setup.
func BenchmarkANTSteps(b *testing.B) {
	g, _ := toporkov.NewDomainGenerator(toporkov.DefaultDomainConfig(), sim.NewStreams(1, 0))
	d := g.Next()
	jobs, _, _ := CSSJobs(d.Jobs)
	var cs css.Scheduler
	alts, _ := cs.Alternatives(d.List, jobs)
	plan, _ := cs.Choose(alts, css.CostMaxUtilityLimit(10))
	refs, has := anticipation.References(plan)
	b.Run("css-alternatives", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			cs.Alternatives(d.List, jobs)
		}
	})
	for _, lim := range []float64{0, 10, 100} {
		b.Run("dp-lim"+map[float64]string{0: "0", 10: "10", 100: "100"}[lim], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				cs.Choose(alts, css.CostMaxUtilityLimit(lim))
			}
		})
	}
	b.Run("backfill", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			cs.Backfill(d.List, jobs)
		}
	})
	var r anticipation.Replicator
	b.Run("replicate", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			r.Replicate(d.List, jobs, refs, has, anticipation.Similarity{Terms: []css.Property{css.Cost, css.ProcTime}, Floor: 1})
		}
	})
	ant := anticipation.Scheduler{Problem: css.CostMaxUtilityLimit(10), Similarity: anticipation.Similarity{Terms: []css.Property{css.Cost, css.ProcTime, css.Start}, Floor: 1, Distance: anticipation.Geometric}}
	b.Run("ant-ideal", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ant.IdealAlternatives(d.List, jobs)
		}
	})
	b.Run("ant-all", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ant.Schedule(d.List, jobs, nil)
		}
	})
}
