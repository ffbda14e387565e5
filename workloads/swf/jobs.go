package swf

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/schedsim/schedsim/model"
)

// SecondsPerDay converts the day counts of JobFilter to seconds.
const SecondsPerDay = 86400

// EstimateMode selects how JobSource sets model.Job.Estimate, the runtime
// the scheduler believes.
type EstimateMode int

const (
	// EstimateRequested uses the requested time (field 9). When it is
	// unknown (-1) or not positive, the actual run time is used instead
	// and the fallback is counted (SourceStats.EstimateFallbacks). When
	// the run time exceeds the requested time the requested time is kept
	// (counted in SourceStats.Overruns): what an overrun means (kill or
	// let it run) is the cluster model's decision. It is the zero value.
	EstimateRequested EstimateMode = iota
	// EstimateExact uses the actual run time (a perfect estimate).
	EstimateExact
	// EstimateFactor uses run time × JobFilter.EstimateFactor (≥ 1).
	EstimateFactor
)

var estimateNames = [...]string{"requested", "exact", "factor"}

// String returns "requested", "exact" or "factor".
func (m EstimateMode) String() string {
	if m >= 0 && int(m) < len(estimateNames) {
		return estimateNames[m]
	}
	return "EstimateMode(" + strconv.Itoa(int(m)) + ")"
}

// ParseEstimateMode returns the mode named s ("requested", "exact" or
// "factor").
func ParseEstimateMode(s string) (EstimateMode, error) {
	for i, n := range estimateNames {
		if s == n {
			return EstimateMode(i), nil
		}
	}
	return 0, fmt.Errorf("%w: estimate mode %q (want requested, exact or factor)", ErrInvalidFilter, s)
}

// JobFilter selects and transforms the records a JobSource turns into
// jobs. The zero value keeps every usable record, rebases submit times to
// start at 0 and uses requested times as estimates.
//
// A record is checked in this order and counted under the first reason
// that applies: an implausible value — submit time < 0 or > 10^10 s
// (ReasonSubmitRange), run time > 10^10 s (ReasonRunTimeRange), more
// processors than the header's MaxProcs, when it gives one
// (ReasonProcsHeader); outside the time window (ReasonWindow: before it
// only with SkipDays, after it with Days); run time ≤ 0
// (ReasonRunTime); processors ≤ 0 (ReasonProcs); status not kept
// (ReasonStatus); submitted before the previously yielded job
// (ReasonUnsorted). Run time and processor checks cannot be switched off
// (except KeepZeroRuntime): such records cannot be simulated.
//
// The processor count is the allocated count (field 5), or the requested
// count (field 8) when field 5 is not positive (counted in
// SourceStats.ProcFallbacks); see Record.Procs.
type JobFilter struct {
	// KeepZeroRuntime keeps records whose run time is exactly 0 (they
	// are dropped by default); records with run time -1 (unknown) are
	// always dropped, under ReasonRunTimeUnknown when this is set.
	KeepZeroRuntime bool
	// Statuses lists the statuses (field 11) to keep; nil or empty keeps
	// all of them.
	Statuses []int
	// SkipDays and Days select the time window [t0 + SkipDays, t0 +
	// SkipDays + Days) in days, where t0 is the submit time of the first
	// record in the trace (whatever its quality). Days 0 means no end.
	// The window applies to the original submit times, before scaling.
	// The source stops reading at the first record past the window end
	// (traces are in submit order).
	SkipDays, Days float64
	// MaxJobNumber, when > 0, keeps only the records whose job number
	// (field 1) is at most MaxJobNumber: the first MaxJobNumber jobs of
	// the original log, which a cleaned log numbers with gaps. Job
	// numbers count up in submit order, so the source stops at the first
	// record past it (counted as outside the window).
	MaxJobNumber int64
	// MaxJobs stops the source after that many jobs (0: no limit); it
	// counts yielded jobs, after all other filters.
	MaxJobs int
	// LoadFactor scales the offered load by dividing inter-arrival times
	// by it: submit' = first + (submit − first) / LoadFactor, where first
	// is the submit time of the first yielded job. Run times are
	// unchanged, so a factor of 1.2 offers 20% more load. 0 means 1.
	LoadFactor float64
	// KeepSubmitTimes keeps the (scaled) submit times of the trace. By
	// default they are rebased so the first yielded job submits at 0,
	// i.e. submit' = (submit − first) / LoadFactor.
	KeepSubmitTimes bool
	// Estimate selects the runtime estimate (default EstimateRequested).
	Estimate EstimateMode
	// EstimateFactor is the factor of EstimateFactor mode; it must be ≥ 1.
	EstimateFactor float64
}

// Validate checks the filter's values and returns an error wrapping
// ErrInvalidFilter that names the bad field.
func (f *JobFilter) Validate() error {
	bad := func(field string, v any, want string) error {
		return fmt.Errorf("%w: %s = %v, want %s", ErrInvalidFilter, field, v, want)
	}
	finiteNonNeg := func(v float64) bool { return v >= 0 && !math.IsInf(v, 0) }
	switch {
	case !finiteNonNeg(f.SkipDays):
		return bad("SkipDays", f.SkipDays, "a finite value ≥ 0")
	case !finiteNonNeg(f.Days):
		return bad("Days", f.Days, "a finite value ≥ 0 (0: no limit)")
	case f.MaxJobs < 0:
		return bad("MaxJobs", f.MaxJobs, "≥ 0 (0: no limit)")
	case f.MaxJobNumber < 0:
		return bad("MaxJobNumber", f.MaxJobNumber, "≥ 0 (0: no limit)")
	case !finiteNonNeg(f.LoadFactor):
		return bad("LoadFactor", f.LoadFactor, "a finite value > 0 (0: unscaled)")
	case f.Estimate < EstimateRequested || f.Estimate > EstimateFactor:
		return bad("Estimate", f.Estimate, "requested, exact or factor")
	case f.Estimate == EstimateFactor && !(f.EstimateFactor >= 1 && !math.IsInf(f.EstimateFactor, 0)):
		return bad("EstimateFactor", f.EstimateFactor, "a finite value ≥ 1")
	}
	return nil
}

// SourceStats counts what a JobSource did. Read = Yielded + Dropped.
type SourceStats struct {
	// Read is the number of records read from the Reader, plus the lines
	// it skipped (see JobSource.Stats).
	Read int
	// Yielded is the number of jobs returned.
	Yielded int
	// Dropped is the number of records not returned; Problems says why.
	Dropped int
	// ProcFallbacks counts yielded jobs whose size came from the
	// requested processors because the allocated count was ≤ 0.
	ProcFallbacks int
	// EstimateFallbacks counts yielded jobs whose estimate is the run
	// time because the requested time was unknown or ≤ 0
	// (EstimateRequested mode only).
	EstimateFallbacks int
	// Overruns counts yielded jobs whose run time exceeds the requested
	// time they got as estimate (EstimateRequested mode only).
	Overruns int
	// StopReason says why the source stopped before the end of the
	// trace ("time window ended", "job limit reached"), or "".
	StopReason string
	// StopLine is the line at which reading stopped (0 if StopReason is
	// empty).
	StopLine int
}

// JobSource turns the records of a Reader into model.Jobs, applying a
// JobFilter. It implements model.JobSource: jobs come in submit order and
// Next returns io.EOF after the last one. Job.ID is the SWF job number;
// Start and End are -1. Use NextRecord or Last for the full record (user,
// queue, status, …).
type JobSource struct {
	r        RecordSource
	rd       *Reader // r when it is a Reader, read in place
	rec      Record  // the record read from another RecordSource
	mode     Mode
	maxLines int
	maxProcs int // the header's MaxProcs (0: none)
	f        JobFilter

	dropped Report
	stats   SourceStats
	last    Record

	haveT0    bool
	winStart  float64
	winEnd    float64 // +Inf without an end
	haveFirst bool
	first     float64 // original submit time of the first yielded job
	prev      float64 // original submit time of the last yielded job
	factor    float64 // LoadFactor, 1 when unset
	err       error   // sticky
}

// NewJobSource returns a JobSource over r with filter f. It returns an
// error wrapping ErrInvalidFilter when f is not valid. The JobSource does
// not close r.
func NewJobSource(r *Reader, f JobFilter) (*JobSource, error) {
	return newJobSource(r, r.opts.Mode, r.opts.maxLines(), f)
}

// RecordSource is a stream of SWF records in submit order with a header:
// a Reader, or a generator or importer that produces records (see
// workloads/lublin and workloads/slurm). Next returns io.EOF after the
// last record; Line is the number of the last record (for messages) and
// Problems the records it skipped itself.
type RecordSource interface {
	Next() (Record, error)
	Header() Header
	Name() string
	Line() int
	Problems() Report
}

// NewJobSourceFrom returns a JobSource over any RecordSource, with the
// same filters as NewJobSource. A record submitted before the previous
// one is an error (as in Strict mode).
func NewJobSourceFrom(rs RecordSource, f JobFilter) (*JobSource, error) {
	return newJobSource(rs, Strict, ReadOptions{}.maxLines(), f)
}

func newJobSource(r RecordSource, mode Mode, maxLines int, f JobFilter) (*JobSource, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	f.Statuses = slices.Clone(f.Statuses)
	s := &JobSource{r: r, mode: mode, maxLines: maxLines, maxProcs: r.Header().MaxProcs, f: f, factor: 1}
	s.rd, _ = r.(*Reader)
	if f.LoadFactor > 0 {
		s.factor = f.LoadFactor
	}
	return s, nil
}

// Next returns the next job, or io.EOF after the last one. Errors from
// the Reader (strict-mode parse errors, read errors) are passed on; a job
// submitted before the previous one is an error wrapping ErrUnsorted in
// Strict mode and is dropped and counted in Lenient mode.
func (s *JobSource) Next() (model.Job, error) {
	var j model.Job
	if err := s.NextInto(&j); err != nil {
		return model.Job{}, err
	}
	return j, nil
}

// NextInto is Next writing the job into *j (model.JobFiller); after an
// error *j is unspecified.
func (s *JobSource) NextInto(j *model.Job) error {
	if s.err != nil {
		return s.err
	}
	if s.f.MaxJobs > 0 && s.stats.Yielded >= s.f.MaxJobs {
		s.stop("job limit reached", s.r.Line())
		return s.err
	}
	maxLines := s.maxLines
	for {
		rec, err := s.read()
		if err != nil {
			s.err = err
			return err
		}
		s.stats.Read++
		if reason := implausible(rec, s.maxProcs); reason != "" {
			s.drop(reason, Unusable, rec.Line, maxLines)
			continue
		}
		if !s.haveT0 {
			s.haveT0 = true
			s.winStart = rec.Submit + s.f.SkipDays*SecondsPerDay
			s.winEnd = math.Inf(1)
			if s.f.Days > 0 {
				s.winEnd = s.winStart + s.f.Days*SecondsPerDay
			}
		}
		reason, kind := "", Unusable
		size := rec.Procs()
		switch {
		case rec.Submit >= s.winEnd:
			s.drop(ReasonWindow, Filtered, rec.Line, maxLines)
			s.stop("time window ended", rec.Line)
			return s.err
		case s.f.MaxJobNumber > 0 && rec.JobNumber > s.f.MaxJobNumber:
			s.drop(ReasonWindow, Filtered, rec.Line, maxLines)
			s.stop("job number limit reached", rec.Line)
			return s.err
		case rec.Submit < s.winStart && s.f.SkipDays > 0:
			// Without SkipDays the window starts at the first record: one
			// submitted before it is out of order (ReasonUnsorted below).
			reason, kind = ReasonWindow, Filtered
		case rec.RunTime < 0 && s.f.KeepZeroRuntime:
			reason = ReasonRunTimeUnknown
		case rec.RunTime <= 0 && !s.f.KeepZeroRuntime:
			reason = ReasonRunTime
		case size <= 0:
			reason = ReasonProcs
		case len(s.f.Statuses) > 0 && !slices.Contains(s.f.Statuses, rec.Status):
			reason, kind = ReasonStatus, Filtered
		case s.haveFirst && rec.Submit < s.prev:
			if s.mode != Lenient {
				s.err = fmt.Errorf("%s:%d: submit time %v is before the previous job's %v: %w",
					s.r.Name(), rec.Line, rec.Submit, s.prev, ErrUnsorted)
				return s.err
			}
			reason = ReasonUnsorted
		}
		if reason != "" {
			s.drop(reason, kind, rec.Line, maxLines)
			continue
		}
		s.job(j, rec, size)
		return nil
	}
}

// read returns the next record: in place from a Reader, else copied from
// the RecordSource into s.rec.
func (s *JobSource) read() (*Record, error) {
	if s.rd != nil {
		return s.rd.next()
	}
	var err error
	s.rec, err = s.r.Next()
	return &s.rec, err
}

// NextRecord is Next that also returns the record the job was made from.
func (s *JobSource) NextRecord() (model.Job, Record, error) {
	j, err := s.Next()
	if err != nil {
		return model.Job{}, Record{}, err
	}
	return j, s.last, nil
}

// implausible returns the reason a record's values cannot be real, or "".
func implausible(rec *Record, maxProcs int) string {
	switch {
	case !(rec.Submit >= 0 && rec.Submit <= MaxPlausibleSeconds):
		return ReasonSubmitRange
	case rec.RunTime > MaxPlausibleSeconds:
		return ReasonRunTimeRange
	case maxProcs > 0 && rec.Procs() > maxProcs:
		return ReasonProcsHeader
	}
	return ""
}

func (s *JobSource) drop(reason string, kind Kind, line, maxLines int) {
	s.stats.Dropped++
	s.dropped.add(reason, kind, line, maxLines, nil)
}

func (s *JobSource) stop(reason string, line int) {
	s.stats.StopReason, s.stats.StopLine = reason, line
	s.err = io.EOF
}

// job converts a record that passed every filter into *j.
func (s *JobSource) job(j *model.Job, rec *Record, size int) {
	if !s.haveFirst {
		s.haveFirst = true
		s.first = rec.Submit
	}
	s.prev = rec.Submit
	if rec.AllocProcs <= 0 {
		s.stats.ProcFallbacks++
	}
	est := rec.RunTime
	switch s.f.Estimate {
	case EstimateRequested:
		if rec.ReqTime > 0 {
			est = rec.ReqTime
			if rec.RunTime > rec.ReqTime {
				s.stats.Overruns++
			}
		} else {
			s.stats.EstimateFallbacks++
		}
	case EstimateFactor:
		est = rec.RunTime * s.f.EstimateFactor
	}
	submit := (rec.Submit - s.first) / s.factor
	if s.f.KeepSubmitTimes {
		submit += s.first
	}
	s.stats.Yielded++
	s.last = *rec
	*j = model.NewJob(rec.JobNumber, submit, size, rec.RunTime, est)
	if rec.User >= 0 {
		j.User = rec.User
	}
}

// Last returns the record of the job Next returned last.
func (s *JobSource) Last() Record { return s.last }

// Header returns the trace's header.
func (s *JobSource) Header() Header { return s.r.Header() }

// Stats returns the source's counters so far. The lines the Reader
// skipped (its Problems: malformed SWF lines in Lenient mode, the lines a
// sacct import could not use) count as read and dropped, so that every
// input line that gave no job is in Dropped, whatever the source.
func (s *JobSource) Stats() SourceStats {
	st := s.stats
	if n := s.r.Problems().Total(); n > 0 {
		st.Read += n
		st.Dropped += n
	}
	return st
}

// Problems returns the Reader's malformed lines (Lenient mode) followed by
// the records the source dropped, by reason.
func (s *JobSource) Problems() Report {
	return append(s.r.Problems(), s.dropped.Clone()...)
}
