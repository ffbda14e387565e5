package lublin

import (
	"io"
	"sort"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/schedsim/schedsim/workloads/swf"
)

func TestExplore(t *testing.T) {
	r, err := swf.Open("../../../shared/traces/lublin_256.swf.gz", swf.ReadOptions{})
	if err != nil {
		t.Skip(err)
	}
	var ts, tr, ti []float64
	prev := -1.0
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		ts = append(ts, float64(rec.AllocProcs))
		tr = append(tr, rec.RunTime)
		if prev >= 0 {
			ti = append(ti, rec.Submit-prev)
		}
		prev = rec.Submit
	}
	for _, cl := range []string{ClassesCombined, ClassesBoth} {
		p := Defaults(256)
		p.Jobs = 10000
		p.Classes = cl
		t.Logf("%s model load %.4f", cl, p.ModelLoad())
		for seed := uint64(1); seed <= 3; seed++ {
			p.Seed = seed
			g, err := New(p)
			if err != nil {
				t.Fatal(err)
			}
			var gs, gr, gi []float64
			prev = -1
			work := 0.0
			var last float64
			for {
				rec, err := g.Next()
				if err == io.EOF {
					break
				}
				gs = append(gs, float64(rec.AllocProcs))
				gr = append(gr, rec.RunTime)
				work += rec.RunTime * float64(rec.AllocProcs)
				if prev >= 0 {
					gi = append(gi, rec.Submit-prev)
				}
				prev = rec.Submit
				last = rec.Submit
			}
			ks := func(a, b []float64) float64 {
				a, b = append([]float64(nil), a...), append([]float64(nil), b...)
				sort.Float64s(a)
				sort.Float64s(b)
				return stat.KolmogorovSmirnov(a, nil, b, nil)
			}
			t.Logf("%s seed %d: KS size %.4f runtime %.4f interarrival %.4f  load %.4f span %.1f d", cl, seed, ks(ts, gs), ks(tr, gr), ks(ti, gi), work/256/last, last/86400)
		}
	}
}
