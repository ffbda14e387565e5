package results

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// LinearTicks is a plot.Ticker for linear axes: gonum's tick positions
// (plot.DefaultTicks, Talbot–Lin–Hanrahan) with labels rewritten so that
// they are exact and distinct. gonum formats the labels with a precision
// guessed from the step's magnitude, which labels 99.9, 99.95 and 100 all
// "1e+02"; here each label gets the fewest significant digits that tell
// every label apart and read back to the tick's value, without an exponent
// from 10^-4 to 10^6.
type LinearTicks struct{}

// Ticks implements plot.Ticker.
func (LinearTicks) Ticks(min, max float64) []plot.Tick {
	if !(max > min) {
		// A constant series: gonum panics on an empty range; widen it.
		d := math.Max(math.Abs(min)*0.05, 1)
		min, max = min-d, max+d
	}
	ts := plot.DefaultTicks{}.Ticks(min, max)
	relabel(ts)
	return ts
}

// LogTicks is a plot.Ticker for log axes. gonum's plot.LogTicks labels
// only powers of ten, so a range such as 20–950 gets a single label (100);
// here every decade in the range is labelled and, when fewer than two
// decades fall inside it, so are the 2× and 5× multiples (then 3×). Minor
// ticks mark the other integer multiples.
type LogTicks struct{}

// Ticks implements plot.Ticker.
func (LogTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max >= min) {
		return nil
	}
	lo := int(math.Floor(math.Log10(min)))
	hi := int(math.Ceil(math.Log10(max)))
	inside := func(v float64) bool { return v >= min*(1-1e-9) && v <= max*(1+1e-9) }
	var labelled []float64
	for _, mults := range [][]float64{{1}, {1, 2, 5}, {1, 2, 3, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}} {
		labelled = labelled[:0]
		for e := lo; e <= hi; e++ {
			for _, m := range mults {
				if v := m * math.Pow10(e); inside(v) {
					labelled = append(labelled, v)
				}
			}
		}
		if len(labelled) >= 2 {
			break
		}
	}
	var ts []plot.Tick
	for e := lo; e <= hi; e++ {
		for m := 1; m <= 9; m++ {
			v := float64(m) * math.Pow10(e)
			if !inside(v) {
				continue
			}
			t := plot.Tick{Value: v}
			for _, l := range labelled {
				if l == v {
					t.Label = "x" // relabel writes it
				}
			}
			ts = append(ts, t)
		}
	}
	relabel(ts)
	return ts
}

// relabel rewrites the labels of the labelled ticks with the fewest
// significant digits that make them distinct and exact.
func relabel(ts []plot.Tick) {
	var idx []int
	scale := 0.0
	for i, t := range ts {
		if t.Label != "" {
			idx = append(idx, i)
			scale = math.Max(scale, math.Abs(t.Value))
		}
	}
	for prec := 1; prec <= 17; prec++ {
		seen := map[string]bool{}
		ok := true
		for _, i := range idx {
			v := ts[i].Value
			l := tickLabel(v, prec)
			back, _ := strconv.ParseFloat(l, 64)
			if seen[l] || math.Abs(back-v) > 1e-9*math.Max(scale, 1e-300) {
				ok = false
				break
			}
			seen[l] = true
		}
		if ok || prec == 17 {
			for _, i := range idx {
				ts[i].Label = tickLabel(ts[i].Value, prec)
			}
			return
		}
	}
}

// tickLabel formats v with prec significant digits: plain decimals from
// 10^-4 to 10^6, an exponent outside, trailing zeros dropped.
func tickLabel(v float64, prec int) string {
	av := math.Abs(v)
	if av < 1e-12*math.Max(1, av) || v == 0 {
		return "0"
	}
	if av < 1e-4 || av >= 1e6 {
		s := strconv.FormatFloat(v, 'e', prec-1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		if strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		n, _ := strconv.Atoi(exp)
		return mant + "e" + strconv.Itoa(n)
	}
	dec := max(prec-(int(math.Floor(math.Log10(av)))+1), 0)
	s := strconv.FormatFloat(v, 'f', dec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// ValueLabel formats a swept value for a legend or a tick: numbers with at
// most three significant decimals (λ = 8.33, not 8.333333; 50749 stays
// 50749), anything else as it is.
func ValueLabel(s string) string {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return s
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	av := math.Abs(v)
	if av >= 1 {
		// Three significant digits, and every integer digit.
		return tickLabel(v, max(3, int(math.Floor(math.Log10(av)))+1))
	}
	return tickLabel(v, 3)
}
