package swf

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestComputeInfoSmall(t *testing.T) {
	in, err := ComputeInfo(mustReader(t, smallTrace, ReadOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	// Usable jobs 1, 2, 5, 6, 7 (see smallJobs).
	work := 50.0*4 + 120*8 + 30*2 + 40*1 + 70*64
	ratios := []float64{50.0 / 60, 120.0 / 100, 40.0 / 50, 70.0 / 3600} // job 5 has no requested time
	mean := (ratios[0] + ratios[1] + ratios[2] + ratios[3]) / 4
	median := (50.0/60 + 40.0/50) / 2
	want := Info{
		Name: "t.swf", Records: 7, Jobs: 5, FirstSubmit: 100, LastSubmit: 172900,
		MaxProcs: 64, MaxProcsSource: "MaxProcs", MaxJobSize: 64, Work: work,
		OfferedLoad:  work / (64 * 172800),
		EstimateJobs: 4, EstimateMean: mean, EstimateMedian: median,
		Overruns: 1, OverrunFraction: 0.25,
		StatusCounts: map[int]int{0: 2, 1: 4, 5: 1},
		Quality: Quality{RunTimeUnknown: 1, RunTimeZero: 1, AllocProcsUnknown: 2, Unusable: 2,
			ReqTimeUnknown: 1},
		Acknowledge: []string{"Alice", "Bob"},
		Citation:    Citation,
	}
	got := in
	got.Header = Header{}
	const tol = 1e-12
	for _, f := range []struct {
		name      string
		got, want float64
	}{{"OfferedLoad", got.OfferedLoad, want.OfferedLoad}, {"EstimateMean", got.EstimateMean, want.EstimateMean},
		{"EstimateMedian", got.EstimateMedian, want.EstimateMedian}} {
		if math.Abs(f.got-f.want) > tol {
			t.Errorf("%s = %v, want %v", f.name, f.got, f.want)
		}
	}
	got.OfferedLoad, got.EstimateMean, got.EstimateMedian = want.OfferedLoad, want.EstimateMean, want.EstimateMedian
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Info =\n%+v\nwant\n%+v", got, want)
	}
	if in.SpanSeconds() != 172800 || in.Header.Computer != "Test machine" {
		t.Error("span or header")
	}

	var b strings.Builder
	if err := in.Format(&b, 0); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"Trace:           t.swf\n",
		"Machine:         Test machine, Nowhere\n",
		"Records:         7 job lines parsed, 0 malformed lines skipped\n",
		"Usable jobs:     5 ",
		"Span:            172,800 s (2.00 days)\n",
		"Processors:      64 (header MaxProcs); largest job 64\n",
		"Overruns:        1 (25.0%) run longer than requested\n",
		"Status:          0 failed 2; 1 completed 4; 5 cancelled 1\n",
		"Record quality:  run time -1: 1; run time 0: 1; allocated procs ≤ 0: 2; either unusable: 2\n",
		"Problems:        none\n",
		"Acknowledge:     Alice\nAcknowledge:     Bob\n",
		"Cite:            " + Citation + "\n",
	} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, b.String())
		}
	}

	// Folded to 50 columns: the long values go on under their column,
	// with the same words.
	var folded strings.Builder
	if err := in.Format(&folded, 50); err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(strings.TrimSuffix(folded.String(), "\n"), "\n") {
		if n := utf8.RuneCountInString(l); n > 50 {
			t.Errorf("line %d is %d runes wide at width 50: %q", i+1, n, l)
		}
	}
	if !strings.Contains(folded.String(), "\nCite:            D. G. Feitelson, D. Tsafrir, D.\n                 Krakov,") {
		t.Errorf("the citation is not folded under its column:\n%s", folded.String())
	}
	if w, f := strings.Fields(b.String()), strings.Fields(folded.String()); !slices.Equal(w, f) {
		t.Errorf("folding changed the words:\n%s", folded.String())
	}
}

func TestComputeInfoFallbacks(t *testing.T) {
	// No MaxProcs, no MaxNodes, no requested times, one malformed line,
	// a single submit time: observed size, NaN load and estimates.
	text := "; Version: 2\n" + jobLine(1, 5, 10, 3, 3, -1, 1) + "\nbad line\n" + jobLine(2, 5, 10, -1, 7, -1, 1) + "\n"
	in, err := ComputeInfo(mustReader(t, text, ReadOptions{Mode: Lenient}))
	if err != nil {
		t.Fatal(err)
	}
	if in.MaxProcs != 7 || in.MaxProcsSource != "observed" || !math.IsNaN(in.OfferedLoad) ||
		in.EstimateJobs != 0 || !math.IsNaN(in.EstimateMean) || !math.IsNaN(in.OverrunFraction) {
		t.Errorf("Info = %+v", in)
	}
	var b strings.Builder
	if err := in.Format(&b, 0); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"Processors:      7 (the largest job: the header has no MaxProcs or MaxNodes)\n",
		"Offered load:    n/a",
		"Estimates:       no usable job has a requested time",
		"1 malformed lines skipped",
		"malformed  wrong field count: 1 (line 3)",
	} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, b.String())
		}
	}
	text = "; MaxNodes: 256\n" + jobLine(1, 0, 10, 3, 3, -1, 1) + "\n"
	if in, err := ComputeInfo(mustReader(t, text, ReadOptions{})); err != nil || in.MaxProcs != 256 || in.MaxProcsSource != "MaxNodes" {
		t.Errorf("MaxNodes fallback: %+v, %v", in, err)
	}
	if _, err := ComputeInfo(mustReader(t, "x\n", ReadOptions{})); err == nil {
		t.Error("strict ComputeInfo ignored a malformed line")
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", -1234567: "-1,234,567", 243306: "243,306"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
