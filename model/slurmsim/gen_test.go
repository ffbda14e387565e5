package slurmsim

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// synthetic is a generated Slurm site and history: users in accounts,
// partitions, and a stream of jobs whose arrival rate keeps every partition
// near a target load.
type synthetic struct {
	conf     string
	users    int
	accounts int
	load     float64
	multi    bool // some jobs ask for a number of nodes
}

// benchSite is the benchmark's site: 64 nodes × 32 CPUs in two disjoint
// partitions (batch: 56 nodes, MaxTime 2 days; short: 8 nodes, MaxTime 4 h,
// PriorityTier 2), Fair Tree with age, fair-share, size and partition
// weights, sched/backfill with Slurm's defaults; 500 users in 50 accounts.
var benchSite = synthetic{
	conf: `PriorityWeightAge=1000
PriorityWeightFairshare=10000
PriorityWeightJobSize=100
PriorityWeightPartition=1000
SchedulerType=sched/backfill
NodeName=c[01-64] CPUs=32
PartitionName=batch Nodes=c[01-56] Default=YES MaxTime=2-00:00:00 PriorityJobFactor=1
PartitionName=short Nodes=c[57-64] MaxTime=4:00:00 PriorityTier=2 PriorityJobFactor=10
`,
	users: 500, accounts: 50, load: 0.9,
}

// partShape is what the generator draws jobs of one partition from.
type partShape struct {
	name    string
	cpus    int
	maxCPUs int
	limits  []float64 // requested time limits, drawn uniformly
	rate    float64   // jobs per second, set for the target load
}

// config returns the site's Config with every user attached, and a job
// source of n jobs drawn from seed.
func (sy synthetic) source(t testing.TB, seed uint64, n int) (Config, func() (Job, error)) {
	t.Helper()
	conf, err := slurmconf.Read(strings.NewReader(sy.conf), "slurm.conf")
	if err != nil {
		t.Fatal(err)
	}
	tree := slurmprio.NewTree()
	assoc := make([]*slurmprio.Node, sy.users)
	users, accounts := make([]string, sy.users), make([]string, sy.users)
	for a := range sy.accounts {
		if err := tree.AddAccount(fmt.Sprintf("a%02d", a), "root", float64(1+a%3), 0); err != nil {
			t.Fatal(err)
		}
	}
	for u := range sy.users {
		acct := fmt.Sprintf("a%02d", u%sy.accounts)
		if err := tree.AddUser(fmt.Sprintf("u%03d", u), acct, 1, 0); err != nil {
			t.Fatal(err)
		}
		users[u], accounts[u] = fmt.Sprintf("u%03d", u), acct
		assoc[u], _ = tree.User(users[u], acct)
	}
	var shapes []partShape
	for _, p := range conf.Partitions {
		sh := partShape{name: p.Name, cpus: p.CPUs, maxCPUs: min(p.CPUs/2, 256)}
		for _, l := range []float64{600, 3600, 4 * 3600, 12 * 3600, 48 * 3600} {
			if l <= p.MaxTime {
				sh.limits = append(sh.limits, l)
			}
		}
		shapes = append(shapes, sh)
	}
	// Rates: the mean CPU-seconds of a partition's job, estimated from
	// its own draws, sets the arrivals for the target load.
	total := 0.0
	for i := range shapes {
		r := rand.New(rand.NewPCG(seed, uint64(i)+1000))
		area := 0.0
		for range 20000 {
			c, _, _, run := shapes[i].draw(r, sy.multi)
			area += float64(c) * run
		}
		shapes[i].rate = sy.load * float64(shapes[i].cpus) / (area / 20000)
		total += shapes[i].rate
	}
	r := rand.New(rand.NewPCG(seed, 1))
	now := 0.0
	id := 0
	next := func() (Job, error) {
		if id == n {
			return Job{}, io.EOF
		}
		id++
		if id > 1 {
			now += r.ExpFloat64() / total
		}
		x, sh := r.Float64()*total, &shapes[0]
		for i := range shapes {
			if sh = &shapes[i]; x < shapes[i].rate {
				break
			}
			x -= shapes[i].rate
		}
		cpus, nodes, limit, run := sh.draw(r, sy.multi)
		u := int(float64(sy.users) * r.Float64() * r.Float64()) // a few heavy users
		return Job{ID: id, Line: id + 1, User: users[u], Account: accounts[u],
			Partition: sh.name, Submit: now, Eligible: now, CPUs: cpus, Nodes: nodes, TimeLimit: limit,
			Runtime: run, RecordedStart: math.NaN(), Assoc: assoc[u]}, nil
	}
	cfg := Config{Conf: conf, FairShare: slurmprio.Name(conf), Priority: slurmprio.OptionsFrom(conf), Tree: tree}
	return cfg, next
}

// draw returns one job's CPUs (a power of two, small ones likelier),
// nodes, time limit and run time (a fraction of the limit, short runs
// likelier, as in real histories).
func (sh *partShape) draw(r *rand.Rand, multi bool) (cpus, nodes int, limit, run float64) {
	cpus = 1 << int(math.Floor(math.Pow(r.Float64(), 1.5)*(math.Log2(float64(sh.maxCPUs))+1)))
	cpus = min(cpus, sh.maxCPUs)
	if multi && cpus >= 4 && r.IntN(3) == 0 {
		nodes = 1 + r.IntN(min(cpus, 4))
	}
	limit = sh.limits[r.IntN(len(sh.limits))]
	run = math.Max(1, math.Round(limit*math.Pow(r.Float64(), 2)))
	return cpus, nodes, limit, run
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
