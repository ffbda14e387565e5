package reference

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/policies/batch"
	"github.com/schedsim/schedsim/policies/predict"
	"github.com/schedsim/schedsim/sim"
)

// references maps the policies cross-checked to their reference.
var references = map[string]ref{
	"fcfs":             {pass: fcfs},
	"fpfs":             {pass: fpfs},
	"easy":             {pass: easy(false)},
	"easy-sjbf":        {pass: easy(true)},
	"conservative":     {pass: conservativeBy(consRules{})},
	"double-easy":      {pass: easy(false), predict: doubled},
	"shrinking-easy":   {pass: easy(false), predict: halved},
	"head-double-easy": {pass: easyAs(easyRules{headTwice: true})},
	"tail-double-easy": {pass: easyAs(easyRules{tailTwice: true})},
	"easy++":           {pass: easy(true), predict: userLast2},
	"greedy-easy":      {pass: greedyEASY},
	"lookahead":        {pass: lookahead},
}

// deviation is a place where schedsim does not do what its docs say:
// the reading the code takes instead, under which the reference replays
// the policy (so that everything else is still compared), and the finding.
type deviation struct {
	code    reading
	finding string
}

// deviations are the policies whose code deviates from their docs, until
// the integrator fixes one or the other; their subtests compare under the
// code's reading, then are skipped naming the finding.
var deviations = map[string]deviation{
	"double-easy": {reading{predictFromGiven: true}, "predict.Doubled predicts 2 × the given estimate, " +
		"not 2 R with R raised to 1 s (predictions.md: \"doubled | 2 R\"; cluster.md: \"The raised value is the job's requested time everywhere\")"},
	"easy++": {reading{predictFromGiven: true}, "predict's capped leaves a mean uncapped when the given estimate is 0, " +
		"where predictions.md says \"Every prediction is capped by R\" (R = the estimate raised to 1 s)"},
}

// quarter rounds x down to a multiple of 1/4: every time of a workload is
// a dyadic fraction, so sums of times (start + estimate + overrun steps)
// are exact in float64 in either association and the comparison can ask
// for equality.
func quarter(x float64) float64 { return float64(int64(x*4)) / 4 }

// workload draws a small random workload: 5–40 jobs, P in {4, 8, 16},
// the queue order submit or (one time in three) sjf,
// integer and quarter submit gaps with many ties, estimates from 0 to
// 60 s (some below 1 s), runtimes 0, below, equal to and above the
// estimate (by up to 500 s: several overrun steps), a few jobs larger
// than P, kill_at_estimate on or off, and overrun_step 60 s or (one time
// in four) 0.5 or 5 s.
func workload(r *rand.Rand) (config, []job) {
	cfg := config{procs: []int{4, 8, 16}[r.IntN(3)], kill: r.IntN(2) == 0, sjf: r.IntN(3) == 0, step: cluster.DefaultOverrunStep}
	if r.IntN(4) == 0 {
		cfg.step = []float64{0.5, 5}[r.IntN(2)]
	}
	n := 5 + r.IntN(36)
	jobs := make([]job, n)
	t := 0.0
	for i := range jobs {
		switch r.IntN(4) {
		case 0: // a tie with the previous job
		case 1:
			t += quarter(r.Float64() * 10)
		default:
			t += float64(r.IntN(30))
		}
		size := 1 + r.IntN(cfg.procs)
		if r.IntN(30) == 0 {
			size = cfg.procs + 1 + r.IntN(3)
		}
		var est float64
		switch r.IntN(5) {
		case 0:
			est = quarter(r.Float64() * 1.25) // 0 to 1 s
		case 1:
			est = quarter(r.Float64()*60) + 1
		default:
			est = float64(1 + r.IntN(60))
		}
		var run float64
		switch r.IntN(6) {
		case 0:
			run = 0
		case 1, 2:
			run = quarter(r.Float64() * est)
		case 3:
			run = est
		case 4:
			run = est + quarter(r.Float64()*10) + 0.25
		default:
			run = est + float64(1+r.IntN(500))
		}
		jobs[i] = job{id: int64(i + 1), submit: t, size: size, runtime: run, estimate: est}
	}
	return cfg, jobs
}

// extras draws, from a stream of their own (so that the workloads drawn
// before they were added stay the same), what only some policies read:
// every job's user (1 to 3, for easy++'s per-user predictions) and
// greedy-easy's delay_factor (1, pyss's default, or 0, 0.5 or 2).
func extras(r *rand.Rand, cfg *config, jobs []job) {
	cfg.delay = []float64{1, 0, 0.5, 2}[r.IntN(4)]
	for i := range jobs {
		jobs[i].user = 1 + r.IntN(3)
	}
}

// schedsim replays jobs on model/cluster under the registered policy, as
// the cluster scenario kind does, on engine eng, with the invariant
// checker on.
func schedsim(name string, eng sim.Kind, cfg config, jobs []job) (map[int64]outcome, error) {
	opt := batch.Options{Order: batch.OrderSubmit}
	switch {
	case cfg.maui != nil:
		opt.Order = batch.OrderMaui
		opt.Weights = batch.Weights{QueueTime: cfg.maui.queueTime, XFactor: cfg.maui.xfactor, Size: cfg.maui.size}
	case cfg.sjf:
		opt.Order = batch.OrderSJF
	}
	if name == "greedy-easy" {
		opt.DelayFactor = &cfg.delay
	}
	if cfg.predictor != "" {
		opt.Predictor = cfg.predictor
		opt.Predict = predict.Options{K: cfg.k, Correction: cfg.correction, Increment: cfg.increment, List: cfg.list}
	}
	pol, err := batch.Policies.New(name, opt)
	if err != nil {
		return nil, err
	}
	e, err := sim.New(eng)
	if err != nil {
		return nil, err
	}
	mj := make([]model.Job, len(jobs))
	for i, j := range jobs {
		mj[i] = model.NewJob(j.id, j.submit, j.size, j.runtime, j.estimate)
		mj[i].User = j.user
	}
	out := map[int64]outcome{}
	c, err := cluster.New(e, &model.SliceSource{Jobs: mj}, pol, cluster.Config{
		Procs:          cfg.procs,
		KillAtEstimate: cfg.kill,
		OverrunStep:    cfg.step,
		Check:          true,
		OnEnd:          func(j model.Job) { out[j.ID] = outcome{j.Start, j.End} },
	})
	if err != nil {
		return nil, err
	}
	if _, err := c.Run(sim.Limit{}); err != nil {
		return nil, err
	}
	return out, nil
}

// check names a comparison: a policy of schedsim on an engine against a
// reference pass.
type check struct {
	name string
	eng  sim.Kind
	ref  ref
}

// differ returns the first job (by ID) on which the reference and schedsim
// disagree, as a sentence, or "" when they agree on every job.
func (c check) differ(cfg config, jobs []job) string {
	got, err := schedsim(c.name, c.eng, cfg, jobs)
	if err != nil {
		return "schedsim: " + err.Error()
	}
	want := simulate(cfg, jobs, c.ref)
	ids := make([]int64, 0, len(jobs))
	for _, j := range jobs {
		ids = append(ids, j.id)
	}
	sort.Slice(ids, func(a, b int) bool { return ids[a] < ids[b] })
	for _, id := range ids {
		w, wok := want[id]
		g, gok := got[id]
		switch {
		case wok != gok:
			return fmt.Sprintf("job %d: completed in reference %v, in schedsim %v", id, wok, gok)
		case w != g:
			return fmt.Sprintf("job %d: reference [%v, %v), schedsim [%v, %v)", id, w.start, w.end, g.start, g.end)
		}
	}
	return ""
}

// shrink simplifies a workload while bad still holds for it: it drops
// jobs, one at a time, and makes runtimes equal to estimates (no early
// end, no overrun), and returns the smallest workload so found.
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
		for i := range jobs {
			if jobs[i].runtime == jobs[i].estimate {
				continue
			}
			exact := append([]job(nil), jobs...)
			exact[i].runtime = exact[i].estimate
			if bad(cfg, exact) {
				jobs, again = exact, true
			}
		}
	}
	return jobs
}

// swfLines writes a workload as SWF records (fields 1, 2, 4, 5, 8, 9, 12;
// the rest -1, status 1), behind a header that gives P, the kill switch,
// the overrun step, the order and the delay factor.
func swfLines(cfg config, jobs []job) string {
	var b strings.Builder
	order := batch.OrderSubmit
	switch {
	case cfg.maui != nil:
		order = fmt.Sprintf("%s, weights: {queue_time: %v, xfactor: %v, size: %v}", batch.OrderMaui, cfg.maui.queueTime, cfg.maui.xfactor, cfg.maui.size)
	case cfg.sjf:
		order = batch.OrderSJF
	}
	fmt.Fprintf(&b, "; MaxProcs: %d\n; kill_at_estimate: %v, overrun_step: %v, order: %s, delay_factor: %v\n", cfg.procs, cfg.kill, cfg.step, order, cfg.delay)
	if cfg.predictor != "" {
		fmt.Fprintf(&b, "; predictor: %s, predictor_k: %d, correction: %s, correction_increment: %v, correction_list: %v\n",
			cfg.predictor, cfg.k, cfg.correction, cfg.increment, cfg.list)
	}
	for _, j := range jobs {
		fmt.Fprintf(&b, "%d %v -1 %v %d -1 -1 %d %v -1 1 %d -1 -1 -1 -1 -1 -1\n",
			j.id, j.submit, j.runtime, j.size, j.size, j.estimate, j.user)
	}
	return b.String()
}

// workloads is how many random workloads each policy is checked on.
const workloads = 2000

// TestReferenceAgrees replays random workloads on the reference and on
// schedsim (the two engines in turn) under every cross-checked policy and
// fails on the first job whose start or end differs, printing the
// smallest workload that shows it. Times are compared for equality: the
// workloads' times are quarters, so every sum is exact.
func TestReferenceAgrees(t *testing.T) {
	for _, name := range slices.Sorted(maps.Keys(references)) {
		t.Run(name, func(t *testing.T) { agrees(t, name, workloads, plain) })
	}
	for _, name := range mauiPolicies {
		t.Run("maui/"+name, func(t *testing.T) { agrees(t, name, mauiWorkloads, maui) })
	}
	for _, name := range predictorPolicies {
		t.Run("predictor/"+name, func(t *testing.T) { agrees(t, name, predictorWorkloads, predicted) })
	}
}

// mode is what a subtest of TestReferenceAgrees varies beyond the
// workloads.
type mode int

const (
	plain     mode = iota
	maui           // order: maui with random weights
	predicted      // a random predictor and correction
)

// agrees is one subtest of TestReferenceAgrees: n workloads under the
// policy name, in mode m.
func agrees(t *testing.T, name string, n int, m mode) {
	seed := uint64(len(name)) + 100*uint64(m)
	r := rand.New(rand.NewPCG(26, seed))
	rx := rand.New(rand.NewPCG(27, seed))
	dev, deviates := deviations[name]
	engines := sim.Kinds()
	compared := 0
	for w := 0; w < n; w++ {
		cfg, jobs := workload(r)
		extras(rx, &cfg, jobs)
		rf := references[name]
		switch m {
		case maui:
			cfg.sjf, cfg.maui = false, mauiWeights(rx)
		case predicted:
			predictorOptions(rx, &cfg)
			rf.predict = byName(cfg.predictor)
			// The per-user and actual predictors cap as the code does
			// (deviations: easy++).
			dev, deviates = deviations["easy++"], true
		}
		cfg.alt = dev.code
		c := check{name, engines[w%len(engines)], rf}
		d := c.differ(cfg, jobs)
		if d == "" {
			compared += len(jobs)
			continue
		}
		small := shrink(cfg, jobs, func(cfg config, jobs []job) bool { return c.differ(cfg, jobs) != "" })
		t.Fatalf("workload %d on %s: %s\nsmallest workload showing it (%s):\n%s",
			w, c.eng, d, c.differ(cfg, small), swfLines(cfg, small))
	}
	t.Logf("%d workloads, %d jobs: every start and end equal", n, compared)
	if deviates {
		t.Skipf("schedsim deviates from the docs (equal above only under the code's reading): %s", dev.finding)
	}
}
