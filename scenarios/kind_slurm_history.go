package scenarios

import (
	"fmt"
	"math"
	"strings"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/slurmsim"
	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/workloads/slurm"
)

// slurmHistory is a sacct file as the model replays it.
type slurmHistory struct {
	// name is the resolved sacct path, for messages.
	name string
	// epoch is the Unix time of the first submit (simulated time 0).
	epoch int64
	// jobs are the jobs that started, in submit order.
	jobs []slurmsim.Job
	// read, dropped count the sacct's jobs and those not replayed
	// (never started, or lines the importer skipped); reasons says why.
	read, dropped int
	reasons       string
}

// readHistory reads the sacct file twice: the importer (jobs, times,
// sizes, in submit order) and the priority columns (user, account, QoS,
// eligible time, ReqTRES), joined by line.
func (p *SlurmParams) readHistory(rc RunContext) (*slurmHistory, error) {
	loc, err := p.location()
	if err != nil {
		return nil, err
	}
	f, name, err := p.open(rc.context(), "sacct", p.Sacct)
	if err != nil {
		return nil, err
	}
	tr, err := slurm.Read(f, name, slurm.Options{Location: loc, Context: rc.context()})
	f.Close()
	if err != nil {
		return nil, err
	}
	if f, _, err = p.open(rc.context(), "sacct", p.Sacct); err != nil {
		return nil, err
	}
	fields, err := slurm.ReadPriorityFields(f, name, loc)
	f.Close()
	if err != nil {
		return nil, err
	}
	byLine := make(map[int]*slurm.PriorityFields, len(fields))
	for i := range fields {
		byLine[fields[i].Line] = &fields[i]
	}
	parts := partitionNames(tr.Header())
	h := &slurmHistory{name: name, epoch: tr.Header().UnixStartTime}
	st := tr.Stats()
	h.read, h.dropped = st.Jobs+st.Skipped, st.Skipped+st.NeverStarted
	var reasons []string
	if st.NeverStarted > 0 {
		reasons = append(reasons, fmt.Sprintf("%d never started", st.NeverStarted))
	}
	if st.Skipped > 0 {
		reasons = append(reasons, tr.Problems().Summary())
	}
	h.reasons = strings.Join(reasons, "; ")
	for _, r := range tr.Records() {
		if r.RunTime < 0 {
			continue
		}
		pf := byLine[r.Line]
		if pf == nil {
			return nil, fmt.Errorf("%s:%d: job %d: no priority columns (User, Account, QOS …) read on its line", name, r.Line, r.JobNumber)
		}
		j := slurmsim.Job{
			ID: int(r.JobNumber), Line: r.Line,
			User: pf.User, Account: pf.Account, Partition: parts[r.Partition], QOS: pf.QOS,
			Submit: r.Submit, Eligible: r.Submit,
			CPUs:      firstPositive(r.ReqProcs, pf.ReqCPUs, r.AllocProcs, 1),
			Nodes:     max(pf.ReqNodes, 0),
			TimeLimit: max(r.ReqTime, 0),
			Runtime:   r.RunTime, RecordedStart: r.Submit + r.Wait,
		}
		if pf.Eligible >= 0 {
			j.Eligible = max(j.Submit, float64(pf.Eligible-h.epoch))
		}
		if r.Wait < 0 {
			j.RecordedStart = math.NaN()
		}
		h.jobs = append(h.jobs, j)
	}
	return h, nil
}

// firstPositive returns the first of vs that is > 0 (the last when none
// is).
func firstPositive(vs ...int) int {
	for _, v := range vs {
		if v > 0 {
			return v
		}
	}
	return vs[len(vs)-1]
}

// attach builds the association tree of the replay and attaches every
// job to its association (Tree.Attach: an account not in the tree goes to
// default_account, reported once per pair in the tree's Problems, and
// the job's Account becomes that account).
func (p *SlurmParams) attach(s *slurmSetup, h *slurmHistory) (*slurmprio.Tree, error) {
	tree := slurmprio.NewTree()
	if s.assoc != nil {
		var err error
		if tree, err = slurmprio.TreeFrom(s.assoc, p.resolve(p.Assoc)); err != nil {
			return nil, model.Field("assoc", "%v", err)
		}
	}
	for i := range h.jobs {
		j := &h.jobs[i]
		n, err := tree.Attach(j.User, j.Account, p.DefaultAccount)
		if err != nil {
			return nil, model.Field("default_account", "%s:%d: %v", h.name, j.Line, err)
		}
		// the priority looks the association up by user and account:
		// a job of an account not in the tree is charged to (and
		// listed under) the account it was attached to
		j.Assoc, j.Account = n, n.Parent.Name
	}
	return tree, nil
}
