package slurm

import (
	"fmt"
	"io"
	"time"

	"github.com/schedsim/schedsim/workloads/swf"
)

// Trace is an imported sacct output: SWF records in submit order. It
// implements swf.RecordSource.
type Trace struct {
	name     string
	header   swf.Header
	records  []swf.Record
	next     int
	problems swf.Report
	stats    Stats
}

// build numbers the jobs (in submit order), their users, groups and
// partitions, and makes the records and the header.
func (t *Trace) build(jobs []*Job, loc *time.Location, procs int) {
	users, groups, parts := numbering{}, numbering{}, numbering{}
	t.records = make([]swf.Record, 0, len(jobs))
	var first, last int64
	if len(jobs) > 0 {
		first, last = jobs[0].Submit, jobs[len(jobs)-1].Submit
	}
	for i, j := range jobs {
		r := swf.Record{
			Line: j.Line, JobNumber: int64(i + 1), Submit: float64(j.Submit - first),
			AvgCPU: -1, UsedMemory: -1,
			ReqProcs: j.ReqCPUs, ReqTime: j.TimeLimit, ReqMemory: -1, Status: j.Status,
			User: users.of(j.User), Group: groups.of(j.Group), App: -1, Queue: -1,
			Partition: parts.of(j.Partition), PrecedingJob: -1, ThinkTime: -1,
		}
		r.Wait, r.RunTime, r.AllocProcs = j.Ran()
		t.records = append(t.records, r)
	}
	h := swf.Header{
		Version:        "2.2",
		Computer:       "Slurm cluster",
		Conversion:     "schedsim workloads/slurm from sacct --parsable2 output " + t.name,
		MaxJobs:        int64(len(jobs)),
		MaxRecords:     int64(len(jobs)),
		UnixStartTime:  first,
		TimeZoneString: loc.String(),
		StartTime:      time.Unix(first, 0).In(loc).Format(time.RFC3339),
		EndTime:        time.Unix(last, 0).In(loc).Format(time.RFC3339),
		MaxProcs:       procs,
		MaxPartitions:  len(parts.names),
		Note:           []string{"users and groups are numbered 1, 2, ... by their first job in submit order; names are not kept"},
	}
	for i, p := range parts.names {
		h.Partition = append(h.Partition, fmt.Sprintf("%d %s", i+1, p))
	}
	t.header = h
}

// numbering gives names the numbers 1, 2, … in order of first use; the
// empty name is -1 (unknown).
type numbering struct {
	ids   map[string]int
	names []string
}

func (n *numbering) of(name string) int {
	if name == "" {
		return -1
	}
	if id, ok := n.ids[name]; ok {
		return id
	}
	if n.ids == nil {
		n.ids = map[string]int{}
	}
	n.names = append(n.names, name)
	n.ids[name] = len(n.names)
	return len(n.names)
}

// Header returns the SWF header of the import.
func (t *Trace) Header() swf.Header { return t.header }

// Name returns the input's name.
func (t *Trace) Name() string { return t.name }

// Line returns the sacct line of the record Next returned last.
func (t *Trace) Line() int {
	if t.next == 0 {
		return 0
	}
	return t.records[t.next-1].Line
}

// Problems returns the lines that were not turned into records, by reason.
func (t *Trace) Problems() swf.Report { return t.problems.Clone() }

// Stats returns the import's counters.
func (t *Trace) Stats() Stats { return t.stats }

// Records returns the records in submit order.
func (t *Trace) Records() []swf.Record { return t.records }

// Next returns the next record in submit order, or io.EOF.
func (t *Trace) Next() (swf.Record, error) {
	if t.next >= len(t.records) {
		return swf.Record{}, io.EOF
	}
	t.next++
	return t.records[t.next-1], nil
}

// Usable returns the number of records a replay can simulate: started,
// with a run time > 0 on at least one processor.
func (t *Trace) Usable() int {
	n := 0
	for _, r := range t.records {
		if r.RunTime > 0 && r.AllocProcs > 0 {
			n++
		}
	}
	return n
}
