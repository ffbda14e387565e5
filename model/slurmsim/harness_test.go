package slurmsim

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// setup is a test replay: a slurm.conf, the jobs, and changes to the
// config Run gets.
type setup struct {
	conf   string
	jobs   []Job
	modify func(*Config)
	check  bool // run the invariant checker after every event
}

// config reads the slurm.conf and attaches every job to a tree holding one
// account per job account (1 share each) and one user association per
// user and account (1 share each).
func (su setup) config(t testing.TB) (Config, []Job) {
	t.Helper()
	conf, err := slurmconf.Read(strings.NewReader(su.conf), "slurm.conf")
	if err != nil {
		t.Fatal(err)
	}
	tree := slurmprio.NewTree()
	jobs := slices.Clone(su.jobs)
	for i := range jobs {
		j := &jobs[i]
		if j.Account == "" {
			j.Account = "acct"
		}
		if _, ok := tree.Account(j.Account); !ok {
			if err := tree.AddAccount(j.Account, "root", 1, 0); err != nil {
				t.Fatal(err)
			}
		}
		if _, ok := tree.User(j.User, j.Account); !ok {
			if err := tree.AddUser(j.User, j.Account, 1, 0); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range jobs {
		j := &jobs[i]
		if j.Assoc, err = tree.Attach(j.User, j.Account, "root"); err != nil {
			t.Fatal(err)
		}
	}
	cfg := Config{Conf: conf, FairShare: slurmprio.Name(conf), Priority: slurmprio.OptionsFrom(conf), Tree: tree}
	if su.modify != nil {
		su.modify(&cfg)
	}
	return cfg, jobs
}

// replay runs the setup on an engine of kind and returns the records in
// end order.
func (su setup) replay(t testing.TB, kind sim.Kind) ([]Record, Stats, error) {
	t.Helper()
	cfg, jobs := su.config(t)
	eng, err := sim.New(kind)
	if err != nil {
		t.Fatal(err)
	}
	next := func() (Job, error) {
		if len(jobs) == 0 {
			return Job{}, io.EOF
		}
		j := jobs[0]
		jobs = jobs[1:]
		return j, nil
	}
	var recs []Record
	out := func(r Record) { recs = append(recs, r) }
	if !su.check {
		st, err := Run(context.Background(), eng, cfg, next, out)
		return recs, st, err
	}
	s, err := newSimulation(context.Background(), eng, cfg, next, out)
	if err != nil {
		return nil, Stats{}, err
	}
	var bad error
	err = s.run(sim.Limit{Until: func() bool {
		bad = s.invariants()
		return bad != nil
	}})
	if bad != nil {
		return recs, s.stats, bad
	}
	return recs, s.stats, err
}

// starts returns the start time of every job by ID, checking on the way
// that both engines give the same records.
func (su setup) starts(t *testing.T) map[int]float64 {
	t.Helper()
	var first []Record
	for i, kind := range sim.Kinds() {
		recs, _, err := su.replay(t, kind)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if i == 0 {
			first = recs
			continue
		}
		if a, b := dump(first), dump(recs); a != b {
			t.Fatalf("engines differ:\n%s\n%s", a, b)
		}
	}
	got := map[int]float64{}
	for _, r := range first {
		got[r.Job.ID] = r.Start
	}
	return got
}

// dump prints records one a line, exactly.
func dump(recs []Record) string {
	var b strings.Builder
	for _, r := range recs {
		fmt.Fprintf(&b, "%d %x %x %x %t\n", r.Job.ID, math.Float64bits(r.Start), math.Float64bits(r.End),
			math.Float64bits(r.Priority), r.Backfilled)
	}
	return b.String()
}

// invariants checks the simulation's state: no node over its CPUs, the
// CPUs of every running job placed, no job started before it was eligible,
// QoS limits held, the queue in order.
func (s *simulation) invariants() error {
	used := make([]int, len(s.m.nodes))
	qcpus := map[*qos]int{}
	qusers := map[*qos]map[string]int{}
	if !slices.IsSortedFunc(s.running, byEnd) {
		return fmt.Errorf("the running jobs are out of order")
	}
	for _, j := range s.running {
		if j.start < j.Eligible {
			return fmt.Errorf("job %d started at %v before eligible at %v", j.ID, j.start, j.Eligible)
		}
		n := 0
		for _, pc := range j.pieces {
			if pc.cpus < 1 || !slices.Contains(j.part.nodes, pc.node) {
				return fmt.Errorf("job %d: piece %+v outside partition %s", j.ID, pc, j.part.name)
			}
			used[pc.node] += pc.cpus
			n += pc.cpus
		}
		if n != j.CPUs || (j.Nodes > 0 && len(j.pieces) != j.Nodes) {
			return fmt.Errorf("job %d: %d CPUs on %d nodes placed, wants %d on %d", j.ID, n, len(j.pieces), j.CPUs, j.Nodes)
		}
		qcpus[j.q] += j.CPUs
		if qusers[j.q] == nil {
			qusers[j.q] = map[string]int{}
		}
		qusers[j.q][j.User]++
	}
	classFree := make([]int, len(s.m.classes))
	for i, nd := range s.m.nodes {
		if used[i] > nd.cpus || nd.free != nd.cpus-used[i] {
			return fmt.Errorf("node %d: %d CPUs used of %d, %d free", i, used[i], nd.cpus, nd.free)
		}
		classFree[nd.class] += nd.free
	}
	for k, c := range s.m.classes {
		if c.free != classFree[k] {
			return fmt.Errorf("class %d: %d free, nodes say %d", k, c.free, classFree[k])
		}
	}
	for _, q := range s.qos {
		if q.cpus != qcpus[q] || (q.grpCPUs > 0 && q.cpus > q.grpCPUs) {
			return fmt.Errorf("QoS %s: %d CPUs running (counted %d), GrpCPUs %d", q.name, qcpus[q], q.cpus, q.grpCPUs)
		}
		for u, n := range qusers[q] {
			if q.users[u] != n || (q.maxJobsPerUser > 0 && n > q.maxJobsPerUser) {
				return fmt.Errorf("QoS %s: user %s runs %d jobs (counted %d), MaxJobsPerUser %d", q.name, u, n, q.users[u], q.maxJobsPerUser)
			}
		}
	}
	// The last backfill pass's plan: a start or reservation never took
	// CPUs the plan did not have (which would delay a reservation).
	for k, pr := range s.plan.profiles {
		for _, pt := range pr.pts {
			if pt.free < 0 {
				return fmt.Errorf("backfill plan: class %d has %d CPUs free at %v", k, pt.free, pt.t)
			}
		}
	}
	if !slices.IsSortedFunc(s.queue, before) {
		return fmt.Errorf("the queue is out of order")
	}
	for _, j := range s.queue {
		if j.started {
			return fmt.Errorf("job %d is queued and started", j.ID)
		}
	}
	return nil
}
