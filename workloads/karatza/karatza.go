package karatza

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/sim"
)

// The paper's values.
const (
	// PaperSites is the number of sites.
	PaperSites = 2
	// PaperProcessors is the number of processors per site.
	PaperProcessors = 16
	// PaperGangRate is λ3, the arrival rate of gangs.
	PaperGangRate = 0.5
	// PaperServiceMean is 1/μ, the mean service time.
	PaperServiceMean = 1.0
)

// Stream names, below the replication's sim.Streams. The streams of the
// local jobs of site i (1-based) are the Local… prefixes + strconv.Itoa(i).
const (
	LocalArrivalStream  = "karatza/local-arrivals/site"
	LocalServiceStream  = "karatza/local-service/site"
	LocalEstimateStream = "karatza/local-estimate-errors/site"
	GangArrivalStream   = "karatza/gang-arrivals"
	GangSizeStream      = "karatza/gang-sizes"
	GangServiceStream   = "karatza/gang-service"
	GangEstimateStream  = "karatza/gang-estimate-errors"
)

// UniformSizes returns the paper's gang sizes, U{2..13} (mean 7.5).
func UniformSizes() []int { return Range(2, 13) }

// Pow2Sizes returns the sizes of the earlier study, {2, 4, 8, 16} (mean
// 7.5).
func Pow2Sizes() []int { return []int{2, 4, 8, 16} }

// Range returns lo, lo+1, …, hi.
func Range(lo, hi int) []int {
	var out []int
	for k := lo; k <= hi; k++ {
		out = append(out, k)
	}
	return out
}

// ParseSizes reads a gang size distribution, uniform over a set: "uniform"
// (U{2..13}), "pow2" ({2, 4, 8, 16}), "LO..HI" (U{LO..HI}) or a comma list
// "2,4,8,16". Sizes must be ≥ 1.
func ParseSizes(spec string) ([]int, error) {
	spec = strings.TrimSpace(spec)
	switch spec {
	case "uniform":
		return UniformSizes(), nil
	case "pow2":
		return Pow2Sizes(), nil
	case "":
		return nil, fmt.Errorf("karatza: empty gang size distribution (want uniform, pow2, LO..HI or a list such as 2,4,8,16)")
	}
	if lo, hi, ok := strings.Cut(spec, ".."); ok {
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("karatza: gang sizes %q: LO..HI needs two integers", spec)
		}
		if a < 1 || b < a || b > 1<<20 {
			return nil, fmt.Errorf("karatza: gang sizes %q: need 1 ≤ LO ≤ HI ≤ %d", spec, 1<<20)
		}
		return Range(a, b), nil
	}
	var out []int
	for _, f := range strings.Split(spec, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("karatza: gang sizes %q: %q is not an integer (want uniform, pow2, LO..HI or a list such as 2,4,8,16)", spec, strings.TrimSpace(f))
		}
		if k < 1 || k > 1<<20 {
			return nil, fmt.Errorf("karatza: gang sizes %q: size %d outside [1, %d]", spec, k, 1<<20)
		}
		out = append(out, k)
	}
	return out, nil
}

// Config are the workload parameters.
type Config struct {
	// Sites is the number of sites with a local arrival stream.
	Sites int
	// LocalRate is λ, the arrival rate of local jobs at each site (the
	// paper: 12.5, 10, 8.33 — mean inter-arrival times 0.08, 0.10, 0.12).
	LocalRate float64
	// GangRate is λ3, the arrival rate of gangs (the paper: 0.5).
	GangRate float64
	// Sizes are the gang sizes, drawn uniformly from this list.
	Sizes []int
	// ServiceMean is 1/μ, the mean of the exponential service times.
	ServiceMean float64
	// EstimateError is E as a fraction in [0, 1): 0.3 for the paper's 30%.
	EstimateError float64
}

// Validate reports the first value outside its range.
func (c Config) Validate() error {
	switch {
	case c.Sites < 1:
		return fmt.Errorf("karatza: sites must be ≥ 1 (got %d)", c.Sites)
	case !(c.LocalRate > 0) || math.IsInf(c.LocalRate, 0):
		return fmt.Errorf("karatza: local arrival rate must be finite and > 0 (got %v)", c.LocalRate)
	case !(c.GangRate > 0) || math.IsInf(c.GangRate, 0):
		return fmt.Errorf("karatza: gang arrival rate must be finite and > 0 (got %v)", c.GangRate)
	case len(c.Sizes) == 0:
		return fmt.Errorf("karatza: no gang sizes")
	case !(c.ServiceMean > 0) || math.IsInf(c.ServiceMean, 0):
		return fmt.Errorf("karatza: mean service time must be finite and > 0 (got %v)", c.ServiceMean)
	case !(c.EstimateError >= 0 && c.EstimateError < 1):
		return fmt.Errorf("karatza: estimate error must be in [0, 1) (got %v)", c.EstimateError)
	}
	for _, k := range c.Sizes {
		if k < 1 {
			return fmt.Errorf("karatza: gang size %d < 1", k)
		}
	}
	return nil
}

// MeanSize returns the mean gang size.
func (c Config) MeanSize() float64 {
	t := 0
	for _, k := range c.Sizes {
		t += k
	}
	return float64(t) / float64(len(c.Sizes))
}

// MaxSize returns the largest gang size.
func (c Config) MaxSize() int {
	m := 0
	for _, k := range c.Sizes {
		m = max(m, k)
	}
	return m
}

// OfferedLoad returns the work arriving per unit time over the processing
// capacity of Sites sites of processors each: (Sites·λ + λ3·E[size]) /
// (μ · Sites · processors). The paper's points give 0.898, 0.742 and 0.638.
func (c Config) OfferedLoad(processors int) float64 {
	work := (float64(c.Sites)*c.LocalRate + c.GangRate*c.MeanSize()) * c.ServiceMean
	return work / float64(c.Sites*processors)
}

// stream is the random streams of one arrival stream.
type stream struct {
	arrivals, service, errors *rand.Rand
}

// Generator is the merged arrival stream of the workload: a gang.Source.
type Generator struct {
	cfg       Config
	local     []stream
	gang      stream
	sizes     *rand.Rand
	nextLocal []float64
	nextGang  float64
}

// New returns the generator of one replication, drawing from the named
// streams of streams (see the Stream constants).
func New(cfg Config, streams sim.Streams) (*Generator, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	g := &Generator{
		cfg: cfg,
		gang: stream{
			arrivals: streams.Rand(GangArrivalStream),
			service:  streams.Rand(GangServiceStream),
			errors:   streams.Rand(GangEstimateStream),
		},
		sizes:     streams.Rand(GangSizeStream),
		nextLocal: make([]float64, cfg.Sites),
	}
	g.cfg.Sizes = append([]int(nil), cfg.Sizes...)
	for s := 0; s < cfg.Sites; s++ {
		n := strconv.Itoa(s + 1)
		st := stream{
			arrivals: streams.Rand(LocalArrivalStream + n),
			service:  streams.Rand(LocalServiceStream + n),
			errors:   streams.Rand(LocalEstimateStream + n),
		}
		g.local = append(g.local, st)
		g.nextLocal[s] = st.arrivals.ExpFloat64() / cfg.LocalRate
	}
	g.nextGang = g.gang.arrivals.ExpFloat64() / cfg.GangRate
	return g, nil
}

// Next returns the next arrival: the earliest of the sites' next local and
// the next gang (ties: lower site first, the gang last). The stream never
// ends.
func (g *Generator) Next() (gang.Arrival, error) {
	site, t := gang.GS, g.nextGang
	for s, ts := range g.nextLocal {
		if ts < t || (ts == t && site == gang.GS) {
			site, t = s, ts
		}
	}
	a := gang.Arrival{Time: t, Site: site, Size: 1}
	var st *stream
	if site == gang.GS {
		st = &g.gang
		g.nextGang = t + st.arrivals.ExpFloat64()/g.cfg.GangRate
		a.Size = g.cfg.Sizes[g.sizes.IntN(len(g.cfg.Sizes))]
	} else {
		st = &g.local[site]
		g.nextLocal[site] = t + st.arrivals.ExpFloat64()/g.cfg.LocalRate
	}
	a.Runtime = st.service.ExpFloat64() * g.cfg.ServiceMean
	a.Estimate = Estimate(a.Runtime, g.cfg.EstimateError, st.errors.Float64())
	return a, nil
}

// Estimate returns the runtime estimate of a job whose actual runtime is
// actual, for a maximum relative error e in [0, 1) and a uniform draw u in
// [0, 1): actual × (1 + e·(2u − 1)), i.e. actual × (1 + U(−e, +e)). The
// generator draws u even when e = 0, so that E never shifts other numbers.
func Estimate(actual, e, u float64) float64 {
	return actual * (1 + e*(2*u-1))
}
