package swf

import (
	"errors"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
)

// collect runs a JobSource over text to the end.
func collect(t *testing.T, text string, opts ReadOptions, f JobFilter) ([]model.Job, *JobSource) {
	t.Helper()
	src, err := NewJobSource(mustReader(t, text, opts), f)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []model.Job
	for {
		j, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if got := src.Last(); got.JobNumber != j.ID {
			t.Fatalf("Last() = job %d, Next gave %d", got.JobNumber, j.ID)
		}
		jobs = append(jobs, j)
	}
	st := src.Stats()
	if st.Read != st.Yielded+st.Dropped || st.Yielded != len(jobs) {
		t.Fatalf("stats do not add up: %+v, %d jobs", st, len(jobs))
	}
	if got := src.Problems().Total(); got != st.Dropped {
		t.Fatalf("problems total %d != dropped %d", got, st.Dropped)
	}
	return jobs, src
}

func TestJobSourceFilters(t *testing.T) {
	l := func(job int) int { return smallHeaderLines + job } // line of job n
	type drop struct {
		reason string
		kind   Kind
		lines  []int
	}
	tests := []struct {
		name      string
		filter    JobFilter
		ids       []int64
		submits   []float64
		sizes     []int
		estimates []float64
		drops     []drop
		stop      string
		stats     SourceStats // only the fallback and overrun counters
	}{
		{
			name: "default", filter: JobFilter{},
			ids: []int64{1, 2, 5, 6, 7}, submits: []float64{0, 100, 400, 86800, 172800},
			sizes: []int{4, 8, 2, 1, 64}, estimates: []float64{60, 100, 30, 50, 3600},
			drops: []drop{{ReasonRunTime, Unusable, []int{l(3), l(4)}}},
			stats: SourceStats{ProcFallbacks: 1, EstimateFallbacks: 1, Overruns: 1},
		},
		{
			name: "keep zero run time", filter: JobFilter{KeepZeroRuntime: true},
			ids:   []int64{1, 2, 4, 5, 6, 7},
			drops: []drop{{ReasonRunTimeUnknown, Unusable, []int{l(3)}}},
		},
		{
			name: "status filter", filter: JobFilter{Statuses: []int{StatusCompleted}},
			ids: []int64{1, 2, 5, 7},
			drops: []drop{{ReasonRunTime, Unusable, []int{l(3), l(4)}},
				{ReasonStatus, Filtered, []int{l(6)}}},
		},
		{
			name: "first day", filter: JobFilter{Days: 1},
			ids: []int64{1, 2, 5},
			drops: []drop{{ReasonRunTime, Unusable, []int{l(3), l(4)}},
				{ReasonWindow, Filtered, []int{l(6)}}},
			stop: "time window ended",
		},
		{
			name: "skip a day", filter: JobFilter{SkipDays: 1},
			ids: []int64{6, 7}, submits: []float64{0, 86000},
			drops: []drop{{ReasonWindow, Filtered, []int{l(1), l(2), l(3), l(4), l(5)}}},
		},
		{
			name: "second day only, end is exclusive", filter: JobFilter{SkipDays: 1, Days: 1},
			ids:   []int64{6},
			drops: []drop{{ReasonWindow, Filtered, []int{l(1), l(2), l(3), l(4), l(5), l(7)}}},
			stop:  "time window ended",
		},
		{
			name: "job numbers up to 5", filter: JobFilter{MaxJobNumber: 5},
			ids: []int64{1, 2, 5},
			drops: []drop{{ReasonRunTime, Unusable, []int{l(3), l(4)}},
				{ReasonWindow, Filtered, []int{l(6)}}},
			stop: "job number limit reached",
		},
		{
			name: "first two jobs", filter: JobFilter{MaxJobs: 2},
			ids: []int64{1, 2}, stop: "job limit reached",
		},
		{
			name: "load factor 2", filter: JobFilter{LoadFactor: 2},
			submits: []float64{0, 50, 200, 43400, 86400},
		},
		{
			name: "load factor 0.5", filter: JobFilter{LoadFactor: 0.5},
			submits: []float64{0, 200, 800, 173600, 345600},
		},
		{
			name: "keep submit times", filter: JobFilter{KeepSubmitTimes: true},
			submits: []float64{100, 200, 500, 86900, 172900},
		},
		{
			name: "keep submit times, load factor 2", filter: JobFilter{KeepSubmitTimes: true, LoadFactor: 2},
			submits: []float64{100, 150, 300, 43500, 86500},
		},
		{
			name: "exact estimates", filter: JobFilter{Estimate: EstimateExact},
			estimates: []float64{50, 120, 30, 40, 70},
			stats:     SourceStats{ProcFallbacks: 1},
		},
		{
			name: "factor estimates", filter: JobFilter{Estimate: EstimateFactor, EstimateFactor: 2},
			estimates: []float64{100, 240, 60, 80, 140},
			stats:     SourceStats{ProcFallbacks: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			jobs, src := collect(t, smallTrace, ReadOptions{ProblemLines: 10}, tt.filter)
			var ids []int64
			var submits, estimates []float64
			var sizes []int
			for _, j := range jobs {
				ids = append(ids, j.ID)
				submits = append(submits, j.Submit)
				sizes = append(sizes, j.Size)
				estimates = append(estimates, j.Estimate)
				if j.Start != -1 || j.End != -1 {
					t.Errorf("job %d has Start/End set", j.ID)
				}
			}
			for _, c := range []struct {
				name      string
				got, want any
			}{{"ids", ids, tt.ids}, {"submits", submits, tt.submits}, {"sizes", sizes, tt.sizes}, {"estimates", estimates, tt.estimates}} {
				if !reflect.ValueOf(c.want).IsNil() && !reflect.DeepEqual(c.got, c.want) {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
			if tt.drops != nil {
				var got []drop
				for _, p := range src.Problems() {
					got = append(got, drop{p.Reason, p.Kind, p.Lines})
				}
				if !reflect.DeepEqual(got, tt.drops) {
					t.Errorf("drops = %v, want %v", got, tt.drops)
				}
			}
			st := src.Stats()
			if st.StopReason != tt.stop || (tt.stop == "") != (st.StopLine == 0) {
				t.Errorf("stop = %q at %d, want %q", st.StopReason, st.StopLine, tt.stop)
			}
			if tt.stats != (SourceStats{}) {
				got := SourceStats{ProcFallbacks: st.ProcFallbacks, EstimateFallbacks: st.EstimateFallbacks, Overruns: st.Overruns}
				if got != tt.stats {
					t.Errorf("counters = %+v, want %+v", got, tt.stats)
				}
			}
		})
	}
}

func TestJobSourceRecordAccess(t *testing.T) {
	src, err := NewJobSource(mustReader(t, smallTrace, ReadOptions{}), JobFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if src.Header().Computer != "Test machine" {
		t.Error("Header")
	}
	j, rec, err := src.NextRecord()
	if err != nil || j.ID != 1 || rec.JobNumber != 1 || rec.User != 1 || rec.Queue != 1 || rec.Status != 1 {
		t.Fatalf("NextRecord = %+v, %+v, %v", j, rec, err)
	}
	want := model.NewJob(1, 0, 4, 50, 60)
	want.User = 1 // the record's field 12
	if j != want {
		t.Errorf("job = %+v, want %+v", j, want)
	}
}

func TestJobSourceUnsorted(t *testing.T) {
	text := strings.Join([]string{
		jobLine(1, 100, 10, 1, 1, 10, 1),
		jobLine(2, 300, 10, 1, 1, 10, 1),
		jobLine(3, 200, -1, 1, 1, 10, 1), // unusable anyway: not an ordering problem
		jobLine(4, 250, 10, 1, 1, 10, 1),
		jobLine(5, 300, 10, 1, 1, 10, 1), // equal submit times are in order
	}, "\n")
	jobs, src := collect(t, text, ReadOptions{Mode: Lenient}, JobFilter{})
	if len(jobs) != 3 || jobs[2].ID != 5 {
		t.Errorf("jobs = %+v", jobs)
	}
	p := src.Problems()
	if p.Count(ReasonUnsorted) != 1 || p.Count(ReasonRunTime) != 1 || p[1].Lines[0] != 4 {
		t.Errorf("problems = %v", p)
	}

	src, err := NewJobSource(mustReader(t, text, ReadOptions{}), JobFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = src.Next()
	}
	if !errors.Is(err, ErrUnsorted) || !strings.HasPrefix(err.Error(), "t.swf:4: submit time 250 is before the previous job's 300") {
		t.Errorf("strict error = %v", err)
	}
	if _, again := src.Next(); again != err {
		t.Error("error is not sticky")
	}
}

// A record submitted before the first one is out of order, not outside a
// time window nobody asked for; with SkipDays it is before the window.
func TestJobSourceEarlierThanTheFirstIsUnsorted(t *testing.T) {
	text := jobLine(1, 500, 10, 1, 1, 10, 1) + "\n" + jobLine(2, 300, 10, 1, 1, 10, 1) + "\n"
	_, src := collect(t, text, ReadOptions{Mode: Lenient}, JobFilter{})
	if p := src.Problems(); p.Count(ReasonUnsorted) != 1 || p.Count(ReasonWindow) != 0 {
		t.Errorf("problems = %v", p)
	}
	_, src = collect(t, text, ReadOptions{Mode: Lenient}, JobFilter{SkipDays: 1e-6})
	if p := src.Problems(); p.Count(ReasonWindow) != 2 || p.Count(ReasonUnsorted) != 0 {
		t.Errorf("with SkipDays: problems = %v", p)
	}
}

func TestJobSourcePassesReaderErrors(t *testing.T) {
	src, err := NewJobSource(mustReader(t, jobLine(1, 0, 1, 1, 1, 1, 1)+"\n1 2\n", ReadOptions{}), JobFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := src.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := src.Next(); !errors.Is(err, ErrMalformed) || !strings.HasPrefix(err.Error(), "t.swf:2:") {
		t.Errorf("error = %v", err)
	}
}

func TestJobFilterValidate(t *testing.T) {
	tests := []struct {
		name   string
		filter JobFilter
		field  string
	}{
		{"zero value", JobFilter{}, ""},
		{"factor mode", JobFilter{Estimate: EstimateFactor, EstimateFactor: 1}, ""},
		{"negative skip", JobFilter{SkipDays: -1}, "SkipDays"},
		{"NaN days", JobFilter{Days: math.NaN()}, "Days"},
		{"infinite days", JobFilter{Days: math.Inf(1)}, "Days"},
		{"negative max jobs", JobFilter{MaxJobs: -1}, "MaxJobs"},
		{"negative max job number", JobFilter{MaxJobNumber: -1}, "MaxJobNumber"},
		{"negative load factor", JobFilter{LoadFactor: -2}, "LoadFactor"},
		{"infinite load factor", JobFilter{LoadFactor: math.Inf(1)}, "LoadFactor"},
		{"unknown estimate mode", JobFilter{Estimate: 7}, "Estimate"},
		{"factor below 1", JobFilter{Estimate: EstimateFactor, EstimateFactor: 0.5}, "EstimateFactor"},
		{"factor missing", JobFilter{Estimate: EstimateFactor}, "EstimateFactor"},
		{"factor NaN", JobFilter{Estimate: EstimateFactor, EstimateFactor: math.NaN()}, "EstimateFactor"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.filter.Validate()
			if tt.field == "" {
				if err != nil {
					t.Errorf("Validate = %v", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalidFilter) || !strings.Contains(err.Error(), ": "+tt.field+" = ") {
				t.Errorf("Validate = %v, want an error naming %s", err, tt.field)
			}
			if _, err := NewJobSource(mustReader(t, "", ReadOptions{}), tt.filter); !errors.Is(err, ErrInvalidFilter) {
				t.Errorf("NewJobSource accepted an invalid filter")
			}
		})
	}
}

func TestEstimateModeNames(t *testing.T) {
	for _, m := range []EstimateMode{EstimateRequested, EstimateExact, EstimateFactor} {
		got, err := ParseEstimateMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseEstimateMode(%q) = %v, %v", m, got, err)
		}
	}
	if _, err := ParseEstimateMode("perfect"); !errors.Is(err, ErrInvalidFilter) {
		t.Errorf("ParseEstimateMode(perfect) = %v", err)
	}
	if EstimateMode(9).String() != "EstimateMode(9)" {
		t.Error("String of an unknown mode")
	}
}

// TestJobSourceIsModelJobSource checks the interface at compile time.
var _ model.JobSource = (*JobSource)(nil)
