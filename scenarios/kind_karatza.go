package scenarios

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/policies/grid"
	"github.com/schedsim/schedsim/policies/local"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/workloads/karatza"
)

func init() {
	Register(Kind{
		Name:      "karatza",
		Summary:   "two-site gang/local model of Dimitriadou & Karatza (2010): GS approaches 1/2, largest gang first, local backfilling with estimate error",
		NewParams: func() Params { return NewKaratzaParams() },
		Headline:  []string{"local_rt", "gang_wrt", "utilization"},
	})
}

// KaratzaTiesStream is the name of the tie-breaking random stream of the
// karatza kind (random site, random shortest queue).
const KaratzaTiesStream = "karatza/ties"

// KaratzaParams are the parameters of the karatza kind. The defaults are
// the paper's (approach 2, λ = 10, U{2..13}, E = 0, 10% overhead, T = 0).
// The local arrival rate is given as local_rate (λ) or as
// local_interarrival (1/λ, the paper's 0.08, 0.10, 0.12), not both; with
// neither, λ = 10.
type KaratzaParams struct {
	// Approach is the GS allocation approach: 1 or 2.
	Approach int `yaml:"approach"`
	// Sites is the number of sites (2).
	Sites int `yaml:"sites"`
	// Processors is the number of processors per site (16).
	Processors int `yaml:"processors"`
	// LocalRate is λ, the local arrival rate at each site.
	LocalRate *float64 `yaml:"local_rate"`
	// LocalInterarrival is 1/λ, the mean local inter-arrival time.
	LocalInterarrival *float64 `yaml:"local_interarrival"`
	// GangRate is λ3, the gang arrival rate (0.5).
	GangRate float64 `yaml:"gang_rate"`
	// GangSizes is the gang size distribution, uniform over a set:
	// "uniform" (U{2..13}), "pow2" ({2,4,8,16}), "LO..HI" or "2,4,8,16".
	GangSizes string `yaml:"gang_sizes"`
	// ServiceMean is 1/μ, the mean service time (1).
	ServiceMean float64 `yaml:"service_mean"`
	// EstimateError is E in percent, in [0, 100): estimates are actual ×
	// (1 + U(−E, +E)/100).
	EstimateError float64 `yaml:"estimate_error"`
	// SplitOverhead is the service-time overhead of a gang split over
	// sites, in percent (10).
	SplitOverhead float64 `yaml:"split_overhead"`
	// Threshold is T, the backfilling threshold (0).
	Threshold float64 `yaml:"threshold"`
	// LocalQueue is the local queue discipline (see local.Disciplines).
	LocalQueue string `yaml:"local_queue"`
	// Routing is what "shortest queue" measures: count (waiting jobs),
	// count-all (the running one too) or work (estimated).
	Routing string `yaml:"routing"`
	// GSQueue is the GS queue discipline (see grid.Queues).
	GSQueue string `yaml:"gs_queue"`
	// SiteChoice is how a gang picks among sites that can take it: random
	// or earliest.
	SiteChoice string `yaml:"site_choice"`
	// QueuePick is which queues of its site a gang takes when there are
	// more of the kind its dispatch takes than it needs: earliest (free
	// processors, then the earliest estimated end), index (processor
	// order) or random.
	QueuePick string `yaml:"queue_pick"`
	// Dispatch is which queues of a site a gang may take:
	// idle-or-empty-busy (the default: k free processors, start now; else
	// k busy processors with nothing waiting, start when all are idle;
	// never a mix — the paper's "idle processors" and "empty queues",
	// lines 65–68, counted apart), empty-queues (any k queues with
	// nothing waiting, free and busy together) or free-processors (k free
	// processors only: gangs never wait in local queues).
	Dispatch string `yaml:"dispatch"`
	// WarmupJobs completions are not measured (0, as in the paper).
	WarmupJobs int `yaml:"warmup_jobs"`
	// Jobs is the number of completed jobs (locals and gangs) after which
	// a replication stops when the scenario's stop.completed_jobs is not
	// set (120000).
	Jobs int `yaml:"jobs"`
}

// NewKaratzaParams returns the defaults of the karatza kind.
func NewKaratzaParams() *KaratzaParams {
	return &KaratzaParams{
		Approach:      2,
		Sites:         karatza.PaperSites,
		Processors:    karatza.PaperProcessors,
		GangRate:      karatza.PaperGangRate,
		GangSizes:     "uniform",
		ServiceMean:   karatza.PaperServiceMean,
		SplitOverhead: 100 * grid.DefaultOverhead,
		LocalQueue:    local.BackfillName,
		Routing:       local.ByCount,
		GSQueue:       grid.LGF,
		SiteChoice:    grid.SiteRandom,
		QueuePick:     grid.PickEarliest,
		Dispatch:      grid.DispatchIdleOrBusy,
		Jobs:          120000,
	}
}

// lambda returns λ from whichever key was given.
func (p *KaratzaParams) lambda() float64 {
	switch {
	case p.LocalRate != nil:
		return *p.LocalRate
	case p.LocalInterarrival != nil:
		return 1 / *p.LocalInterarrival
	}
	return 10
}

// Validate checks every value; errors are *model.FieldError naming the key.
func (p *KaratzaParams) Validate() error {
	if err := model.FirstError(
		model.IntRange("approach", p.Approach, 1, 2),
		model.IntRange("sites", p.Sites, 1, gang.MaxSites),
		model.IntRange("processors", p.Processors, 1, gang.MaxProcessors),
	); err != nil {
		return err
	}
	switch {
	case p.LocalRate != nil && p.LocalInterarrival != nil:
		return model.Field("local_rate", "give either local_rate (λ) or local_interarrival (1/λ), not both")
	case p.LocalRate != nil:
		if err := model.Scale("local_rate", *p.LocalRate); err != nil {
			return err
		}
	case p.LocalInterarrival != nil:
		if err := model.Scale("local_interarrival", *p.LocalInterarrival); err != nil {
			return err
		}
	}
	if err := model.FirstError(
		model.Scale("gang_rate", p.GangRate),
		model.Scale("service_mean", p.ServiceMean),
	); err != nil {
		return err
	}
	sizes, err := karatza.ParseSizes(p.GangSizes)
	if err != nil {
		return model.Field("gang_sizes", "%v", err)
	}
	largest := slices.Max(sizes)
	if p.Approach == 1 && largest > p.Processors {
		return model.Field("gang_sizes", "approach 1 runs a gang on one site: sizes must be ≤ processors = %d (largest is %d)", p.Processors, largest)
	}
	if total := p.Sites * p.Processors; largest > total {
		return model.Field("gang_sizes", "sizes must be ≤ sites × processors = %d (largest is %d)", total, largest)
	}
	if !(p.EstimateError >= 0 && p.EstimateError < 100) {
		return model.Field("estimate_error", "must be a percentage in [0, 100) (got %v)", p.EstimateError)
	}
	if err := model.FirstError(
		model.TimeScale("split_overhead", p.SplitOverhead),
		model.TimeScale("threshold", p.Threshold),
		model.OneOf("local_queue", p.LocalQueue, local.Disciplines.Names()...),
		model.OneOf("routing", p.Routing, local.Measures()...),
		model.OneOf("gs_queue", p.GSQueue, grid.Queues.Names()...),
		model.OneOf("site_choice", p.SiteChoice, grid.SiteChoices()...),
		model.OneOf("queue_pick", p.QueuePick, grid.QueuePicks()...),
		model.OneOf("dispatch", p.Dispatch, grid.Dispatches()...),
		model.IntRange("warmup_jobs", p.WarmupJobs, 0, 1<<40),
		model.IntRange("jobs", p.Jobs, 1, 1<<40),
	); err != nil {
		return err
	}
	// The constructors validate their options as well; report their
	// complaints under our keys.
	if _, err := p.policies(); err != nil {
		return err
	}
	return nil
}

// Workload returns the generator configuration of the parameters.
func (p *KaratzaParams) Workload() (karatza.Config, error) {
	sizes, err := karatza.ParseSizes(p.GangSizes)
	if err != nil {
		return karatza.Config{}, model.Field("gang_sizes", "%v", err)
	}
	return karatza.Config{
		Sites:         p.Sites,
		LocalRate:     p.lambda(),
		GangRate:      p.GangRate,
		Sizes:         sizes,
		ServiceMean:   p.ServiceMean,
		EstimateError: p.EstimateError / 100,
	}, nil
}

// policies builds fresh policy instances (one set per replication).
func (p *KaratzaParams) policies() (gang.Policies, error) {
	// Two options have other keys here: overhead is split_overhead (in
	// percent, checked by Validate first), by is routing.
	rename := func(err error) error {
		if fe, ok := model.AsField(err); ok {
			switch fe.Path {
			case "overhead":
				return model.Field("split_overhead", "%s", fe.Msg)
			case "by":
				return model.Field("routing", "%s", fe.Msg)
			}
		}
		return err
	}
	alloc, err := grid.Allocators.New("karatza-approach"+strconv.Itoa(p.Approach),
		grid.Options{Overhead: p.SplitOverhead / 100, SiteChoice: p.SiteChoice, QueuePick: p.QueuePick, Dispatch: p.Dispatch})
	if err != nil {
		return gang.Policies{}, rename(policyError("approach", err))
	}
	queue, err := grid.Queues.New(p.GSQueue, struct{}{})
	if err != nil {
		return gang.Policies{}, model.Under("gs_queue", err)
	}
	disc, err := local.Disciplines.New(p.LocalQueue, local.Options{Threshold: p.Threshold})
	if err != nil {
		return gang.Policies{}, policyError("local_queue", err)
	}
	router, err := local.Routers.New(local.ShortestName, local.Options{By: p.Routing})
	if err != nil {
		return gang.Policies{}, rename(err)
	}
	return gang.Policies{Allocator: alloc, Queue: queue, Local: disc, Router: router}, nil
}

// KaratzaMetrics are the names of the metrics of the karatza kind, in
// order, for a system of the given number of sites.
func KaratzaMetrics(sites int) []string {
	names := []string{"local_rt", "local_sld", "gang_wrt", "gang_wsld", "utilization"}
	for s := 1; s <= sites; s++ {
		names = append(names, "utilization_site"+strconv.Itoa(s))
	}
	return append(names, "load_balance", "gangs_finished_pct", "gangs_split_fraction", "offered_load", "overhead_load",
		"gs_queue_mean", "backfilled_fraction", "locals_completed", "gangs_completed", "sim_time", "events")
}

// karatzaMetrics describes the metrics of the karatza kind: time is in
// units of the mean service time 1/μ (service_mean).
var karatzaMetrics = map[string][2]string{
	"local_rt":             {"model time units", "mean response time of the local jobs (RT)"},
	"local_sld":            {"ratio", "mean slowdown of the local jobs, response / service time (SLD)"},
	"gang_wrt":             {"model time units", "size-weighted mean response time of the gangs (WRT)"},
	"gang_wsld":            {"ratio", "size-weighted mean slowdown of the gangs (WSLD)"},
	"utilization":          {"fraction", "time-average fraction of busy processors"},
	"load_balance":         {"fraction", "population standard deviation of the sites' utilizations"},
	"gangs_finished_pct":   {"%", "gangs finished in the window / gangs arrived in it"},
	"gangs_split_fraction": {"fraction", "finished gangs that ran over several sites"},
	"offered_load":         {"fraction", "work arrived (size × service time) / processor time of the window"},
	"overhead_load":        {"fraction", "work added by split overheads / processor time of the window"},
	"gs_queue_mean":        {"jobs", "time-average number of gangs in the GS queue"},
	"backfilled_fraction":  {"fraction", "finished local jobs that started ahead of a waiting gang"},
	"locals_completed":     {"count", "local jobs completed in the window"},
	"gangs_completed":      {"count", "gangs completed in the window"},
	"sim_time":             {"model time units", "length of the measurement window"},
	"events":               {"count", "events the engine processed"},
}

// Metrics declares the metrics Run returns, in order.
func (p *KaratzaParams) Metrics() []results.MetricInfo {
	return describe(KaratzaMetrics(p.Sites), func(name string) (results.MetricInfo, bool) {
		if s, ok := strings.CutPrefix(name, "utilization_site"); ok {
			return results.MetricInfo{Unit: "fraction", Description: "time-average fraction of busy processors of site " + s}, true
		}
		return table(karatzaMetrics)(name)
	})
}

// Run simulates one replication.
func (p *KaratzaParams) Run(rc RunContext) (results.Metrics, error) {
	wl, err := p.Workload()
	if err != nil {
		return nil, err
	}
	gen, err := karatza.New(wl, rc.Streams)
	if err != nil {
		return nil, err
	}
	pol, err := p.policies()
	if err != nil {
		return nil, err
	}
	jobs := p.Jobs
	if rc.Stop.CompletedJobs > 0 {
		jobs = rc.Stop.CompletedJobs
	}
	cfg := gang.Config{Sites: p.Sites, Processors: p.Processors, CompletedJobs: jobs, WarmupJobs: p.WarmupJobs, Check: rc.Check}
	sys, err := gang.New(rc.Engine, cfg, pol, gen, rc.Streams.Rand(KaratzaTiesStream), rc.Jobs)
	if err != nil {
		return nil, err
	}
	r, err := sys.Run(rc.Stop.Limit())
	if err != nil {
		return nil, err
	}
	// A mean or a ratio over nothing (no local job or no gang finished)
	// is undefined (NaN), never 0.
	ratio := func(a, b int) float64 {
		if b == 0 {
			return math.NaN()
		}
		return float64(a) / float64(b)
	}
	over := func(v float64, n int) float64 {
		if n == 0 {
			return math.NaN()
		}
		return v
	}
	m := results.Metrics{
		{Name: "local_rt", Value: over(r.LocalRT, r.LocalsFinished)},
		{Name: "local_sld", Value: over(r.LocalSLD, r.LocalsFinished)},
		{Name: "gang_wrt", Value: over(r.GangWRT, r.GangsFinished)},
		{Name: "gang_wsld", Value: over(r.GangWSLD, r.GangsFinished)},
		{Name: "utilization", Value: r.Utilization},
	}
	for s, u := range r.SiteUtilization {
		m = m.Add("utilization_site"+strconv.Itoa(s+1), u)
	}
	// load_balance: the population standard deviation of the sites'
	// utilizations, as for every multi-site model.
	_, sigma := model.LoadBalance(r.SiteUtilization)
	return m.Add("load_balance", sigma).Add("gangs_finished_pct", 100*ratio(r.GangsFinished, r.GangsArrived)).
		Add("gangs_split_fraction", ratio(r.GangsSplit, r.GangsFinished)).
		Add("offered_load", r.OfferedLoad).
		Add("overhead_load", r.OverheadLoad).
		Add("gs_queue_mean", r.GSQueueMean).
		Add("backfilled_fraction", ratio(r.Backfilled, r.LocalsFinished)).
		Add("locals_completed", float64(r.LocalsFinished)).
		Add("gangs_completed", float64(r.GangsFinished)).
		Add("sim_time", r.Window).
		Add("events", float64(r.Events)), nil
}

// KaratzaTableII is the paper's Table II: mean processor utilization for
// U{2..13} gang sizes and E = 0, by λ, for approaches 1 and 2.
var KaratzaTableII = []struct {
	Lambda      float64
	Utilization [2]float64
}{
	{12.5, [2]float64{0.87999, 0.88034}},
	{10, [2]float64{0.73785, 0.73791}},
	{1 / 0.12, [2]float64{0.63484, 0.63490}},
}

// paperPoint returns the index in KaratzaTableII of the point whose
// configuration is the paper's, or -1.
func (p *KaratzaParams) paperPoint() int {
	sizes, err := karatza.ParseSizes(p.GangSizes)
	if err != nil || !slices.Equal(sizes, karatza.UniformSizes()) {
		return -1
	}
	if p.Sites != karatza.PaperSites || p.Processors != karatza.PaperProcessors ||
		p.GangRate != karatza.PaperGangRate || p.ServiceMean != karatza.PaperServiceMean ||
		p.EstimateError != 0 || p.SplitOverhead != 100*grid.DefaultOverhead || p.Threshold != 0 ||
		p.LocalQueue != local.BackfillName || p.GSQueue != grid.LGF {
		return -1
	}
	l := p.lambda()
	for i, row := range KaratzaTableII {
		// 0.5% covers the paper's rounding of 1/0.12 to 8.3.
		if math.Abs(l-row.Lambda) <= 0.005*row.Lambda {
			return i
		}
	}
	return -1
}

// References returns the offered load of the workload and, at the paper's
// Table II points, the paper's mean processor utilization.
func (p *KaratzaParams) References() map[string]float64 {
	wl, err := p.Workload()
	if err != nil {
		return nil
	}
	refs := map[string]float64{"offered_load": wl.OfferedLoad(p.Processors)}
	if i := p.paperPoint(); i >= 0 && (p.Approach == 1 || p.Approach == 2) {
		refs["utilization"] = KaratzaTableII[i].Utilization[p.Approach-1]
	}
	return refs
}
