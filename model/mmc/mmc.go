package mmc

import (
	"fmt"
	"io"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/records"
	"github.com/schedsim/schedsim/sim"
)

// Config are the parameters of an M/M/c queue.
type Config struct {
	// Servers is c, the number of servers.
	Servers int
	// ArrivalRate is λ, the Poisson arrival rate.
	ArrivalRate float64
	// ServiceRate is μ, the service rate of one server.
	ServiceRate float64
	// WarmupJobs completions are discarded before measuring starts.
	WarmupJobs int
	// MeasuredJobs completions are measured after the warm-up; the run
	// then stops.
	MeasuredJobs int
}

// Validate reports the first parameter outside its range.
func (c Config) Validate() error {
	switch {
	case c.Servers < 1:
		return fmt.Errorf("mmc: servers must be ≥ 1 (got %d)", c.Servers)
	case !(c.ArrivalRate > 0):
		return fmt.Errorf("mmc: arrival rate must be > 0 (got %v)", c.ArrivalRate)
	case !(c.ServiceRate > 0):
		return fmt.Errorf("mmc: service rate must be > 0 (got %v)", c.ServiceRate)
	case c.ArrivalRate >= float64(c.Servers)*c.ServiceRate:
		return fmt.Errorf("mmc: unstable: arrival rate %v ≥ servers × service rate %v", c.ArrivalRate, float64(c.Servers)*c.ServiceRate)
	case c.WarmupJobs < 0:
		return fmt.Errorf("mmc: warm-up jobs must be ≥ 0 (got %d)", c.WarmupJobs)
	case c.MeasuredJobs < 1:
		return fmt.Errorf("mmc: measured jobs must be ≥ 1 (got %d)", c.MeasuredJobs)
	}
	return nil
}

// Result is what one replication measured over the jobs completed after
// the warm-up and the time window from the end of the warm-up to the last
// completion.
type Result struct {
	// MeanResponse is W, the mean time in system.
	MeanResponse float64
	// MeanWait is Wq, the mean time in queue.
	MeanWait float64
	// Utilization is the time-average fraction of busy servers.
	Utilization float64
	// MeanInSystem is L, the time-average number of jobs in the system.
	MeanInSystem float64
	// ArrivalRate is the measured arrival rate over the window.
	ArrivalRate float64
	// Completed is the number of measured jobs.
	Completed int
	// Events is the number of events the engine processed.
	Events uint64
}

// System is one M/M/c queue wired to an engine.
type System struct {
	cfg      Config
	eng      sim.Engine
	arrivals distuv.Exponential
	service  distuv.Exponential
	onArrive sim.Action
	onDepart sim.Action

	queue   model.Queue[*model.Job]
	servers []server
	idle    []*server
	free    []*model.Job
	nextID  int64
	jobsCSV *records.Writer

	busy       model.BusyMeter
	inSystem   model.BusyMeter
	measuring  bool
	warmupLeft int
	completed  int
	arrived    int
	sumResp    float64
	sumWait    float64
	winStart   float64
}

type server struct{ job *model.Job }

// New returns an M/M/c system on eng, drawing inter-arrival times from the
// "arrivals" stream and service times from the "service" stream. When jobs
// is not nil, every measured job is written to it as CSV.
func New(eng sim.Engine, streams sim.Streams, cfg Config, jobs io.Writer) (*System, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	s := &System{
		cfg:      cfg,
		eng:      eng,
		arrivals: distuv.Exponential{Rate: cfg.ArrivalRate, Src: streams.Source("arrivals")},
		service:  distuv.Exponential{Rate: cfg.ServiceRate, Src: streams.Source("service")},
		servers:  make([]server, cfg.Servers),
	}
	if jobs != nil {
		s.jobsCSV = records.New(jobs)
		s.jobsCSV.Header("id", "submit", "start", "end", "service", "wait", "response")
	}
	for i := range s.servers {
		s.idle = append(s.idle, &s.servers[i])
	}
	s.onArrive = s.arrive
	s.onDepart = s.depart
	s.warmupLeft = cfg.WarmupJobs
	s.measuring = cfg.WarmupJobs == 0
	return s, nil
}

// Run simulates until MeasuredJobs jobs have completed after the warm-up
// and returns the measurements.
func (s *System) Run() (Result, error) {
	s.eng.After(s.arrivals.Rand(), sim.PriorityDefault, s.onArrive, nil)
	s.eng.Run(sim.Limit{})
	if s.completed < s.cfg.MeasuredJobs {
		return Result{}, fmt.Errorf("mmc: run ended after %d of %d measured jobs", s.completed, s.cfg.MeasuredJobs)
	}
	if s.jobsCSV != nil {
		if err := s.jobsCSV.Flush(); err != nil {
			return Result{}, err
		}
	}
	now := s.eng.Now()
	window := now - s.winStart
	return Result{
		MeanResponse: s.sumResp / float64(s.completed),
		MeanWait:     s.sumWait / float64(s.completed),
		Utilization:  s.busy.Mean(now) / float64(s.cfg.Servers),
		MeanInSystem: s.inSystem.Mean(now),
		ArrivalRate:  float64(s.arrived) / window,
		Completed:    s.completed,
		Events:       s.eng.Processed(),
	}, nil
}

func (s *System) newJob() *model.Job {
	var j *model.Job
	if n := len(s.free); n > 0 {
		j = s.free[n-1]
		s.free = s.free[:n-1]
	} else {
		j = new(model.Job)
	}
	s.nextID++
	now := s.eng.Now()
	*j = model.NewJob(s.nextID, now, 1, s.service.Rand(), 0)
	j.Estimate = j.Runtime
	return j
}

func (s *System) arrive(any) {
	now := s.eng.Now()
	s.eng.After(s.arrivals.Rand(), sim.PriorityDefault, s.onArrive, nil)
	j := s.newJob()
	if s.measuring {
		s.arrived++
	}
	s.inSystem.Add(now, 1)
	if n := len(s.idle); n > 0 {
		srv := s.idle[n-1]
		s.idle = s.idle[:n-1]
		s.start(srv, j)
		return
	}
	s.queue.Push(j)
}

func (s *System) start(srv *server, j *model.Job) {
	now := s.eng.Now()
	j.Start = now
	srv.job = j
	s.busy.Add(now, 1)
	s.eng.After(j.Runtime, sim.PriorityDeparture, s.onDepart, srv)
}

func (s *System) depart(arg any) {
	srv := arg.(*server)
	now := s.eng.Now()
	j := srv.job
	j.End = now
	srv.job = nil
	s.busy.Add(now, -1)
	s.inSystem.Add(now, -1)
	if s.measuring {
		s.completed++
		s.sumResp += j.Response()
		s.sumWait += j.Wait()
		if s.jobsCSV != nil {
			s.jobsCSV.Row(float64(j.ID), j.Submit, j.Start, j.End, j.Runtime, j.Wait(), j.Response())
		}
	} else if s.warmupLeft--; s.warmupLeft == 0 {
		s.startMeasuring(now)
	}
	s.free = append(s.free, j)
	if s.queue.Len() > 0 {
		s.start(srv, s.queue.Pop())
	} else {
		s.idle = append(s.idle, srv)
	}
	if s.measuring && s.completed >= s.cfg.MeasuredJobs {
		s.eng.Stop()
	}
}

func (s *System) startMeasuring(now float64) {
	s.measuring = true
	s.winStart = now
	s.busy.Reset(now)
	s.inSystem.Reset(now)
}
