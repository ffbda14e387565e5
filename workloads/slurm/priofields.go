package slurm

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// PriorityFormat is Format with the columns Slurm's multifactor priority
// reads (policies/slurmprio): run sacct with --format PriorityFormat.
const PriorityFormat = Format + ",Account,QOS,Eligible,Priority,ReqTRES,NodeList"

// parsePriorityFields reads the priority's columns of a job line into p.
func parsePriorityFields(p *Job, get func(string) string, loc *time.Location) error {
	p.Account, p.QOS, p.Priority, p.TRESCPUs, p.TRESNodes = get("Account"), get("QOS"), -1, -1, -1
	var err error
	if p.Eligible, err = parseTimestamp(get("Eligible"), loc); err != nil {
		return fmt.Errorf("Eligible: %v", err)
	}
	if s := get("Priority"); s != "" {
		if p.Priority, err = strconv.ParseInt(s, 10, 64); err != nil || p.Priority < 0 || p.Priority > 1<<32-1 {
			return fmt.Errorf("Priority %q is not an integer in [0, 4294967295]", s)
		}
	}
	for _, kv := range strings.Split(get("ReqTRES"), ",") {
		k, v, _ := strings.Cut(kv, "=")
		var dst *int
		switch k {
		case "cpu":
			dst = &p.TRESCPUs
		case "node":
			dst = &p.TRESNodes
		default:
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > MaxCPUs {
			return fmt.Errorf("ReqTRES %s=%q is not a count in [0, %d]", k, v, MaxCPUs)
		}
		*dst = n
	}
	return nil
}
