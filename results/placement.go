package results

import (
	"cmp"
	"slices"
	"sort"
)

// The models keep processor counts, not processor identities: any
// assignment of processors that never gives one processor to two jobs at
// once is a placement of their schedule. place computes one from the
// per-job records (start, end, processors and, on a multicluster, the
// parts on each cluster): jobs start in time order, ends before starts at
// the same instant, each taking the lowest block of free processors large
// enough for it, else the lowest free blocks (a fragmented job is drawn
// as several rectangles).

// block is processors [lo, hi) of the whole platform held by a job over
// [start, end).
type block struct {
	lo, hi     int
	start, end float64
	job        int
}

// unit is one job part on one cluster.
type unit struct {
	cluster, job, procs int
	start, end          float64
}

// place returns the blocks of every job and the platform's clusters as
// processor offsets: cluster c holds processors [offsets[c], offsets[c+1]),
// its size the most processors it ever had busy at once.
func place(jobs []schedJob) (blocks []block, offsets []int) {
	var units []unit
	nc := 1
	for i, j := range jobs {
		if len(j.parts) == 0 {
			units = append(units, unit{0, i, j.procs, j.start, j.end})
			continue
		}
		for _, p := range j.parts {
			units = append(units, unit{p.cluster, i, p.procs, p.start, j.end})
			nc = max(nc, p.cluster+1)
		}
	}
	type event struct {
		t     float64
		start bool
		u     int
	}
	events := make([]event, 0, 2*len(units))
	for i, u := range units {
		if u.end > u.start {
			events = append(events, event{u.start, true, i}, event{u.end, false, i})
		}
	}
	sort.Slice(events, func(a, b int) bool {
		ea, eb := events[a], events[b]
		if ea.t != eb.t {
			return ea.t < eb.t
		}
		if ea.start != eb.start {
			return !ea.start // ends first
		}
		return ea.u < eb.u
	})
	// The size of each cluster: its peak use.
	busy, peak := make([]int, nc), make([]int, nc)
	for _, e := range events {
		u := units[e.u]
		if e.start {
			busy[u.cluster] += u.procs
			peak[u.cluster] = max(peak[u.cluster], busy[u.cluster])
		} else {
			busy[u.cluster] -= u.procs
		}
	}
	offsets = make([]int, nc+1)
	for c := range nc {
		offsets[c+1] = offsets[c] + peak[c]
	}
	free := make([][][2]int, nc)
	for c := range nc {
		free[c] = [][2]int{{offsets[c], offsets[c+1]}}
	}
	held := make([][][2]int, len(units))
	for _, e := range events {
		u := units[e.u]
		if e.start {
			held[e.u] = take(&free[u.cluster], u.procs)
			for _, b := range held[e.u] {
				blocks = append(blocks, block{b[0], b[1], u.start, u.end, u.job})
			}
		} else {
			free[u.cluster] = give(free[u.cluster], held[e.u])
			held[e.u] = nil
		}
	}
	return blocks, offsets
}

// take removes n processors from the sorted free blocks: the lowest block
// that holds them all, else the lowest blocks in turn.
func take(free *[][2]int, n int) [][2]int {
	f := *free
	for i, b := range f {
		if b[1]-b[0] >= n {
			got := [2]int{b[0], b[0] + n}
			if b[1]-b[0] == n {
				*free = slices.Delete(f, i, i+1)
			} else {
				f[i][0] += n
			}
			return [][2]int{got}
		}
	}
	var got [][2]int
	for n > 0 && len(f) > 0 {
		b := f[0]
		k := min(n, b[1]-b[0])
		got = append(got, [2]int{b[0], b[0] + k})
		n -= k
		if k == b[1]-b[0] {
			f = f[1:]
		} else {
			f[0][0] += k
		}
	}
	*free = f
	return got
}

// give returns blocks to the free list, merging neighbours.
func give(free [][2]int, blocks [][2]int) [][2]int {
	free = append(free, blocks...)
	slices.SortFunc(free, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	out := free[:0]
	for _, b := range free {
		if n := len(out); n > 0 && out[n-1][1] == b[0] {
			out[n-1][1] = b[1]
		} else {
			out = append(out, b)
		}
	}
	return out
}
