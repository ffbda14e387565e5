package replicate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/workloads/swf"
)

func bootOwnWeeks(p *Pool, r *rand.Rand) []swf.Record {
	var out []swf.Record
	end := float64(p.weeks) * SecondsPerWeek
	for range p.long {
		u := &p.long[r.IntN(len(p.long))]
		s := r.IntN(p.weeks)
		for _, rec := range u.recs {
			w := int(rec.Submit / SecondsPerWeek)
			rec.Submit = float64((w-s+p.weeks)%p.weeks)*SecondsPerWeek + rec.Submit - float64(w)*SecondsPerWeek
			out = append(out, rec)
		}
	}
	for range p.temp {
		u := &p.temp[r.IntN(len(p.temp))]
		for _, rec := range u.recs {
			if rec.Submit < end {
				out = append(out, rec)
			}
		}
	}
	sortBySubmit(out)
	return out
}

func logMS(xs []float64) (float64, float64) {
	ls := make([]float64, len(xs))
	for i, x := range xs {
		ls[i] = math.Log(x)
	}
	return meanSD(ls)
}

func TestExplore3(t *testing.T) {
	const reps = 30
	tq := results.TQuantile(0.95, reps-1) * math.Sqrt(1+1.0/reps)
	truthRT := 4357.5
	truthW := 19938.0
	cov := map[string]*coverage{}
	for _, n := range []string{"rt lin", "rt log", "rt own lin", "rt own log", "w lin", "w log", "w own lin", "w own log"} {
		cov[n] = &coverage{name: n}
	}
	var biasW, biasWown []float64
	for trial := range 60 {
		p, _ := NewPool(populationTrace(t, uint64(trial+1)), 0, 0)
		var all []swf.Record
		for _, u := range append(append([]subtrace{}, p.long...), p.temp...) {
			all = append(all, u.recs...)
		}
		sortBySubmit(all)
		mT := easyWait(t, all)
		var a, b, c, d []float64
		for rep := range reps {
			bs, _ := p.Bootstrap(rng(uint64(trial*1000 + rep)))
			a = append(a, meanRunTime(bs.All()))
			c = append(c, easyWait(t, bs.All()))
			o := bootOwnWeeks(p, rng(uint64(trial*1000+rep+500)))
			b = append(b, meanRunTime(o))
			if trial < 60 {
				d = append(d, easyWait(t, o))
			}
		}
		add := func(name string, xs []float64, truth float64) {
			m, s := meanSD(xs)
			cov[name+" lin"].add(truth, m, tq*s)
			lm, ls := logMS(xs)
			lo, hi := math.Exp(lm-tq*ls), math.Exp(lm+tq*ls)
			cov[name+" log"].add(truth, (lo+hi)/2, (hi-lo)/2)
		}
		add("rt", a, truthRT)
		add("rt own", b, truthRT)
		add("w", c, truthW)
		add("w own", d, truthW)
		mc, _ := meanSD(c)
		md, _ := meanSD(d)
		biasW = append(biasW, mc-mT)
		biasWown = append(biasWown, md-mT)
	}
	for _, n := range []string{"rt lin", "rt log", "rt own lin", "rt own log", "w lin", "w log", "w own lin", "w own log"} {
		t.Log(cov[n])
	}
	b1, _ := meanSD(biasW)
	b2, _ := meanSD(biasWown)
	t.Logf("EASY wait bias mean(R)-m(T): by-week %.0f own-weeks %.0f", b1, b2)
}
