// Package cluster is a homogeneous parallel machine of P processors that
// replays a stream of rigid jobs (a workload trace): it owns the waiting
// queue, the running jobs, the event wiring on a sim.Engine, the debug
// invariant checker, the availability profile that reservation-based
// policies use, and the per-job and summary metrics of a replay.
//
// It makes no scheduling decision. At every instant at which its state
// changed, once all job ends and arrivals of that instant have been
// processed, it runs one scheduling pass: the Scheduler sees a read-only
// View (the queue in the scheduler's order, the running jobs by estimated
// end, the free processors) and starts queued jobs through a Starter.
// Policies live in policies/batch.
//
// Jobs are streamed: the next job is read from the model.JobSource only
// when the previous arrival is processed, and the records of ended jobs
// are recycled, so memory is bounded by the queue and the running set, not
// by the trace. With user-based feedback (Config.Preceding) a job that
// follows another is set aside when read and submitted its think time
// after that job ends (see feedback.go). The percentiles of the summary
// are exact up to ExactPercentileJobs completed jobs (16 bytes per job
// are kept); beyond,
// a log-bucketed histogram bounds their relative error by PercentileError
// and memory no longer grows with the trace.
//
// Schedulers never see a job's actual runtime, only its estimate: its
// requested time, or the prediction of the scheduler's Predictor (see
// Predicting), made once at arrival. A job that reaches a prediction below
// its requested time is corrected (Corrector, or the overrun step rule
// capped at the requested time). A job that runs past its requested time
// is either killed there (Config.KillAtEstimate) or its estimated end is
// extended in steps (Config.OverrunStep, doubling). Either way the
// scheduler is told through Tracker.Extended.
package cluster
