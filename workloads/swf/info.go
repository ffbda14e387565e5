package swf

import (
	"fmt"
	"io"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/internal/prose"
)

// Quality counts records with unknown or degenerate values, with the same
// definitions as the record-quality table of the traces' MANIFEST.md.
type Quality struct {
	// RunTimeUnknown counts records with run time < 0 (-1).
	RunTimeUnknown int
	// RunTimeZero counts records with run time exactly 0.
	RunTimeZero int
	// AllocProcsUnknown counts records with allocated processors ≤ 0.
	AllocProcsUnknown int
	// Unusable counts records with run time < 0 or allocated processors
	// ≤ 0 ("unusable as-is").
	Unusable int
	// ReqTimeUnknown counts records with requested time < 0 (-1).
	ReqTimeUnknown int
	// ReqProcsUnknown counts records with requested processors < 0 (-1).
	ReqProcsUnknown int
	// Implausible counts records a JobSource drops as corrupt: submit time
	// < 0 or > 10^10 s, run time > 10^10 s, or more processors than the
	// header's MaxProcs.
	Implausible int
}

// Info holds the statistics `schedsim trace info` prints.
type Info struct {
	// Name is the trace's name (its file name).
	Name string
	// Header is the trace's header.
	Header Header
	// Records is the number of job lines parsed.
	Records int
	// Jobs is the number of usable records: run time > 0 and processors
	// (allocated, else requested) > 0, i.e. what a default JobSource
	// yields.
	Jobs int
	// FirstSubmit and LastSubmit are the smallest and largest submit
	// times over all records, in seconds from the log's start.
	FirstSubmit, LastSubmit float64
	// MaxProcs is the machine size: the header's MaxProcs, else its
	// MaxNodes, else the largest job observed.
	MaxProcs int
	// MaxProcsSource says where MaxProcs came from: "MaxProcs",
	// "MaxNodes" or "observed".
	MaxProcsSource string
	// MaxJobSize is the largest processor count of a usable job.
	MaxJobSize int
	// Work is Σ run time × processors over usable jobs, in
	// processor-seconds.
	Work float64
	// OfferedLoad is Work / (MaxProcs × (LastSubmit − FirstSubmit)), or
	// NaN when the span or MaxProcs is 0.
	OfferedLoad float64
	// EstimateJobs is the number of usable jobs with a requested time
	// > 0; the estimate statistics are over them.
	EstimateJobs int
	// EstimateMean and EstimateMedian are the mean and median of run
	// time / requested time (NaN without such jobs).
	EstimateMean, EstimateMedian float64
	// Overruns is the number of those jobs whose run time exceeds the
	// requested time.
	Overruns int
	// OverrunFraction is Overruns / EstimateJobs (NaN without such jobs).
	OverrunFraction float64
	// StatusCounts maps each status value (field 11) to its number of
	// records.
	StatusCounts map[int]int
	// Quality counts records with unknown values.
	Quality Quality
	// Problems lists the malformed lines skipped (Lenient mode).
	Problems Report
	// Acknowledge lists the header's Acknowledge lines.
	Acknowledge []string
	// Citation is the reference to cite (see the package constant).
	Citation string
}

// SpanSeconds returns LastSubmit − FirstSubmit.
func (in *Info) SpanSeconds() float64 { return in.LastSubmit - in.FirstSubmit }

// InfoFile opens the trace at path and computes its Info.
func InfoFile(path string, opts ReadOptions) (Info, error) {
	r, err := Open(path, opts)
	if err != nil {
		return Info{}, err
	}
	defer r.Close()
	in, err := ComputeInfo(r)
	if err != nil {
		return Info{}, err
	}
	in.Name = filepath.Base(path)
	return in, nil
}

// ComputeInfo reads the rest of r and returns the trace's statistics. It
// keeps one float per job with a requested time (for the exact median),
// nothing else per record.
func ComputeInfo(r *Reader) (Info, error) {
	in := Info{
		Name:         r.Name(),
		Header:       r.Header(),
		StatusCounts: map[int]int{},
		Citation:     Citation,
	}
	in.Acknowledge = in.Header.Acknowledge
	var ratios []float64
	var ratioSum float64
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Info{}, err
		}
		if in.Records == 0 || rec.Submit < in.FirstSubmit {
			in.FirstSubmit = rec.Submit
		}
		if in.Records == 0 || rec.Submit > in.LastSubmit {
			in.LastSubmit = rec.Submit
		}
		in.Records++
		in.StatusCounts[rec.Status]++
		q := &in.Quality
		switch {
		case rec.RunTime < 0:
			q.RunTimeUnknown++
		case rec.RunTime == 0:
			q.RunTimeZero++
		}
		if rec.AllocProcs <= 0 {
			q.AllocProcsUnknown++
		}
		if rec.RunTime < 0 || rec.AllocProcs <= 0 {
			q.Unusable++
		}
		if rec.ReqTime < 0 {
			q.ReqTimeUnknown++
		}
		if rec.ReqProcs < 0 {
			q.ReqProcsUnknown++
		}
		if implausible(&rec, in.Header.MaxProcs) != "" {
			q.Implausible++
			continue
		}
		size := rec.Procs()
		if rec.RunTime <= 0 || size <= 0 {
			continue
		}
		in.Jobs++
		in.Work += rec.RunTime * float64(size)
		in.MaxJobSize = max(in.MaxJobSize, size)
		if rec.ReqTime > 0 {
			ratio := rec.RunTime / rec.ReqTime
			ratios = append(ratios, ratio)
			ratioSum += ratio
			if rec.RunTime > rec.ReqTime {
				in.Overruns++
			}
		}
	}
	in.Problems = r.Problems()
	switch {
	case in.Header.MaxProcs > 0:
		in.MaxProcs, in.MaxProcsSource = in.Header.MaxProcs, "MaxProcs"
	case in.Header.MaxNodes > 0:
		in.MaxProcs, in.MaxProcsSource = in.Header.MaxNodes, "MaxNodes"
	default:
		in.MaxProcs, in.MaxProcsSource = in.MaxJobSize, "observed"
	}
	in.OfferedLoad = math.NaN()
	if span := in.SpanSeconds(); span > 0 && in.MaxProcs > 0 {
		in.OfferedLoad = in.Work / (float64(in.MaxProcs) * span)
	}
	in.EstimateJobs = len(ratios)
	in.EstimateMean, in.EstimateMedian, in.OverrunFraction = math.NaN(), math.NaN(), math.NaN()
	if n := len(ratios); n > 0 {
		slices.Sort(ratios)
		in.EstimateMean = ratioSum / float64(n)
		in.EstimateMedian = ratios[n/2]
		if n%2 == 0 {
			in.EstimateMedian = (ratios[n/2-1] + ratios[n/2]) / 2
		}
		in.OverrunFraction = float64(in.Overruns) / float64(n)
	}
	return in, nil
}

// infoValueColumn is where the values of Info.Format start.
const infoValueColumn = 17

// Format writes a readable report of the statistics to w, a label and a
// value a line; a value longer than width allows is folded at spaces
// under its column (width ≤ 0: no folding). The problems, one line each
// with the trace's own text, are never folded.
func (in *Info) Format(w io.Writer, width int) error {
	var b strings.Builder
	cont := strings.Repeat(" ", infoValueColumn)
	line := func(label, format string, args ...any) {
		if label != "" {
			label += ":"
		}
		first := fmt.Sprintf("%-*s ", infoValueColumn-1, label)
		fmt.Fprintln(&b, prose.Hang(fmt.Sprintf(format, args...), width, first, cont))
	}
	h := &in.Header
	line("Trace", "%s", in.Name)
	if machine := strings.TrimSpace(h.Computer + ", " + h.Installation); h.Computer != "" || h.Installation != "" {
		line("Machine", "%s", strings.Trim(machine, ", "))
	}
	if h.Version != "" {
		line("SWF version", "%s", h.Version)
	}
	line("Records", "%s job lines parsed, %s malformed lines skipped", Thousands(in.Records), Thousands(in.Problems.TotalKind(Malformed)-in.Problems.Count(ReasonHeader)))
	line("Usable jobs", "%s (run time > 0 and processors > 0)", Thousands(in.Jobs))
	if in.Records > 0 {
		line("First submit", "%s s (day %.2f)", num(in.FirstSubmit), in.FirstSubmit/SecondsPerDay)
		line("Last submit", "%s s (day %.2f)", num(in.LastSubmit), in.LastSubmit/SecondsPerDay)
		line("Span", "%s s (%.2f days)", num(in.SpanSeconds()), in.SpanSeconds()/SecondsPerDay)
	}
	if in.MaxProcsSource == "observed" {
		line("Processors", "%s (the largest job: the header has no MaxProcs or MaxNodes)", Thousands(in.MaxProcs))
	} else {
		line("Processors", "%s (header %s); largest job %s", Thousands(in.MaxProcs), in.MaxProcsSource, Thousands(in.MaxJobSize))
	}
	line("Offered load", "%s (Σ run time × processors / (processors × span))", fixed(in.OfferedLoad, 3))
	if in.EstimateJobs > 0 {
		line("Estimates", "%s jobs with a requested time: run time / requested mean %s, median %s",
			Thousands(in.EstimateJobs), fixed(in.EstimateMean, 3), fixed(in.EstimateMedian, 3))
		line("Overruns", "%s (%s%%) run longer than requested", Thousands(in.Overruns), fixed(100*in.OverrunFraction, 1))
	} else {
		line("Estimates", "no usable job has a requested time")
	}
	var parts []string
	for _, s := range slices.Sorted(maps.Keys(in.StatusCounts)) {
		parts = append(parts, fmt.Sprintf("%d %s %s", s, StatusName(s), Thousands(in.StatusCounts[s])))
	}
	line("Status", "%s", strings.Join(parts, "; "))
	q := in.Quality
	line("Record quality", "run time -1: %s; run time 0: %s; allocated procs ≤ 0: %s; either unusable: %s",
		Thousands(q.RunTimeUnknown), Thousands(q.RunTimeZero), Thousands(q.AllocProcsUnknown), Thousands(q.Unusable))
	line("", "requested time -1: %s; requested procs -1: %s", Thousands(q.ReqTimeUnknown), Thousands(q.ReqProcsUnknown))
	if q.Implausible > 0 {
		line("", "implausible (submit < 0 or > 1e10 s, run time > 1e10 s, procs > MaxProcs): %s", Thousands(q.Implausible))
	}
	if len(in.Problems) == 0 {
		line("Problems", "none")
	} else {
		line("Problems", "")
		for _, l := range strings.Split(strings.TrimRight(in.Problems.String(), "\n"), "\n") {
			b.WriteString("  " + l + "\n")
		}
	}
	for _, a := range in.Acknowledge {
		line("Acknowledge", "%s", a)
	}
	line("Cite", "%s", in.Citation)
	_, err := io.WriteString(w, b.String())
	return err
}

func fixed(v float64, digits int) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return strconv.FormatFloat(v, 'f', digits, 64)
}

// num formats a time in seconds: integers without decimals.
func num(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return Thousands(int(v))
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// Thousands formats n with comma separators (1,234,567).
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
