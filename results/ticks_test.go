package results

import (
	"slices"
	"testing"

	"gonum.org/v1/plot"
)

// labels returns the non-empty labels of ticks.
func labels(ts []plot.Tick) []string {
	var out []string
	for _, t := range ts {
		if t.Label != "" {
			out = append(out, t.Label)
		}
	}
	return out
}

// TestTickLabelsGolden pins the labels of the three axes the issue
// reported: gonum labels the y axis of karatza2010 fig02 (99.9–100.02)
// "1e+02" three times, coarp fig7's load balance twice "0.12", and a log
// axis over 20–950 only "100".
func TestTickLabelsGolden(t *testing.T) {
	if got := labels(plot.DefaultTicks{}.Ticks(99.9, 100.02)); !slices.Equal(got, []string{"1e+02", "1e+02", "1e+02"}) {
		t.Logf("gonum no longer labels 99.9–100.02 1e+02 three times: %v", got)
	}
	cases := []struct {
		name string
		got  []string
		want []string
	}{
		{"fig02 linear 99.9–100.02", labels(LinearTicks{}.Ticks(99.9, 100.02)), []string{"99.9", "99.95", "100"}},
		{"fig7 ticks 0.12, 0.1205, 0.121", func() []string {
			ts := []plot.Tick{{Value: 0.12, Label: "0.12"}, {Value: 0.1205, Label: "0.12"}, {Value: 0.121, Label: "0.12"}}
			relabel(ts)
			return labels(ts)
		}(), []string{"0.12", "0.1205", "0.121"}},
		{"fig7 linear 0.1195–0.1215", labels(LinearTicks{}.Ticks(0.1195, 0.1215)), []string{"0.1196", "0.1204", "0.1212"}},
		{"log 20–950", labels(LogTicks{}.Ticks(20, 950)), []string{"20", "50", "100", "200", "500"}},
		{"log 3–40000", labels(LogTicks{}.Ticks(3, 40000)), []string{"10", "100", "1000", "10000"}},
		{"log 1e-6–1e-3", labels(LogTicks{}.Ticks(1e-6, 1e-3)), []string{"1e-6", "1e-5", "0.0001", "0.001"}},
		{"log 21–35", labels(LogTicks{}.Ticks(21, 35)), []string{"30"}},
		{"linear 0–2.5e6", labels(LinearTicks{}.Ticks(0, 2.5e6)), []string{"0", "1e6", "2e6"}},
		{"linear 0.1–0.3", labels(LinearTicks{}.Ticks(0.1, 0.3)), []string{"0.12", "0.2", "0.28"}},
		{"constant 5", labels(LinearTicks{}.Ticks(5, 5)), []string{"4", "5", "6"}},
	}
	for _, c := range cases {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s: labels %q, want %q", c.name, c.got, c.want)
		}
	}
}

// TestTickLabelsDistinct: over many ranges, linear labels are distinct
// and read back to their tick's value.
func TestTickLabelsDistinct(t *testing.T) {
	for _, r := range [][2]float64{{0, 1}, {99.99, 100.001}, {1e-7, 3e-7}, {123456, 123457}, {-0.3, 0.3}, {0.1175, 0.1225}, {5e8, 5.0001e8}} {
		ls := labels(LinearTicks{}.Ticks(r[0], r[1]))
		seen := map[string]bool{}
		for _, l := range ls {
			if seen[l] {
				t.Errorf("%v: label %s twice in %v", r, l, ls)
			}
			seen[l] = true
		}
		if len(ls) < 2 {
			t.Errorf("%v: %d labels", r, len(ls))
		}
	}
}

func TestValueLabel(t *testing.T) {
	for in, want := range map[string]string{"8.333333": "8.33", "50749": "50749", "0.0125": "0.0125", "easy": "easy", "1e-3": "0.001", "123.456": "123", "2.5": "2.5"} {
		if got := ValueLabel(in); got != want {
			t.Errorf("ValueLabel(%q) = %q, want %q", in, got, want)
		}
	}
}
