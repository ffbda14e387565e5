package slurm

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestWindow: within Options.Window, Scan yields the jobs of lines out of
// submit order in the order Read numbers them; a line further out, or a
// heterogeneous component that far from its job, is an error naming it.
func TestWindow(t *testing.T) {
	head := "JobIDRaw|JobID|Submit|Start|End|AllocCPUS|State\n"
	line := func(raw int, id string, submit int) string {
		at := fmt.Sprintf("2026-10-01T00:%02d:%02d", submit/60, submit%60)
		return fmt.Sprintf("%d|%s|%s|%s|%s|1|COMPLETED\n", raw, id, at, at, at)
	}
	// submit times: 5 3 4 1 2 ... (each a few lines early), ties by raw ID
	var in strings.Builder
	in.WriteString(head)
	for i, s := range []int{5, 3, 4, 1, 2, 9, 8, 7, 6, 6, 10} {
		in.WriteString(line(100-i, fmt.Sprint(100-i), s))
	}
	ids := func(opts Options) ([]string, error) {
		jobs, _, err := scanAll(in.String(), opts)
		var out []string
		for _, j := range jobs {
			out = append(out, j.ID)
		}
		return out, err
	}
	all, err := ids(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"97", "96", "99", "98", "100", "91", "92", "93", "94", "95", "90"}; !slices.Equal(all, want) {
		t.Fatalf("unbounded: %v, want %v", all, want)
	}
	if got, err := ids(Options{Window: 4}); err != nil || !slices.Equal(got, all) {
		t.Errorf("window 4: %v, %v; want %v", got, err, all)
	}
	if _, err := ids(Options{Window: 2}); err == nil || !strings.HasPrefix(err.Error(), "slurm: f:5: job 97 (submitted 2026-10-01T00:00:01) comes before job 99") ||
		!strings.Contains(err.Error(), "more than 2 jobs after it") {
		t.Errorf("window 2: %v", err)
	}
	het := head + line(1, "1+0", 0) + line(2, "2", 1) + line(3, "3", 2) + line(4, "1+1", 0)
	if jobs, st, err := scanAll(het, Options{Window: 3}); err != nil || len(jobs) != 3 || st.HetComponents != 1 {
		t.Errorf("het within the window: %+v, %v", jobs, err)
	}
	if _, _, err := scanAll(het, Options{Window: 1}); err == nil || !strings.HasPrefix(err.Error(), "slurm: f:5: component 1+1 of heterogeneous job 1 comes more than 1 jobs after") {
		t.Errorf("het beyond the window: %v", err)
	}
}

// TestIDKeys: plain and array task IDs are numbers, and no two IDs share
// one; other IDs are kept as strings.
func TestIDKeys(t *testing.T) {
	seen := map[uint64]string{}
	for _, id := range []string{"0", "1", "10", "4294967295", "1_0", "0_1", "1_2147483647", "4294967295_2147483647", "12_3"} {
		k, ok := key(id)
		if !ok {
			t.Errorf("%s: not a number", id)
		}
		if prev, dup := seen[k]; dup {
			t.Errorf("%s and %s share key %d", id, prev, k)
		}
		seen[k] = id
	}
	for _, id := range []string{"", "01", "4294967296", "1_2147483648", "1_", "_1", "1_01", "1_2_3", "12a", "-1", "1_[3-5]"} {
		if _, ok := key(id); ok {
			t.Errorf("%q: a number", id)
		}
	}
	var x ids
	if x.listed("1_[3-5]", 7) != 0 || x.listed("1_[3-5]", 9) != 7 || x.accepted("1_[3-5]") {
		t.Error("string IDs")
	}
	x.accept("5")
	if !x.accepted("5") || x.listed("5", 3) != 0 || x.listed("5", 4) != 3 {
		t.Error("numeric IDs")
	}
}
