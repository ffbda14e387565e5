package slurm

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/schedsim/schedsim/workloads/swf"
)

// Job is one job of sacct output: its job line, with the components of a
// heterogeneous job folded in (see the package documentation).
type Job struct {
	// Line is the line of the job (of its first component).
	Line int
	// ID is the JobID as printed (123, 123_4); a heterogeneous job's
	// is its components' base (200 for 200+0, 200+1).
	ID string
	// RawID is JobIDRaw, -1 when absent.
	RawID int64
	// Submit, Start and End are Unix seconds; Start and End are -1 when
	// unknown (not started, not ended).
	Submit, Start, End int64
	// Elapsed is in seconds, -1 when absent.
	Elapsed int64
	// AllocCPUs is AllocCPUS; ReqCPUs is ReqCPUS, -1 when absent.
	AllocCPUs, ReqCPUs int
	// TimeLimit is Timelimit in seconds, -1 for none of the job's own.
	TimeLimit float64
	// Status is the SWF status of the State (of component +0).
	Status int
	// User, Group and Partition as printed ("" when absent).
	User, Group, Partition string

	// The priority's columns, read with Options.Priority, of the job's
	// (first component's) line.

	// Account and QOS as printed ("" when absent).
	Account, QOS string
	// Eligible is the Unix time the job became eligible, -1 when
	// Unknown, None or absent.
	Eligible int64
	// Priority is the recorded priority, -1 when absent.
	Priority int64
	// TRESCPUs and TRESNodes are ReqTRES's cpu= and node=, -1 when
	// absent.
	TRESCPUs, TRESNodes int
}

// Ran returns the job's wait and run time in seconds and its allocated
// CPUs, as the SWF record has them: -1 each for a job that never started
// (Start unknown, no CPUs allocated, or cancelled while pending: Slurm
// records Start = End = the cancel time, Elapsed 0). A job that started
// but whose run time cannot be told has run time -1 and counts as never
// started too.
func (j *Job) Ran() (wait, run float64, alloc int) {
	wait, run, alloc = -1, -1, -1
	pendingCancel := j.Status == swf.StatusCancelled && j.Start >= 0 && j.End == j.Start && j.Elapsed <= 0
	if j.Start < 0 || j.AllocCPUs <= 0 || pendingCancel {
		return wait, run, alloc
	}
	wait, alloc = float64(j.Start-j.Submit), j.AllocCPUs
	switch {
	case j.End >= j.Start:
		run = float64(j.End - j.Start)
	case j.Elapsed >= 0:
		run = float64(j.Elapsed)
	}
	return wait, run, alloc
}

// Scan reads sacct --parsable2 output from r in one pass and calls yield
// with every job, in submit order (ties by JobIDRaw, then line); name
// names r in messages. The job is yield's to keep. It returns what it
// counted and the lines it did not turn into jobs (as Trace.Stats and
// Trace.Problems), and an error when the header line is missing or lacks
// a required column, when r cannot be read, when yield fails (its error
// as it is), or when opts.Window or opts.Priority make a line one (see
// Options).
func Scan(r io.Reader, name string, opts Options, yield func(*Job) error) (Stats, swf.Report, error) {
	s := &scanner{name: name, loc: opts.Location, opts: opts, win: newWindow(opts.Window), yield: yield}
	if s.loc == nil {
		s.loc = time.UTC
	}
	err := scanTable(swf.ContextReader(opts.Context, r), name, s.row)
	if err == nil {
		err = s.win.drain(s.emit)
	}
	return s.stats, s.problems, err
}

// scanner is one Scan.
type scanner struct {
	name     string
	loc      *time.Location
	opts     Options
	stats    Stats
	problems swf.Report
	ids      ids
	names    map[string]string // see keep
	win      *window
	yield    func(*Job) error
}

// row reads one data line.
func (s *scanner) row(line int, fields []string, ncol int, get func(string) string) error {
	s.stats.Lines++
	if len(fields) != ncol {
		if s.opts.Priority {
			return fmt.Errorf("slurm: %s:%d: %d fields, the header has %d", s.name, line, len(fields), ncol)
		}
		s.skip(ReasonFieldCount, swf.Malformed, line, fmt.Sprintf("%s:%d: %d fields, the header has %d", s.name, line, len(fields), ncol))
		return nil
	}
	id := get("JobID")
	if i := strings.IndexByte(id, '.'); i >= 0 { // a step
		if s.ids.accepted(hetBase(id[:i])) {
			s.stats.Steps++
		} else {
			s.skip(ReasonOrphanStep, swf.Unusable, line, fmt.Sprintf("%s:%d: step %s", s.name, line, id))
		}
		return nil
	}
	pf := Job{Eligible: -1, Priority: -1, TRESCPUs: -1, TRESNodes: -1}
	if s.opts.Priority {
		if prev := s.ids.listed(id, line); prev > 0 {
			return fmt.Errorf("slurm: %s:%d: job %s already on line %d", s.name, line, id, prev)
		}
		if err := parsePriorityFields(&pf, get, s.loc); err != nil {
			return fmt.Errorf("slurm: %s:%d: job %s: %v", s.name, line, id, err)
		}
	}
	status, finished, ok := mapState(get("State"))
	if !ok {
		s.skip(ReasonBadState, swf.Malformed, line, fmt.Sprintf("%s:%d: state %q", s.name, line, get("State")))
		return nil
	}
	if !finished {
		s.skip(ReasonNotFinished, swf.Filtered, line, "")
		return nil
	}
	j, err := parseJob(get, s.loc, status, line)
	if err != nil {
		s.skip(ReasonBadValue, swf.Malformed, line, fmt.Sprintf("%s:%d: %v", s.name, line, err))
		return nil
	}
	if j.Start >= 0 && j.Start < j.Submit {
		s.skip(ReasonStartBeforeSubmit, swf.Unusable, line, fmt.Sprintf("%s:%d: job %s starts %d s before its submit time", s.name, line, id, j.Submit-j.Start))
		return nil
	}
	j.Account, j.QOS, j.Eligible, j.Priority, j.TRESCPUs, j.TRESNodes = pf.Account, pf.QOS, pf.Eligible, pf.Priority, pf.TRESCPUs, pf.TRESNodes
	s.keep(j)
	key := hetBase(id)
	if s.ids.accepted(key) {
		if key == id { // not a het component: the same job twice
			s.skip(ReasonDuplicate, swf.Unusable, line, fmt.Sprintf("%s:%d: job %s", s.name, line, id))
			return nil
		}
		prev := s.win.held(key)
		if prev == nil {
			return fmt.Errorf("slurm: %s:%d: component %s of heterogeneous job %s comes more than %d jobs after its first one, which is already passed on: list a heterogeneous job's components together, as sacct does",
				s.name, line, id, key, s.opts.Window)
		}
		mergeHet(prev, j, strings.HasSuffix(id, "+0"))
		s.stats.HetComponents++
		return s.win.fix(prev, s.misordered, s.emit)
	}
	s.ids.accept(key)
	j.ID = strings.Clone(key)
	return s.win.push(j, s.misordered, s.emit)
}

// maxNames bounds the names a Scan shares between its jobs.
const maxNames = 1 << 12

// keep makes j's names independent of its line, which they are slices
// of, so that a held job does not hold its line: the first maxNames
// distinct names are shared between the jobs (sites have a few hundred
// users and accounts), later ones copied.
func (s *scanner) keep(j *Job) {
	for _, p := range []*string{&j.User, &j.Group, &j.Partition, &j.Account, &j.QOS} {
		if n, ok := s.names[*p]; ok {
			*p = n
			continue
		}
		n := strings.Clone(*p)
		if len(s.names) < maxNames {
			if s.names == nil {
				s.names = map[string]string{}
			}
			s.names[n] = n
		}
		*p = n
	}
}

// emit passes a job on.
func (s *scanner) emit(j *Job) error {
	s.stats.Jobs++
	if _, run, _ := j.Ran(); run < 0 {
		s.stats.NeverStarted++
	}
	return s.yield(j)
}

// misordered is the error of job j, which sorts before job last that
// was already passed on.
func (s *scanner) misordered(j, last *Job) error {
	at := func(u int64) string { return time.Unix(u, 0).In(s.loc).Format(timeLayout) }
	return fmt.Errorf("slurm: %s:%d: job %s (submitted %s) comes before job %s of line %d (submitted %s) in submit order, but more than %d jobs after it: sacct lines so far out of submit order are not reordered (sort the jobs by Submit)",
		s.name, j.Line, j.ID, at(j.Submit), last.ID, last.Line, at(last.Submit), s.opts.Window)
}

func (s *scanner) skip(reason string, kind swf.Kind, line int, example string) {
	s.stats.Skipped++
	s.problems.Add(reason, kind, line, example)
}
