package slurm

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// PriorityFormat is Format with the columns Slurm's multifactor priority
// reads (policies/slurmprio): run sacct with --format PriorityFormat.
const PriorityFormat = Format + ",Account,QOS,Eligible,Priority,ReqTRES,NodeList"

// PriorityFields are the columns of one job line that the priority reads.
type PriorityFields struct {
	// JobID is the job's JobID as sacct prints it (123, 123_4, 200+0).
	JobID string
	// User, Account, QOS and NodeList as printed ("" when absent): the
	// importer numbers users, the priority needs their names.
	User, Account, QOS, NodeList string
	// Eligible is the Unix time the job became eligible, -1 when Unknown,
	// None or absent.
	Eligible int64
	// Priority is the recorded priority, -1 when absent.
	Priority int64
	// ReqCPUs and ReqNodes are ReqTRES's cpu= and node=, -1 when absent.
	ReqCPUs, ReqNodes int
	// Line is the line of the job in the input.
	Line int
}

// ReadPriorityFields reads the priority's columns of every job line of
// sacct --parsable2 output (step lines are skipped), in input order. loc
// is the zone sacct printed its times in (nil: UTC). A line with a
// wrong field count or an unreadable value is an error naming the file
// and line; so is a job listed twice.
func ReadPriorityFields(r io.Reader, name string, loc *time.Location) ([]PriorityFields, error) {
	if loc == nil {
		loc = time.UTC
	}
	var out []PriorityFields
	seen := map[string]int{}
	err := scanTable(r, name, func(line int, fields []string, ncol int, get func(string) string) error {
		if len(fields) != ncol {
			return fmt.Errorf("slurm: %s:%d: %d fields, the header has %d", name, line, len(fields), ncol)
		}
		id := get("JobID")
		if strings.IndexByte(id, '.') >= 0 {
			return nil
		}
		if prev, dup := seen[id]; dup {
			return fmt.Errorf("slurm: %s:%d: job %s already on line %d", name, line, id, prev)
		}
		seen[id] = line
		p, err := parsePriorityFields(get, loc)
		if err != nil {
			return fmt.Errorf("slurm: %s:%d: job %s: %v", name, line, id, err)
		}
		p.JobID, p.Line = id, line
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func parsePriorityFields(get func(string) string, loc *time.Location) (PriorityFields, error) {
	p := PriorityFields{User: get("User"), Account: get("Account"), QOS: get("QOS"), NodeList: get("NodeList"),
		Priority: -1, ReqCPUs: -1, ReqNodes: -1}
	var err error
	if p.Eligible, err = parseTimestamp(get("Eligible"), loc); err != nil {
		return p, fmt.Errorf("Eligible: %v", err)
	}
	if s := get("Priority"); s != "" {
		if p.Priority, err = strconv.ParseInt(s, 10, 64); err != nil || p.Priority < 0 || p.Priority > 1<<32-1 {
			return p, fmt.Errorf("Priority %q is not an integer in [0, 4294967295]", s)
		}
	}
	for _, kv := range strings.Split(get("ReqTRES"), ",") {
		k, v, _ := strings.Cut(kv, "=")
		var dst *int
		switch k {
		case "cpu":
			dst = &p.ReqCPUs
		case "node":
			dst = &p.ReqNodes
		default:
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > MaxCPUs {
			return p, fmt.Errorf("ReqTRES %s=%q is not a count in [0, %d]", k, v, MaxCPUs)
		}
		*dst = n
	}
	return p, nil
}
