package slurm

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/schedsim/schedsim/internal/input"
	"github.com/schedsim/schedsim/workloads/swf"
)

// Format is the sacct --format field list the importer documents; run
//
//	TZ=UTC sacct --allusers --parsable2 --starttime S --endtime E --format $Format
const Format = "JobIDRaw,JobID,User,Group,Partition,Submit,Start,End,Elapsed,AllocCPUS,ReqCPUS,Timelimit,State"

// required are the columns without which no job can be read.
var required = []string{"JobID", "Submit", "Start", "End", "AllocCPUS", "State"}

// Reasons under which lines are counted (see Trace.Problems).
const (
	ReasonFieldCount  = "wrong field count"
	ReasonBadValue    = "unreadable value"
	ReasonBadState    = "unknown state"
	ReasonNotFinished = "not finished (pending, running, suspended, requeued)"
	ReasonOrphanStep  = "step without its job line"
	ReasonDuplicate   = "job listed twice"
	// ReasonStartBeforeSubmit: the job's start precedes its submit time
	// (a clock step, or times printed in another zone than --tz says),
	// which would give a negative wait.
	ReasonStartBeforeSubmit = "start before submit"
)

// Options configure an import.
type Options struct {
	// Location is the time zone sacct printed its times in (the TZ of
	// the sacct process); nil means UTC.
	Location *time.Location
	// Procs, when > 0, is the machine's processor count, written to the
	// header as MaxProcs (sacct does not know it).
	Procs int
	// Context, when set, stops a read when it is cancelled (the error
	// wraps its cause).
	Context context.Context
	// Priority also reads the columns of the multifactor priority
	// (PriorityFormat) into each Job. The priority cannot do without
	// them, so a line with a wrong field count, an unreadable Eligible,
	// Priority or ReqTRES, or a JobID listed twice is then an error
	// naming the file and line, not a counted problem.
	Priority bool
	// Window, when > 0, is how many jobs Scan holds to sort them by
	// submit time: memory stays bounded, and a job whose line comes more
	// than Window jobs after lines of jobs submitted later is an error
	// naming its line (never a job passed on out of order), as is a
	// heterogeneous component listed that far from its job's first one.
	// 0 holds every job (Read, which sorts the whole file).
	Window int
}

// Stats counts what an import read.
type Stats struct {
	// Lines is the number of data lines (not counting the header).
	Lines int
	// Jobs is the number of records written (one per job).
	Jobs int
	// Steps is the number of step lines folded into their job.
	Steps int
	// HetComponents is the number of heterogeneous-job components folded
	// into their job beyond the first.
	HetComponents int
	// NeverStarted is the number of records of jobs that never started
	// (run time -1).
	NeverStarted int
	// Skipped is the number of lines not turned into records (see
	// Trace.Problems for why).
	Skipped int
}

// MaxLineLength is the longest line Read accepts; a longer one, or a NUL
// byte (binary data, a device), is an error at once.
const MaxLineLength = 1 << 20

// ReadFile imports the sacct output in path. With opts.Context, a named
// pipe that no writer opens and a read that waits on a pipe both return
// the context's error once it is done.
func ReadFile(path string, opts Options) (*Trace, error) {
	f, err := input.Open(opts.Context, path)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("slurm: %s: %w", path, err)
		}
		return nil, fmt.Errorf("slurm: %w", err)
	}
	defer f.Close()
	return Read(f, path, opts)
}

// Read imports sacct --parsable2 output from r; name names it in
// messages. It returns an error when the header line is missing or lacks
// a required column, or when r cannot be read; bad data lines are counted
// (Problems), not errors.
func Read(r io.Reader, name string, opts Options) (*Trace, error) {
	var jobs []*Job
	st, problems, err := Scan(r, name, opts, func(j *Job) error {
		jobs = append(jobs, j)
		return nil
	})
	if err != nil {
		return nil, err
	}
	loc := opts.Location
	if loc == nil {
		loc = time.UTC
	}
	t := &Trace{name: name, problems: problems, stats: st}
	t.build(jobs, loc, opts.Procs)
	return t, nil
}

// errNotText is the error of a NUL byte.
var errNotText = errors.New("a NUL byte: binary data, not sacct output")

// scanText splits lines as bufio.ScanLines does, and fails on a NUL byte
// in a line or, while a line end is awaited, in what was read of it.
func scanText(data []byte, atEOF bool) (int, []byte, error) {
	adv, tok, err := bufio.ScanLines(data, atEOF)
	if bytes.IndexByte(tok, 0) >= 0 || adv == 0 && bytes.IndexByte(data, 0) >= 0 {
		return 0, nil, errNotText
	}
	return adv, tok, err
}

// header maps the column names of sacct's header line to their index.
func header(fields []string) (map[string]int, error) {
	col := make(map[string]int, len(fields))
	for i, f := range fields {
		col[f] = i
	}
	for _, r := range required {
		if _, ok := col[r]; !ok {
			return nil, fmt.Errorf("slurm: the header line %q lacks column %s (run sacct --parsable2 --format %s)",
				strings.Join(fields, "|"), r, Format)
		}
	}
	return col, nil
}

// hetBase returns the job a heterogeneous component belongs to ("200+1"
// → "200"); other ids are returned as they are.
func hetBase(id string) string {
	if i := strings.IndexByte(id, '+'); i >= 0 {
		return id[:i]
	}
	return id
}

// MaxCPUs bounds AllocCPUS and ReqCPUS of a line (and of a
// heterogeneous job's sum), so that no processor count overflows.
const MaxCPUs = 1 << 31

func parseJob(get func(string) string, loc *time.Location, status, line int) (*Job, error) {
	j := &Job{Line: line, Status: status, RawID: -1, ReqCPUs: -1, TimeLimit: -1,
		User: get("User"), Group: get("Group"), Partition: get("Partition")}
	var err error
	if raw := get("JobIDRaw"); raw != "" {
		if j.RawID, err = strconv.ParseInt(raw, 10, 64); err != nil {
			return nil, fmt.Errorf("JobIDRaw %q is not a number", raw)
		}
	}
	for _, c := range []struct {
		name string
		dst  *int64
	}{{"Submit", &j.Submit}, {"Start", &j.Start}, {"End", &j.End}} {
		if *c.dst, err = parseTimestamp(get(c.name), loc); err != nil {
			return nil, fmt.Errorf("%s: %v", c.name, err)
		}
	}
	if j.Submit < 0 {
		return nil, fmt.Errorf("Submit is %q", get("Submit"))
	}
	j.Elapsed = -1
	if e := get("Elapsed"); e != "" {
		if j.Elapsed, err = ParseDuration(e); err != nil {
			return nil, fmt.Errorf("Elapsed: %v", err)
		}
	}
	if j.AllocCPUs, err = strconv.Atoi(get("AllocCPUS")); err != nil || j.AllocCPUs < 0 || j.AllocCPUs > MaxCPUs {
		return nil, fmt.Errorf("AllocCPUS %q is not a count in [0, %d]", get("AllocCPUS"), MaxCPUs)
	}
	if r := get("ReqCPUS"); r != "" {
		if j.ReqCPUs, err = strconv.Atoi(r); err != nil || j.ReqCPUs < 0 || j.ReqCPUs > MaxCPUs {
			return nil, fmt.Errorf("ReqCPUS %q is not a count in [0, %d]", r, MaxCPUs)
		}
	}
	if j.TimeLimit, err = ParseTimeLimit(get("Timelimit")); err != nil {
		return nil, fmt.Errorf("Timelimit: %v", err)
	}
	return j, nil
}

// mergeHet folds component c into the job j of its heterogeneous job.
func mergeHet(j, c *Job, first bool) {
	j.AllocCPUs = min(j.AllocCPUs+c.AllocCPUs, MaxCPUs) // each ≤ MaxCPUs: the sum cannot overflow
	if j.ReqCPUs >= 0 && c.ReqCPUs >= 0 {
		j.ReqCPUs = min(j.ReqCPUs+c.ReqCPUs, MaxCPUs)
	}
	j.Submit = min(j.Submit, c.Submit)
	if c.Start >= 0 && (j.Start < 0 || c.Start < j.Start) {
		j.Start = c.Start
	}
	j.End = max(j.End, c.End)
	j.Elapsed = max(j.Elapsed, c.Elapsed)
	j.TimeLimit = max(j.TimeLimit, c.TimeLimit)
	if first {
		j.Status = c.Status
	}
}

// mapState returns the SWF status of a sacct state, whether the job has
// finished, and false for a state the importer does not know.
func mapState(s string) (status int, finished, ok bool) {
	word, _, _ := strings.Cut(strings.TrimSpace(s), " ") // "CANCELLED by 1000"
	switch strings.TrimSuffix(word, "+") {
	case "COMPLETED":
		return swf.StatusCompleted, true, true
	case "CANCELLED":
		return swf.StatusCancelled, true, true
	case "FAILED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE", "PREEMPTED":
		return swf.StatusFailed, true, true
	case "PENDING", "RUNNING", "SUSPENDED", "REQUEUED", "RESIZING", "REVOKED":
		return swf.StatusUnknown, false, true
	}
	return 0, false, false
}
