package batch

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func init() {
	goldens = append(goldens,
		golden{
			// J2 (10 procs) waits for J1 until 10 (shadow 10, no extra
			// processors); 4 are free at 1. EASY's first fit backfills J3
			// (3 procs), which leaves 1 free, and J4 and J5 then end too
			// late (at 11) to backfill at 6: they wait for J2. Lookahead
			// takes J4 and J5 (4 procs) instead, so J3 waits. FPFS
			// starts J3 at 1 and J4, J5 at 6, which delays J2 to 11.
			name: "lookahead-packs", procs: 10,
			jobs: []gj{{1, 0, 6, 10, 10}, {2, 1, 10, 10, 10}, {3, 1, 3, 5, 5}, {4, 1, 2, 5, 5}, {5, 1, 2, 5, 5}},
			want: map[string][]float64{
				"lookahead": {0, 10, 20, 1, 1}, "easy": {0, 10, 1, 20, 20},
				"conservative": {0, 10, 1, 20, 20}, "fcfs": {0, 10, 20, 20, 20}, "fpfs": {0, 11, 1, 6, 6},
			},
		},
		golden{
			// J2 (8 procs) waits for J1: shadow 10, 2 extra processors, 4
			// free at 1. J3 (2) and J4 (1) would run past 10, J5 (2) and
			// J6 (1) end by 6. The sets using all 4 processors without
			// more than 2 past the shadow time are {J3, J5} and
			// {J4, J5, J6} ({J3, J4, J6} holds 3 past it): the first in
			// queue order, {J3, J5}, starts. At 6 the 2 free processors
			// are no extra ones (shadow 10, extra 0) and J6 would end at
			// 11: J4 and J6 wait for J2 to end at 20.
			name: "lookahead-ties-extra", procs: 10,
			jobs: []gj{{1, 0, 6, 10, 10}, {2, 1, 8, 10, 10}, {3, 1, 2, 50, 50}, {4, 1, 1, 50, 50}, {5, 1, 2, 5, 5}, {6, 1, 1, 5, 5}},
			want: map[string][]float64{
				"lookahead": {0, 10, 1, 20, 1, 20}, "easy": {0, 10, 1, 20, 1, 20},
			},
		},
	)
}

// TestBackfillSetBrute checks the dynamic program against every subset
// of small random candidate lists: the same best use, and the first
// optimal subset in queue order.
func TestBackfillSetBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var b backfillSet
	for trial := 0; trial < 3000; trial++ {
		free := 1 + r.IntN(140)
		extra := r.IntN(free + 20)
		n := r.IntN(11)
		type cand struct {
			size int
			long bool
		}
		cs := make([]cand, n)
		b.reset(free, extra)
		for i := range cs {
			cs[i] = cand{1 + r.IntN(free+5), r.IntN(2) == 0}
			b.add(i, cs[i].size, cs[i].long)
		}
		got, used := b.solve()
		got = slices.Clone(got)
		// Brute force: subsets in lexicographic order of their position
		// lists, keeping the first with the largest use.
		best, bestSet := -1, []int(nil)
		for mask := 0; mask < 1<<n; mask++ {
			sum, long := 0, 0
			var set []int
			for i := 0; i < n; i++ {
				if mask>>i&1 == 1 {
					sum += cs[i].size
					if cs[i].long {
						long += cs[i].size
					}
					set = append(set, i)
				}
			}
			if sum > free || long > min(extra, free) {
				continue
			}
			if sum > best || sum == best && lexLess(set, bestSet) {
				best, bestSet = sum, set
			}
		}
		if used != best || !slices.Equal(got, bestSet) {
			t.Fatalf("free %d extra %d candidates %v: got %v using %d, want %v using %d", free, extra, cs, got, used, bestSet, best)
		}
	}
}

// lexLess reports whether a comes before b in the order "the earliest
// position on which they differ is in the set that comes first".
func lexLess(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) > len(b)
}

// BenchmarkBlueLookahead replays SDSC-BLUE under lookahead (the issue's
// bound: ≤ 5 s on one core).
func BenchmarkBlueLookahead(b *testing.B) {
	jobs, procs := loadTrace(b, blue, false)
	benchReplay(b, "lookahead", jobs, procs)
}

// BenchmarkBlueEASYMaui replays SDSC-BLUE under EASY with a Maui order
// whose expansion factor makes it change with time (re-sorted every pass).
func BenchmarkBlueEASYMaui(b *testing.B) {
	jobs, procs := loadTrace(b, blue, false)
	benchReplayOpts(b, "easy", Options{Order: OrderMaui, Weights: Weights{QueueTime: 1, XFactor: 10}}, jobs, procs)
}
