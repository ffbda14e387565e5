package sim

import (
	"hash/fnv"
	"math/rand/v2"
)

// Streams derives the independent random sources of one replication. A
// source is identified by (seed, replication, stream name), so adding a new
// stream to a model never shifts the numbers drawn by the existing ones,
// and two replications never share a source.
type Streams struct {
	seed        uint64
	replication int
}

// NewStreams returns the streams of replication rep of a run with the given
// seed.
func NewStreams(seed uint64, rep int) Streams {
	return Streams{seed: seed, replication: rep}
}

// Seed returns the run seed the streams were derived from.
func (s Streams) Seed() uint64 { return s.seed }

// Replication returns the replication index the streams belong to.
func (s Streams) Replication() int { return s.replication }

// Source returns a new PCG source for the named stream. Calling it twice
// with the same name returns two sources that produce the same sequence.
func (s Streams) Source(name string) *rand.PCG {
	h := fnv.New64a()
	_, _ = h.Write([]byte(name))
	nameHash := h.Sum64()
	hi := splitmix64(s.seed ^ splitmix64(uint64(s.replication)+0x9e3779b97f4a7c15))
	lo := splitmix64(nameHash ^ splitmix64(hi))
	return rand.NewPCG(hi, lo)
}

// Rand returns a *rand.Rand over the named stream's source.
func (s Streams) Rand(name string) *rand.Rand {
	return rand.New(s.Source(name))
}

// splitmix64 is the finaliser of the SplitMix64 generator: a bijective
// mixing function that spreads nearby inputs (seed 1, 2, 3 …) far apart.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
