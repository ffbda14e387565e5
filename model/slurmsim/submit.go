package slurmsim

import "math"

// A batch job is never started when it is submitted. Slurm 22.05's
// sbatch RPC (_slurm_rpc_submit_batch_job in src/slurmctld/proc_req.c)
// calls job_allocate with allocate = 0, which only tests the job, and
// then queue_job_scheduler(), which merely counts a request. The
// controller's background loop (_slurmctld_background in controller.c)
// wakes about once a second and runs the main scheduler for the counted
// requests only when batch_sched_delay (default 3 s) has passed since the
// last pass it ran itself (a request's or a sched_interval pass, which
// also clears the count). Job ends are different: the epilog-complete RPC
// calls schedule() at once, which the model's end path does.

// request notes a submit: both schedulers have something new to look at,
// and the main scheduler runs on the first default_queue_depth jobs at
// the background loop's next whole second at least batch_sched_delay
// after its last pass. With batch_sched_delay = 0 it runs at once.
func (s *simulation) request() {
	s.mainClean, s.bfClean = false, false
	if s.batchDelay <= 0 {
		s.changed()
		return
	}
	if s.reqGen != 0 {
		return // a pass is already due; it will see this job too
	}
	now := s.eng.Now()
	at := max(math.Floor(now)+1, s.lastBg+s.batchDelay)
	s.reqSeq++
	s.reqGen = s.reqSeq
	s.eng.Schedule(at, prioMainTick, s.actRequest, s.reqGen)
}

// requestFired runs the deferred pass of request gen, unless a
// sched_interval pass served it meanwhile.
func (s *simulation) requestFired(gen int) {
	if gen != s.reqGen {
		return
	}
	s.reqGen, s.lastBg = 0, s.eng.Now()
	s.changed()
}
