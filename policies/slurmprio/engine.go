package slurmprio

import (
	"fmt"
	"math"
	"time"
)

// Cluster is what the factors are normalised by.
type Cluster struct {
	// CPUs and Nodes are the cluster's totals (slurm.conf's NodeName lines).
	CPUs, Nodes int
	// Partitions by name: PriorityJobFactor and MaxTime (seconds, +Inf
	// when unlimited).
	Partitions map[string]Partition
	// QOS priorities by name.
	QOS map[string]float64
	// Epoch is the Unix time of simulated time 0: reset periods fall on
	// UTC calendar boundaries.
	Epoch int64
	// NoEndCharge: JobEnd charges nothing, so a job's usage is only what
	// the priority passes charged while it ran. Slurm 22.05 charges the
	// time from the last pass to the job's end (priority_p_job_end) only
	// when AccountingStorageEnforce has limits (acct_policy.c).
	NoEndCharge bool
}

// Partition is what the priority reads of a partition.
type Partition struct {
	JobFactor float64
	MaxTime   float64
}

// Job is what the priority reads of a pending job. Times are seconds of
// simulated time.
type Job struct {
	User, Account, Partition, QOS string
	CPUs, Nodes                   int
	// TimeLimit is the requested time; ≤ 0 takes the partition's MaxTime.
	TimeLimit float64
	// Eligible is when the job became eligible (its age counts from there).
	Eligible float64
}

// Factors are a job's factors, each in [0, 1], and its priority: the
// weighted sum, truncated to an integer in [1, 2^32 − 1] as Slurm does.
type Factors struct {
	Age, FairShare, JobSize, Partition, QOS, Assoc float64
	Priority                                       float64
}

// Running is a running job, charged usage at every Update.
type Running struct {
	Assoc *Node
	CPUs  int
	Start float64
}

// Engine computes priorities for one replay: it holds the tree's usage.
type Engine struct {
	o                         Options
	fs                        FairShare
	tree                      *Tree
	cl                        Cluster
	maxPart, maxQOS, maxAssoc float64
	perSecond                 float64 // usage kept per second of decay
	last                      float64 // time of the last Update
	started                   bool
	nextReset                 float64
}

// New returns an engine of the fair-share algorithm name
// (FairShares' names) with options o over tree t and cluster cl.
func New(name string, o Options, t *Tree, cl Cluster) (*Engine, error) {
	fs, err := FairShares.New(name, o)
	if err != nil {
		return nil, err
	}
	o, _ = o.prepare() // valid: FairShares.New checked it
	if cl.CPUs <= 0 || cl.Nodes <= 0 {
		return nil, fmt.Errorf("slurmprio: the cluster needs CPUs and nodes (got %d, %d)", cl.CPUs, cl.Nodes)
	}
	e := &Engine{o: o, fs: fs, tree: t, cl: cl, perSecond: 1, nextReset: math.Inf(1)}
	if !o.NoDecay {
		// Slurm's per-second decay factor, 1 − ln 2 / half-life (0.693).
		e.perSecond = 1 - 0.693/o.DecayHalfLife
	}
	for _, p := range cl.Partitions {
		e.maxPart = math.Max(e.maxPart, p.JobFactor)
	}
	for _, q := range cl.QOS {
		e.maxQOS = math.Max(e.maxQOS, q)
	}
	walk(t.Root, func(n *Node) { e.maxAssoc = math.Max(e.maxAssoc, n.Priority) })
	e.fs.Compute(t)
	return e, nil
}

// Options returns the engine's options, defaults filled.
func (e *Engine) Options() Options { return e.o }

// Update is the calc-period step at now: usage is reset when a reset
// boundary has passed, decayed by the time since the last Update, the
// running jobs are charged for that time (their usage decayed over it,
// as Slurm charges), and the fair share is recomputed.
func (e *Engine) Update(now float64, running []Running) {
	if !e.started {
		e.started, e.last = true, now
		e.nextReset = e.resetAfter(now)
		if e.o.UsageResetPeriod == "NOW" {
			e.tree.scale(0)
		}
	}
	if now >= e.nextReset {
		e.tree.scale(0)
		e.nextReset = e.resetAfter(now)
	}
	if dt := now - e.last; dt > 0 {
		e.tree.scale(math.Pow(e.perSecond, dt))
		for _, r := range running {
			e.charge(r.Assoc, r.CPUs, math.Max(r.Start, e.last), now)
		}
	}
	e.last = now
	e.fs.Compute(e.tree)
}

// JobEnd charges a job that ended at end for its time since the last
// Update (Slurm's priority_p_job_end); the fair share changes at the
// next Update. With Cluster.NoEndCharge it charges nothing.
func (e *Engine) JobEnd(assoc *Node, cpus int, start, end float64) {
	if e.cl.NoEndCharge {
		return
	}
	e.charge(assoc, cpus, math.Max(start, e.last), end)
}

func (e *Engine) charge(n *Node, cpus int, from, to float64) {
	if d := to - from; d > 0 && n != nil {
		e.tree.Charge(n, float64(cpus)*d*math.Pow(e.perSecond, d))
	}
}

// resetAfter returns the simulated time of the first reset boundary
// after now (+Inf for NONE and NOW).
func (e *Engine) resetAfter(now float64) float64 {
	t := time.Unix(e.cl.Epoch+int64(math.Floor(now)), 0).UTC()
	y, m, d := t.Date()
	var next time.Time
	switch e.o.UsageResetPeriod {
	case "DAILY":
		next = time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
	case "WEEKLY":
		next = time.Date(y, m, d+7-int(t.Weekday()), 0, 0, 0, 0, time.UTC)
	case "MONTHLY":
		next = time.Date(y, m+1, 1, 0, 0, 0, 0, time.UTC)
	case "QUARTERLY":
		next = time.Date(y, (m-1)/3*3+4, 1, 0, 0, 0, 0, time.UTC)
	case "YEARLY":
		next = time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC)
	default:
		return math.Inf(1)
	}
	return float64(next.Unix() - e.cl.Epoch)
}

// Priority returns j's factors and priority at now.
func (e *Engine) Priority(j Job, now float64) (Factors, error) {
	n, ok := e.tree.User(j.User, j.Account)
	if !ok {
		return Factors{}, fmt.Errorf("slurmprio: user %s of account %s is not in the association tree", j.User, j.Account)
	}
	part, ok := e.cl.Partitions[j.Partition]
	if !ok {
		return Factors{}, fmt.Errorf("slurmprio: partition %q is not in the slurm.conf", j.Partition)
	}
	var f Factors
	f.Age = min(max(now-j.Eligible, 0)/e.o.MaxAge, 1)
	f.FairShare = n.FairShare
	f.JobSize = e.jobSize(j, part)
	f.Partition = frac(part.JobFactor, e.maxPart)
	if j.QOS != "" {
		q, ok := e.cl.QOS[j.QOS]
		if !ok {
			return Factors{}, fmt.Errorf("slurmprio: QOS %q is not in the QoS list", j.QOS)
		}
		f.QOS = frac(q, e.maxQOS)
	}
	for a := n; a != nil; a = a.Parent {
		if a.Priority > 0 {
			f.Assoc = frac(a.Priority, e.maxAssoc)
			break
		}
	}
	e.weigh(&f)
	return f, nil
}

// Refresh returns the factors f of a pending job (from Priority) at now:
// the age (from eligible) and the fair share (of its association n)
// recomputed, the others kept, since nothing else of a pending job
// changes. A replay's PriorityCalcPeriod step calls it for every pending
// job, without Priority's lookups.
func (e *Engine) Refresh(f Factors, n *Node, eligible, now float64) Factors {
	f.Age = min(max(now-eligible, 0)/e.o.MaxAge, 1)
	f.FairShare = n.FairShare
	e.weigh(&f)
	return f
}

// weigh sets f.Priority, the weighted sum of the factors truncated to an
// integer in [1, 2^32 − 1].
func (e *Engine) weigh(f *Factors) {
	o := e.o
	p := math.Floor(o.WeightAge*f.Age + o.WeightFairshare*f.FairShare + o.WeightJobSize*f.JobSize +
		o.WeightPartition*f.Partition + o.WeightQOS*f.QOS + o.WeightAssoc*f.Assoc)
	f.Priority = min(max(p, 1), math.MaxUint32)
}

// jobSize is Slurm's job-size factor.
func (e *Engine) jobSize(j Job, part Partition) float64 {
	cpus, nodes := float64(e.cl.CPUs), float64(e.cl.Nodes)
	jn, jc := float64(max(j.Nodes, 1)), float64(j.CPUs)
	var x float64
	switch {
	case e.o.SmallRelativeToTime:
		size := math.Max(jn*cpus/nodes, jc) // CPUs, at least the nodes' average
		limit := j.TimeLimit
		if limit <= 0 {
			limit = part.MaxTime
		}
		x = size / math.Max(limit/60, 1) / cpus // per minute of limit
		if e.o.FavorSmall {
			x = 1 - x
		}
	case e.o.FavorSmall:
		x = (nodes - jn) / nodes
		if jc > 0 {
			x = (x + (cpus-jc)/cpus) / 2
		}
	default:
		x = jn / nodes
		if jc > 0 {
			x = (x + jc/cpus) / 2
		}
	}
	return math.Min(math.Max(x, 0), 1)
}
