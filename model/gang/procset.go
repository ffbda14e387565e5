package gang

import "math/bits"

// ProcSet is a set of processors of one site, read in processor order:
// what View.StartNow and View.FewestWaiting return, so that a router
// chooses among them in O(P/64) instead of asking about every processor.
// A ProcSet is a view of the system's state: use it before the next
// change of the system (within the policy call that got it).
type ProcSet struct {
	words bitset
	n     int
}

// Len returns the number of processors in the set.
func (s ProcSet) Len() int { return s.n }

// Has reports whether processor i is in the set.
func (s ProcSet) Has(i int) bool { return s.words.has(i) }

// Nth returns the j-th processor of the set in processor order (j from 0
// to Len()-1), or -1 when j is out of range.
func (s ProcSet) Nth(j int) int {
	if j < 0 || j >= s.n {
		return -1
	}
	for k, w := range s.words {
		c := bits.OnesCount64(w)
		if j < c {
			// Drop the j lowest members of the word: cheaper than
			// halving for the few members a router chooses among.
			for ; j > 0; j-- {
				w &= w - 1
			}
			return k*64 + bits.TrailingZeros64(w)
		}
		j -= c
	}
	return -1
}

// count returns the number of processors in the words of the set (the
// checker compares it with n).
func (s ProcSet) count() int {
	c := 0
	for _, w := range s.words {
		c += bits.OnesCount64(w)
	}
	return c
}

// bitset is a set of processor indexes, 64 to a word.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (i & 63) }
func (b bitset) clear(i int)    { b[i>>6] &^= 1 << (i & 63) }

// siteSets are the per-site indexes the routing reads: which processors
// are free, which are idle behind a waiting gang, and the processors
// grouped by the number of jobs waiting at them. refresh keeps them.
type siteSets struct {
	// freeSet mirrors proc.free.
	freeSet bitset
	// gangIdle holds the idle processors whose queue is headed by a
	// waiting gang (where a local may backfill); gangIdleN counts them.
	gangIdle  bitset
	gangIdleN int
	// byLen[q] holds the processors with q jobs waiting (View.QueueLen),
	// lenN[q] counts them; minLen is the least q with lenN[q] > 0.
	byLen  []bitset
	lenN   []int
	minLen int
}

// init sets up the indexes of n free processors.
func (x *siteSets) init(n int) {
	x.freeSet = newBitset(n)
	x.gangIdle = newBitset(n)
	all := newBitset(n)
	for i := 0; i < n; i++ {
		x.freeSet.set(i)
		all.set(i)
	}
	x.byLen = []bitset{all}
	x.lenN = []int{n}
}

// moveLen moves processor i from the group of from waiting jobs to that
// of to.
func (x *siteSets) moveLen(i, from, to int) {
	for len(x.byLen) <= to {
		x.byLen = append(x.byLen, newBitset(len(x.freeSet)*64))
		x.lenN = append(x.lenN, 0)
	}
	x.byLen[from].clear(i)
	x.lenN[from]--
	x.byLen[to].set(i)
	x.lenN[to]++
	if to < x.minLen {
		x.minLen = to
	}
	for x.lenN[x.minLen] == 0 {
		x.minLen++
	}
}
