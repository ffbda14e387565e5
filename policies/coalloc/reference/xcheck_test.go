package reference

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/multicluster"
	"github.com/schedsim/schedsim/model/multicluster/multiclustertest"
	"github.com/schedsim/schedsim/policies/coalloc"
	"github.com/schedsim/schedsim/sim"
)

// references maps the metaschedulers cross-checked to their reference
// pass and whether they co-allocate.
var references = map[string]struct {
	pass    policy
	coalloc bool
}{
	"fcfs":  {fcfs, false},
	"fpfs":  {fpfs, false},
	"ebf":   {ebf, false},
	"scoal": {scoal, true},
	"coarp": {coarp, true},
}

// quarter rounds x down to a multiple of 1/4; with speeds that are
// powers of two times the reference speed, every duration and time is a
// dyadic fraction, exact in float64, so the comparison asks for equality.
func quarter(x float64) float64 { return float64(int64(x*4)) / 4 }

// workload draws a small random workload: 2–4 clusters of 1–8
// processors at 500, 1000, 2000 or 4000 MIPS (ties in speed and size
// included), a random cluster choice, 5–40 jobs with many submit ties,
// sizes up to the grid (a few beyond), run times of quarters up to 60 s
// (a few 0).
func workload(r *rand.Rand) (config, []job) {
	cfg := config{choice: []string{coalloc.ChoiceEarliestFinish, coalloc.ChoiceBestFit, coalloc.ChoiceFirstFit}[r.IntN(3)]}
	total := 0
	for range 2 + r.IntN(3) {
		c := cluster{procs: 1 + r.IntN(8), speed: []float64{500, 1000, 2000, 4000}[r.IntN(4)]}
		total += c.procs
		cfg.clusters = append(cfg.clusters, c)
	}
	jobs := make([]job, 5+r.IntN(36))
	t := 0.0
	for i := range jobs {
		switch r.IntN(4) {
		case 0:
		case 1:
			t += quarter(r.Float64() * 10)
		default:
			t += float64(r.IntN(20))
		}
		size := 1 + r.IntN(total)
		if r.IntN(30) == 0 {
			size = total + 1
		}
		run := float64(1 + r.IntN(60))
		switch r.IntN(8) {
		case 0:
			run = 0
		case 1, 2:
			run = quarter(r.Float64()*60) + 0.25
		}
		jobs[i] = job{id: int64(i + 1), submit: t, size: size, runtime: run}
	}
	cfg.coarp = coarpOptions{finish: r.IntN(2) == 0, keep: r.IntN(3) == 0, horizon: []float64{0, 0, 5, 30}[r.IntN(4)]}
	if k := r.IntN(4); k < 2 {
		cfg.coarp.finish, cfg.coarp.independent, cfg.coarp.perCluster = false, true, k == 1
	}
	return cfg, jobs
}

// schedsim replays jobs under the registered metascheduler on engine eng
// (multiclustertest.Replay: the checker on) and returns what simulate
// returns.
func schedsim(t testing.TB, name string, eng sim.Kind, cfg config, jobs []job) (map[int64][]part, []int64, error) {
	opt := coalloc.Options{ClusterChoice: cfg.choice}
	if name == "coarp" {
		opt.ClusterChoice = ""
		opt.PartsStart, opt.Surplus, opt.Horizon = coalloc.StartTogether, coalloc.SurplusTrim, cfg.coarp.horizon
		if cfg.coarp.finish {
			opt.PartsStart = coalloc.StartTogetherFinish
		}
		if cfg.coarp.keep {
			opt.Surplus = coalloc.SurplusKeep
		}
		if cfg.coarp.independent {
			opt.PartsStart, opt.Offers = coalloc.StartIndependent, coalloc.OffersAll
			if cfg.coarp.perCluster {
				opt.Offers = coalloc.OffersPerCluster
			}
		}
	}
	pol, err := coalloc.Policies.New(name, opt)
	if err != nil {
		return nil, nil, err
	}
	e, err := sim.New(eng)
	if err != nil {
		return nil, nil, err
	}
	var plat multicluster.Platform
	for i, c := range cfg.clusters {
		plat.Clusters = append(plat.Clusters, multicluster.ClusterSpec{Name: fmt.Sprintf("c%d", i), Procs: c.procs, Speed: c.speed})
	}
	mj := make([]model.Job, len(jobs))
	for i, j := range jobs {
		mj[i] = model.NewJob(j.id, j.submit, j.size, j.runtime, j.runtime)
	}
	recs, res := multiclustertest.Replay(t, e, multicluster.Config{Platform: plat, RefSpeed: refSpeed}, pol, mj)
	out := map[int64][]part{}
	for id, r := range recs {
		var ps []part
		for _, p := range r.Parts {
			ps = append(ps, part{p.Cluster, p.Procs, p.Start, p.End})
		}
		sortParts(ps)
		out[id] = ps
	}
	var rejected []int64
	for _, r := range res.Rejected {
		rejected = append(rejected, r.ID)
	}
	return out, rejected, nil
}

// check names a comparison: a metascheduler on an engine.
type check struct {
	name string
	eng  sim.Kind
	pass policy
}

// differ returns the first difference between the reference and
// schedsim, as a sentence, or "".
func (c check) differ(t testing.TB, cfg config, jobs []job) string {
	got, grej, err := schedsim(t, c.name, c.eng, cfg, jobs)
	if err != nil {
		return "schedsim: " + err.Error()
	}
	want, wrej := simulate(cfg, jobs, c.pass, references[c.name].coalloc)
	slices.Sort(grej)
	if !slices.Equal(wrej, grej) {
		return fmt.Sprintf("rejected: reference %v, schedsim %v", wrej, grej)
	}
	for _, j := range jobs {
		w, g := fmt.Sprint(want[j.id]), fmt.Sprint(got[j.id])
		if w != g {
			return fmt.Sprintf("job %d: reference %s, schedsim %s", j.id, w, g)
		}
	}
	return ""
}

// shrink drops jobs, one at a time, while bad holds, and returns the
// smallest workload so found.
func shrink(cfg config, jobs []job, bad func(config, []job) bool) []job {
	for again := true; again; {
		again = false
		for i := range jobs {
			fewer := append(append([]job(nil), jobs[:i]...), jobs[i+1:]...)
			if bad(cfg, fewer) {
				jobs, again = fewer, true
				break
			}
		}
	}
	return jobs
}

// swfLines writes a workload as SWF records (fields 1, 2, 4, 5, 8, 9) behind
// a header giving the platform and the cluster choice.
func swfLines(cfg config, jobs []job) string {
	var b strings.Builder
	fmt.Fprintf(&b, "; clusters (processors@MIPS): %v, cluster_choice: %s, coarp: %+v\n", cfg.clusters, cfg.choice, cfg.coarp)
	for _, j := range jobs {
		fmt.Fprintf(&b, "%d %v -1 %v %d -1 -1 %d %v -1 1 -1 -1 -1 -1 -1 -1 -1\n",
			j.id, j.submit, j.runtime, j.size, j.size, j.runtime)
	}
	return b.String()
}

// workloads is how many random workloads each metascheduler is checked on.
const workloads = 2000

// TestReferenceAgrees replays random workloads on the reference and on
// schedsim (the engines in turn) under every cross-checked metascheduler
// and fails on the first job whose parts differ, printing the smallest
// workload that shows it.
func TestReferenceAgrees(t *testing.T) {
	engines := sim.Kinds()
	for _, name := range slices.Sorted(maps.Keys(references)) {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(26, uint64(len(name))))
			compared := 0
			for w := range workloads {
				cfg, jobs := workload(r)
				c := check{name, engines[w%len(engines)], references[name].pass}
				d := c.differ(t, cfg, jobs)
				if d == "" {
					compared += len(jobs)
					continue
				}
				small := shrink(cfg, jobs, func(cfg config, jobs []job) bool { return c.differ(t, cfg, jobs) != "" })
				t.Fatalf("workload %d on %s: %s\nsmallest workload showing it (%s):\n%s",
					w, c.eng, d, c.differ(t, cfg, small), swfLines(cfg, small))
			}
			t.Logf("%d workloads, %d jobs: every part equal", workloads, compared)
		})
	}
}
