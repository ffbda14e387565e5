package results

import (
	"cmp"
	"slices"
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
	units := make([]unit, 0, len(jobs))
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
	slices.SortFunc(events, func(ea, eb event) int {
		if c := cmp.Compare(ea.t, eb.t); c != 0 {
			return c
		}
		if ea.start != eb.start {
			if ea.start {
				return 1 // ends first
			}
			return -1
		}
		return cmp.Compare(ea.u, eb.u)
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
	blocks = make([]block, 0, len(units)+len(units)/4)
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
// that holds them all, else the lowest blocks in turn. The list is edited
// in place, so it keeps its capacity.
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
	used := 0
	for used < len(f) && n > 0 {
		b := f[used]
		k := min(n, b[1]-b[0])
		got = append(got, [2]int{b[0], b[0] + k})
		n -= k
		if k == b[1]-b[0] {
			used++
		} else {
			f[used][0] += k
		}
	}
	*free = slices.Delete(f, 0, used)
	return got
}

// give returns blocks to the sorted free list, merging neighbours.
func give(free [][2]int, blocks [][2]int) [][2]int {
	for _, b := range blocks {
		i, _ := slices.BinarySearchFunc(free, b[0], func(x [2]int, lo int) int { return cmp.Compare(x[0], lo) })
		switch {
		case i > 0 && free[i-1][1] == b[0] && i < len(free) && free[i][0] == b[1]:
			free[i-1][1] = free[i][1]
			free = slices.Delete(free, i, i+1)
		case i > 0 && free[i-1][1] == b[0]:
			free[i-1][1] = b[1]
		case i < len(free) && free[i][0] == b[1]:
			free[i][0] = b[0]
		default:
			free = slices.Insert(free, i, b)
		}
	}
	return free
}
