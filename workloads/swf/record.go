package swf

// NumFields is the number of fields of an SWF job line.
const NumFields = 18

// Status values of SWF field 11.
const (
	StatusUnknown   = -1 // not recorded
	StatusFailed    = 0  // the job failed
	StatusCompleted = 1  // the job completed normally
	StatusPartial   = 2  // partial execution, to be continued
	StatusLastDone  = 3  // last partial execution, completed
	StatusLastFail  = 4  // last partial execution, failed
	StatusCancelled = 5  // the job was cancelled (often before it started)
)

// Record is one SWF job line with all 18 standard fields. Fields the log
// does not know hold -1, exactly as in the file. Times are in seconds;
// memory is in kilobytes per processor.
type Record struct {
	// Line is the 1-based line number of the record in its file (0 for a
	// record that was not read from a file).
	Line int
	// JobNumber is field 1, the job's number in the log.
	JobNumber int64
	// Submit is field 2, the submit time in seconds since the log's start
	// (the header's UnixStartTime).
	Submit float64
	// Wait is field 3, the time between submission and start.
	Wait float64
	// RunTime is field 4, the wall-clock run time.
	RunTime float64
	// AllocProcs is field 5, the number of allocated processors.
	AllocProcs int
	// AvgCPU is field 6, the average CPU time used per processor.
	AvgCPU float64
	// UsedMemory is field 7, the average memory used per processor (KB).
	UsedMemory float64
	// ReqProcs is field 8, the requested number of processors.
	ReqProcs int
	// ReqTime is field 9, the requested (estimated) run time.
	ReqTime float64
	// ReqMemory is field 10, the requested memory per processor (KB).
	ReqMemory float64
	// Status is field 11 (see the Status constants).
	Status int
	// User is field 12, the user ID.
	User int
	// Group is field 13, the group ID.
	Group int
	// App is field 14, the executable (application) number.
	App int
	// Queue is field 15, the queue number.
	Queue int
	// Partition is field 16, the partition number.
	Partition int
	// PrecedingJob is field 17, the job this job depends on.
	PrecedingJob int64
	// ThinkTime is field 18, the think time from the preceding job.
	ThinkTime float64
}

var fieldNames = [NumFields]string{
	"job number", "submit time", "wait time", "run time",
	"allocated processors", "average CPU time", "used memory",
	"requested processors", "requested time", "requested memory",
	"status", "user", "group", "executable", "queue", "partition",
	"preceding job", "think time",
}

// FieldName returns the name of the 1-based SWF field n, or "" when n is
// not in [1, NumFields].
func FieldName(n int) string {
	if n < 1 || n > NumFields {
		return ""
	}
	return fieldNames[n-1]
}

// Procs returns the processor count the simulator uses for the record: the
// allocated processors (field 5), or the requested processors (field 8)
// when field 5 is not positive. The result may still be ≤ 0 when neither
// is known.
func (r *Record) Procs() int {
	if r.AllocProcs > 0 {
		return r.AllocProcs
	}
	return r.ReqProcs
}

// StatusName returns a short name for an SWF status value.
func StatusName(s int) string {
	switch s {
	case StatusUnknown:
		return "unknown"
	case StatusFailed:
		return "failed"
	case StatusCompleted:
		return "completed"
	case StatusPartial:
		return "partial"
	case StatusLastDone:
		return "last partial, completed"
	case StatusLastFail:
		return "last partial, failed"
	case StatusCancelled:
		return "cancelled"
	}
	return "other"
}
