package gangtest

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/sim"
)

// Local returns a local job arriving at site at time at, with an exact
// estimate.
func Local(at float64, site int, runtime float64) gang.Arrival {
	return gang.Arrival{Time: at, Site: site, Size: 1, Runtime: runtime, Estimate: runtime}
}

// Gang returns a gang of size tasks arriving at the grid scheduler at
// time at, with an exact estimate.
func Gang(at float64, size int, runtime float64) gang.Arrival {
	return gang.Arrival{Time: at, Site: gang.GS, Size: size, Runtime: runtime, Estimate: runtime}
}

// Names names one policy of each of the model's four decision points.
type Names struct {
	// Allocator is the GS allocation approach (grid.Allocators).
	Allocator string
	// Queue is the GS queue discipline (grid.Queues).
	Queue string
	// Local is the local queue discipline (local.Disciplines).
	Local string
	// Router is the local routing (local.Routers).
	Router string
}

// String joins the names with "+", as the subtests name them.
func (n Names) String() string {
	return n.Allocator + "+" + n.Queue + "+" + n.Local + "+" + n.Router
}

// Combos returns every combination of the given names, in order (the
// last list varies fastest).
func Combos(allocators, queues, locals, routers []string) []Names {
	var out []Names
	for _, a := range allocators {
		for _, q := range queues {
			for _, l := range locals {
				for _, r := range routers {
					out = append(out, Names{Allocator: a, Queue: q, Local: l, Router: r})
				}
			}
		}
	}
	return out
}

// Expect is the outcome of a case under some combinations of policies.
type Expect struct {
	// Policies are the combinations that give these outcomes.
	Policies []Names
	// Outcomes are the jobs' outcomes in arrival order: "site S
	// [start,end]" (S 0-based, as in gang.Arrival) or "split [start,end]",
	// followed by " backfilled" for a local that started ahead of a
	// waiting gang; or Unfinished. Times are written in the shortest form
	// that reads back to the same float64 (strconv 'g', -1).
	Outcomes []string
}

// Unfinished is the outcome of a job that has not completed when the
// arrivals and events run out (a gang no site can ever take).
const Unfinished = "unfinished"

// Case is a small schedule of the gang model worked out by hand.
type Case struct {
	// Name names the subtests.
	Name string
	// Sites and Processors are the platform: Sites sites of Processors
	// processors each.
	Sites, Processors int
	// Jobs are the arrivals in time order; the model numbers them 1, 2, …
	// in that order.
	Jobs []gang.Arrival
	// Want gives the outcomes per combination of policies.
	Want []Expect
}

// NewFunc returns fresh policies for a combination of names.
type NewFunc func(Names) (gang.Policies, error)

// tieSeeds are the tie-breaking streams every case runs under: a golden
// outcome must be the same whatever the draws.
var tieSeeds = [...]uint64{1, 2, 3, 4}

// Run replays c for every combination of c.Want on every engine and
// under every tie-breaking stream, each on fresh policies from
// newPolicies, with the model's invariant checker on, and reports every
// outcome that differs from the expectation as a subtest
// "case/combination/engine" failure.
func Run(t *testing.T, c Case, newPolicies NewFunc) {
	t.Helper()
	for _, e := range c.Want {
		if len(e.Outcomes) != len(c.Jobs) {
			t.Fatalf("case %s: %d outcomes for %d jobs", c.Name, len(e.Outcomes), len(c.Jobs))
		}
		for _, names := range e.Policies {
			for _, eng := range sim.Kinds() {
				t.Run(fmt.Sprintf("%s/%s/%s", c.Name, names, eng), func(t *testing.T) {
					for _, seed := range tieSeeds {
						pol, err := newPolicies(names)
						if err != nil {
							t.Fatal(err)
						}
						en, err := sim.New(eng)
						if err != nil {
							t.Fatal(err)
						}
						cfg := gang.Config{Sites: c.Sites, Processors: c.Processors, Check: true}
						got, res := Replay(t, en, cfg, pol, rand.New(rand.NewPCG(seed, seed)), c.Jobs)
						for i, w := range e.Outcomes {
							if got[i] != w {
								t.Errorf("ties %d: job %d %s, want %s", seed, i+1, got[i], w)
							}
						}
						checkCounts(t, e.Outcomes, res)
					}
				})
			}
		}
	}
}

// checkCounts compares the model's counts with the outcomes.
func checkCounts(t *testing.T, outcomes []string, res gang.Result) {
	t.Helper()
	done, backfilled, split := 0, 0, 0
	for _, o := range outcomes {
		if o != Unfinished {
			done++
		}
		if strings.HasSuffix(o, " backfilled") {
			backfilled++
		}
		if strings.HasPrefix(o, "split ") {
			split++
		}
	}
	if res.Completed() != done || res.Backfilled != backfilled || res.GangsSplit != split {
		t.Errorf("result counts %d completed, %d backfilled, %d split; the outcomes %d, %d, %d",
			res.Completed(), res.Backfilled, res.GangsSplit, done, backfilled, split)
	}
}

// Covered fails t for every registered name that no combination of any
// case uses, and for every combination that uses a name not registered.
// A nil list of r is not checked (a package's golden cases cover its own
// registries).
func Covered(t *testing.T, cases []Case, r Registered) {
	t.Helper()
	slots := []struct {
		what  string
		names []string
		of    func(Names) string
	}{
		{"allocator", r.Allocators, func(n Names) string { return n.Allocator }},
		{"GS queue discipline", r.Queues, func(n Names) string { return n.Queue }},
		{"local discipline", r.Locals, func(n Names) string { return n.Local }},
		{"router", r.Routers, func(n Names) string { return n.Router }},
	}
	for _, s := range slots {
		if s.names == nil {
			continue
		}
		seen := map[string]bool{}
		for _, c := range cases {
			for _, e := range c.Want {
				for _, n := range e.Policies {
					name := s.of(n)
					if !slices.Contains(s.names, name) {
						t.Errorf("case %s expects %s %q, which is not registered (%v)", c.Name, s.what, name, s.names)
					}
					seen[name] = true
				}
			}
		}
		for _, name := range s.names {
			if !seen[name] {
				t.Errorf("%s %q has no golden case", s.what, name)
			}
		}
	}
}

// Registered lists the registered names of the four decision points.
type Registered struct {
	Allocators, Queues, Locals, Routers []string
}

// Replay runs jobs on a fresh system of engine eng under pol, with cfg
// (its Check forced on, no warm-up so that every job is measured) and
// the tie-breaking stream ties, to the end of the jobs, and returns every
// job's outcome in arrival order (as in Expect.Outcomes) and the
// result.
func Replay(t testing.TB, eng sim.Engine, cfg gang.Config, pol gang.Policies, ties *rand.Rand, jobs []gang.Arrival) ([]string, gang.Result) {
	t.Helper()
	cfg.Check, cfg.WarmupJobs = true, 0
	var buf bytes.Buffer
	s, err := newSystem(eng, cfg, pol, &gang.SliceSource{Arrivals: jobs}, ties, &buf)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run(sim.Limit{})
	if err != nil {
		t.Fatal(err)
	}
	recs, err := parseRecords(&buf)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(jobs))
	for i := range out {
		out[i] = Unfinished
		if r, ok := recs[int64(i+1)]; ok {
			out[i] = describe(r)
		}
	}
	return out, res
}

// newSystem is the one place the harness builds a system: the per-job
// records it reads go to w.
func newSystem(eng sim.Engine, cfg gang.Config, pol gang.Policies, src gang.Source, ties *rand.Rand, w io.Writer) (*gang.System, error) {
	return gang.New(eng, cfg, pol, src, ties, w)
}

// record is one job's per-job record (gang.JobColumns) by column name.
type record map[string]float64

// parseRecords reads the per-job CSV by job ID.
func parseRecords(r io.Reader) (map[int64]record, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	out := map[int64]record{}
	if len(rows) == 0 {
		return out, nil
	}
	for _, row := range rows[1:] {
		rec := record{}
		for i, col := range rows[0] {
			v, err := strconv.ParseFloat(row[i], 64)
			if err != nil {
				return nil, fmt.Errorf("gangtest: column %s: %w", col, err)
			}
			rec[col] = v
		}
		out[int64(rec["id"])] = rec
	}
	return out, nil
}

// describe writes a job's record as "site S [start,end]" (S 0-based, as
// in gang.Arrival) or "split [start,end]", with " backfilled" for a local
// that started ahead of a waiting gang.
func describe(r record) string {
	where := "split"
	if r["split"] == 0 {
		where = fmt.Sprintf("site %d", int(r["site"])-1)
	}
	s := fmt.Sprintf("%s [%s,%s]", where, num(r["start"]), num(r["end"]))
	if r["backfilled"] == 1 {
		s += " backfilled"
	}
	return s
}

// num writes x in the shortest form that reads back to the same float64.
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
