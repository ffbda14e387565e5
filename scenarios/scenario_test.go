package scenarios

import (
	"context"
	"errors"
	"github.com/schedsim/schedsim/internal/testtrace"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

const mmcOK = `name: t
model: mmc
seed: 3
replications: 2
stop: {completed_jobs: 2000}
params:
  servers: 2
  arrival_rate: 1.5
  warmup_jobs: 100
`

func TestParseErrorsNameFileLineAndKey(t *testing.T) {
	cases := []struct {
		name, yaml, want string
	}{
		{"unknown top key", mmcOK + "color: red\n", "t.yaml:10: color: unknown key (allowed: base_dir, claims, description, engine, model, name, params, plots, replications, seed, stop, sweep)"},
		{"unknown param key", strings.Replace(mmcOK, "servers: 2", "serverz: 2", 1), "t.yaml:7: params.serverz: unknown key; did you mean servers? (allowed: arrival_rate, jobs, load, servers, service_rate, warmup_jobs)"},
		{"unknown stop key", strings.Replace(mmcOK, "completed_jobs", "jobs", 1), "t.yaml:5: stop.jobs: unknown key"},
		{"negative rate", strings.Replace(mmcOK, "arrival_rate: 1.5", "arrival_rate: -1", 1), "t.yaml:8: params.arrival_rate: must be > 0 (got -1)"},
		{"zero servers", strings.Replace(mmcOK, "servers: 2", "servers: 0", 1), "t.yaml:7: params.servers: must be in [1, 1048576] (got 0)"},
		{"unstable", strings.Replace(mmcOK, "arrival_rate: 1.5", "arrival_rate: 2", 1), "t.yaml:8: params.arrival_rate: must be < servers × service_rate = 2"},
		{"wrong type", strings.Replace(mmcOK, "servers: 2", "servers: two", 1), `t.yaml:7: params.servers: expected an integer, got the text "two"`},
		{"negative seed", strings.Replace(mmcOK, "seed: 3", "seed: -1", 1), "t.yaml:3: seed: -1 is out of range (expected an integer ≥ 0)"},
		{"fractional integer", strings.Replace(mmcOK, "servers: 2", "servers: 2.5", 1), "t.yaml:7: params.servers: expected an integer, got the number 2.5"},
		{"fractional replications", strings.Replace(mmcOK, "replications: 2", "replications: 1.5", 1), "t.yaml:4: replications: expected an integer, got the number 1.5"},
		{"fractional sweep value", mmcOK + "sweep:\n  - key: servers\n    values: [3, 4.5]\n", "t.yaml:12: params.servers: expected an integer, got the number 4.5 (sweep point servers=4.5)"},
		{"bad yaml", "name: [unclosed\n", "t.yaml:"},
		{"unknown model", strings.Replace(mmcOK, "model: mmc", "model: mmk", 1), `t.yaml:2: model: unknown model "mmk"; did you mean mmc? (known:`},
		{"replications", strings.Replace(mmcOK, "replications: 2", "replications: 0", 1), "t.yaml:4: replications: must be in [1, 100000] (got 0)"},
		{"engine", mmcOK + "engine: warp\n", `t.yaml:10: engine: sim: unknown engine "warp"`},
		{"negative stop", strings.Replace(mmcOK, "completed_jobs: 2000", "completed_jobs: -5", 1), "t.yaml:5: stop.completed_jobs: must be in [0, 1099511627776] (got -5)"},
		// What validate must catch because run would reject it (or never end).
		{"plot metric", mmcOK + "sweep:\n  - key: servers\n    values: [2, 3]\nplots:\n  - {name: f, metric: wait, x: servers}\n", `t.yaml:14: plots: plots[0] (f).metric: model mmc has no metric "wait"; did you mean waiting_time? (it has: response_time, waiting_time,`},
		{"key without value", strings.Replace(mmcOK, "servers: 2", "servers:", 1), "t.yaml:7: params.servers: has no value (give one, or remove the key for its default)"},
		{"second document", mmcOK + "---\nname: u\n", "t.yaml:10: a second YAML document: a scenario file holds one"},
		{"not a mapping", "- a\n- b\n", "t.yaml:1: a scenario is a mapping of key: value"},
		{"replications missing", strings.Replace(mmcOK, "replications: 2\n", "", 1), "t.yaml:1: replications: required (1 to 100000)"},
		{"name missing", strings.Replace(mmcOK, "name: t\n", "", 1), "t.yaml:1: name: required"},
		{"model missing", strings.Replace(mmcOK, "model: mmc\n", "", 1), "t.yaml:1: model: required (one of "},
		{"param missing", strings.Replace(mmcOK, "  arrival_rate: 1.5\n", "", 1), "t.yaml:7: params.arrival_rate: required (give arrival_rate > 0 or load)"},
		{"default does not fit", "name: k\nmodel: karatza\nreplications: 1\nparams: {approach: 1, processors: 8}\n", "t.yaml:4: params.gang_sizes: approach 1 runs a gang on one site: sizes must be ≤ processors = 8 (largest is 13) (the default; set params.gang_sizes)"},
		{"endless stop", strings.Replace(mmcOK, "completed_jobs: 2000", "completed_jobs: 1000000000000000000", 1), "stop.completed_jobs: must be in [0, 1099511627776] (got 1000000000000000000): more could not finish in practice"},
		{"endless events", strings.Replace(mmcOK, "completed_jobs: 2000", "events: 1000000000000000000", 1), "stop.events: must be in [0, 17592186044416]"},
		{"too much work", strings.Replace(mmcOK, "replications: 2", "replications: 100000", 1) + "sweep:\n  - key: warmup_jobs\n    values: [" + strings.Repeat("1,", 200) + "]\n", "t.yaml:4: replications: 200 points × 100000 replications is more than 10000000 replications in all"},
		{"sweep value out of range", mmcOK + "sweep:\n  - key: servers\n    values: [3, 0]\n", "t.yaml:12: params.servers: must be in [1, 1048576] (got 0) (sweep point servers=0)"},
		{"sweep unknown key", mmcOK + "sweep:\n  - key: colour\n    values: [1]\n", "params.colour: unknown key"},
		{"empty", "", "t.yaml: empty scenario"},
		{"plot axis", mmcOK + "sweep:\n  - key: servers\n    values: [2, 3]\nplots:\n  - {name: f, metric: waiting_time, x: load}\n", `t.yaml:14: plots: plots[0] (f).x: "load" is not a sweep key`},
		{"plot where value", mmcOK + "sweep:\n  - key: servers\n    values: [2, 3]\nplots:\n  - {name: f, metric: waiting_time, x: servers, where: {servers: \"7\"}}\n", `plots[0] (f).where: servers has no value "7"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.yaml), "t.yaml", ".")
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q\nwant it to contain %q", err, c.want)
			}
			if strings.Count(err.Error(), "\n") > 0 {
				t.Fatalf("error spans several lines: %q", err)
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("no/such/scenario.yaml")
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
}

func TestSweepExpandsCartesianProduct(t *testing.T) {
	y := mmcOK + "sweep:\n  - key: servers\n    values: [2, 3]\n  - key: arrival_rate\n    values: [0.5, 1, 1.5]\n"
	sc, err := Parse([]byte(y), "t.yaml", ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Points) != 6 {
		t.Fatalf("%d points, want 6", len(sc.Points))
	}
	var names []string
	for _, p := range sc.Points {
		names = append(names, p.Name())
	}
	want := []string{"servers=2 arrival_rate=0.5", "servers=2 arrival_rate=1", "servers=2 arrival_rate=1.5", "servers=3 arrival_rate=0.5", "servers=3 arrival_rate=1", "servers=3 arrival_rate=1.5"}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("points %v, want %v", names, want)
	}
	last := sc.Points[5].Params.(*MMCParams)
	if last.Servers != 3 || last.ArrivalRate != 1.5 || last.WarmupJobs != 100 {
		t.Fatalf("last point params %+v", last)
	}
}

// shrink reduces a scenario to a quick version of itself for tests: at
// most maxPoints points, reps replications and small stop limits.
func shrink(sc *Scenario, maxPoints, reps, jobs int) {
	if len(sc.Points) > maxPoints {
		sc.Points = sc.Points[:maxPoints]
	}
	sc.Replications = reps
	for _, p := range sc.Points {
		if ap, ok := p.Params.(*AnticipationParams); ok {
			ap.Batches = min(ap.Batches, 2)
		}
	}
	if sc.Stop.CompletedJobs > jobs {
		sc.Stop.CompletedJobs = jobs
	}
	if sc.Stop.CompletedJobs == 0 && sc.Stop.Time == 0 && sc.Stop.Events == 0 {
		sc.Stop.CompletedJobs = jobs
	}
}

func loadBuiltins(t *testing.T) map[string]*Scenario {
	t.Helper()
	out := map[string]*Scenario{}
	for _, name := range Builtins() {
		sc, err := Load(name)
		if err != nil {
			if strings.Contains(err.Error(), "shared/traces") {
				t.Logf("%s: skipped, %s", name, testtrace.HintFor(err))
				continue
			}
			t.Fatalf("built-in %s: %v", name, err)
		}
		out[name] = sc
	}
	return out
}

// TestEnginesAgreeOnEveryBuiltin runs every built-in scenario, reduced, on
// both engines and requires bit-identical metrics.
func TestEnginesAgreeOnEveryBuiltin(t *testing.T) {
	t.Chdir("..") // built-in trace paths are relative to the module root
	for name, sc := range loadBuiltins(t) {
		t.Run(name, func(t *testing.T) {
			shrink(sc, 3, 2, 3000)
			var reports []*results.Report
			for _, eng := range sim.Kinds() {
				r, err := Run(context.Background(), sc, Options{Engine: eng, Check: true})
				if err != nil {
					t.Fatal(err)
				}
				reports = append(reports, r)
			}
			reports[0].Engine, reports[1].Engine = "", ""
			reports[0].Wall, reports[1].Wall = 0, 0
			if !sameReport(reports[0], reports[1]) {
				t.Fatalf("fast and simgo differ:\n%+v\n%+v", reports[0].Points, reports[1].Points)
			}
		})
	}
}

// TestResultsIndependentOfWorkers requires identical outputs for
// GOMAXPROCS = 1, 2 and 3 (so one goroutine or several).
func TestResultsIndependentOfWorkers(t *testing.T) {
	for _, name := range []string{"mmc-erlang", "toporkov-ant-vs-bf"} {
		sc, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		shrink(sc, 4, 4, 5000)
		var csvs []string
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
		for _, procs := range []int{1, 2, 3} {
			// Workers 0 means GOMAXPROCS goroutines.
			runtime.GOMAXPROCS(procs)
			r, err := Run(context.Background(), sc, Options{Workers: 0})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := results.WriteCSV(&b, r); err != nil {
				t.Fatal(err)
			}
			csvs = append(csvs, b.String())
		}
		if csvs[0] != csvs[1] || csvs[0] != csvs[2] {
			t.Fatalf("%s: summary CSV depends on GOMAXPROCS", name)
		}
	}
}

func sameReport(a, b *results.Report) bool {
	var x, y strings.Builder
	_ = results.WriteCSV(&x, a)
	_ = results.WriteCSV(&y, b)
	return x.String() == y.String() && a.Events == b.Events
}
