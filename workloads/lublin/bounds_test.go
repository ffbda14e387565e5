package lublin

import (
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/stat/distuv"
)

// Extreme parameters that Validate accepted before the generator's loops
// were bounded: each either fails at once naming a parameter or generates
// its jobs, in either case within seconds.
func TestExtremeParametersEnd(t *testing.T) {
	cases := []struct {
		name string
		edit func(*Params)
		key  string // "" when the jobs must be generated
	}{
		{"tiny load", func(p *Params) { p.Load = 1e-9 }, ""},
		{"load too tiny for 2^53 s", func(p *Params) { p.Load = 1e-100 }, "load"},
		{"max_log_runtime tiny", func(p *Params) { p.MaxLogRuntime = 1e-3 }, "interactive.a1"},
		{"max_log_interarrival tiny", func(p *Params) { p.MaxLogInterarrival = 1e-4 }, "interactive.aarr"},
		{"a1 huge, the only run-time Gamma", func(p *Params) { p.Combined.A1, p.Combined.PA, p.Combined.PB = 1e300, 0, 1 }, "combined.a1"},
		{"a1 huge, a2 used", func(p *Params) { p.Batch.A1 = 1e300 }, ""},
		{"b1 huge", func(p *Params) { p.Interactive.B1, p.Interactive.PA, p.Interactive.PB = 1e300, 0, 1 }, "interactive.a1"},
		{"aarr huge", func(p *Params) { p.Batch.AArr = 1e9 }, "batch.aarr"},
		{"bnum tiny", func(p *Params) { p.Batch.BNum = 1e-300 }, "batch.anum"},
		{"anum huge", func(p *Params) { p.Interactive.ANum = 1e300 }, "interactive.anum"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Defaults(128)
			p.Jobs = 2000
			if c.key != "" && strings.HasPrefix(c.key, "combined") {
				p.Classes = ClassesCombined
			}
			c.edit(&p)
			done := make(chan error, 1)
			go func() {
				g, err := New(p)
				if err != nil {
					done <- err
					return
				}
				last := -1.0
				for {
					r, err := g.Next()
					if errors.Is(err, io.EOF) {
						done <- nil
						return
					}
					if err != nil {
						done <- err
						return
					}
					if !(r.Submit >= last) || r.RunTime < 1 || math.IsInf(r.Submit, 0) {
						done <- errors.New("bad record")
						return
					}
					last = r.Submit
				}
			}()
			select {
			case err := <-done:
				switch {
				case c.key == "" && err != nil:
					t.Fatalf("want the jobs, got %v", err)
				case c.key != "" && (err == nil || !strings.HasPrefix(err.Error(), "lublin: "+c.key+": ")):
					t.Fatalf("want an error naming %s, got %v", c.key, err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("still generating after 20 s")
			}
		})
	}
}

// A class whose draws never fall below their bound fails after MaxRedraws,
// naming the parameter, even if Validate were to let it through.
func TestRedrawsAreBounded(t *testing.T) {
	src := rand.New(rand.NewPCG(1, 2))
	c := classGen{name: "batch", weights: dailyWeights(6, 5), arrRand: src, rtRand: src,
		arr: distuv.Gamma{Alpha: 1e6, Beta: 1, Src: src},
		g1:  distuv.Gamma{Alpha: 1e6, Beta: 1, Src: src}, g2: distuv.Gamma{Alpha: 1e6, Beta: 1, Src: src}}
	if err := c.advance(1, 13); err == nil || !strings.HasPrefix(err.Error(), "lublin: batch.aarr: 100000 log inter-arrival gaps") {
		t.Errorf("advance: %v", err)
	}
	if _, err := c.runtime(1, 12); err == nil || !strings.HasPrefix(err.Error(), "lublin: batch.a1: 100000 log run times") {
		t.Errorf("runtime: %v", err)
	}
}

// A gap of many days skips whole days: the clock lands in the same
// half-hour as walking it would, within rounding.
func TestLongGapSkipsWholeDays(t *testing.T) {
	w := dailyWeights(6, 5)
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	walk := func(points float64) float64 {
		c := classGen{weights: w, daySum: sum, points: points}
		gap := 0.0
		for c.points > c.weights[c.bucket] || c.weights[c.bucket] == 0 {
			c.points -= c.weights[c.bucket]
			c.bucket = (c.bucket + 1) % buckets
			gap += secondsPerBucket
		}
		return gap + secondsPerBucket*c.points/c.weights[c.bucket]
	}
	src := rand.New(rand.NewPCG(3, 4))
	for _, days := range []float64{walkDays + 0.3, 1000.7, 12345.1} {
		points := days * sum
		c := classGen{weights: w, daySum: sum, arrRand: src, arr: distuv.Gamma{Alpha: 1e-9, Beta: 1, Src: src}}
		// A Gamma of tiny shape draws 0: exp(0) seconds × scale is the gap.
		if err := c.advance(points*secondsPerBucket, 13); err != nil {
			t.Fatal(err)
		}
		if want := walk(points); math.Abs(c.next-want) > 1e-6*want {
			t.Errorf("%v days: next %v, walking gives %v", days, c.next, want)
		}
	}
}
