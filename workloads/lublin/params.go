package lublin

import (
	"fmt"
	"math"

	"go.yaml.in/yaml/v3"
)

// Class holds the model parameters of one job class. Times are natural
// logarithms of seconds; Gamma distributions are (shape, scale).
type Class struct {
	// SerialProb is the probability that a job is serial (size 1).
	SerialProb float64 `yaml:"serial_prob"`
	// Pow2Prob is the probability that a job's log2 size is rounded to
	// an integer (a power-of-two size).
	Pow2Prob float64 `yaml:"pow2_prob"`
	// ULow is the lower end of the two-stage uniform log2 size.
	ULow float64 `yaml:"ulow"`
	// UMed is the point where the two uniform stages meet; 0 derives it
	// as UHi − MedBelow.
	UMed float64 `yaml:"umed"`
	// UHi is the upper end of the log2 size; 0 derives it as
	// log2(Procs) − HiBelow.
	UHi float64 `yaml:"uhi"`
	// UProb is the probability of the first stage, U[ULow, UMed].
	UProb float64 `yaml:"uprob"`
	// HiBelow is how far UHi lies below log2(Procs) when UHi is 0.
	HiBelow float64 `yaml:"hi_below"`
	// MedBelow is how far UMed lies below UHi when UMed is 0.
	MedBelow float64 `yaml:"med_below"`

	// A1 and B1 are the first Gamma of the log run time.
	A1 float64 `yaml:"a1"`
	// B1 is the scale of the first Gamma (see A1).
	B1 float64 `yaml:"b1"`
	// A2 and B2 are the second Gamma of the log run time.
	A2 float64 `yaml:"a2"`
	// B2 is the scale of the second Gamma (see A2).
	B2 float64 `yaml:"b2"`
	// PA and PB give the first Gamma's probability p = PA·size + PB.
	PA float64 `yaml:"pa"`
	// PB is the intercept of p (see PA).
	PB float64 `yaml:"pb"`

	// AArr and BArr are the Gamma of the log inter-arrival time at the
	// rush hours; the shape used is AArr·ARAR.
	AArr float64 `yaml:"aarr"`
	// BArr is the scale of the inter-arrival Gamma (see AArr).
	BArr float64 `yaml:"barr"`
	// ARAR is the arrive-rush-to-all ratio that turns the rush-hour shape
	// into the all-day one.
	ARAR float64 `yaml:"arar"`
	// ANum and BNum are the Gamma over the day's half-hour buckets that
	// gives the share of arrivals of each bucket.
	ANum float64 `yaml:"anum"`
	// BNum is the scale of the daily-cycle Gamma (see ANum).
	BNum float64 `yaml:"bnum"`
}

// Batch returns the published parameters of batch jobs.
func Batch() Class {
	return Class{
		SerialProb: 0.2927, Pow2Prob: 0.6686, ULow: 1.2, UProb: 0.875, HiBelow: 0, MedBelow: 2,
		A1: 6.57, B1: 0.823, A2: 639.1, B2: 0.0156, PA: -0.003, PB: 0.6986,
		AArr: 6.0415, BArr: 0.8531, ARAR: 1.0519, ANum: 6.1271, BNum: 5.2740,
	}
}

// Interactive returns the published parameters of interactive jobs.
func Interactive() Class {
	return Class{
		SerialProb: 0.1541, Pow2Prob: 0.625, ULow: 1, UProb: 0.705, HiBelow: 1.5, MedBelow: 2.5,
		A1: 3.8351, B1: 0.6605, A2: 7.073, B2: 0.6856, PA: -0.0118, PB: 0.9156,
		AArr: 6.5510, BArr: 0.6621, ARAR: 0.9797, ANum: 8.9186, BNum: 3.6680,
	}
}

// Combined returns the published parameters for a workload without job
// classes (the model fitted to all jobs together).
func Combined() Class {
	return Class{
		SerialProb: 0.244, Pow2Prob: 0.576, ULow: 0.8, UProb: 0.86, HiBelow: 0, MedBelow: 2.5,
		A1: 4.2, B1: 0.94, A2: 312, B2: 0.03, PA: -0.0054, PB: 0.78,
		AArr: 10.2303, BArr: 0.4871, ARAR: 1.0225, ANum: 8.1737, BNum: 3.9631,
	}
}

// Requested-time rules (Params.Requested).
const (
	// RequestedNone leaves the requested time unknown (-1); schedulers
	// then use the run time as estimate.
	RequestedNone = "none"
	// RequestedExact requests exactly the run time.
	RequestedExact = "exact"
	// RequestedFactor requests ceil(run time × RequestedFactor).
	RequestedFactor = "factor"
)

// Class modes (Params.Classes).
const (
	// ClassesBoth generates batch and interactive jobs (the default).
	ClassesBoth = "both"
	// ClassesCombined generates one class with the Combined parameters.
	ClassesCombined = "combined"
)

// MaxParamsBytes is the largest parameter file (Params in YAML) read.
const MaxParamsBytes = 1 << 20

// MaxJobs and MaxDays bound Jobs and Days: a generator writes about a
// million jobs in four seconds (10 MB of gzipped SWF), so 2^30 jobs take
// over an hour and more could not finish in practice; a century of
// arrivals at the model's own rate is some six million jobs.
const (
	MaxJobs = 1 << 30
	MaxDays = 36525
)

// Params configure a generator. The zero values of Load, Days, UMed and
// UHi mean "derived"; Defaults fills in everything else.
type Params struct {
	// Procs is the machine size (processors); the largest job has Procs.
	Procs int `yaml:"procs"`
	// Jobs stops after that many jobs (0: no limit; Jobs or Days is
	// required; at most MaxJobs).
	Jobs int `yaml:"jobs"`
	// Days stops before the first job submitted at or after Days × 86400
	// seconds (0: no limit; at most MaxDays).
	Days float64 `yaml:"days"`
	// Load is the offered load asked for, Σ size·runtime / (Procs ×
	// time); 0 keeps the model's own inter-arrival times.
	Load float64 `yaml:"load"`
	// Classes is both (batch and interactive) or combined.
	Classes string `yaml:"classes"`
	// Requested is the requested-time rule: none, exact or factor.
	Requested string `yaml:"requested"`
	// RequestedFactor is the factor of the factor rule (≥ 1).
	RequestedFactor float64 `yaml:"requested_factor"`
	// MaxLogRuntime redraws log run times above it (12: 45 hours).
	MaxLogRuntime float64 `yaml:"max_log_runtime"`
	// MaxLogInterarrival redraws log inter-arrival gaps above it (13).
	MaxLogInterarrival float64 `yaml:"max_log_interarrival"`
	// StartHour is the hour of the day (0–23) at time 0.
	StartHour int `yaml:"start_hour"`
	// Seed selects the random streams (with the same seed, the same jobs).
	Seed uint64 `yaml:"seed"`
	// Batch, Interactive and Combined are the class parameters.
	Batch Class `yaml:"batch"`
	// Interactive is the interactive class (Classes both).
	Interactive Class `yaml:"interactive"`
	// Combined is the single class of Classes combined.
	Combined Class `yaml:"combined"`
}

// Defaults returns the published model for a machine of procs processors
// with both classes, no requested times and seed 1; set Jobs or Days.
func Defaults(procs int) Params {
	return Params{
		Procs: procs, Classes: ClassesBoth, Requested: RequestedNone, RequestedFactor: 1,
		MaxLogRuntime: 12, MaxLogInterarrival: 13, Seed: 1,
		Batch: Batch(), Interactive: Interactive(), Combined: Combined(),
	}
}

// genClass is a class that generates jobs: its resolved parameters, its
// name (in streams and messages) and its SWF queue number (0
// interactive, 1 batch, as the authors' generator writes).
type genClass struct {
	Class
	name  string
	queue int
}

// classes returns the classes that generate jobs, resolved for Procs.
func (p *Params) classes() []genClass {
	if p.Classes == ClassesCombined {
		return []genClass{{p.Combined.resolve(p.Procs), "combined", 0}}
	}
	return []genClass{{p.Interactive.resolve(p.Procs), "interactive", 0}, {p.Batch.resolve(p.Procs), "batch", 1}}
}

// resolve fills in the derived UHi and UMed.
func (c Class) resolve(procs int) Class {
	if c.UHi == 0 {
		c.UHi = math.Log2(float64(procs)) - c.HiBelow
	}
	if c.UMed == 0 {
		c.UMed = c.UHi - c.MedBelow
	}
	return c
}

// MaxRequestedFactor bounds RequestedFactor: the requested time, run time
// × factor, stays a finite SWF field.
const MaxRequestedFactor = 1e6

// Validate checks every parameter and names the first bad one
// ("lublin: key: detail").
func (p *Params) Validate() error {
	bad := func(key, format string, a ...any) error {
		return fmt.Errorf("lublin: %s: %s", key, fmt.Sprintf(format, a...))
	}
	fin := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case p.Procs < 1 || p.Procs > 1<<24:
		return bad("procs", "%d, want 1 … %d", p.Procs, 1<<24)
	case p.Jobs < 0 || p.Jobs > MaxJobs:
		return bad("jobs", "%d, want 0 … %d", p.Jobs, MaxJobs)
	case !fin(p.Days) || p.Days < 0 || p.Days > MaxDays:
		return bad("days", "%v, want 0 … %d (a century)", p.Days, MaxDays)
	case p.Jobs == 0 && p.Days == 0:
		return bad("jobs", "set jobs or days (the model generates jobs without end)")
	case !fin(p.Load) || p.Load < 0 || p.Load > 100:
		return bad("load", "%v, want 0 (the model's own) or a value in (0, 100]", p.Load)
	case p.Classes != ClassesBoth && p.Classes != ClassesCombined:
		return bad("classes", "%q, want both or combined", p.Classes)
	case p.Requested != RequestedNone && p.Requested != RequestedExact && p.Requested != RequestedFactor:
		return bad("requested", "%q, want none, exact or factor", p.Requested)
	case !(p.RequestedFactor >= 1 && p.RequestedFactor <= MaxRequestedFactor):
		return bad("requested_factor", "%v, want a value in [1, %v]", p.RequestedFactor, MaxRequestedFactor)
	case !fin(p.MaxLogRuntime) || p.MaxLogRuntime <= 0 || p.MaxLogRuntime > 30:
		return bad("max_log_runtime", "%v, want a value in (0, 30]", p.MaxLogRuntime)
	case !fin(p.MaxLogInterarrival) || p.MaxLogInterarrival <= 0 || p.MaxLogInterarrival > 30:
		return bad("max_log_interarrival", "%v, want a value in (0, 30]", p.MaxLogInterarrival)
	case p.StartHour < 0 || p.StartHour > 23:
		return bad("start_hour", "%d, want 0 … 23", p.StartHour)
	}
	for _, c := range p.classes() {
		if err := c.validate(p, c.name); err != nil {
			return err
		}
	}
	if p.Load > 0 {
		if l := p.ModelLoad(); !(l > 0) || !fin(l) {
			return bad("load", "the model's own load on %d processors is %v; it cannot be scaled", p.Procs, l)
		}
	}
	return nil
}

func (c Class) validate(p *Params, name string) error {
	bad := func(key, format string, a ...any) error {
		return fmt.Errorf("lublin: %s.%s: %s", name, key, fmt.Sprintf(format, a...))
	}
	prob := func(v float64) bool { return v >= 0 && v <= 1 }
	pos := func(v float64) bool { return v > 0 && !math.IsInf(v, 0) }
	maxHi := math.Log2(float64(p.Procs))
	switch {
	case !prob(c.SerialProb):
		return bad("serial_prob", "%v, want a probability", c.SerialProb)
	case !prob(c.Pow2Prob) || c.SerialProb+c.Pow2Prob > 1:
		return bad("pow2_prob", "%v, want a probability with serial_prob + pow2_prob ≤ 1", c.Pow2Prob)
	case !prob(c.UProb):
		return bad("uprob", "%v, want a probability", c.UProb)
	case !(c.ULow >= 0):
		return bad("ulow", "%v, want ≥ 0", c.ULow)
	case !(c.UHi <= maxHi+1e-9):
		return bad("uhi", "%v, want ≤ log2(procs) = %.4g (no job may be larger than the machine)", c.UHi, maxHi)
	case !(c.ULow <= c.UMed && c.UMed <= c.UHi):
		return bad("umed", "ulow %.4g ≤ umed %.4g ≤ uhi %.4g does not hold (with procs %d, hi_below %v, med_below %v)",
			c.ULow, c.UMed, c.UHi, p.Procs, c.HiBelow, c.MedBelow)
	case !pos(c.A1) || !pos(c.B1) || !pos(c.A2) || !pos(c.B2):
		return bad("a1", "a1, b1, a2, b2 = %v, %v, %v, %v; want all > 0", c.A1, c.B1, c.A2, c.B2)
	case math.IsNaN(c.PA) || math.IsInf(c.PA, 0) || math.IsNaN(c.PB) || math.IsInf(c.PB, 0):
		return bad("pa", "pa, pb = %v, %v; want finite values", c.PA, c.PB)
	case !pos(c.AArr) || !pos(c.BArr) || !pos(c.ARAR):
		return bad("aarr", "aarr, barr, arar = %v, %v, %v; want all > 0", c.AArr, c.BArr, c.ARAR)
	case !pos(c.ANum) || !pos(c.BNum):
		return bad("anum", "anum, bnum = %v, %v; want both > 0", c.ANum, c.BNum)
	}
	for _, w := range dailyWeights(c.ANum, c.BNum) {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return bad("anum", "anum %v, bnum %v give no arrivals in any half-hour of the day", c.ANum, c.BNum)
		}
	}
	if acc := (gammaDist{c.AArr * c.ARAR, c.BArr}).CDF(p.MaxLogInterarrival); !(acc >= MinAcceptance) {
		return bad("aarr", "aarr·arar %v, barr %v put a log gap at most max_log_interarrival %v with probability %.3g; want ≥ %v (the gaps above are drawn again)",
			c.AArr*c.ARAR, c.BArr, p.MaxLogInterarrival, acc, MinAcceptance)
	}
	if acc := runtimeAcceptance(c, p.Procs, p.MaxLogRuntime); !(acc >= MinAcceptance) {
		return bad("a1", "a1, b1, a2, b2 = %v, %v, %v, %v put a log run time at most max_log_runtime %v with probability %.3g for some size; want ≥ %v (the run times above are drawn again)",
			c.A1, c.B1, c.A2, c.B2, p.MaxLogRuntime, acc, MinAcceptance)
	}
	return nil
}

// runtimeAcceptance returns the least probability, over the job sizes 1 …
// procs, that one draw of a log run time is at most maxLog. The mixture
// probability is linear in the size, so the least is at size 1 or procs.
func runtimeAcceptance(c Class, procs int, maxLog float64) float64 {
	f1, f2 := gammaDist{c.A1, c.B1}.CDF(maxLog), gammaDist{c.A2, c.B2}.CDF(maxLog)
	acc := func(size int) float64 {
		p := mixProb(c, size)
		return p*f1 + (1-p)*f2
	}
	return min(acc(1), acc(procs))
}

// UnmarshalYAML decodes parameters over the published defaults, so that
// a scenario names only what it changes. Procs and Seed default to 0: a
// scenario's source takes them from its kind's procs and from the
// scenario's seed and replication.
func (p *Params) UnmarshalYAML(n *yaml.Node) error {
	*p = Defaults(0)
	p.Seed = 0
	type plain Params
	return n.Decode((*plain)(p))
}
