package karatza_test

import (
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/karatza"
)

func TestParseSizes(t *testing.T) {
	good := map[string][]int{
		"uniform":   karatza.Range(2, 13),
		"pow2":      {2, 4, 8, 16},
		"2..13":     karatza.Range(2, 13),
		" 3 .. 5 ":  {3, 4, 5},
		"2,4,8,16":  {2, 4, 8, 16},
		"7":         {7},
		"1, 1, 32 ": {1, 1, 32},
	}
	for spec, want := range good {
		got, err := karatza.ParseSizes(spec)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseSizes(%q) = %v, %v; want %v", spec, got, err, want)
		}
	}
	for _, spec := range []string{"", "uniformly", "5..2", "0..3", "2,,4", "2,x", "-1", "a..b", "0"} {
		if got, err := karatza.ParseSizes(spec); err == nil {
			t.Errorf("ParseSizes(%q) = %v, want an error", spec, got)
		}
	}
}

func paper(lambda float64) karatza.Config {
	return karatza.Config{Sites: 2, LocalRate: lambda, GangRate: 0.5, Sizes: karatza.UniformSizes(), ServiceMean: 1, EstimateError: 0.3}
}

func TestOfferedLoad(t *testing.T) {
	for _, c := range []struct{ lambda, want float64 }{{12.5, 0.8984375}, {10, 0.7421875}, {1 / 0.12, 0.6380208333333334}} {
		if got := paper(c.lambda).OfferedLoad(16); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("λ=%v: offered load %v, want %v", c.lambda, got, c.want)
		}
	}
	if m := (karatza.Config{Sizes: karatza.Pow2Sizes()}).MeanSize(); m != 7.5 {
		t.Errorf("pow2 mean size %v", m)
	}
}

func TestValidate(t *testing.T) {
	for name, mod := range map[string]func(*karatza.Config){
		"sites":    func(c *karatza.Config) { c.Sites = 0 },
		"λ":        func(c *karatza.Config) { c.LocalRate = 0 },
		"λ NaN":    func(c *karatza.Config) { c.LocalRate = math.NaN() },
		"λ3":       func(c *karatza.Config) { c.GangRate = -1 },
		"sizes":    func(c *karatza.Config) { c.Sizes = nil },
		"size 0":   func(c *karatza.Config) { c.Sizes = []int{0, 2} },
		"service":  func(c *karatza.Config) { c.ServiceMean = math.Inf(1) },
		"E = 1":    func(c *karatza.Config) { c.EstimateError = 1 },
		"E < 0":    func(c *karatza.Config) { c.EstimateError = -0.1 },
		"E is NaN": func(c *karatza.Config) { c.EstimateError = math.NaN() },
	} {
		c := paper(10)
		mod(&c)
		if _, err := karatza.New(c, sim.NewStreams(1, 0)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func draw(t *testing.T, c karatza.Config, seed uint64, n int) []gang.Arrival {
	t.Helper()
	g, err := karatza.New(c, sim.NewStreams(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]gang.Arrival, n)
	for i := range out {
		if out[i], err = g.Next(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// The statistics of 200 000 arrivals against the parameters, with
// tolerances of about 4 standard errors.
func TestDistributions(t *testing.T) {
	c := paper(10)
	arr := draw(t, c, 7, 200000)
	var nLocal [2]int
	var nGang int
	sizes := map[int]int{}
	var sumService, sumRatio float64
	prev := 0.0
	for _, a := range arr {
		if a.Time < prev {
			t.Fatalf("arrivals out of order: %v after %v", a.Time, prev)
		}
		prev = a.Time
		if a.Site == gang.GS {
			nGang++
			sizes[a.Size]++
		} else {
			nLocal[a.Site]++
			if a.Size != 1 {
				t.Fatalf("local of size %d", a.Size)
			}
		}
		sumService += a.Runtime
		r := a.Estimate / a.Runtime
		if r < 0.7-1e-12 || r > 1.3+1e-12 {
			t.Fatalf("estimate/actual %v outside [0.7, 1.3]", r)
		}
		sumRatio += r
	}
	T := prev
	rate := func(n int) float64 { return float64(n) / T }
	within := func(name string, got, want, tol float64) {
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %v, want %v ± %v", name, got, want, tol)
		}
	}
	within("λ site 1", rate(nLocal[0]), 10, 4*math.Sqrt(10/T))
	within("λ site 2", rate(nLocal[1]), 10, 4*math.Sqrt(10/T))
	within("λ3", rate(nGang), 0.5, 4*math.Sqrt(0.5/T))
	within("mean service", sumService/float64(len(arr)), 1, 4/math.Sqrt(float64(len(arr))))
	within("mean estimate/actual", sumRatio/float64(len(arr)), 1, 4*0.3/math.Sqrt(3*float64(len(arr))))
	if len(sizes) != 12 {
		t.Errorf("sizes drawn %v, want all of 2..13", sizes)
	}
	for k, n := range sizes {
		p := 1.0 / 12
		within("share of size "+strconv.Itoa(k), float64(n)/float64(nGang), p, 4*math.Sqrt(p*(1-p)/float64(nGang)))
	}
}

func TestNoErrorMeansExactEstimates(t *testing.T) {
	c := paper(10)
	c.EstimateError = 0
	for _, a := range draw(t, c, 3, 10000) {
		if a.Estimate != a.Runtime {
			t.Fatalf("E = 0 but estimate %v ≠ runtime %v", a.Estimate, a.Runtime)
		}
	}
	if got := karatza.Estimate(2, 0.1, 0); got != 1.8 {
		t.Errorf("Estimate(2, 0.1, 0) = %v, want 1.8", got)
	}
	if got := karatza.Estimate(2, 0.1, 0.5); got != 2 {
		t.Errorf("Estimate(2, 0.1, 0.5) = %v, want 2", got)
	}
}

// Common random numbers: E, λ3 and the sizes do not change the local jobs
// of a site; λ changes their times but not their service times.
func TestCommonRandomNumbers(t *testing.T) {
	locals := func(c karatza.Config, site int) (times, service []float64) {
		for _, a := range draw(t, c, 11, 20000) {
			if a.Site == site {
				times = append(times, a.Time*c.LocalRate)
				service = append(service, a.Runtime)
			}
		}
		return times[:1000], service[:1000]
	}
	base := paper(10)
	t0, s0 := locals(base, 0)
	for name, mod := range map[string]func(*karatza.Config){
		"E":     func(c *karatza.Config) { c.EstimateError = 0 },
		"λ3":    func(c *karatza.Config) { c.GangRate = 0.25 },
		"sizes": func(c *karatza.Config) { c.Sizes = karatza.Pow2Sizes() },
		"λ":     func(c *karatza.Config) { c.LocalRate = 12.5 },
	} {
		c := base
		mod(&c)
		t1, s1 := locals(c, 0)
		if !slices.Equal(s0, s1) {
			t.Errorf("changing %s changed the service times of site 1", name)
		}
		for i := range t0 {
			if math.Abs(t0[i]-t1[i]) > 1e-9*t0[i] {
				t.Errorf("changing %s changed the (scaled) arrival times of site 1", name)
				break
			}
		}
	}
	a, b := draw(t, base, 1, 100), draw(t, base, 2, 100)
	if a[0] == b[0] {
		t.Error("two seeds gave the same first arrival")
	}
}
