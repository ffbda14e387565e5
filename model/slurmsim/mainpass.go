package slurmsim

// mainPass is one pass of Slurm's main scheduler (sched/builtin's whole
// scheduling, and sched/backfill's quick pass): the queue in order, at most
// depth jobs looked at (all of them on a full pass). A job held by its QoS
// limits is skipped and blocks nothing; a job that does not fit its
// partition's free CPUs now leaves that partition blocked for the rest of
// the pass (sched_config.html: "once any job … in a partition is left
// pending, no other jobs in that partition will be scheduled").
func (s *simulation) mainPass(full bool) {
	s.stats.MainPasses++
	s.pass++
	depth := len(s.queue)
	if !full {
		depth = min(depth, s.depth)
	}
	blocked := 0
	for _, j := range s.queue[:depth] {
		p := j.part
		if p.blocked == s.pass {
			continue
		}
		if j.q.held(j.User, j.CPUs) {
			continue
		}
		pieces, ok := s.m.place(p, j.CPUs, j.Nodes, nil, s.scratch[:0])
		s.scratch = pieces[:0]
		if !ok {
			p.blocked = s.pass
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
