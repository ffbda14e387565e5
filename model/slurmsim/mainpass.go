package slurmsim

// mainPass is one pass of Slurm's main scheduler (sched/builtin's whole
// scheduling, and sched/backfill's quick pass): the queue in order, at most
// depth jobs looked at (all of them on a full pass). A job held by its QoS
// limits is skipped and blocks nothing; a job that does not fit its
// partition's free CPUs now leaves that partition blocked for the rest of
// the pass (sched_config.html: "once any job … in a partition is left
// pending, no other jobs in that partition will be scheduled"), and its
// nodes closed to every partition for the rest of the pass: Slurm's
// _schedule (src/slurmctld/job_scheduler.c) removes the failed
// partition's node_bitmap from avail_node_bitmap, "Do not schedule more
// jobs in this partition or on nodes in this partition". The closed nodes
// are the failed partition's node classes, capped at 0 CPUs.
func (s *simulation) mainPass(full bool) {
	s.stats.MainPasses++
	s.pass++
	depth := len(s.queue)
	if !full {
		depth = min(depth, s.depth)
	}
	blocked := 0
	var caps []int // nil until a partition fails: then per class, 0 when closed
	for _, j := range s.queue[:depth] {
		p := j.part
		if p.blocked == s.pass {
			continue
		}
		if j.q.held(j.User, j.CPUs) {
			continue
		}
		pieces, ok := s.m.place(p, j.CPUs, j.Nodes, caps, s.scratch[:0])
		s.scratch = pieces[:0]
		if !ok {
			p.blocked = s.pass
			if caps == nil {
				caps = s.mainCaps[:0]
				for _, c := range s.m.classes {
					caps = append(caps, c.cpus)
				}
				s.mainCaps = caps
			}
			for _, k := range p.classes {
				caps[k] = 0
			}
			if blocked++; blocked == len(s.parts) {
				break
			}
			continue
		}
		s.start(j, pieces, false)
	}
	s.compact()
	if full {
		s.mainClean = true
	}
}
