package claims

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/results"
)

// delta is the difference of one metric between two points A and B: its
// mean and the half-width of its 95% confidence interval (NaN when there
// is none: one replication).
type delta struct {
	mean, hw float64
	paired   bool
}

func (d delta) low() float64  { return d.mean - zeroNaN(d.hw) }
func (d delta) high() float64 { return d.mean + zeroNaN(d.hw) }

func zeroNaN(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return x
}

// difference returns A − B, or 100·(A − B)/B with relative. With two or
// more replications of each, the difference is paired: the statistics of
// the per-replication differences a[i] − b[i] (replications where either
// is undefined left out). Without per-replication values (a report read
// back from a file), the means are subtracted and the half-widths combined
// as sqrt(hwA² + hwB²).
func difference(a, b results.Summary, relative bool) delta {
	if len(a.Values) >= 2 && len(a.Values) == len(b.Values) {
		var ds []float64
		for i := range a.Values {
			v := a.Values[i] - b.Values[i]
			if relative {
				v = 100 * v / b.Values[i]
			}
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				ds = append(ds, v)
			}
		}
		s := results.Describe("", ds)
		return delta{mean: s.Mean, hw: s.HalfWidth, paired: true}
	}
	d := delta{mean: a.Mean - b.Mean, hw: math.Hypot(a.HalfWidth, b.HalfWidth)}
	if relative {
		d.mean = 100 * d.mean / b.Mean
		d.hw = 100 * d.hw / math.Abs(b.Mean)
	}
	if math.IsInf(d.mean, 0) {
		d.mean = math.NaN()
	}
	return d
}

// above decides d > x (strict) or d ≥ x: reproduced when the whole CI
// (the value, without one) is on the claimed side, not reproduced when it
// is wholly on the other side, not decidable otherwise.
func above(d delta, x float64, strict bool) Outcome {
	lo, hi := d.low(), d.high()
	switch {
	case math.IsNaN(d.mean):
		return NotDecidable
	case strict && lo > x, !strict && lo >= x:
		return Reproduced
	case strict && hi <= x, !strict && hi < x:
		return NotReproduced
	}
	return NotDecidable
}

// below decides d < x (strict) or d ≤ x.
func below(d delta, x float64, strict bool) Outcome {
	return above(delta{mean: -d.mean, hw: d.hw, paired: d.paired}, -x, strict)
}

// part is the verdict on one comparison with its numbers.
type part struct {
	outcome Outcome
	text    string
}

// ordered decides the claim "A < B" (want "<") or "A > B" (want ">") on
// the paired difference A − B.
func ordered(aName string, a results.Summary, want string, bName string, b results.Summary, unit string) part {
	d := difference(a, b, false)
	o := above(d, 0, true)
	if want == "<" {
		o = below(d, 0, true)
	}
	return part{o, fmt.Sprintf("%s %s %s %s %s, %s%s", aName, value(a), relation(a.Mean, b.Mean), bName, value(b), deltaText(d), unitNote(unit))}
}

func relation(a, b float64) string {
	switch {
	case a < b:
		return "<"
	case a > b:
		return ">"
	case a == b:
		return "="
	}
	return "?"
}

// value is a point's mean with its CI half-width: "1200 ± 40".
func value(s results.Summary) string {
	out := num(s.Mean)
	if !math.IsNaN(s.HalfWidth) {
		out += " ± " + halfWidth(s.HalfWidth)
	}
	return out
}

func deltaText(d delta) string {
	kind := "Δ"
	if d.paired {
		kind = "paired Δ"
	}
	out := kind + " " + num(d.mean)
	if !math.IsNaN(d.hw) {
		out += " ± " + halfWidth(d.hw)
	}
	return out
}

// unitNote is " (unit)", "" for a pure number.
func unitNote(unit string) string {
	if unit == "" {
		return ""
	}
	return " (" + unit + ")"
}

// halfWidth formats a CI half-width with two significant digits.
func halfWidth(x float64) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return num(x)
	}
	return num(roundSig(x, 2))
}

func roundSig(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits-1)-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*p) / p
}

// num formats a number with four significant digits, without an exponent
// from 10^-3 to 10^7; "undefined" for NaN.
func num(x float64) string {
	if math.IsNaN(x) {
		return "undefined"
	}
	return results.FormatNumber(x, 4, 1e-3, 1e7)
}
