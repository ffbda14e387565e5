package recorded

import (
	"cmp"
	"slices"
)

// sameOrder returns the length of the longest common subsequence of the
// kept jobs sorted by recorded start and sorted by simulated start (ties
// by ID, then by position in jobs). Both orders are permutations of the
// same jobs, so the LCS is the longest increasing subsequence of the
// simulated ranks taken in recorded order, found by patience sorting in
// O(n log n).
func sameOrder(jobs []Job, kept []int32) int {
	by := func(start func(*Job) float64) []int32 {
		order := slices.Clone(kept)
		slices.SortFunc(order, func(a, b int32) int {
			ja, jb := &jobs[a], &jobs[b]
			return cmp.Or(cmp.Compare(start(ja), start(jb)), cmp.Compare(ja.ID, jb.ID), cmp.Compare(a, b))
		})
		return order
	}
	rec := by(func(j *Job) float64 { return j.Recorded })
	sim := by(func(j *Job) float64 { return j.Simulated })
	// rank[i] is job i's position in the simulated order; rank is indexed
	// by position in jobs, so it spans len(jobs) (≥ len(kept)).
	rank := make([]int32, len(jobs))
	for r, i := range sim {
		rank[i] = int32(r)
	}
	// Reuse sim as the piles' tops: tops[k] is the smallest last rank of
	// an increasing subsequence of length k+1 seen so far.
	tops := sim[:0]
	for _, i := range rec {
		r := rank[i]
		k, _ := slices.BinarySearch(tops, r)
		if k == len(tops) {
			tops = append(tops, r)
		} else {
			tops[k] = r
		}
	}
	return len(tops)
}
