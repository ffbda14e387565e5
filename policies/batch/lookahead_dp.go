package batch

import "math/bits"

// backfillSet is the dynamic program of lookahead backfilling: among
// candidate jobs, each with a size and a kind (short: it ends by the
// head's shadow time; long: it does not, so it also takes extra
// processors), choose the set that maximises the processors used,
// subject to
//
//	Σ size over the set ≤ free    and    Σ size over its long jobs ≤ extra,
//
// and among the sets of maximal use the first in queue order (the
// lexicographically smallest list of queue positions: the earliest job
// on which two optimal sets differ is in the chosen one).
//
// Long and short jobs draw on the two capacities independently, so the
// reachable (long sum, short sum) pairs of any suffix of the candidates
// are a product of two one-dimensional subset-sum sets. They are kept as
// bitsets, one row per suffix: row i holds the sums reachable with
// candidates i.. (row n: only 0). Building every row costs O(n·⌈F/64⌉)
// word operations (a shift-or per candidate), with n candidates and F
// free processors; the best use is then read off row 0 in O(F). The set
// is rebuilt forward: candidate i is taken if the best use is still
// reachable with it and the rows after it, a check over the long sums of
// row i+1, so O(n·E) bit tests in the worst case, E ≤ F being the
// usable extra processors. Memory is 2(n+1)⌈(F+1)/64⌉ words, reused
// from pass to pass.
type backfillSet struct {
	free, extra int
	words       int
	items       []bfItem
	long, short []uint64 // rows of words each, row i at [i*words, (i+1)*words)
	best        []int    // best[x] = largest reachable short sum ≤ x (row 0)
	chosen      []int
}

type bfItem struct {
	pos, size int
	long      bool
}

// reset starts a new problem with the given capacities (extra ≤ free).
func (b *backfillSet) reset(free, extra int) {
	b.free, b.extra = free, min(extra, free)
	b.words = free/64 + 1
	b.items = b.items[:0]
}

// add adds a candidate at queue position pos; candidates come in queue
// order. A candidate larger than the capacity it would draw on is
// ignored.
func (b *backfillSet) add(pos, size int, long bool) {
	if size <= 0 || size > b.free || long && size > b.extra {
		return
	}
	b.items = append(b.items, bfItem{pos: pos, size: size, long: long})
}

// solve returns the queue positions of the chosen set, in queue order,
// and the processors it uses. The slice is reused by the next solve.
func (b *backfillSet) solve() (pos []int, used int) {
	n, w := len(b.items), b.words
	b.chosen = b.chosen[:0]
	if n == 0 {
		return b.chosen, 0
	}
	b.long = grow(b.long, (n+1)*w)
	b.short = grow(b.short, (n+1)*w)
	row := func(s []uint64, i int) []uint64 { return s[i*w : (i+1)*w] }
	clear(row(b.long, n))
	clear(row(b.short, n))
	row(b.long, n)[0], row(b.short, n)[0] = 1, 1
	for i := n - 1; i >= 0; i-- {
		it := b.items[i]
		copy(row(b.long, i), row(b.long, i+1))
		copy(row(b.short, i), row(b.short, i+1))
		if it.long {
			shiftOr(row(b.long, i), row(b.long, i+1), it.size, b.extra)
		} else {
			shiftOr(row(b.short, i), row(b.short, i+1), it.size, b.free)
		}
	}
	// The best use: a long sum a ≤ extra plus the largest short sum ≤ free − a.
	b.best = grow(b.best, b.free+1)
	s0 := row(b.short, 0)
	last := 0
	for x := 0; x <= b.free; x++ {
		if has(s0, x) {
			last = x
		}
		b.best[x] = last
	}
	l0 := row(b.long, 0)
	opt := 0
	for a := 0; a <= b.extra; a++ {
		if has(l0, a) {
			opt = max(opt, a+b.best[b.free-a])
		}
	}
	// Rebuild the set, taking every candidate with which opt stays reachable.
	var la, sb int // long and short sums taken
	for i, it := range b.items {
		na, nb := la, sb
		if it.long {
			na += it.size
		} else {
			nb += it.size
		}
		if na > b.extra || na+nb > opt {
			continue
		}
		if reachable(row(b.long, i+1), row(b.short, i+1), b.extra-na, opt-na-nb) {
			la, sb = na, nb
			b.chosen = append(b.chosen, it.pos)
		}
	}
	return b.chosen, opt
}

// reachable reports whether some long sum a ≤ capA of long and some short
// sum of short add up to r.
func reachable(long, short []uint64, capA, r int) bool {
	top := min(capA, r)
	for k, word := range long {
		for word != 0 {
			a := k*64 + bits.TrailingZeros64(word)
			if a > top {
				return false
			}
			if has(short, r-a) {
				return true
			}
			word &= word - 1
		}
	}
	return false
}

// shiftOr sets dst |= src << by, keeping bits 0..limit only.
func shiftOr(dst, src []uint64, by, limit int) {
	q, r := by/64, uint(by%64)
	for k := len(dst) - 1; k >= q; k-- {
		v := src[k-q] << r
		if r != 0 && k-q-1 >= 0 {
			v |= src[k-q-1] >> (64 - r)
		}
		dst[k] |= v
	}
	if lw := limit / 64; lw < len(dst) {
		dst[lw] &= ^uint64(0) >> (63 - uint(limit%64))
		clear(dst[lw+1:])
	}
}

// has reports whether bit x is set.
func has(s []uint64, x int) bool { return s[x/64]>>(uint(x)%64)&1 != 0 }

// grow returns s resized to n, reusing its storage when it is large
// enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
