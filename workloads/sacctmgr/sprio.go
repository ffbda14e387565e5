package sacctmgr

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// SprioFormat is the sprio output format ReadPriorities reads: the job,
// its user, its priority and its normalised factors, '|'-separated, as
//
//	sprio -n -o '%i|%u|%Y|%a|%f|%j|%p|%q|%b'
//
// prints them (sprio has no --parsable2; -n gives the factors in [0, 1]
// with seven decimals, where -l rounds the weighted ones to integers).
// The partition's name (%r) is left out: sprio heads it PARTITION, as it
// does the partition factor.
const SprioFormat = "%i|%u|%Y|%a|%f|%j|%p|%q|%b"

// Priority is one row of sprio: a pending job's priority and the
// normalised factors Slurm computed it from.
type Priority struct {
	JobID, User string
	// Priority is the job's priority (sprio's PRIORITY).
	Priority float64
	// Age, FairShare, JobSize, Partition, QOS and Assoc are the factors in
	// [0, 1]; NaN when the column is absent.
	Age, FairShare, JobSize, Partition, QOS, Assoc float64
	Line                                           int
}

// ReadPriorities reads sprio output in SprioFormat, columns found by
// their header names (JOBID, USER, PRIORITY, AGE, FAIRSHARE, JOBSIZE,
// PARTITION, QOS, ASSOC; JOBID and PRIORITY required), in input order. A
// row with a wrong field count or a value that is not a number is an
// error naming the file and line.
func ReadPriorities(r io.Reader, name string) ([]Priority, error) {
	var out []Priority
	err := table(r, name, []string{"JOBID", "PRIORITY"}, func(line int, rw row) error {
		p := Priority{JobID: rw.get("JOBID"), User: rw.get("USER"), Line: line}
		if p.JobID == "" {
			return fmt.Errorf("sprio: an empty JOBID")
		}
		var err error
		if p.Priority, err = strconv.ParseFloat(rw.get("PRIORITY"), 64); err != nil || !(p.Priority >= 0) || math.IsInf(p.Priority, 0) {
			return fmt.Errorf("sprio: job %s: PRIORITY %q is not a number ≥ 0", p.JobID, rw.get("PRIORITY"))
		}
		for _, c := range []struct {
			col string
			dst *float64
		}{{"AGE", &p.Age}, {"FAIRSHARE", &p.FairShare}, {"JOBSIZE", &p.JobSize},
			{"PARTITION", &p.Partition}, {"QOS", &p.QOS}, {"ASSOC", &p.Assoc}} {
			if _, ok := rw.col[strings.ToLower(c.col)]; !ok {
				*c.dst = math.NaN()
				continue
			}
			v := rw.get(c.col)
			if *c.dst, err = strconv.ParseFloat(v, 64); err != nil || math.IsNaN(*c.dst) || math.IsInf(*c.dst, 0) {
				return fmt.Errorf("sprio: job %s: %s %q is not a number", p.JobID, c.col, v)
			}
		}
		out = append(out, p)
		return nil
	})
	return out, err
}
