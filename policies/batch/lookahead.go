package batch

import "github.com/schedsim/schedsim/model/cluster"

func init() {
	Policies.Register(LookaheadEASY, "lookahead EASY (Shmueli & Feitelson 2005): the backfill set that uses the most processors now without delaying the head, by dynamic programming (with any predictor)",
		func(o Options) (Policy, error) {
			b, err := newPredicting(LookaheadEASY, o, "requested")
			return &Lookahead{base: b}, err
		}, withPredictor("order", "weights")...)
}

// LookaheadEASY names the lookahead policy (see Lookahead).
const LookaheadEASY = "lookahead"

var _ Policy = (*Lookahead)(nil)

// Lookahead is EASY backfilling whose backfill step looks at the whole
// waiting queue at once (Shmueli & Feitelson, "Backfilling with lookahead
// to optimize the packing of parallel jobs", JPDC 65(9), 2005: the
// reservation dynamic program of their LOS algorithm). At each pass it
// starts queue heads while they fit, as EASY does. When the head waits,
// it computes the head's shadow time and extra processors exactly as
// EASY (see Shadow), and, instead of EASY's first-fit scan, starts the
// set of waiting jobs that
//
//   - fits in the free processors,
//   - gives the head no later start: the jobs that would still run at
//     the shadow time (by their estimates) use no more than the extra
//     processors together, and
//   - uses the most processors now (the paper's utilisation objective);
//     among such sets, the first in queue order (see backfillSet).
//
// Like EASY it promises the head its shadow time, kept as long as running
// jobs do not exceed their estimates. Unlike LOS it does not reorder the
// heads that fit (those start in queue order, as in EASY), and it looks
// at the whole queue (LOS bounds the depth for speed; here the dynamic
// program's cost is bounded by the free processors, see backfillSet).
//
// The estimates are the jobs' predictions (option predictor, the
// requested times by default), as for EASY.
type Lookahead struct {
	base
	dp backfillSet
}

// Schedule runs one lookahead pass.
func (p *Lookahead) Schedule(v *cluster.View, s cluster.Starter) error {
	for v.QueueLen() > 0 && v.Queued(0).Size() <= v.Free() {
		if err := s.Start(0); err != nil {
			return err
		}
	}
	shadow, extra, ok := p.waitingHead(v)
	if !ok {
		return nil
	}
	free := v.Free()
	if free == 0 || v.QueueLen() < 2 {
		return nil
	}
	now := v.Now()
	p.dp.reset(free, extra)
	for i := 1; i < v.QueueLen(); i++ {
		j := v.Queued(i)
		p.dp.add(i, j.Size(), now+j.Estimate() > shadow)
	}
	pos, _ := p.dp.solve()
	for k, i := range pos {
		if err := s.Start(i - k); err != nil {
			return err
		}
	}
	return nil
}
