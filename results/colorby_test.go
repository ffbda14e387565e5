package results

import (
	"math"
	"strings"
	"testing"
)

// TestColourByUser: the users with the most processor-time inside the
// window get their own colours, in that order; the others, and jobs of
// no user, are grey; records without any user are an error naming the
// flag.
func TestColourByUser(t *testing.T) {
	var jobs []schedJob
	// Users 0 … 9: user u runs one job of u+1 processors over [0, 10);
	// user 9 also runs a huge job outside the window [0, 10).
	for u := range 10 {
		jobs = append(jobs, schedJob{start: 0, end: 10, procs: u + 1, user: float64(u)})
	}
	jobs = append(jobs, schedJob{start: 20, end: 30, procs: 1000, user: 0}, schedJob{start: 0, end: 10, procs: 5, user: math.NaN()})
	colours, lg, err := jobColours(jobs, ColorByUser, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"user 9", "user 8", "user 7", "user 6", "user 5", "user 4", "user 3", "3 other users"}
	if strings.Join(lg.names, ",") != strings.Join(want, ",") {
		t.Fatalf("legend %q, want %q", lg.names, want)
	}
	for i, j := range jobs {
		grey := colours[i] == otherGrey
		if top := !math.IsNaN(j.user) && j.user >= 3 && j.end <= 10; grey == top {
			t.Errorf("job %d of user %v: grey %v", i, j.user, grey)
		}
	}
	if _, _, err := jobColours([]schedJob{{start: 0, end: 1, procs: 1, user: math.NaN()}}, ColorByUser, 0, 1); err == nil || !strings.Contains(err.Error(), "--color-by user") {
		t.Errorf("no user: %v", err)
	}
	if _, lg, _ := jobColours(jobs, ColorBySize, 0, 10); !strings.Contains(strings.Join(lg.names, ","), "processors") {
		t.Errorf("by size: legend %q", lg.names)
	}
}
