package slurmsim

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/schedsim/schedsim/workloads/sacctmgr"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// A partition is one PartitionName line with its nodes resolved.
type partition struct {
	name             string
	tier             int
	maxTime, defTime float64
	maxNodes         float64
	cpus             int
	nodes            []int // node indices, in slurm.conf (NodeName) order
	classes          []int // the classes of nodes, ascending
	biggest          []int // node CPUs, descending (can a job of n nodes ever fit?)
	blocked          int   // the main pass that found it blocked
	free             int   // free CPUs, as anyFits last counted them
	unfit            unfit // the backfill pass's jobs that fit nowhere in its window
	mark             []bool
	pick             []int
}

// A qos is one QoS with its limits and what its running jobs hold.
type qos struct {
	name           string
	maxJobsPerUser int
	grpCPUs        int
	cpus           int            // CPUs of its running jobs
	users          map[string]int // running jobs by user
}

// held reports whether a job of user and cpus is held by q's limits now.
func (q *qos) held(user string, cpus int) bool {
	if q.maxJobsPerUser > 0 && q.users[user] >= q.maxJobsPerUser {
		return true
	}
	return q.grpCPUs > 0 && q.cpus+cpus > q.grpCPUs
}

// setupMachine builds the nodes, classes and partitions of c.
func (s *simulation) setupMachine(c *slurmconf.Config) error {
	index := map[string]int{}
	for _, l := range c.Nodes {
		if l.CPUs < 1 {
			return fmt.Errorf("slurmsim: slurm.conf line %d: node CPUs must be ≥ 1 (got %d)", l.Line, l.CPUs)
		}
		for _, name := range l.Names {
			if _, dup := index[name]; dup {
				return fmt.Errorf("slurmsim: slurm.conf line %d: node %s is declared twice", l.Line, name)
			}
			index[name] = len(s.m.nodes)
			s.m.nodes = append(s.m.nodes, node{cpus: l.CPUs, free: l.CPUs})
		}
	}
	if len(c.Partitions) == 0 {
		return fmt.Errorf("slurmsim: the slurm.conf has no PartitionName line")
	}
	member := make([][]int, len(s.m.nodes)) // partitions of each node
	for pi, cp := range c.Partitions {
		if _, dup := s.byName[cp.Name]; dup {
			return fmt.Errorf("slurmsim: slurm.conf line %d: partition %s is declared twice", cp.Line, cp.Name)
		}
		p := &partition{name: cp.Name, tier: cp.PriorityTier, maxTime: cp.MaxTime, defTime: cp.DefaultTime,
			maxNodes: cp.MaxNodes, blocked: -1}
		if math.IsNaN(p.maxTime) || p.maxTime <= 0 {
			p.maxTime = math.Inf(1)
		}
		if math.IsNaN(p.defTime) || p.defTime <= 0 {
			p.defTime = p.maxTime
		}
		seen := map[int]bool{}
		for _, name := range cp.Nodes {
			i, ok := index[name]
			if !ok {
				return fmt.Errorf("slurmsim: slurm.conf line %d: partition %s: node %s is on no NodeName line", cp.Line, cp.Name, name)
			}
			if !seen[i] {
				seen[i] = true
				p.nodes = append(p.nodes, i)
				member[i] = append(member[i], pi)
				p.cpus += s.m.nodes[i].cpus
				p.biggest = append(p.biggest, s.m.nodes[i].cpus)
			}
		}
		if len(p.nodes) == 0 {
			return fmt.Errorf("slurmsim: slurm.conf line %d: partition %s has no nodes", cp.Line, cp.Name)
		}
		slices.Sort(p.nodes)
		slices.Sort(p.biggest)
		slices.Reverse(p.biggest)
		p.mark = make([]bool, len(p.nodes))
		s.parts = append(s.parts, p)
		s.byName[p.name] = p
		if cp.Default && s.def == nil {
			s.def = p
		}
	}
	// Classes: nodes of the same partitions, numbered in order of first node.
	classOf := map[string]int{}
	for i := range s.m.nodes {
		key := fmt.Sprint(member[i])
		k, ok := classOf[key]
		if !ok {
			k = len(s.m.classes)
			classOf[key] = k
			s.m.classes = append(s.m.classes, class{})
		}
		s.m.nodes[i].class = k
		s.m.classes[k].cpus += s.m.nodes[i].cpus
		s.m.classes[k].free += s.m.nodes[i].cpus
		s.m.classes[k].node = max(s.m.classes[k].node, s.m.nodes[i].cpus)
	}
	for _, p := range s.parts {
		for _, i := range p.nodes {
			if k := s.m.nodes[i].class; !slices.Contains(p.classes, k) {
				p.classes = append(p.classes, k)
			}
		}
		slices.Sort(p.classes)
	}
	return nil
}

// setupQOS builds the QoS table: list nil means only "normal", unlimited.
func (s *simulation) setupQOS(list []sacctmgr.QOS) error {
	s.qos = map[string]*qos{}
	if list == nil {
		s.qos["normal"] = &qos{name: "normal", users: map[string]int{}}
		return nil
	}
	for _, q := range list {
		if _, dup := s.qos[q.Name]; dup {
			return fmt.Errorf("slurmsim: QoS %s is listed twice (line %d)", q.Name, q.Line)
		}
		if q.MaxJobsPerUser < 0 || q.GrpCPUs < 0 {
			return fmt.Errorf("slurmsim: QoS %s (line %d): negative limit", q.Name, q.Line)
		}
		s.qos[q.Name] = &qos{name: q.Name, maxJobsPerUser: q.MaxJobsPerUser, grpCPUs: q.GrpCPUs, users: map[string]int{}}
	}
	return nil
}

// admit checks a job read from the history and resolves its partition,
// QoS and time limit. Errors name the job's ID and line.
func (s *simulation) admit(j *job) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("slurmsim: sacct job %d (line %d): %s", j.ID, j.Line, fmt.Sprintf(format, a...))
	}
	switch {
	case math.IsNaN(j.Submit) || math.IsInf(j.Submit, 0):
		return bad("submit time %v is not a finite number", j.Submit)
	case j.Submit < s.eng.Now():
		return bad("submitted at %gs, before the job read before it (%gs): the history must be in submit order", j.Submit, s.eng.Now())
	case j.CPUs < 1:
		return bad("%d CPUs requested: at least 1 is needed", j.CPUs)
	case j.Nodes < 0:
		return bad("%d nodes requested", j.Nodes)
	case j.Nodes > j.CPUs:
		return bad("%d nodes requested with only %d CPUs: every node holds at least one", j.Nodes, j.CPUs)
	case math.IsNaN(j.Runtime) || j.Runtime < 0:
		return bad("run time %v is not a non-negative number", j.Runtime)
	case math.IsNaN(j.TimeLimit):
		return bad("time limit is not a number")
	case j.Assoc == nil:
		return bad("user %s of account %s has no association (attach every job to the tree before Run)", j.User, j.Account)
	}
	if math.IsNaN(j.Eligible) || j.Eligible < j.Submit {
		j.Eligible = j.Submit
	}
	name := j.Partition
	p := s.def
	if name != "" {
		p = s.byName[name]
	}
	if p == nil {
		if name == "" {
			return bad("no partition given and the slurm.conf has no Default=YES partition")
		}
		return bad("partition %q is not in the slurm.conf (%s)", name, strings.Join(s.partNames(), ", "))
	}
	j.part, j.tier = p, p.tier
	switch {
	case j.CPUs > p.cpus:
		return bad("%d CPUs requested, larger than partition %s (%d CPUs)", j.CPUs, p.name, p.cpus)
	case j.Nodes > len(p.nodes):
		return bad("%d nodes requested, larger than partition %s (%d nodes)", j.Nodes, p.name, len(p.nodes))
	case float64(j.Nodes) > p.maxNodes:
		return bad("%d nodes requested, above partition %s's MaxNodes=%g", j.Nodes, p.name, p.maxNodes)
	case j.Nodes > 0 && sum(p.biggest[:j.Nodes]) < j.CPUs:
		return bad("%d CPUs on %d nodes do not fit partition %s's largest nodes", j.CPUs, j.Nodes, p.name)
	}
	qn := j.QOS
	if qn == "" {
		qn = "normal"
	}
	q, ok := s.qos[qn]
	if !ok {
		return bad("QoS %q is not in the QoS list", qn)
	}
	if q.grpCPUs > 0 && j.CPUs > q.grpCPUs {
		return bad("%d CPUs requested, above QoS %s's GrpTRES cpu=%d", j.CPUs, q.name, q.grpCPUs)
	}
	j.q = q
	j.limit = j.TimeLimit
	if j.limit <= 0 {
		j.limit = p.defTime
	}
	if j.limit > p.maxTime {
		j.limit = p.maxTime
		s.stats.Capped++
	}
	j.run = min(j.Runtime, j.limit)
	j.planDur = s.plan.dur(j.limit)
	if math.IsInf(j.run, 1) {
		return bad("no time limit and an infinite run time")
	}
	pq := ""
	if s.qosList {
		pq = qn
	}
	// The priority reads the association the job was attached to (its
	// account may be the default one Tree.Attach chose).
	if j.Assoc.Parent == nil {
		return bad("its association %s is not a user's", j.Assoc.Name)
	}
	j.pj.User, j.pj.Account, j.pj.Partition, j.pj.QOS = j.Assoc.Name, j.Assoc.Parent.Name, p.name, pq
	j.pj.CPUs, j.pj.Nodes, j.pj.TimeLimit, j.pj.Eligible = j.CPUs, j.Nodes, j.limit, j.Eligible
	return nil
}

// partNames lists the partitions, for an error about an unknown one.
func (s *simulation) partNames() []string {
	names := make([]string, len(s.parts))
	for i, p := range s.parts {
		names[i] = p.name
	}
	return names
}

// sum adds xs up.
func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
