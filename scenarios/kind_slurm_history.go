package scenarios

import (
	"fmt"
	"strings"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/slurmsim"
	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/workloads/slurm"
)

// sacctWindow is how many jobs the kind holds to sort the sacct lines by
// submit time (slurm.Options.Window): sacct lists jobs by ID, which
// array tasks and requeued jobs take out of submit order by a few jobs;
// a line further out is an error naming it.
const sacctWindow = 10_000

// slurmHistory is a sacct file as the model replays it.
type slurmHistory struct {
	// name is the resolved sacct path, for messages.
	name string
	// epoch is the Unix time of the first submit (simulated time 0).
	epoch int64
	// jobs are the jobs to replay: those that started, in submit order,
	// attached to the association tree (the first limit of them with
	// stop: completed_jobs).
	jobs *spool
	// read, dropped count the sacct's jobs and those not replayed
	// (never started, or job lines the importer skipped); orphans counts
	// the step lines skipped because their job line did not come first,
	// which are no jobs; reasons says why.
	read, dropped, orphans int
	reasons                string
}

// readHistory reads the sacct file once, with the priority columns, and
// spools the jobs to replay, each attached to tree (see attach): all of
// them, or the first limit when limit > 0. Jobs not replayed are
// counted. On success the caller closes h.jobs.
func (p *SlurmParams) readHistory(rc RunContext, tree *slurmprio.Tree, limit int) (h *slurmHistory, err error) {
	loc, err := p.location()
	if err != nil {
		return nil, err
	}
	f, name, err := p.open(rc.context(), "sacct", p.Sacct)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sp, err := newSpool()
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			sp.close()
		}
	}()
	h = &slurmHistory{name: name, jobs: sp}
	first, n, started := true, 0, 0
	var attachErr error
	st, problems, err := slurm.Scan(f, name, slurm.Options{Location: loc, Context: rc.context(), Priority: true, Window: sacctWindow},
		func(sj *slurm.Job) error {
			if first {
				h.epoch, first = sj.Submit, false
			}
			n++
			wait, run, alloc := sj.Ran()
			if run < 0 {
				return nil
			}
			if started++; limit > 0 && started > limit || attachErr != nil {
				return nil
			}
			submit := float64(sj.Submit - h.epoch)
			j := slurmsim.Job{
				ID: n, Line: sj.Line,
				User: sj.User, Account: sj.Account, Partition: partitionName(sj.Partition), QOS: sj.QOS,
				Submit: submit, Eligible: submit,
				CPUs:      firstPositive(sj.ReqCPUs, sj.TRESCPUs, alloc, 1),
				Nodes:     max(sj.TRESNodes, 0),
				TimeLimit: max(sj.TimeLimit, 0),
				Runtime:   run, RecordedStart: submit + wait,
			}
			if sj.Eligible >= 0 {
				j.Eligible = max(j.Submit, float64(sj.Eligible-h.epoch))
			}
			if attachErr = p.attach(tree, h.name, &j); attachErr != nil {
				return nil
			}
			return sp.put(&j)
		})
	if err != nil {
		return nil, err
	}
	h.orphans = problems.Count(slurm.ReasonOrphanStep)
	skipped := st.Skipped - h.orphans // job lines
	h.read, h.dropped = st.Jobs+skipped, skipped+st.NeverStarted
	var reasons []string
	if st.NeverStarted > 0 {
		reasons = append(reasons, fmt.Sprintf("%d never started", st.NeverStarted))
	}
	if st.Skipped > 0 {
		reasons = append(reasons, problems.Summary())
	}
	h.reasons = strings.Join(reasons, "; ")
	if started == 0 {
		return nil, model.Field("sacct", "%s: no job to replay: read %d jobs, none started (%s)", h.name, h.read, h.reasons)
	}
	if attachErr != nil {
		return nil, attachErr
	}
	return h, nil
}

// partitionName is a partition's name as the model looks it up: the
// importer's SWF header lists partitions as "N name", which drops
// spaces around a name, and a name with spaces inside is no
// partition's (the slurm.conf default's).
func partitionName(name string) string {
	if f := strings.Fields(name); len(f) == 1 {
		return f[0]
	}
	return ""
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

// tree builds the association tree of the replay: the assoc file's, or
// an empty one.
func (p *SlurmParams) tree(s *slurmSetup) (*slurmprio.Tree, error) {
	if s.assoc == nil {
		return slurmprio.NewTree(), nil
	}
	tree, err := slurmprio.TreeFrom(s.assoc, p.resolve(p.Assoc))
	if err != nil {
		return nil, model.Field("assoc", "%v", err)
	}
	return tree, nil
}

// attach attaches job j to its association (Tree.Attach: an account not
// in the tree goes to default_account, reported once per pair in the
// tree's Problems, and the job's Account becomes that account).
func (p *SlurmParams) attach(tree *slurmprio.Tree, name string, j *slurmsim.Job) error {
	n, err := tree.Attach(j.User, j.Account, p.DefaultAccount)
	if err != nil {
		return model.Field("default_account", "%s:%d: %v", name, j.Line, err)
	}
	// the priority looks the association up by user and account: a job
	// of an account not in the tree is charged to (and listed under)
	// the account it was attached to
	j.Assoc, j.Account = n, n.Parent.Name
	return nil
}
