package batch

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"github.com/schedsim/schedsim/internal/testtrace"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"

	"github.com/schedsim/schedsim/sim"
)

const (
	excerpt = "SDSC-SP2-1998-4.2-cln.first2000.swf"
	sp2     = "SDSC-SP2-1998-4.2-cln.swf.gz"
	blue    = "SDSC-BLUE-2000-4.2-cln.swf.gz"
)

// loadTrace is a minimal SWF reader for these tests, independent of
// workloads/swf: it keeps the jobs with a run time ≥ 0 and a processor
// count ≥ 1 (allocated, else requested), and takes the requested time as
// the estimate (the run time when it is missing), or the run time itself
// when exact is set. It skips the test when the file is absent.
func loadTrace(tb testing.TB, name string, exact bool) (jobs []model.Job, procs int) {
	tb.Helper()
	path := filepath.Join("..", "..", "..", "shared", "traces", name)
	if name != excerpt {
		path = testtrace.Path(tb, name)
	}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		tb.Skip(testtrace.Hint(path))
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			tb.Fatal(err)
		}
		r = gz
	}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		if s[0] == ';' {
			if v, ok := strings.CutPrefix(s, "; MaxProcs:"); ok {
				procs, _ = strconv.Atoi(strings.TrimSpace(v))
			}
			continue
		}
		fs := strings.Fields(s)
		if len(fs) < 18 {
			tb.Fatalf("%s:%d: %d fields", path, line, len(fs))
		}
		num := func(i int) float64 {
			v, err := strconv.ParseFloat(fs[i-1], 64)
			if err != nil {
				tb.Fatalf("%s:%d: field %d: %v", path, line, i, err)
			}
			return v
		}
		run, size, req := num(4), int(num(5)), num(9)
		if size < 1 {
			size = int(num(8))
		}
		if run < 0 || size < 1 {
			continue
		}
		est := req
		if exact || est <= 0 {
			est = run
		}
		j := model.NewJob(int64(num(1)), num(2), size, run, est)
		if u := int(num(12)); u >= 0 {
			j.User = u
		}
		jobs = append(jobs, j)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if procs < 1 {
		tb.Fatalf("%s: no MaxProcs in the header", path)
	}
	return jobs, procs
}

// promises records the first promise made to each job.
type promises map[int64]float64

func (p promises) probe(id int64, at float64) {
	if _, ok := p[id]; !ok {
		p[id] = at
	}
}

// checkTrace replays a trace under every policy with the invariant checker
// on and checks the policy-specific promises.
func checkTrace(t *testing.T, name string) {
	for _, exact := range []bool{false, true} {
		jobs, procs := loadTrace(t, name, exact)
		for _, pol := range Policies.Names() {
			for _, order := range Orders() {
				if order == OrderMaui || order == OrderSJF && (pol == "fcfs" || !exact) { // maui: TestMauiExcerpt
					continue
				}
				t.Run(fmt.Sprintf("%s/exact=%v/%s", pol, exact, order), func(t *testing.T) {
					p, err := Policies.New(pol, Options{Order: order})
					if err != nil {
						t.Fatal(err)
					}
					prom := promises{}
					p.SetProbe(prom.probe)
					recs, res := clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: procs}, p, jobs)
					if len(recs)+len(res.Rejected) != len(jobs) {
						t.Fatalf("%d jobs completed and %d rejected, of %d", len(recs), len(res.Rejected), len(jobs))
					}
					checkRecords(t, procs, recs)
					switch {
					case pol == "fcfs" && order == OrderSubmit:
						for i := 1; i < len(recs); i++ {
							if recs[i].Start < recs[i-1].Start {
								t.Fatalf("FCFS started job %d at %v, before job %d (submitted earlier) at %v",
									recs[i].ID, recs[i].Start, recs[i-1].ID, recs[i-1].Start)
							}
						}
					case (pol == "easy" || pol == "easy-sjbf" || pol == "lookahead") && exact && order == OrderSubmit, pol == "conservative" && exact:
						if len(prom) == 0 {
							t.Fatal("no promise recorded")
						}
						late := 0
						for _, r := range recs {
							if at, ok := prom[r.ID]; ok && r.Start > at {
								if late < 5 {
									t.Errorf("job %d started at %v, later than first promised %v", r.ID, r.Start, at)
								}
								late++
							}
						}
						if late > 0 {
							t.Fatalf("%d of %d promised jobs started late", late, len(prom))
						}
					}
				})
			}
		}
	}
}

// checkRecords checks, from the records alone, that no job starts before
// its submission and that at no time more than procs processors are busy.
func checkRecords(t *testing.T, procs int, recs []model.Job) {
	t.Helper()
	type ev struct {
		at    float64
		delta int
	}
	evs := make([]ev, 0, 2*len(recs))
	for _, r := range recs {
		if r.Start < r.Submit {
			t.Fatalf("job %d starts at %v before its submission at %v", r.ID, r.Start, r.Submit)
		}
		if r.End != r.Start+r.Runtime {
			t.Fatalf("job %d: end %v ≠ start %v + runtime %v", r.ID, r.End, r.Start, r.Runtime)
		}
		evs = append(evs, ev{r.Start, r.Size}, ev{r.End, -r.Size})
	}
	sortEvents := func(a, b int) bool {
		if evs[a].at != evs[b].at {
			return evs[a].at < evs[b].at
		}
		return evs[a].delta < evs[b].delta // ends first
	}
	sort.Slice(evs, sortEvents)
	used := 0
	for _, e := range evs {
		used += e.delta
		if used > procs {
			t.Fatalf("%d processors in use at %v on a cluster of %d", used, e.at, procs)
		}
	}
}

func TestExcerptInvariants(t *testing.T) { checkTrace(t, excerpt) }

func TestSDSCSP2Invariants(t *testing.T) {
	if testing.Short() {
		t.Skip("full trace skipped in -short mode")
	}
	checkTrace(t, sp2)
}

// TestEnginesAgree replays the excerpt on both engines under every policy:
// the per-job schedules must be identical.
func TestEnginesAgree(t *testing.T) {
	jobs, procs := loadTrace(t, excerpt, false)
	for _, pol := range Policies.Names() {
		t.Run(pol, func(t *testing.T) {
			var runs [2][]model.Job
			for k, eng := range []sim.Engine{sim.NewFast(), sim.NewSimGo()} {
				p, _ := Policies.New(pol, Options{})
				runs[k], _ = clustertest.Replay(t, eng, cluster.Config{Procs: procs}, p, jobs)
			}
			if len(runs[0]) != len(runs[1]) {
				t.Fatalf("fast completed %d jobs, simgo %d", len(runs[0]), len(runs[1]))
			}
			for i := range runs[0] {
				if runs[0][i] != runs[1][i] {
					t.Fatalf("job %d: fast %+v, simgo %+v", runs[0][i].ID, runs[0][i], runs[1][i])
				}
			}
		})
	}
}

// TestSDSCBLUEChecked replays the largest trace under the backfilling
// policies with the invariant checker on (conservative also checks its
// profile against a rebuild at every pass): it found a missed-reservation
// bug that the smaller traces did not show.
func TestSDSCBLUEChecked(t *testing.T) {
	if testing.Short() {
		t.Skip("full trace skipped in -short mode")
	}
	jobs, procs := loadTrace(t, blue, false)
	for _, pol := range []string{"easy", "conservative"} {
		t.Run(pol, func(t *testing.T) {
			p, _ := Policies.New(pol, Options{})
			recs, _ := clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: procs}, p, jobs)
			if len(recs) != len(jobs) {
				t.Fatalf("%d of %d jobs completed", len(recs), len(jobs))
			}
			checkRecords(t, procs, recs)
		})
	}
}
