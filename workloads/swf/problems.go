package swf

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Sentinel errors. Errors returned by this package wrap one of them where a
// caller may want to branch (errors.Is).
var (
	// ErrMalformed is wrapped by every *ParseError: a line of the file is
	// not valid SWF.
	ErrMalformed = errors.New("swf: malformed SWF")
	// ErrUnsorted is returned by a strict JobSource when a job is
	// submitted before the job it previously yielded.
	ErrUnsorted = errors.New("swf: submit times not in order")
	// ErrInvalidFilter is wrapped by JobFilter.Validate errors.
	ErrInvalidFilter = errors.New("swf: invalid job filter")
	// ErrInvalidRecord is returned by Writer when a value cannot be
	// written as SWF (NaN or infinite).
	ErrInvalidRecord = errors.New("swf: invalid SWF record")
)

// Reasons under which lines and records are reported. Malformed-line
// reasons (Kind Malformed) come from the Reader; the others come from a
// JobSource.
const (
	ReasonFieldCount = "wrong field count"
	ReasonNotNumber  = "non-numeric field"
	ReasonNotInteger = "non-integer value in integer field"
	ReasonRange      = "value out of range"
	ReasonHeader     = "bad header value"

	ReasonRunTime        = "run time ≤ 0"
	ReasonRunTimeUnknown = "run time < 0"
	ReasonProcs          = "processors ≤ 0"
	ReasonUnsorted       = "submitted before previous job"
	ReasonWindow         = "outside time window"
	ReasonStatus         = "status filtered"
	ReasonSubmitRange    = "submit time < 0 or > 1e10 s"
	ReasonRunTimeRange   = "run time > 1e10 s"
	ReasonProcsHeader    = "processors > header MaxProcs"
)

// MaxPlausibleSeconds bounds the submit and run times a JobSource accepts:
// 10^10 s is over 300 years, beyond any real log; larger values are
// corrupt records (ReasonSubmitRange, ReasonRunTimeRange).
const MaxPlausibleSeconds = 1e10

// ParseError describes a malformed line. Its message has the form
// "name:line: reason" or "name:line: field N (name): detail".
type ParseError struct {
	// Name is the file name given to Open or NewReader.
	Name string
	// Line is the 1-based line number.
	Line int
	// Field is the 1-based SWF field number, or 0 when the problem is
	// not tied to one field.
	Field int
	// Reason is one of the malformed-line Reason constants.
	Reason string
	// Detail says what was found, e.g. `"abc" is not a number`.
	Detail string
}

// Error implements error.
func (e *ParseError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d: ", e.Name, e.Line)
	if e.Field > 0 {
		fmt.Fprintf(&b, "field %d (%s): ", e.Field, FieldName(e.Field))
	}
	b.WriteString(e.Reason)
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

// Unwrap returns ErrMalformed.
func (e *ParseError) Unwrap() error { return ErrMalformed }

// quoteToken quotes a token for an error message, shortening long ones.
func quoteToken(tok []byte) string {
	const max = 40
	if len(tok) > max {
		return strconv.Quote(string(tok[:max])) + "…"
	}
	return strconv.Quote(string(tok))
}

// Kind classifies a Problem.
type Kind int

const (
	// Malformed lines are not valid SWF (lenient Reader).
	Malformed Kind = iota
	// Unusable records are valid SWF but cannot be simulated as they are
	// (run time or processors unknown, out of submit order).
	Unusable
	// Filtered records were excluded by a JobFilter option (time window,
	// status).
	Filtered
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case Malformed:
		return "malformed"
	case Unusable:
		return "unusable"
	case Filtered:
		return "filtered"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Problem counts the lines or records skipped for one reason.
type Problem struct {
	// Reason is one of the Reason constants.
	Reason string
	// Kind says whether the lines were malformed, unusable or filtered.
	Kind Kind
	// Count is the number of lines or records skipped for Reason.
	Count int
	// Lines holds the line numbers of the first few of them
	// (ReadOptions.ProblemLines).
	Lines []int
	// Example is the full message of the first occurrence, when there
	// is more to say than the reason (e.g. the offending field).
	Example string
}

// Report lists problems in the order their reasons first occurred.
type Report []Problem

// add counts one occurrence of reason at line, keeping at most maxLines
// line numbers per reason.
func (r *Report) add(reason string, kind Kind, line, maxLines int, example func() string) {
	for i := range *r {
		p := &(*r)[i]
		if p.Reason == reason {
			p.Count++
			if len(p.Lines) < maxLines {
				p.Lines = append(p.Lines, line)
			}
			return
		}
	}
	p := Problem{Reason: reason, Kind: kind, Count: 1}
	if maxLines > 0 {
		p.Lines = []int{line}
	}
	if example != nil {
		p.Example = example()
	}
	*r = append(*r, p)
}

// Add counts one occurrence of reason at line, for importers that report
// their own problems in the same form. It keeps DefaultProblemLines line
// numbers per reason and example (if not empty) as the first occurrence's
// message.
func (r *Report) Add(reason string, kind Kind, line int, example string) {
	var ex func() string
	if example != "" {
		ex = func() string { return example }
	}
	r.add(reason, kind, line, DefaultProblemLines, ex)
}

// Count returns the number of lines or records counted under reason.
func (r Report) Count(reason string) int {
	for _, p := range r {
		if p.Reason == reason {
			return p.Count
		}
	}
	return 0
}

// Total returns the number of lines or records in the report.
func (r Report) Total() int {
	n := 0
	for _, p := range r {
		n += p.Count
	}
	return n
}

// TotalKind returns the number of lines or records of kind k.
func (r Report) TotalKind(k Kind) int {
	n := 0
	for _, p := range r {
		if p.Kind == k {
			n += p.Count
		}
	}
	return n
}

// Clone returns a deep copy of r.
func (r Report) Clone() Report {
	if r == nil {
		return nil
	}
	c := slices.Clone(r)
	for i := range c {
		c[i].Lines = slices.Clone(c[i].Lines)
	}
	return c
}

// Format writes one line per reason, e.g.
//
//	malformed  wrong field count: 3 (lines 7, 9, 12)
func (r Report) Format(w io.Writer) error {
	if len(r) == 0 {
		_, err := io.WriteString(w, "no problems\n")
		return err
	}
	for _, p := range r {
		var b strings.Builder
		fmt.Fprintf(&b, "%-9s  %s: %d", p.Kind, p.Reason, p.Count)
		if len(p.Lines) > 0 {
			b.WriteString(" (line")
			if len(p.Lines) > 1 {
				b.WriteString("s")
			}
			for i, l := range p.Lines {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(" ")
				b.WriteString(strconv.Itoa(l))
			}
			if p.Count > len(p.Lines) {
				b.WriteString(", …")
			}
			b.WriteString(")")
		}
		if p.Example != "" {
			b.WriteString("; first: ")
			b.WriteString(p.Example)
		}
		b.WriteString("\n")
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// Summary returns the report on one line: each reason with its count and
// first line, e.g. "run time ≤ 0: 12 (first line 40); wrong field count:
// 1 (first line 7)"; "no problems" for an empty report.
func (r Report) Summary() string {
	if len(r) == 0 {
		return "no problems"
	}
	parts := make([]string, len(r))
	for i, p := range r {
		parts[i] = fmt.Sprintf("%s: %d", p.Reason, p.Count)
		if len(p.Lines) > 0 {
			parts[i] += fmt.Sprintf(" (first line %d)", p.Lines[0])
		}
	}
	return strings.Join(parts, "; ")
}

// String returns the report as Format writes it.
func (r Report) String() string {
	var b strings.Builder
	_ = r.Format(&b)
	return b.String()
}
