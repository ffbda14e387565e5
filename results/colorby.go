package results

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
)

// What colours the jobs of a Gantt chart (--color-by).
const (
	// ColorBySize colours a job by its size class (processors), the
	// default.
	ColorBySize = "size"
	// ColorByUser colours the jobs of the users with the most
	// processor-time each in its own colour, the others grey.
	ColorByUser = "user"
)

// ColorBys are the allowed values of --color-by.
var ColorBys = []string{ColorBySize, ColorByUser}

// topUsers is how many users get a colour of their own; their number is
// that of the palette's colours other than black.
const topUsers = 7

// otherGrey is the colour of the jobs of the other users.
var otherGrey = color.RGBA{170, 170, 170, 255}

// jobColours returns the colour of each job of a Gantt chart over
// [t0, t1) and the legend of the colours, by size class or by user (see
// ColorBys): the users with a colour of their own are those with the
// most processor-time inside the window.
func jobColours(jobs []schedJob, by string, t0, t1 float64) ([]color.RGBA, legend, error) {
	colours := make([]color.RGBA, len(jobs))
	var lg legend
	if by != ColorByUser {
		used := map[int]bool{}
		for i, j := range jobs {
			c := sizeClass(j.procs)
			used[c] = true
			colours[i] = shade(c, i)
		}
		for c, sc := range sizeClasses {
			if used[c] {
				lg.add(sc.label, swatch(shade(c, 0)))
			}
		}
		return colours, lg, nil
	}
	// The users with the most processor-time, ties by number.
	work := map[int]float64{}
	for _, j := range jobs {
		if math.IsNaN(j.user) {
			continue
		}
		work[int(j.user)] += float64(j.procs) * max(0, math.Min(j.end, t1)-math.Max(j.start, t0))
	}
	if len(work) == 0 {
		return nil, lg, fmt.Errorf("results: --color-by user: the per-job records name no user (a cluster run of an SWF trace with user numbers has them; use --color-by size)")
	}
	users := make([]int, 0, len(work))
	for u, w := range work {
		if w > 0 { // a user with no job in the window is not drawn
			users = append(users, u)
		}
	}
	slices.SortFunc(users, func(a, b int) int {
		return cmp.Or(cmp.Compare(work[b], work[a]), cmp.Compare(a, b))
	})
	rank := map[int]int{}
	for i, u := range users[:min(topUsers, len(users))] {
		rank[u] = i
		lg.add(fmt.Sprintf("user %d", u), swatch(shade(i, 0)))
	}
	if len(users) > topUsers {
		lg.add(fmt.Sprintf("%d other users", len(users)-topUsers), swatch(otherGrey))
	}
	for i, j := range jobs {
		r, top := rank[int(j.user)]
		if math.IsNaN(j.user) || !top {
			colours[i] = otherGrey
			continue
		}
		colours[i] = shade(r, i)
	}
	return colours, lg, nil
}
