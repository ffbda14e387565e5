package slurmsim

import (
	"context"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/sacctmgr"
)

// TestJobErrors: a job the model cannot run is one error line naming its
// ID and sacct line, never a panic or a silent drop.
func TestJobErrors(t *testing.T) {
	conf := `NodeName=n[1-2] CPUs=4
PartitionName=batch Nodes=n[1-2] Default=YES MaxTime=UNLIMITED MaxNodes=1
`
	ok := tjob(1, "u", "batch", 0, 1, 10, 10)
	for _, tc := range []struct {
		name string
		edit func(*Job)
		qos  []sacctmgr.QOS
		want string
	}{
		{"unknown partition", func(j *Job) { j.Partition = "gpu" }, nil,
			`slurmsim: sacct job 2 (line 3): partition "gpu" is not in the slurm.conf (batch)`},
		{"larger than partition", func(j *Job) { j.CPUs = 9 }, nil,
			"slurmsim: sacct job 2 (line 3): 9 CPUs requested, larger than partition batch (8 CPUs)"},
		{"more nodes than partition", func(j *Job) { j.Nodes, j.CPUs = 3, 3 }, nil,
			"slurmsim: sacct job 2 (line 3): 3 nodes requested, larger than partition batch (2 nodes)"},
		{"above MaxNodes", func(j *Job) { j.Nodes, j.CPUs = 2, 2 }, nil,
			"slurmsim: sacct job 2 (line 3): 2 nodes requested, above partition batch's MaxNodes=1"},
		{"too many CPUs a node", func(j *Job) { j.Nodes, j.CPUs = 1, 5 }, nil,
			"slurmsim: sacct job 2 (line 3): 5 CPUs on 1 nodes do not fit partition batch's largest nodes"},
		{"no CPUs", func(j *Job) { j.CPUs = 0 }, nil,
			"slurmsim: sacct job 2 (line 3): 0 CPUs requested: at least 1 is needed"},
		{"NaN run time", func(j *Job) { j.Runtime = math.NaN() }, nil,
			"slurmsim: sacct job 2 (line 3): run time NaN is not a non-negative number"},
		{"out of order", func(j *Job) { j.Submit = -1 }, nil,
			"slurmsim: sacct job 2 (line 3): submitted at -1s, before the job read before it (0s): the history must be in submit order"},
		{"unknown QoS", func(j *Job) { j.QOS = "gold" }, nil,
			`slurmsim: sacct job 2 (line 3): QoS "gold" is not in the QoS list`},
		{"unknown QoS in list", func(j *Job) { j.QOS = "gold" }, []sacctmgr.QOS{{Name: "normal"}},
			`slurmsim: sacct job 2 (line 3): QoS "gold" is not in the QoS list`},
		{"above GrpCPUs", func(j *Job) { j.CPUs = 3 }, []sacctmgr.QOS{{Name: "normal", GrpCPUs: 2}},
			"slurmsim: sacct job 2 (line 3): 3 CPUs requested, above QoS normal's GrpTRES cpu=2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := tjob(2, "u", "batch", 0, 1, 10, 10)
			tc.edit(&bad)
			su := setup{conf: conf, jobs: []Job{ok, bad}, modify: func(c *Config) { c.QOS = tc.qos }}
			_, _, err := su.replay(t, sim.Fast)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestRunErrors: a source error is returned as it is; a missing
// association, a bad slurm.conf for the model, a cancelled context.
func TestRunErrors(t *testing.T) {
	conf := "NodeName=n1 CPUs=4\nPartitionName=batch Nodes=n1 Default=YES\n"
	su := setup{conf: conf, jobs: []Job{tjob(1, "u", "batch", 0, 1, 10, 10)}}
	cfg, jobs := su.config(t)
	boom := errors.New("sacct.txt:7: slurm: bad field")
	_, err := Run(context.Background(), sim.NewFast(), cfg, func() (Job, error) { return Job{}, boom }, func(Record) {})
	if err != boom {
		t.Errorf("source error: %v", err)
	}
	j := jobs[0]
	j.Assoc = nil
	_, err = Run(context.Background(), sim.NewFast(), cfg, once(j), func(Record) {})
	if err == nil || !strings.HasPrefix(err.Error(), "slurmsim: sacct job 1 (line 2): user u of account acct has no association") {
		t.Errorf("no association: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err = Run(ctx, sim.NewFast(), cfg, once(jobs[0]), func(Record) {}); !errors.Is(err, sim.ErrInterrupted) {
		t.Errorf("cancelled: %v", err)
	}
	cfg.SchedInterval = -1
	_, err = Run(context.Background(), sim.NewFast(), cfg, once(jobs[0]), func(Record) {})
	if fe, ok := model.AsField(err); !ok || fe.Path != "sched_interval" ||
		err.Error() != "slurmsim: sched_interval: must be a finite number > 0 (got -1)" {
		t.Errorf("sched_interval: %v", err)
	}
}

// once yields j, then io.EOF.
func once(j Job) func() (Job, error) {
	done := false
	return func() (Job, error) {
		if done {
			return Job{}, io.EOF
		}
		done = true
		return j, nil
	}
}

// TestDefaults: no partition takes the Default=YES one; no time limit
// takes its DefaultTime; a limit above MaxTime is cut there (counted) and
// the job ends at it.
func TestDefaults(t *testing.T) {
	conf := `NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=10 DefaultTime=5
`
	jobs := []Job{
		tjob(1, "u", "", 0, 1, 0, 1000),         // DefaultTime 5 min: ends at 300
		tjob(2, "u", "batch", 0, 1, 7200, 1000), // MaxTime 10 min: ends at 600
	}
	recs, st, err := setup{conf: conf, jobs: jobs}.replay(t, sim.Fast)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].End != 300 || recs[1].End != 600 || st.Capped != 1 {
		t.Errorf("records %v, stats %+v", dump(recs), st)
	}
}
