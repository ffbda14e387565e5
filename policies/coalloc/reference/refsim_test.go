package reference

import (
	"fmt"
	"math"
	"sort"
)

// refSpeed is the reference speed (MIPS): a job's length is its run time
// × refSpeed, its duration on a cluster its length / the cluster's speed.
const refSpeed = 1000.0

// job is one job of a workload.
type job struct {
	id      int64
	submit  float64
	size    int
	runtime float64
}

// cluster is one cluster of the grid.
type cluster struct {
	procs int
	speed float64
}

// part is procs processors of a cluster held over [start, end).
type part struct {
	cluster, procs int
	start, end     float64
}

func (p part) String() string { return fmt.Sprintf("%d:%v-%v×%d", p.cluster, p.start, p.end, p.procs) }

// reading names the alternatives where the docs did not decide; each
// field set is a misreading the cross-check must catch.
type reading struct {
	// lastAmongEqual breaks the cluster choice's ties (equal finish, or
	// equal fit and finish) towards the last cluster of the platform,
	// rather than the first.
	lastAmongEqual bool
	// ebfChooseThenCheck lets EBF pick a backfill's cluster among all
	// those with room now, and skip the job when that is the head's
	// cluster and breaks its reservation, rather than choosing among
	// the clusters where it may start.
	ebfChooseThenCheck bool
	// scoalBySize splits SCOAL's head over the clusters with the most
	// free processors first, rather than the fastest first.
	scoalBySize bool
	// passAtJobEnds runs no pass at an instant where only parts ended
	// that were not their job's last.
	passAtJobEnds bool
	// coarpTiesByProcs takes COARP's offers of equal finish (together)
	// by more processors first, as its independent reading does, rather
	// than in platform order.
	coarpTiesByProcs bool
	// horizonExcluded lets no slot start at now + horizon exactly.
	horizonExcluded bool
	// finishLatestTie picks, with together-finish, the latest of the
	// starts at which the job finishes equally early.
	finishLatestTie bool
	// coarpBlocks stops a COARP pass at the first job the offers cannot
	// hold (with a horizon), rather than offering the jobs behind it.
	coarpBlocks bool
	// slotsOnce lets every cluster offer one slot with offers all too
	// (its earliest), rather than its next one once that is taken.
	slotsOnce bool
	// perClusterExact makes a per-cluster slot min(P, its processors)
	// processors, rather than all those free over its window.
	perClusterExact bool
	// passOnRejection runs a pass at the instant a job is rejected, as
	// at an arrival.
	passOnRejection bool
}

// config is the grid the reference replays on.
type config struct {
	clusters []cluster
	// choice is cluster_choice: earliest-finish, best-fit or first-fit.
	choice string
	coarp  coarpOptions
	alt    reading
}

// rjob is a job from its arrival on: its parts once placed.
type rjob struct {
	job
	parts []part
}

// state is the grid at an instant.
type state struct {
	cfg     config
	now     float64
	queue   []*rjob
	running []*rjob // the jobs with a part that has not ended
	out     map[int64][]part
}

// policy is one pass of a metascheduler.
type policy func(s *state)

// dur is a job's duration on cluster c: L / speed(c), L = run time ×
// refSpeed.
func (s *state) dur(j *rjob, c int) float64 { return j.runtime * refSpeed / s.cfg.clusters[c].speed }

// used is the number of processors of cluster c that the parts placed so
// far hold at time t.
func (s *state) used(c int, t float64) int {
	n := 0
	for _, r := range s.running {
		for _, p := range r.parts {
			if p.cluster == c && p.start <= t && t < p.end {
				n += p.procs
			}
		}
	}
	return n
}

// free is the number of processors of cluster c free now.
func (s *state) free(c int) int { return s.cfg.clusters[c].procs - s.used(c, s.now) }

// place starts j now on the given clusters, procs[i] processors of
// clusters[i], and takes it out of the queue.
func (s *state) place(j *rjob, clusters, procs []int) { s.placeAt(j, s.now, clusters, procs) }

// placeAt is place with the parts starting at start.
func (s *state) placeAt(j *rjob, start float64, clusters, procs []int) {
	starts := make([]float64, len(clusters))
	for i := range starts {
		starts[i] = start
	}
	s.placeParts(j, clusters, procs, starts)
}

// placeParts places j as parts: procs[i] processors of clusters[i] from
// starts[i], and takes it out of the queue.
func (s *state) placeParts(j *rjob, clusters, procs []int, starts []float64) {
	for i, q := range s.queue {
		if q == j {
			s.queue = append(s.queue[:i], s.queue[i+1:]...)
			break
		}
	}
	for i, c := range clusters {
		j.parts = append(j.parts, part{c, procs[i], starts[i], starts[i] + s.dur(j, c)})
	}
	s.running = append(s.running, j)
}

// whole starts j now, whole, on cluster c.
func (s *state) whole(j *rjob, c int) { s.place(j, []int{c}, []int{j.size}) }

// choose is the cluster_choice rule among the clusters cs (in platform
// order) where j can start now: earliest-finish — where it finishes
// first; best-fit — the one left with the fewest free processors, ties by
// earliest finish; first-fit — the first. Choice: remaining ties go to
// the first cluster of the platform.
func (s *state) choose(j *rjob, cs []int) int {
	key := func(c int) (float64, float64) {
		fin := s.now + s.dur(j, c)
		switch s.cfg.choice {
		case "best-fit":
			return float64(s.free(c) - j.size), fin
		case "first-fit":
			return 0, 0
		}
		return fin, 0
	}
	best := cs[0]
	for _, c := range cs[1:] {
		k1, k2 := key(c)
		b1, b2 := key(best)
		if k1 < b1 || (k1 == b1 && k2 < b2) ||
			(s.cfg.alt.lastAmongEqual && s.cfg.choice != "first-fit" && k1 == b1 && k2 == b2) {
			best = c
		}
	}
	return best
}

// roomNow lists the clusters where j can start now, whole.
func (s *state) roomNow(j *rjob) []int {
	var cs []int
	for c := range s.cfg.clusters {
		if s.free(c) >= j.size {
			cs = append(cs, c)
		}
	}
	return cs
}

// simulate replays jobs (in submit order) under pass and returns every
// completed job's parts (sorted by cluster) and the IDs of the rejected
// jobs. The event loop follows the doc comment of model/multicluster: at
// each instant the parts that end, then the arrivals, then one pass. A
// job is rejected at arrival when its run time is 0, when it is larger
// than the grid, or, when coalloc is false, larger than the largest
// cluster.
func simulate(cfg config, jobs []job, pass policy, coalloc bool) (map[int64][]part, []int64) {
	s := &state{cfg: cfg, out: map[int64][]part{}}
	total, largest := 0, 0
	for _, c := range cfg.clusters {
		total += c.procs
		largest = max(largest, c.procs)
	}
	var rejected []int64
	next := 0
	for {
		t := math.Inf(1)
		if next < len(jobs) {
			t = jobs[next].submit
		}
		for _, r := range s.running {
			for _, p := range r.parts {
				if p.end > s.now {
					t = math.Min(t, p.end)
				}
			}
		}
		if math.IsInf(t, 1) {
			return s.out, rejected
		}
		s.now = t
		events := false // a job's end or an arrival
		partEnded := false
		kept := s.running[:0]
		for _, r := range s.running {
			last := 0.0
			for _, p := range r.parts {
				last = math.Max(last, p.end)
				partEnded = partEnded || p.end == t
			}
			if last <= t {
				events = true
				ps := append([]part(nil), r.parts...)
				sortParts(ps)
				s.out[r.id] = ps
				continue
			}
			kept = append(kept, r)
		}
		s.running = kept
		for next < len(jobs) && jobs[next].submit == t {
			j := jobs[next]
			next++
			if j.runtime == 0 || j.size > total || (!coalloc && j.size > largest) {
				rejected = append(rejected, j.id)
				// Choice: a rejected job calls for no pass.
				events = events || cfg.alt.passOnRejection
				continue
			}
			s.queue = append(s.queue, &rjob{job: j})
			events = true
		}
		if !events && (!partEnded || cfg.alt.passAtJobEnds) {
			continue
		}
		pass(s)
	}
}

// sortParts sorts parts by cluster, then start.
func sortParts(ps []part) {
	sort.Slice(ps, func(a, b int) bool {
		if ps[a].cluster != ps[b].cluster {
			return ps[a].cluster < ps[b].cluster
		}
		return ps[a].start < ps[b].start
	})
}
