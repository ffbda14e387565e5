package scenarios

import (
	"fmt"

	"github.com/schedsim/schedsim/scenarios/slotexp"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// The points of an anticipation comparison that differ only in the
// method or the limit (toporkov-ant-vs-bf: 6 of its 24 points per node
// count) run on the same batches, common random numbers: the
// generator's streams depend on the seed and the replication only. So
// the batches of one (domain, seed, replication) are generated once and
// shared by those points instead of being generated for each (the
// generator's draws were 15% of toporkov-ant-vs-bf). The batches are
// read only: every search of the experiment copies the slot list it
// subtracts from.

// maxSharedBatchItems bounds the nodes and jobs of the batches of one
// shared set (batches × (nodes + jobs per batch)), so that a long
// replication streams its batches instead of holding them.
const maxSharedBatchItems = 200_000

// maxSharedIdealItems bounds the batches × nodes of a shared set whose
// ideal alternatives (slotexp.MemoIdeal) are kept for the points that
// share them: a batch has about 50 alternatives a node, 48 bytes each
// packed, so a set keeps at most about 12 MB of them. Beyond it every
// point searches its own.
const maxSharedIdealItems = 5_000

// antBatches returns the source of a replication's batches: the set
// the replication's tasks share (rc.Shared, built by the first point that
// asks) when it is small enough, otherwise the generator itself. Either
// gives the same batches.
func antBatches(rc RunContext, cfg toporkov.DomainConfig, batches int) (slotexp.Batches, error) {
	if batches*(cfg.Nodes+cfg.Batch.Count) > maxSharedBatchItems {
		return toporkov.NewDomainGenerator(cfg, rc.Streams)
	}
	key := fmt.Sprintf("anticipation batches\x00%d\x00%d\x00%d\x00%#v", rc.Streams.Seed(), rc.Streams.Replication(), batches, cfg)
	v, err := rc.Shared.Get(key, func() (any, error) {
		g, err := toporkov.NewDomainGenerator(cfg, rc.Streams)
		if err != nil {
			return nil, err
		}
		cycles := make([]toporkov.Cycle, batches)
		for i := range cycles {
			cycles[i] = g.Next()
		}
		return cycles, nil
	})
	if err != nil {
		return nil, err
	}
	return &replayedBatches{cycles: v.([]toporkov.Cycle), cfg: cfg, shared: rc.Shared, key: key}, nil
}

// replayedBatches hands out a shared set's batches in order, and keeps
// in the Shared of the set what the points derive from a batch alike
// (slotexp.BatchMemo).
type replayedBatches struct {
	cycles []toporkov.Cycle
	next   int
	cfg    toporkov.DomainConfig
	shared *Shared
	key    string // the set's key in shared
}

// Memo returns build's value under key for the batch Next returned
// last, built once per replication (the set's Shared), except the ideal
// alternatives of a set beyond maxSharedIdealItems, built at every call.
func (r *replayedBatches) Memo(key string, build func() (any, error)) (any, error) {
	if key == slotexp.MemoIdeal && len(r.cycles)*r.cfg.Nodes > maxSharedIdealItems {
		return build()
	}
	return r.shared.Get(fmt.Sprintf("%s\x00batch %d\x00%s", r.key, r.next-1, key), build)
}

// Next returns the next batch of the set.
func (r *replayedBatches) Next() toporkov.Cycle {
	c := r.cycles[r.next]
	r.next++
	return c
}

// Config returns the domain the batches were generated for.
func (r *replayedBatches) Config() toporkov.DomainConfig { return r.cfg }
