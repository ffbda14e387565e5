package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/schedsim/schedsim/model"
	"math"
	"sync"
	"testing"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

func ptr(x float64) *float64 { return &x }

func TestKaratzaValidate(t *testing.T) {
	if err := NewKaratzaParams().Validate(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	cases := []struct {
		key string
		mod func(p *KaratzaParams)
	}{
		{"local_rate", func(p *KaratzaParams) { p.LocalRate = ptr(0) }},
		{"local_rate", func(p *KaratzaParams) { p.LocalRate = ptr(-12.5) }},
		{"local_rate", func(p *KaratzaParams) { p.LocalRate = ptr(math.NaN()) }},
		{"local_rate", func(p *KaratzaParams) { p.LocalRate, p.LocalInterarrival = ptr(10), ptr(0.1) }},
		{"local_interarrival", func(p *KaratzaParams) { p.LocalInterarrival = ptr(0) }},
		{"local_interarrival", func(p *KaratzaParams) { p.LocalInterarrival = ptr(math.Inf(1)) }},
		{"gang_rate", func(p *KaratzaParams) { p.GangRate = 0 }},
		{"gang_sizes", func(p *KaratzaParams) { p.Approach, p.GangSizes = 1, "2..17" }},
		{"gang_sizes", func(p *KaratzaParams) { p.Approach, p.GangSizes = 1, "2,4,8,16,32" }},
		{"gang_sizes", func(p *KaratzaParams) { p.Approach, p.GangSizes = 2, "2..33" }},
		{"gang_sizes", func(p *KaratzaParams) { p.GangSizes = "big" }},
		{"estimate_error", func(p *KaratzaParams) { p.EstimateError = -1 }},
		{"estimate_error", func(p *KaratzaParams) { p.EstimateError = 100 }},
		{"estimate_error", func(p *KaratzaParams) { p.EstimateError = math.NaN() }},
		{"approach", func(p *KaratzaParams) { p.Approach = 3 }},
		{"sites", func(p *KaratzaParams) { p.Sites = 0 }},
		{"processors", func(p *KaratzaParams) { p.Processors = 0 }},
		{"service_mean", func(p *KaratzaParams) { p.ServiceMean = -1 }},
		{"split_overhead", func(p *KaratzaParams) { p.SplitOverhead = -10 }},
		{"threshold", func(p *KaratzaParams) { p.Threshold = math.Inf(1) }},
		{"local_queue", func(p *KaratzaParams) { p.LocalQueue = "easy" }},
		{"routing", func(p *KaratzaParams) { p.Routing = "random" }},
		{"gs_queue", func(p *KaratzaParams) { p.GSQueue = "fifo" }},
		{"site_choice", func(p *KaratzaParams) { p.SiteChoice = "nearest" }},
		{"queue_pick", func(p *KaratzaParams) { p.QueuePick = "last" }},
		{"dispatch", func(p *KaratzaParams) { p.Dispatch = "idle" }},
		{"jobs", func(p *KaratzaParams) { p.Jobs = 0 }},
		{"warmup_jobs", func(p *KaratzaParams) { p.WarmupJobs = -1 }},
	}
	for _, c := range cases {
		p := NewKaratzaParams()
		c.mod(p)
		err := p.Validate()
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Path != c.key {
			t.Errorf("want a *model.FieldError on %s, got %v", c.key, err)
		}
	}
	// Gangs larger than a site are fine for approach 2 (they can only run
	// split), and a gang of a whole site is fine for approach 1.
	for _, c := range []struct {
		approach int
		sizes    string
	}{{2, "2..32"}, {1, "pow2"}} {
		p := NewKaratzaParams()
		p.Approach, p.GangSizes = c.approach, c.sizes
		if err := p.Validate(); err != nil {
			t.Errorf("approach %d, sizes %s: %v", c.approach, c.sizes, err)
		}
	}
}

func TestKaratzaBuiltins(t *testing.T) {
	sc, err := Load("karatza2010")
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Points) != 36 || sc.Replications != 10 || sc.Stop.CompletedJobs != 120000 {
		t.Fatalf("karatza2010: %d points, %d replications, stop %+v", len(sc.Points), sc.Replications, sc.Stop)
	}
	refs := 0
	for _, pt := range sc.Points {
		p := pt.Params.(*KaratzaParams)
		if _, ok := p.References()["utilization"]; ok {
			refs++
		}
	}
	if refs != 6 {
		t.Errorf("%d points carry the paper's utilization, want 6 (2 approaches × 3 λ)", refs)
	}
	q, err := Load("karatza-quick")
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Points) != 1 || q.Points[0].Params.(*KaratzaParams).References()["utilization"] != 0.73791 {
		t.Errorf("karatza-quick: %d points, references %v", len(q.Points), q.Points[0].Params.(*KaratzaParams).References())
	}
}

func TestKaratzaReferences(t *testing.T) {
	cases := []struct {
		mod  func(p *KaratzaParams)
		want float64 // 0: no utilization reference
	}{
		{func(p *KaratzaParams) { p.Approach, p.LocalRate = 1, ptr(12.5) }, 0.87999},
		{func(p *KaratzaParams) { p.LocalInterarrival = ptr(0.12) }, 0.63490},
		{func(p *KaratzaParams) { p.LocalRate = ptr(8.3) }, 0.63490},
		{func(p *KaratzaParams) {}, 0.73791},
		{func(p *KaratzaParams) { p.EstimateError = 10 }, 0},
		{func(p *KaratzaParams) { p.GangSizes = "pow2" }, 0},
		{func(p *KaratzaParams) { p.LocalRate = ptr(11) }, 0},
		{func(p *KaratzaParams) { p.LocalQueue = "fcfs" }, 0},
	}
	for i, c := range cases {
		p := NewKaratzaParams()
		c.mod(p)
		refs := p.References()
		if got := refs["utilization"]; got != c.want {
			t.Errorf("case %d: utilization reference %v, want %v", i, got, c.want)
		}
		if refs["offered_load"] <= 0 {
			t.Errorf("case %d: no offered load reference", i)
		}
	}
}

// runKaratza runs replications 0 … reps-1 of p (seed 2010, as the built-in
// scenarios) on two goroutines.
func runKaratza(t *testing.T, p *KaratzaParams, reps, jobs int, check bool) []results.Metrics {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	out := sim.Replicate(context.Background(), reps, 2, func(r int) (results.Metrics, error) {
		return p.Run(RunContext{Engine: sim.NewFast(), Streams: sim.NewStreams(2010, r), Stop: Stop{CompletedJobs: jobs}, Check: check})
	}, nil)
	ms := make([]results.Metrics, reps)
	for r, o := range out {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		ms[r] = o.Value
		checkUtilization(t, p, o.Value)
	}
	return ms
}

// checkUtilization: a replication's busy time never exceeds the work that
// arrived (plus split overheads).
func checkUtilization(t *testing.T, p *KaratzaParams, m results.Metrics) {
	t.Helper()
	u, _ := m.Get("utilization")
	off, _ := m.Get("offered_load")
	over, _ := m.Get("overhead_load")
	if !(u <= off+over+1e-12) || !(u > 0) {
		t.Errorf("%s: utilization %v above the offered load %v + overhead %v", label(p), u, off, over)
	}
}

func label(p *KaratzaParams) string {
	return fmt.Sprintf("approach %d λ=%.4g sizes=%s E=%v", p.Approach, p.lambda(), p.GangSizes, p.EstimateError)
}

func karatzaPoint(approach int, lambda float64, sizes string, e float64) *KaratzaParams {
	p := NewKaratzaParams()
	p.Approach, p.GangSizes, p.EstimateError = approach, sizes, e
	if lambda == 1/0.12 {
		p.LocalInterarrival = ptr(0.12)
	} else {
		p.LocalRate = ptr(lambda)
	}
	return p
}

func TestKaratzaEnginesAgree(t *testing.T) {
	for _, p := range []*KaratzaParams{karatzaPoint(2, 12.5, "pow2", 30), karatzaPoint(1, 10, "uniform", 10)} {
		var csv [2]bytes.Buffer
		var ms [2]results.Metrics
		for i, eng := range []sim.Engine{sim.NewFast(), sim.NewSimGo()} {
			m, err := p.Run(RunContext{Engine: eng, Streams: sim.NewStreams(9, 1), Stop: Stop{CompletedJobs: 5000}, Jobs: &csv[i], Check: true})
			if err != nil {
				t.Fatal(err)
			}
			ms[i] = m
		}
		for i := range ms[0] {
			if ms[0][i] != ms[1][i] {
				t.Errorf("%s: fast %v, simgo %v", label(p), ms[0][i], ms[1][i])
			}
		}
		if !bytes.Equal(csv[0].Bytes(), csv[1].Bytes()) || csv[0].Len() < 5000*20 {
			t.Errorf("%s: per-job records differ between the engines (or are missing)", label(p))
		}
	}
}

// Every policy combination runs with the invariant checker on.
func TestKaratzaCheckedRuns(t *testing.T) {
	mods := []func(p *KaratzaParams){
		func(p *KaratzaParams) {},
		func(p *KaratzaParams) { p.LocalQueue = "fcfs" },
		func(p *KaratzaParams) { p.Routing = "work"; p.SiteChoice = "earliest" },
		func(p *KaratzaParams) { p.Routing = "count-all"; p.QueuePick = "random"; p.GSQueue = "first-fit" },
		func(p *KaratzaParams) { p.QueuePick = "index"; p.Threshold = 0.5 },
		func(p *KaratzaParams) { p.Dispatch = "free-processors" },
		func(p *KaratzaParams) { p.WarmupJobs = 2000 },
	}
	for i, mod := range mods {
		for _, ap := range []int{1, 2} {
			p := karatzaPoint(ap, 12.5, "pow2", 30)
			mod(p)
			m := runKaratza(t, p, 1, 8000, true)[0]
			if n, _ := m.Get("locals_completed"); n < 7000 {
				t.Errorf("variant %d approach %d: %v locals completed", i, ap, n)
			}
		}
	}
}

// karatzaRuns caches the full-size runs the Table II and trend tests share.
var karatzaRuns = struct {
	sync.Mutex
	m map[string][]results.Metrics
}{m: map[string][]results.Metrics{}}

func paperRuns(t *testing.T, approach int, lambda float64, sizes string, e float64, reps int) []results.Metrics {
	t.Helper()
	if testing.Short() {
		t.Skip("full-size replications (10 × 120 000 jobs) skipped in -short mode")
	}
	p := karatzaPoint(approach, lambda, sizes, e)
	key := fmt.Sprintf("%s reps=%d", label(p), reps)
	karatzaRuns.Lock()
	defer karatzaRuns.Unlock()
	if ms, ok := karatzaRuns.m[key]; ok {
		return ms
	}
	ms := runKaratza(t, p, reps, 120000, false)
	karatzaRuns.m[key] = ms
	return ms
}

func summary(t *testing.T, ms []results.Metrics, name string) results.Summary {
	t.Helper()
	xs := make([]float64, len(ms))
	for i, m := range ms {
		v, ok := m.Get(name)
		if !ok {
			t.Fatalf("no metric %s", name)
		}
		xs[i] = v
	}
	return results.Describe(name, xs)
}

// paired returns the statistics of the paired differences b − a.
func paired(t *testing.T, a, b []results.Metrics, name string) results.Summary {
	t.Helper()
	xs := make([]float64, len(a))
	for i := range a {
		x, _ := a[i].Get(name)
		y, _ := b[i].Get(name)
		xs[i] = y - x
	}
	return results.Describe(name, xs)
}

// increases counts the replications in which name is larger in b than in a.
func increases(a, b []results.Metrics, name string) int {
	n := 0
	for i := range a {
		x, _ := a[i].Get(name)
		y, _ := b[i].Get(name)
		if y > x {
			n++
		}
	}
	return n
}

var lambdas = []float64{1 / 0.12, 10, 12.5}

// Table II of the paper against 10 replications of 120 000 jobs, as in the
// paper. The tolerance is 1.5% of the paper's value plus the half-width of
// our 95% confidence interval (the default dispatch is within +0.8%). At
// λ = 12.5 the model is stable (utilization = offered load 0.898), while
// the paper reports 0.880, 2% lower — a documented deviation
// (docs/reproductions/karatza2010.md): the test pins it to 1.5%–2.5% above
// the paper with our utilization at the offered load.
func TestKaratzaTableII(t *testing.T) {
	for _, row := range KaratzaTableII {
		for ap := 1; ap <= 2; ap++ {
			ms := paperRuns(t, ap, row.Lambda, "uniform", 0, 10)
			s := summary(t, ms, "utilization")
			paper := row.Utilization[ap-1]
			rel := (s.Mean - paper) / paper
			t.Logf("λ=%.4g approach %d: utilization %.5f ± %.5f, paper %.5f (%+.2f%%)", row.Lambda, ap, s.Mean, s.HalfWidth, paper, 100*rel)
			if row.Lambda != 12.5 {
				if math.Abs(s.Mean-paper) > 0.015*paper+s.HalfWidth {
					t.Errorf("λ=%.4g approach %d: %.5f ± %.5f, more than 1.5%% from the paper's %.5f", row.Lambda, ap, s.Mean, s.HalfWidth, paper)
				}
				continue
			}
			offered := karatzaPoint(ap, row.Lambda, "uniform", 0).References()["offered_load"]
			if math.Abs(s.Mean-offered) > s.HalfWidth+0.002 || rel < 0.015-s.HalfWidth/paper || rel > 0.025+s.HalfWidth/paper {
				t.Errorf("λ=12.5 approach %d: %.5f ± %.5f; the documented deviation is utilization ≈ offered load %.5f, 1.5%%–2.5%% above the paper's %.5f",
					ap, s.Mean, s.HalfWidth, offered, paper)
			}
		}
	}
}

// Over all replications the mean utilization is within its CI of the
// offered load or below it — never above.
func TestKaratzaUtilizationBelowOfferedLoad(t *testing.T) {
	for _, c := range []struct {
		ap    int
		sizes string
		e     float64
	}{{1, "uniform", 0}, {2, "uniform", 0}, {2, "uniform", 30}, {1, "pow2", 0}, {2, "pow2", 0}} {
		for _, l := range []float64{12.5} {
			reps := 10
			if c.sizes == "pow2" {
				reps = 100
			}
			ms := paperRuns(t, c.ap, l, c.sizes, c.e, reps)
			s := summary(t, ms, "utilization")
			offered := karatzaPoint(c.ap, l, c.sizes, c.e).References()["offered_load"]
			if s.Low() > offered {
				t.Errorf("approach %d %s E=%v: utilization %.5f ± %.5f above the offered load %.5f", c.ap, c.sizes, c.e, s.Mean, s.HalfWidth, offered)
			}
		}
	}
}

func TestKaratzaTrends(t *testing.T) {
	// WRT, WSLD, RT, SLD grow with λ. RT and WRT: the 95% CI of the paired
	// difference lies above 0. SLD and WSLD divide by exponential service
	// times (E[1/service] is infinite), so their means have no reliable
	// CI: a sign test instead — at least 9 of 10 paired replications
	// increase (one-sided p = 0.011).
	for ap := 1; ap <= 2; ap++ {
		for i := 1; i < len(lambdas); i++ {
			lo := paperRuns(t, ap, lambdas[i-1], "uniform", 0, 10)
			hi := paperRuns(t, ap, lambdas[i], "uniform", 0, 10)
			for _, n := range []string{"gang_wrt", "local_rt"} {
				if d := paired(t, lo, hi, n); d.Low() <= 0 {
					t.Errorf("approach %d: %s from λ=%.4g to %.4g changes by %.4f ± %.4f, want an increase", ap, n, lambdas[i-1], lambdas[i], d.Mean, d.HalfWidth)
				}
			}
			for _, n := range []string{"gang_wsld", "local_sld"} {
				if k := increases(lo, hi, n); k < 9 {
					t.Errorf("approach %d: %s grows from λ=%.4g to %.4g in %d of 10 replications, want ≥ 9", ap, n, lambdas[i-1], lambdas[i], k)
				}
			}
		}
	}
	// Approach 2 finishes at least as many gangs: never significantly
	// fewer for U{2..13}. For powers of 2 (Figure 3) it finishes about 10
	// points more at λ = 8.33 and 10, where approach 1 leaves the 16-task
	// gangs waiting for a whole site of free or of busy processors, and
	// significantly more, with a lower WRT, at λ = 12.5 (100
	// replications).
	for _, l := range lambdas {
		d := paired(t, paperRuns(t, 1, l, "uniform", 0, 10), paperRuns(t, 2, l, "uniform", 0, 10), "gangs_finished_pct")
		if d.High() < 0 {
			t.Errorf("λ=%.4g U{2..13}: approach 2 finishes %.4f ± %.4f %% fewer gangs", l, -d.Mean, d.HalfWidth)
		}
	}
	for _, l := range lambdas[:2] {
		d := paired(t, paperRuns(t, 1, l, "pow2", 0, 10), paperRuns(t, 2, l, "pow2", 0, 10), "gangs_finished_pct")
		t.Logf("λ=%.4g powers of 2: approach 2 finishes %.2f ± %.2f points more gangs", l, d.Mean, d.HalfWidth)
		if d.Low() < 5 {
			t.Errorf("λ=%.4g powers of 2: approach 2 − approach 1 finished gangs %.3f ± %.3f points, want ≥ 5 (the paper: almost 10)", l, d.Mean, d.HalfWidth)
		}
	}
	p1, p2 := paperRuns(t, 1, 12.5, "pow2", 0, 100), paperRuns(t, 2, 12.5, "pow2", 0, 100)
	if d := paired(t, p1, p2, "gangs_finished_pct"); d.Low() <= 0 {
		t.Errorf("λ=12.5 powers of 2: approach 2 − approach 1 finished gangs %.4f ± %.4f points, want > 0", d.Mean, d.HalfWidth)
	} else {
		t.Logf("λ=12.5 powers of 2: approach 2 finishes %.3f ± %.3f points more gangs", d.Mean, d.HalfWidth)
	}
	if d := paired(t, p1, p2, "gang_wrt"); d.High() >= 0 {
		t.Errorf("λ=12.5 powers of 2: WRT approach 2 − approach 1 = %.3f ± %.3f, want < 0", d.Mean, d.HalfWidth)
	} else {
		t.Logf("λ=12.5 powers of 2: WRT approach 2 − approach 1 = %.3f ± %.3f", d.Mean, d.HalfWidth)
	}
	// For U{2..13} (the paper's Figure 4) approach 2 has the lower WRT at
	// λ = 12.5; 10 replications do not resolve it, 50 do.
	d := paired(t, paperRuns(t, 1, 12.5, "uniform", 0, 50), paperRuns(t, 2, 12.5, "uniform", 0, 50), "gang_wrt")
	t.Logf("λ=12.5 U{2..13}: WRT approach 2 − approach 1 = %.3f ± %.3f (50 replications)", d.Mean, d.HalfWidth)
	if d.High() >= 0 {
		t.Errorf("λ=12.5 U{2..13}: WRT approach 2 − approach 1 = %+.3f ± %.3f over 50 replications, want < 0", d.Mean, d.HalfWidth)
	}
	// A larger estimate error gives a higher WRT at λ = 12.5.
	for ap := 1; ap <= 2; ap++ {
		d := paired(t, paperRuns(t, ap, 12.5, "uniform", 0, 10), paperRuns(t, ap, 12.5, "uniform", 30, 10), "gang_wrt")
		t.Logf("approach %d λ=12.5: WRT(E=30%%) − WRT(E=0) = %.2f ± %.2f", ap, d.Mean, d.HalfWidth)
		if d.Low() <= 0 {
			t.Errorf("approach %d λ=12.5: WRT(E=30%%) − WRT(E=0) = %.3f ± %.3f, want > 0", ap, d.Mean, d.HalfWidth)
		}
	}
}

// The built-ins' claims come out as their expect: says (the regression
// test --strict-claims makes of them): karatza-quick always, the whole
// karatza2010 grid (about 25 CPU-s) unless -short.
func TestKaratzaClaims(t *testing.T) {
	for _, c := range []struct {
		name   string
		claims int
		full   bool
	}{{"karatza-quick", 2, false}, {"karatza2010", 30, true}} {
		if c.full && testing.Short() {
			t.Logf("%s: full-size run skipped in -short mode", c.name)
			continue
		}
		sc, err := Load(c.name)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Run(context.Background(), sc, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		vs, err := sc.EvaluateClaims(rep)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) != c.claims {
			t.Errorf("%s: %d claims, want %d", c.name, len(vs), c.claims)
		}
		for _, v := range vs {
			if v.Unexpected() {
				t.Errorf("%s: claim %s is %s, expected %s: %s", c.name, v.Claim, v.Label(), v.Expected, v.Numbers)
			}
		}
	}
}

// BenchmarkKaratzaGrid runs the whole built-in karatza2010 grid (36 points
// × 10 replications × 120 000 jobs) through the scenario runner on 2
// workers, as on the project's 2-core reference machine:
//
//	go test -run '^$' -bench KaratzaGrid -benchtime 1x ./scenarios/
func BenchmarkKaratzaGrid(b *testing.B) { benchScenario(b, "karatza2010") }

// BenchmarkKaratzaQuick runs the built-in karatza-quick scenario (1 point ×
// 10 replications) on 2 workers.
func BenchmarkKaratzaQuick(b *testing.B) { benchScenario(b, "karatza-quick") }

func benchScenario(b *testing.B, name string) {
	var events uint64
	for i := 0; i < b.N; i++ {
		sc, err := Load(name)
		if err != nil {
			b.Fatal(err)
		}
		rep, err := Run(context.Background(), sc, Options{Workers: 2})
		if err != nil {
			b.Fatal(err)
		}
		events += rep.Events
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/run")
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
