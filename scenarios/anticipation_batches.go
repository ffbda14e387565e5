package scenarios

import (
	"fmt"
	"sync"

	"github.com/schedsim/schedsim/scenarios/slotexp"
	"github.com/schedsim/schedsim/sim"
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

// maxSharedBatchSets is how many sets are kept, the most recently used:
// the tasks run replication by replication, so that the points of the
// replications in progress find theirs.
const maxSharedBatchSets = 8

// sharedBatchSets holds the sets, the most recently used last.
var sharedBatchSets struct {
	sync.Mutex
	sets []*batchSet
}

// batchSet is the batches of one (domain, seed, replication), made once.
type batchSet struct {
	key    string
	once   sync.Once
	cycles []toporkov.Cycle
	err    error
}

// antBatches returns the source of a replication's batches: the shared
// set of the domain and streams when it is small enough, otherwise the
// generator itself. Either gives the same batches.
func antBatches(cfg toporkov.DomainConfig, st sim.Streams, batches int) (slotexp.Batches, error) {
	if batches*(cfg.Nodes+cfg.Batch.Count) > maxSharedBatchItems {
		return toporkov.NewDomainGenerator(cfg, st)
	}
	key := fmt.Sprintf("%d\x00%d\x00%d\x00%#v", st.Seed(), st.Replication(), batches, cfg)
	s := &sharedBatchSets
	s.Lock()
	var set *batchSet
	for i, e := range s.sets {
		if e.key == key {
			set = e
			s.sets = append(s.sets[:i], s.sets[i+1:]...)
			break
		}
	}
	if set == nil {
		set = &batchSet{key: key}
		if len(s.sets) == maxSharedBatchSets {
			s.sets = append(s.sets[:0], s.sets[1:]...)
		}
	}
	s.sets = append(s.sets, set)
	s.Unlock()
	set.once.Do(func() {
		g, err := toporkov.NewDomainGenerator(cfg, st)
		if err != nil {
			set.err = err
			return
		}
		set.cycles = make([]toporkov.Cycle, batches)
		for i := range set.cycles {
			set.cycles[i] = g.Next()
		}
	})
	if set.err != nil {
		return nil, set.err
	}
	return &replayedBatches{cycles: set.cycles, cfg: cfg}, nil
}

// replayedBatches hands out a shared set's batches in order.
type replayedBatches struct {
	cycles []toporkov.Cycle
	next   int
	cfg    toporkov.DomainConfig
}

// Next returns the next batch of the set.
func (r *replayedBatches) Next() toporkov.Cycle {
	c := r.cycles[r.next]
	r.next++
	return c
}

// Config returns the domain the batches were generated for.
func (r *replayedBatches) Config() toporkov.DomainConfig { return r.cfg }
