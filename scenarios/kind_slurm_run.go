package scenarios

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/records"
	"github.com/schedsim/schedsim/model/slurmsim"
	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/recorded"
)

// Run replays the sacct history once under Slurm's schedulers.
func (p *SlurmParams) Run(rc RunContext) (results.Metrics, error) {
	s, err := p.setup()
	if err != nil {
		return nil, err
	}
	// stop: {completed_jobs: N} replays the first N jobs of the history
	// (all of them complete); the other stop conditions do not apply.
	tree, treeErr := p.tree(s)
	if treeErr != nil {
		tree = slurmprio.NewTree() // the sacct file's errors come first
	}
	h, err := p.readHistory(rc, tree, rc.Stop.CompletedJobs)
	if err != nil {
		return nil, err
	}
	defer h.jobs.close()
	if treeErr != nil {
		return nil, treeErr
	}
	p.warn(rc, s, h, tree.Problems)
	cfg := slurmsim.Config{
		Conf: s.conf, FairShare: s.fairShare, Priority: s.priority, Tree: tree,
		QOS: s.qos, Epoch: h.epoch, SchedInterval: s.schedInterval,
	}
	cpus, _ := s.conf.TotalCPUs()
	compareCap := 0
	if p.CompareRecorded {
		compareCap = h.jobs.n
	}
	acc := newSlurmAccount(p.Tau, rc.Jobs, compareCap)
	next, err := h.jobs.reader()
	if err != nil {
		return nil, err
	}
	stats, err := slurmsim.Run(rc.context(), rc.Engine, cfg, next, acc.add)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", h.name, err)
	}
	if err := acc.flush(); err != nil {
		return nil, err
	}
	rc.Log.Info().Str("sacct", h.name).Int("jobs", stats.Jobs).Int("backfilled", stats.Backfilled).
		Int("main_passes", stats.MainPasses).Int("backfill_passes", stats.BackfillPasses).
		Str("setup", s.describe()).Msg("slurm replay done")
	m := acc.metrics(cpus, h.dropped)
	if p.CompareRecorded {
		return CompareRecorded(rc, acc.compared, m)
	}
	return m, nil
}

// warnOnce logs msg as a warning the first time the run meets it: a
// sweep's points read the same files (RunContext.WarnOnce).
func warnOnce(rc RunContext, key, msg string, fields map[string]any) {
	rc.WarnOnce(key + "\x00" + msg + "\x00" + fmt.Sprint(fields)).Fields(fields).Msg(msg)
}

// warn reports what the replay leaves out: slurm.conf keys not modelled,
// jobs attached to the default account, sacct jobs not replayed.
func (p *SlurmParams) warn(rc RunContext, s *slurmSetup, h *slurmHistory, problems []string) {
	if len(s.conf.Ignored) > 0 {
		warnOnce(rc, p.resolve(p.SlurmConf), "slurm.conf keys not modelled", map[string]any{"ignored": strings.Join(s.conf.Ignored, "; ")})
	}
	if s.assoc != nil && len(s.assoc.Problems) > 0 {
		warnOnce(rc, p.resolve(p.Assoc), fmt.Sprintf("%d associations attached to the default account", len(s.assoc.Problems)),
			map[string]any{"problems": strings.Join(s.assoc.Problems, "; ")})
	}
	if len(problems) > 0 && s.assoc == nil {
		warnOnce(rc, h.name, "no assoc file: every user has 1 share under "+p.DefaultAccount, nil)
	} else if len(problems) > 0 {
		first := problems[:min(len(problems), 10)]
		warnOnce(rc, h.name, fmt.Sprintf("%d user/account pairs of the jobs not in the association tree: attached to %s", len(problems), p.DefaultAccount),
			map[string]any{"first": strings.Join(first, "; ")})
	}
	if h.dropped > 0 || h.orphans > 0 {
		warnOnce(rc, h.name, fmt.Sprintf("%d of %d sacct jobs not replayed, %d step lines before their job line ignored", h.dropped, h.read, h.orphans), map[string]any{"reasons": h.reasons})
	}
}

// slurmAccount sums up the ended jobs of a replay and writes their
// records.
type slurmAccount struct {
	tau           float64
	waits         []float64
	sumBSLD, busy float64
	first, last   float64
	backfilled    int
	csv           *records.Writer
	// compared are the jobs' recorded and simulated starts, kept with
	// compare_recorded (nil otherwise).
	compared []recorded.Job
}

func newSlurmAccount(tau float64, jobs io.Writer, compare int) *slurmAccount {
	a := &slurmAccount{tau: tau, first: math.Inf(1), last: math.Inf(-1)}
	if compare > 0 {
		a.compared = make([]recorded.Job, 0, compare)
	}
	if jobs != nil {
		a.csv = records.New(jobs)
		a.csv.Header("id", "submit", "start", "end", "processors", "runtime", "wait", "bsld", "priority", "backfilled", "user", "account", "partition", "qos")
	}
	return a
}

// add takes one ended job.
func (a *slurmAccount) add(r slurmsim.Record) {
	j := r.Job
	wait, run := r.Start-j.Submit, r.End-r.Start
	bsld := max(1, (wait+run)/max(run, a.tau))
	a.waits = append(a.waits, wait)
	a.sumBSLD += bsld
	a.busy += run * float64(j.CPUs)
	a.first, a.last = min(a.first, j.Submit), max(a.last, r.End)
	if r.Backfilled {
		a.backfilled++
	}
	if a.compared != nil {
		a.compared = append(a.compared, recorded.Job{ID: j.ID, User: j.User, Partition: j.Partition,
			Submit: j.Submit, Recorded: j.RecordedStart, Simulated: r.Start})
	}
	if a.csv == nil || a.csv.Failed() {
		return
	}
	b := a.csv.Line()
	b = strconv.AppendInt(b, int64(j.ID), 10)
	for _, v := range []float64{j.Submit, r.Start, r.End, float64(j.CPUs), run, wait, bsld, r.Priority} {
		b = append(b, ',')
		b = records.AppendFloat(b, v)
	}
	b = append(b, ',')
	b = strconv.AppendBool(b, r.Backfilled)
	for _, s := range []string{j.User, j.Account, j.Partition, j.QOS} {
		b = append(b, ',')
		b = appendCSVField(b, s)
	}
	a.csv.Write(append(b, '\n'))
}

// appendCSVField appends s, quoted when it holds a comma, a quote or a
// line break.
func appendCSVField(b []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return append(b, s...)
	}
	return append(append(b, '"'), strings.ReplaceAll(s, `"`, `""`)+`"`...)
}

func (a *slurmAccount) flush() error {
	if a.csv == nil {
		return nil
	}
	return a.csv.Flush()
}

// metrics are the replay's metrics (slurmMetricNames).
func (a *slurmAccount) metrics(cpus, dropped int) results.Metrics {
	n := float64(len(a.waits))
	sorted := slices.Clone(a.waits)
	slices.Sort(sorted)
	var sum float64
	for _, w := range sorted {
		sum += w
	}
	makespan := a.last - a.first
	util := math.NaN()
	if makespan > 0 && cpus > 0 {
		util = a.busy / (float64(cpus) * makespan)
	}
	m := make(results.Metrics, 0, len(slurmMetricNames)+len(RecordedMetricNames))
	return m.Add("jobs", n).Add("records_dropped", float64(dropped)).
		Add("mean_wait", sum/n).Add("p90_wait", cluster.Quantile(sorted, 0.9)).Add("max_wait", sorted[len(sorted)-1]).
		Add("mean_bsld", a.sumBSLD/n).Add("utilization", util).Add("makespan", makespan).
		Add("backfilled_share", float64(a.backfilled)/n)
}
