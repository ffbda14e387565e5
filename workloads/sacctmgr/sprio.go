package sacctmgr

import (
	"fmt"
	"io"
	"math"
	"strconv"
)

// Prio is one row of `sprio -l --parsable2`: a pending job's priority and
// its weighted factors as Slurm computed them.
type Prio struct {
	// JobID is as sprio printed it (JOBID).
	JobID string
	// User, Account and Partition name the job's association and
	// partition; "" when the column is absent (sprio 22.05 prints no
	// ACCOUNT).
	User, Account, Partition string
	// Priority is the job's priority (PRIORITY).
	Priority float64
	// Site, Age, Assoc, FairShare, JobSize, PartitionFactor, QOS and Nice
	// are the weighted factors (SITE, AGE, ASSOC, FAIRSHARE, JOBSIZE, the
	// second PARTITION, QOS, NICE); NaN when the column is absent or the
	// cell empty.
	Site, Age, Assoc, FairShare, JobSize, PartitionFactor, QOS, Nice float64
	Line                                                             int
}

// ReadPrio reads `sprio -l --parsable2` output (Slurm 22.05 and later).
// Columns are found by their header names, in any order. sprio -l prints
// PARTITION twice: the first is the partition's name (%r), the second
// its weighted factor (%P); a header with one PARTITION holds the name.
// Required columns: JOBID and PRIORITY. The values of -n (normalised
// factors) are read the same way.
func ReadPrio(r io.Reader, name string) ([]Prio, error) {
	var out []Prio
	err := table(r, name, []string{"JOBID", "PRIORITY"}, func(line int, rw row) error {
		p := Prio{JobID: rw.get("JOBID"), User: rw.get("USER"), Account: rw.get("ACCOUNT"), Partition: rw.get("PARTITION"), Line: line}
		if p.JobID == "" {
			return fmt.Errorf("an empty JOBID")
		}
		for _, c := range []struct {
			col string
			dst *float64
		}{
			{"PRIORITY", &p.Priority}, {"SITE", &p.Site}, {"AGE", &p.Age}, {"ASSOC", &p.Assoc},
			{"FAIRSHARE", &p.FairShare}, {"JOBSIZE", &p.JobSize}, {"PARTITION#2", &p.PartitionFactor},
			{"QOS", &p.QOS}, {"NICE", &p.Nice},
		} {
			v := rw.get(c.col)
			if !rw.has(c.col) || (v == "" && c.col != "PRIORITY") {
				*c.dst = math.NaN()
				continue
			}
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return fmt.Errorf("job %s: %s %q is not a number", p.JobID, c.col, v)
			}
			*c.dst = f
		}
		out = append(out, p)
		return nil
	})
	return out, err
}
