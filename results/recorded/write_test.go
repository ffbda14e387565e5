package recorded

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
)

// readCSV reads a file back with encoding/csv, as pandas would, and checks
// its header.
func readCSV(t *testing.T, b []byte, header string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatalf("encoding/csv cannot read the file back: %v\n%s", err, b)
	}
	if got := strings.Join(rows[0], ","); got != header {
		t.Fatalf("header %q, want %q", got, header)
	}
	return rows[1:]
}

func TestWriteJobsCSVReadsBack(t *testing.T) {
	jobs := handJobs()
	jobs[0].User = `x,"y"` // a name that needs quoting
	jobs[1].Submit = 1234567.25
	var b bytes.Buffer
	if err := WriteJobsCSV(&b, jobs); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, b.Bytes(), JobsHeader)
	if len(rows) != len(jobs) {
		t.Fatalf("%d rows, want %d", len(rows), len(jobs))
	}
	for i, r := range rows {
		j := jobs[i]
		want := []string{strconv.Itoa(j.ID), j.User, j.Partition}
		for _, v := range []float64{j.Submit, j.Recorded, j.Simulated, j.Simulated - j.Recorded} {
			if math.IsNaN(v) {
				want = append(want, "")
			} else {
				want = append(want, strconv.FormatFloat(v, 'f', -1, 64))
			}
		}
		if fmt.Sprint(r) != fmt.Sprint(want) {
			t.Errorf("row %d = %q, want %q", i, r, want)
		}
	}
	if rows[1][3] != "1234567.25" {
		t.Errorf("submit written as %q, want 1234567.25 (no exponent)", rows[1][3])
	}
}

func TestWriteCSVHasEveryGroup(t *testing.T) {
	var jobs []Job
	for i := range 25 {
		jobs = append(jobs, Job{ID: i + 1, User: fmt.Sprintf("u%02d", i), Partition: "p", Recorded: 1, Simulated: 2})
	}
	var b bytes.Buffer
	if err := Compare(jobs).WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	users := 0
	for _, r := range readCSV(t, b.Bytes(), SummaryHeader) {
		if len(r) != 5 {
			t.Fatalf("row %q has %d fields", r, len(r))
		}
		if r[0] == "mean_wait_by_user" {
			users++
			if r[2] != "1" || r[3] != "2" || r[4] != "s" {
				t.Errorf("user row %q, want recorded 1, simulated 2, unit s", r)
			}
		}
	}
	if users != 25 {
		t.Errorf("%d user rows, want all 25", users)
	}
}

func TestWriteTableTopGroupsAndOther(t *testing.T) {
	// 12 users: u00 (a long name) has 13 jobs, u01 12 jobs, …, u11 2 jobs. The table
	// shows 10 and pools u10 (3 jobs, waits 0→10) and u11 (2 jobs, 5→20)
	// into "other (2 users)": 5 jobs, recorded (3·0+2·5)/5 = 2,
	// simulated (3·10+2·20)/5 = 14.
	var jobs []Job
	for u := range 12 {
		for range 13 - u {
			j := Job{ID: len(jobs) + 1, User: fmt.Sprintf("u%02d", u), Partition: "batch", Recorded: 0, Simulated: 10}
			if u == 0 {
				j.User = "a-very-long-user-name-that-does-not-fit-in-the-width"
			}
			if u == 11 {
				j.Recorded, j.Simulated = 5, 20
			}
			jobs = append(jobs, j)
		}
	}
	var b bytes.Buffer
	if err := Compare(jobs).WriteTable(&b, 72); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "\nother (2 users)") || !strings.Contains(out, " 5  ") || !strings.HasSuffix(out, " 2                       14\n") {
		t.Errorf("no other row of 5 jobs, waits 2 and 14:\n%s", out)
	}
	for _, want := range []string{"u09 ", "(s)", "(0–1)"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "u10") || strings.Contains(out, "u11") {
		t.Errorf("table lists a pooled user:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if n := runes(l); n > 72 {
			t.Errorf("line of %d runes > 72: %q", n, l)
		}
	}
	if !strings.Contains(out, "a-very-long-use") || !strings.Contains(out, "…") {
		t.Errorf("long name not cut with an ellipsis:\n%s", out)
	}
}

func TestWriteJobsCSVAllocsDoNotGrowWithJobs(t *testing.T) {
	small, large := manyJobs(100), manyJobs(10_000)
	a := testing.AllocsPerRun(3, func() { WriteJobsCSV(io.Discard, small) })
	b := testing.AllocsPerRun(3, func() { WriteJobsCSV(io.Discard, large) })
	if b > a+3 {
		t.Errorf("WriteJobsCSV allocates %v times for 100 jobs, %v for 10,000", a, b)
	}
}

func TestTableNumbers(t *testing.T) {
	for v, want := range map[float64]string{18693.4: "18693", -5590.2: "-5590", 999.96: "1000", 793: "793", 0.41804: "0.418", 2.0 / 3: "0.6667", math.NaN(): "-"} {
		if got := num(v); got != want {
			t.Errorf("num(%v) = %q, want %q", v, got, want)
		}
	}
}
