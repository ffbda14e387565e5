package slurmconf

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// parser holds the state of one Read.
type parser struct {
	name    string
	o       Options
	cfg     *Config
	seen    map[string]bool   // ignored keys already listed
	nodeDef map[string]string // NodeName=DEFAULT values, lower-case keys
	partDef map[string]string // PartitionName=DEFAULT values
	parts   []partSpec
	budget  int // node names left under MaxNodes
}

// partSpec is a partition line kept until the nodes are known.
type partSpec struct {
	p     Partition
	nodes string
}

// modelledFlags and unmodelledFlags are the PriorityFlags Read knows.
var (
	modelledFlags   = []string{"NO_FAIR_TREE", "FAIR_TREE", "SMALL_RELATIVE_TO_TIME", "ACCRUE_ALWAYS", "CALCULATE_RUNNING"}
	unmodelledFlags = []string{"DEPTH_OBLIVIOUS", "INCR_ONLY", "MAX_TRES", "MAX_TRES_GRES", "NO_NORMAL_ALL", "NO_NORMAL_ASSOC", "NO_NORMAL_PART", "NO_NORMAL_QOS", "NO_NORMAL_TRES"}
	resetPeriods    = []string{"NONE", "NOW", "DAILY", "WEEKLY", "MONTHLY", "QUARTERLY", "YEARLY"}
)

func (p *parser) errf(line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: slurmconf: %s", p.name, line, fmt.Sprintf(format, args...))
}

// ignore lists key once as read and not modelled.
func (p *parser) ignore(line int, key string) {
	k := strings.ToLower(key)
	if p.seen[k] {
		return
	}
	p.seen[k] = true
	p.cfg.Ignored = append(p.cfg.Ignored, fmt.Sprintf("ignored: %s (%s:%d)", key, p.name, line))
}

// unmodelled fails on a value that changes the schedule and is not
// modelled, unless AllowUnmodelled lists it as ignored.
func (p *parser) unmodelled(line int, what, why string) error {
	if !p.o.AllowUnmodelled {
		return p.errf(line, "%s: %s, which schedsim does not model (allow-unmodelled lists it as ignored instead)", what, why)
	}
	p.cfg.Ignored = append(p.cfg.Ignored, fmt.Sprintf("ignored: %s (%s:%d): not modelled", what, p.name, line))
	return nil
}

// line reads one logical line.
func (p *parser) line(n int, s string) error {
	// Slurm writes an include as "Include FILE", not Key=Value.
	if f := strings.Fields(s); len(f) > 1 && strings.EqualFold(f[0], "include") {
		return p.unmodelled(n, "Include "+strings.Join(f[1:], " "), "an included file (paste its lines in)")
	}
	pairs, err := splitPairs(s)
	if err != nil {
		return p.errf(n, "%v", err)
	}
	if len(pairs) == 0 {
		return nil
	}
	switch strings.ToLower(pairs[0].key) {
	case "nodename":
		return p.nodeLine(n, pairs)
	case "partitionname":
		return p.partLine(n, pairs)
	}
	if len(pairs) > 1 {
		return p.errf(n, "one Key=Value a line outside NodeName and PartitionName lines (got %d)", len(pairs))
	}
	return p.key(n, pairs[0].key, pairs[0].val)
}

// key reads one top-level Key=Value.
func (p *parser) key(n int, key, val string) error {
	c := p.cfg
	what := key + "=" + val
	switch lk := strings.ToLower(key); lk {
	case "prioritytype":
		if val != "priority/multifactor" && val != "priority/basic" {
			return p.unmodelled(n, what, "a priority plugin other than priority/multifactor or priority/basic")
		}
		c.PriorityType = val
	case "priorityweightage", "priorityweightfairshare", "priorityweightjobsize",
		"priorityweightpartition", "priorityweightqos", "priorityweightassoc":
		v, err := strconv.ParseUint(val, 10, 32)
		if err != nil {
			return p.errf(n, "%s: want an integer in [0, 4294967295] (got %q)", key, val)
		}
		w := map[string]*float64{"priorityweightage": &c.Weights.Age, "priorityweightfairshare": &c.Weights.FairShare,
			"priorityweightjobsize": &c.Weights.JobSize, "priorityweightpartition": &c.Weights.Partition,
			"priorityweightqos": &c.Weights.QOS, "priorityweightassoc": &c.Weights.Assoc}[lk]
		*w = float64(v)
	case "priorityweighttres":
		if val != "" {
			return p.unmodelled(n, what, "TRES weights in the priority")
		}
	case "prioritydecayhalflife", "prioritymaxage", "prioritycalcperiod":
		v, err := parseTime(val, false)
		if err != nil {
			return p.errf(n, "%s: %v", key, err)
		}
		switch lk {
		case "prioritydecayhalflife":
			c.DecayHalfLife = v
		case "prioritymaxage":
			if v <= 0 {
				return p.errf(n, "%s: must be > 0 (got %q)", key, val)
			}
			c.MaxAge = v
		default:
			if v <= 0 {
				return p.errf(n, "%s: must be > 0 (got %q)", key, val)
			}
			c.CalcPeriod = v
		}
	case "priorityusageresetperiod":
		v := strings.ToUpper(val)
		if !slices.Contains(resetPeriods, v) {
			return p.errf(n, "%s: must be one of %v (got %q)", key, resetPeriods, val)
		}
		c.UsageResetPeriod = v
	case "priorityfavorsmall":
		b, err := yesNo(val)
		if err != nil {
			return p.errf(n, "%s: %v", key, err)
		}
		c.FavorSmall = b
	case "priorityflags":
		for _, f := range strings.Split(val, ",") {
			f = strings.ToUpper(strings.TrimSpace(f))
			switch {
			case f == "":
			case slices.Contains(modelledFlags, f):
				if !slices.Contains(c.Flags, f) {
					c.Flags = append(c.Flags, f)
				}
			case slices.Contains(unmodelledFlags, f):
				if err := p.unmodelled(n, "PriorityFlags="+f, "a priority flag"); err != nil {
					return err
				}
			default:
				return p.errf(n, "PriorityFlags: unknown flag %q", f)
			}
		}
	case "fairsharedampeningfactor":
		v, err := strconv.ParseUint(val, 10, 16)
		if err != nil || v < 1 {
			return p.errf(n, "%s: want an integer in [1, 65535] (got %q)", key, val)
		}
		c.DampeningFactor = float64(v)
	case "schedulertype":
		if val != "sched/backfill" && val != "sched/builtin" {
			return p.unmodelled(n, what, "a scheduler other than sched/backfill or sched/builtin")
		}
		c.SchedulerType = val
	case "schedulerparameters":
		return p.schedParams(n, val)
	case "accountingstorageenforce":
		for _, f := range strings.Split(val, ",") {
			switch strings.ToLower(strings.TrimSpace(f)) {
			case "2", "limits", "safe", "all":
				c.EnforceLimits = true
			}
		}
	case "include":
		return p.unmodelled(n, what, "an included file (paste its lines in)")
	default:
		p.ignore(n, key)
	}
	return nil
}

// The bounds of SchedulerParameters beyond Slurm's int: Slurm's own for
// bf_interval (3 h), bf_window (30 days, in minutes), bf_resolution (1 h)
// and bf_max_job_test (and bf_max_job_user), as its backfill plugin
// checks them; 10^9 s (about 31 years) for the periods that Slurm leaves
// unbounded, the bound of the slurm kind's backfill.sched_interval.
const (
	maxBfJobTest = 1000000
	maxSeconds   = 1000000000
)

// schedParams reads SchedulerParameters.
func (p *parser) schedParams(n int, val string) error {
	s := &p.cfg.Sched
	for _, item := range strings.Split(val, ",") {
		k, v, hasV := strings.Cut(strings.TrimSpace(item), "=")
		k = strings.ToLower(k)
		num := func(lo, hi int) (int, error) {
			x, err := strconv.Atoi(v)
			if !hasV || err != nil || x < lo || x > hi {
				return 0, p.errf(n, "SchedulerParameters %s: want an integer in [%d, %d] (got %q)", k, lo, hi, v)
			}
			return x, nil
		}
		var x int
		var err error
		switch k {
		case "":
		case "default_queue_depth":
			x, err = num(1, math.MaxInt32)
			s.DefaultQueueDepth = x
		case "sched_interval":
			x, err = num(1, maxSeconds)
			s.SchedInterval = float64(x)
		case "bf_interval":
			x, err = num(1, 10800)
			s.BfInterval = float64(x)
		case "bf_window":
			x, err = num(1, 43200)
			s.BfWindow = float64(x) * 60
		case "bf_resolution":
			x, err = num(1, 3600)
			s.BfResolution = float64(x)
		case "bf_max_job_test":
			x, err = num(1, maxBfJobTest)
			s.BfMaxJobTest = x
		case "bf_max_job_user":
			x, err = num(0, maxBfJobTest)
			s.BfMaxJobUser = x
		case "batch_sched_delay":
			x, err = num(0, maxSeconds)
			s.BatchSchedDelay, s.BatchSchedDelaySet = float64(x), true
		case "bf_continue":
			if hasV {
				return p.errf(n, "SchedulerParameters bf_continue takes no value (got %q)", v)
			}
			s.BfContinue = true
		default:
			if strings.HasPrefix(k, "bf_") {
				err = p.unmodelled(n, "SchedulerParameters "+item, "a backfill parameter")
			} else {
				p.ignore(n, "SchedulerParameters "+k)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func yesNo(v string) (bool, error) {
	switch strings.ToUpper(v) {
	case "YES":
		return true, nil
	case "NO":
		return false, nil
	}
	return false, fmt.Errorf("want YES or NO (got %q)", v)
}

// limit reads a count that may be UNLIMITED/INFINITE.
func limit(v string) (float64, error) {
	switch strings.ToUpper(v) {
	case "UNLIMITED", "INFINITE":
		return math.Inf(1), nil
	}
	x, err := strconv.ParseUint(v, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("want a count or UNLIMITED (got %q)", v)
	}
	return float64(x), nil
}
