package slurmsim

import (
	"io"
	"math"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/internal/slurmgen"
	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// benchSite is the benchmark's site (slurmgen.Bench).
var benchSite = synthetic{slurmgen.Bench}

// synthetic is a generated Slurm site (internal/slurmgen) as the model's
// tests replay it.
type synthetic struct{ slurmgen.Site }

// source returns the site's Config with every user attached, and a job
// source of n jobs drawn from seed.
func (sy synthetic) source(t testing.TB, seed uint64, n int) (Config, func() (Job, error)) {
	t.Helper()
	conf, err := slurmconf.Read(strings.NewReader(sy.Conf), "slurm.conf")
	if err != nil {
		t.Fatal(err)
	}
	tree := slurmprio.NewTree()
	assoc := make([]*slurmprio.Node, sy.Users)
	users, accounts := make([]string, sy.Users), make([]string, sy.Users)
	for a := range sy.Accounts {
		if err := tree.AddAccount(slurmgen.Account(a), "root", slurmgen.Shares(a), 0); err != nil {
			t.Fatal(err)
		}
	}
	for u := range sy.Users {
		users[u], accounts[u] = sy.User(u)
		if err := tree.AddUser(users[u], accounts[u], 1, 0); err != nil {
			t.Fatal(err)
		}
		assoc[u], _ = tree.User(users[u], accounts[u])
	}
	draw, err := sy.Jobs(seed, n)
	if err != nil {
		t.Fatal(err)
	}
	id := 0
	next := func() (Job, error) {
		g, ok := draw()
		if !ok {
			return Job{}, io.EOF
		}
		id++
		u := g.User
		return Job{ID: id, Line: id + 1, User: users[u], Account: accounts[u],
			Partition: g.Partition, Submit: g.Submit, Eligible: g.Submit, CPUs: g.CPUs, Nodes: g.Nodes, TimeLimit: g.TimeLimit,
			Runtime: g.Runtime, RecordedStart: math.NaN(), Assoc: assoc[u]}, nil
	}
	cfg := Config{Conf: conf, FairShare: slurmprio.Name(conf), Priority: slurmprio.OptionsFrom(conf), Tree: tree}
	return cfg, next
}

// TestSyntheticLoad checks the generator: the replay ends every job and
// keeps the machine busy (0.80 of the CPUs up to the last submit for this
// seed: the first days fill an empty machine, and jobs wait for each
// other's shapes).
func TestSyntheticLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a 10 000-job replay")
	}
	cfg, next := benchSite.source(t, 42, 10000)
	// The utilisation is measured up to the last submit (the drain after
	// it is not part of the load).
	var recs []Record
	last := 0.0
	src := func() (Job, error) {
		j, err := next()
		if err == nil {
			last = j.Submit
		}
		return j, err
	}
	st, err := Run(t.Context(), sim.NewFast(), cfg, src, func(r Record) { recs = append(recs, r) })
	if err != nil {
		t.Fatal(err)
	}
	area, wait := 0.0, 0.0
	for _, r := range recs {
		area += float64(r.Job.CPUs) * math.Max(0, math.Min(r.End, last)-r.Start)
		wait += r.Start - r.Job.Submit
	}
	util := area / last / 2048
	t.Logf("%+v, utilisation %.2f over %.0f s, mean wait %.0f s", st, util, last, wait/float64(len(recs)))
	if st.Jobs != 10000 || util < 0.7 || util > 1 {
		t.Errorf("stats %+v, utilisation %.2f", st, util)
	}
}
