package slurmgen

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// Site is a generated Slurm site: users in accounts, partitions, and a
// stream of jobs whose arrival rate keeps every partition near a target
// load.
type Site struct {
	Conf     string  // the slurm.conf
	Users    int     // users u000, u001, …, user i in account i mod Accounts
	Accounts int     // accounts a00, a01, …, account a with 1 + a mod 3 shares
	Load     float64 // target load of every partition
	Multi    bool    // some jobs ask for a number of nodes
}

// Bench is the benchmarks' site: 64 nodes × 32 CPUs in two disjoint
// partitions (batch: 56 nodes, MaxTime 2 days; short: 8 nodes, MaxTime 4 h,
// PriorityTier 2), Fair Tree with age, fair-share, size and partition
// weights, sched/backfill with Slurm's defaults; 500 users in 50 accounts.
var Bench = Site{
	Conf: `PriorityWeightAge=1000
PriorityWeightFairshare=10000
PriorityWeightJobSize=100
PriorityWeightPartition=1000
SchedulerType=sched/backfill
NodeName=c[01-64] CPUs=32
PartitionName=batch Nodes=c[01-56] Default=YES MaxTime=2-00:00:00 PriorityJobFactor=1
PartitionName=short Nodes=c[57-64] MaxTime=4:00:00 PriorityTier=2 PriorityJobFactor=10
`,
	Users: 500, Accounts: 50, Load: 0.9,
}

// User returns user u's name and account.
func (sy Site) User(u int) (name, account string) {
	return fmt.Sprintf("u%03d", u), Account(u % sy.Accounts)
}

// Account returns account a's name.
func Account(a int) string { return fmt.Sprintf("a%02d", a) }

// Shares returns account a's shares.
func Shares(a int) float64 { return float64(1 + a%3) }

// Job is one generated job; times in seconds from the first submit.
type Job struct {
	User               int // index: see Site.User
	Partition          string
	Submit             float64
	CPUs, Nodes        int
	TimeLimit, Runtime float64
}

// partShape is what the generator draws jobs of one partition from.
type partShape struct {
	name    string
	cpus    int
	maxCPUs int
	limits  []float64 // requested time limits, drawn uniformly
	rate    float64   // jobs per second, set for the target load
}

// Jobs returns a source of n jobs drawn from seed, in submit order (false
// after the last).
func (sy Site) Jobs(seed uint64, n int) (func() (Job, bool), error) {
	conf, err := slurmconf.Read(strings.NewReader(sy.Conf), "slurm.conf")
	if err != nil {
		return nil, err
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
			c, _, _, run := shapes[i].draw(r, sy.Multi)
			area += float64(c) * run
		}
		shapes[i].rate = sy.Load * float64(shapes[i].cpus) / (area / 20000)
		total += shapes[i].rate
	}
	r := rand.New(rand.NewPCG(seed, 1))
	now := 0.0
	id := 0
	return func() (Job, bool) {
		if id == n {
			return Job{}, false
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
		cpus, nodes, limit, run := sh.draw(r, sy.Multi)
		u := int(float64(sy.Users) * r.Float64() * r.Float64()) // a few heavy users
		return Job{User: u, Partition: sh.name, Submit: now, CPUs: cpus, Nodes: nodes, TimeLimit: limit, Runtime: run}, true
	}, nil
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

// WriteAssoc writes the site's associations as sacctmgr show assoc
// --parsable2 prints them.
func (sy Site) WriteAssoc(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, "Cluster|Account|User|Partition|Share|ParentName|Priority|MaxJobs|QOS")
	fmt.Fprintln(b, "site|root|||1||||normal")
	for a := range sy.Accounts {
		fmt.Fprintf(b, "site|%s|||%g|root|||normal\n", Account(a), Shares(a))
	}
	for u := range sy.Users {
		name, acct := sy.User(u)
		fmt.Fprintf(b, "site|%s|%s||1||||normal\n", acct, name)
	}
	return b.Flush()
}

// WriteSacct writes n jobs drawn from seed as sacct --parsable2 output
// with the priority's columns (slurm.PriorityFormat), as a site's history
// would be: whole seconds from 2026-10-01, each job started at its submit
// time (the replay decides the starts), a batch step line after each job.
func (sy Site) WriteSacct(w io.Writer, seed uint64, n int) error {
	next, err := sy.Jobs(seed, n)
	if err != nil {
		return err
	}
	t0 := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC).Unix()
	at := func(s int64) string { return time.Unix(t0+s, 0).UTC().Format("2006-01-02T15:04:05") }
	dur := func(s int64) string { return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60) }
	b := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintln(b, "JobIDRaw|JobID|User|Group|Partition|Submit|Start|End|Elapsed|AllocCPUS|ReqCPUS|Timelimit|State|Account|QOS|Eligible|Priority|ReqTRES|NodeList")
	for id := 1; ; id++ {
		j, ok := next()
		if !ok {
			break
		}
		name, acct := sy.User(j.User)
		sub, run := int64(j.Submit), int64(j.Runtime)
		tres := fmt.Sprintf("cpu=%d", j.CPUs)
		if j.Nodes > 0 {
			tres += fmt.Sprintf(",node=%d", j.Nodes)
		}
		fmt.Fprintf(b, "%d|%d|%s|users|%s|%s|%s|%s|%s|%d|%d|%s|COMPLETED|%s|normal|%s|1000|%s|c01\n",
			id, id, name, j.Partition, at(sub), at(sub), at(sub+run), dur(run), j.CPUs, j.CPUs, dur(int64(j.TimeLimit)), acct, at(sub), tres)
		fmt.Fprintf(b, "%d|%d.batch|||||%s|%s|%s|%d|%d||COMPLETED|||||cpu=%d|c01\n",
			id, id, at(sub), at(sub+run), dur(run), j.CPUs, j.CPUs, j.CPUs)
	}
	return b.Flush()
}
