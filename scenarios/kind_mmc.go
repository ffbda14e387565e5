package scenarios

import (
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/mmc"
	"github.com/schedsim/schedsim/results"
)

func init() {
	Register(Kind{
		Name:      "mmc",
		Summary:   "M/M/c queue (Poisson arrivals, c servers, exponential service, FIFO), checked against Erlang-C",
		NewParams: func() Params { return &MMCParams{Servers: 1, ServiceRate: 1, WarmupJobs: 10000, Jobs: 100000} },
		Headline:  []string{"response_time", "waiting_time", "utilization"},
	})
}

// MMCParams are the parameters of the mmc kind. Give either arrival_rate
// or load (ρ = λ / (c μ)); load makes sweeps over servers keep ρ fixed.
type MMCParams struct {
	Servers     int     `yaml:"servers"`
	ArrivalRate float64 `yaml:"arrival_rate"`
	Load        float64 `yaml:"load"`
	ServiceRate float64 `yaml:"service_rate"`
	WarmupJobs  int     `yaml:"warmup_jobs"`
	// Jobs is the number of measured completions when the scenario's
	// stop.completed_jobs is not set.
	Jobs int `yaml:"jobs"`
}

func (p *MMCParams) lambda() float64 {
	if p.Load > 0 {
		return p.Load * float64(p.Servers) * p.ServiceRate
	}
	return p.ArrivalRate
}

// Validate checks the ranges; the queue must be stable.
func (p *MMCParams) Validate() error {
	if err := model.FirstError(
		model.IntRange("servers", p.Servers, 1, 1<<20),
		model.Positive("service_rate", p.ServiceRate),
		model.IntRange("warmup_jobs", p.WarmupJobs, 0, 1<<40),
		model.IntRange("jobs", p.Jobs, 1, 1<<40),
	); err != nil {
		return err
	}
	switch {
	case p.ArrivalRate != 0 && p.Load != 0:
		return model.Field("load", "give either arrival_rate or load, not both")
	case p.Load == 0 && p.ArrivalRate == 0:
		return model.Field("arrival_rate", "give arrival_rate > 0 or load")
	case p.Load != 0:
		if !(p.Load > 0 && p.Load < 1) {
			return model.Field("load", "must be in (0, 1) for a stable queue (got %v)", p.Load)
		}
	case !(p.ArrivalRate > 0):
		return model.Field("arrival_rate", "must be > 0 (got %v)", p.ArrivalRate)
	case p.ArrivalRate >= float64(p.Servers)*p.ServiceRate:
		return model.Field("arrival_rate", "must be < servers × service_rate = %v for a stable queue (got %v)", float64(p.Servers)*p.ServiceRate, p.ArrivalRate)
	}
	return nil
}

// Run simulates one replication.
func (p *MMCParams) Run(rc RunContext) (results.Metrics, error) {
	jobs := p.Jobs
	if rc.Stop.CompletedJobs > 0 {
		jobs = rc.Stop.CompletedJobs
	}
	cfg := mmc.Config{Servers: p.Servers, ArrivalRate: p.lambda(), ServiceRate: p.ServiceRate, WarmupJobs: p.WarmupJobs, MeasuredJobs: jobs}
	s, err := mmc.New(rc.Engine, rc.Streams, cfg, rc.Jobs)
	if err != nil {
		return nil, err
	}
	r, err := s.Run()
	if err != nil {
		return nil, err
	}
	return results.Metrics{
		{Name: "response_time", Value: r.MeanResponse},
		{Name: "waiting_time", Value: r.MeanWait},
		{Name: "utilization", Value: r.Utilization},
		{Name: "number_in_system", Value: r.MeanInSystem},
		{Name: "arrival_rate", Value: r.ArrivalRate},
		{Name: "little_lambda_w", Value: r.ArrivalRate * r.MeanResponse},
		{Name: "events", Value: float64(r.Events)},
	}, nil
}

// mmcMetrics declares the metrics of the mmc kind, in Run's order. Time
// is in the unit of 1/service_rate.
var mmcMetrics = []results.MetricInfo{
	{Name: "response_time", Unit: "model time units", Description: "mean response time (wait + service) of the measured jobs"},
	{Name: "waiting_time", Unit: "model time units", Description: "mean time in the queue of the measured jobs"},
	{Name: "utilization", Unit: "fraction", Description: "time-average fraction of busy servers"},
	{Name: "number_in_system", Unit: "jobs", Description: "time-average number of jobs in the system (L)"},
	{Name: "arrival_rate", Unit: "jobs / model time unit", Description: "measured arrival rate λ"},
	{Name: "little_lambda_w", Unit: "jobs", Description: "λ × mean response time, which Little's law equates with L"},
	{Name: "events", Unit: "count", Description: "events the engine processed"},
}

// Metrics declares the metrics Run returns, in order.
func (p *MMCParams) Metrics() []results.MetricInfo { return mmcMetrics }

// References returns the Erlang-C values of the queue.
func (p *MMCParams) References() map[string]float64 {
	a := mmc.ErlangC(p.Servers, p.lambda(), p.ServiceRate)
	return map[string]float64{
		"response_time":    a.MeanResponse,
		"waiting_time":     a.MeanWait,
		"utilization":      a.Rho,
		"number_in_system": a.MeanInSystem,
		"arrival_rate":     p.lambda(),
		"little_lambda_w":  a.MeanInSystem,
	}
}
