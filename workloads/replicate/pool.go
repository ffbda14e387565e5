package replicate

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/schedsim/schedsim/workloads/swf"
)

// SecondsPerWeek is the length of the weeks the resampler works in.
const SecondsPerWeek = 7 * swf.SecondsPerDay

// DefaultLongTerm is the share of the trace's weeks a user's activity
// must span (first to last week) to be a long-term user.
const DefaultLongTerm = 0.5

// NoUsersError is the error of a trace without user ids (SWF field 12 is
// -1 everywhere): it cannot be resampled, only shaken.
type NoUsersError struct {
	// Trace names the trace.
	Trace string
}

func (e *NoUsersError) Error() string {
	return "replicate: " + e.Trace + " has no user ids (field 12), which resampling needs: shake it instead (replicate: {method: shake, submit: SECONDS})"
}

// Pool holds the per-user sub-traces of one trace, the input of
// Resample. It is read-only once built, so one Pool serves every
// replication (and every goroutine) at once.
type Pool struct {
	name   string
	header swf.Header
	t0     float64 // first usable submit time; weeks start there
	weeks  int     // whole weeks of the trace (the records after them are left out)
	procs  int
	long   []subtrace
	temp   []subtrace
	next   int     // first user id free for drawn temporary users
	work   float64 // processor-seconds of the kept records
	jobs   int
	peak   float64 // processor-seconds submitted in the trace's busiest week
}

// subtrace is the records of one user, submit times relative to t0.
type subtrace struct {
	user   int
	first  int // week of the first record
	last   int // week of the last record
	recs   []swf.Record
	work   float64
	weekly []float64 // processor-seconds submitted in each week of its activity
}

// NewPool reads rs (to its end) into per-user sub-traces. procs is the
// machine size loads are relative to (0: the header's MaxProcs, or MaxNodes). Records
// that cannot be simulated (submit time out of range, run time ≤ 0, no
// processor count, more processors than the machine) are left out, and
// so are those after the trace's last whole week. A user whose activity
// spans at least longTerm × weeks weeks (0: DefaultLongTerm) is a
// long-term user; the others are temporary users. Records without a user
// (-1) count as one user; a trace with no user id at all is a
// *NoUsersError.
func NewPool(rs swf.RecordSource, procs int, longTerm float64) (*Pool, error) {
	h := rs.Header()
	if procs == 0 {
		procs = h.MaxProcs
	}
	if procs <= 0 {
		procs = h.MaxNodes
	}
	if procs <= 0 {
		return nil, fmt.Errorf("replicate: %s: the header gives neither MaxProcs nor MaxNodes: give the machine size", rs.Name())
	}
	if longTerm == 0 {
		longTerm = DefaultLongTerm
	}
	if !(longTerm > 0 && longTerm <= 1) {
		return nil, fmt.Errorf("replicate: long_term = %v, want a share of the weeks in (0, 1]", longTerm)
	}
	var recs []swf.Record
	known := false
	for {
		rec, err := rs.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if !usable(rec, procs) {
			continue
		}
		known = known || rec.User >= 0
		recs = append(recs, rec)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("replicate: %s has no usable job records", rs.Name())
	}
	if !known {
		return nil, &NoUsersError{Trace: rs.Name()}
	}
	sortBySubmit(recs)
	p := &Pool{name: rs.Name(), header: h, t0: recs[0].Submit, procs: procs}
	p.weeks = int((recs[len(recs)-1].Submit - p.t0) / SecondsPerWeek)
	if p.weeks < 2 {
		return nil, fmt.Errorf("replicate: %s spans %.1f days: resampling needs at least two whole weeks",
			rs.Name(), (recs[len(recs)-1].Submit-p.t0)/swf.SecondsPerDay)
	}
	p.split(recs, longTerm)
	return p, nil
}

// usable reports whether a record can be simulated on procs processors.
func usable(r swf.Record, procs int) bool {
	n := r.Procs()
	return r.Submit >= 0 && r.Submit <= swf.MaxPlausibleSeconds &&
		r.RunTime > 0 && r.RunTime <= swf.MaxPlausibleSeconds && n > 0 && n <= procs
}

// split groups the records (sorted) by user and classifies the users.
func (p *Pool) split(recs []swf.Record, longTerm float64) {
	end := float64(p.weeks) * SecondsPerWeek
	byUser := map[int]*subtrace{}
	var order []int
	for _, r := range recs {
		r.Submit -= p.t0
		if r.Submit >= end {
			break
		}
		u := byUser[r.User]
		w := int(r.Submit / SecondsPerWeek)
		if u == nil {
			u = &subtrace{user: r.User, first: w}
			byUser[r.User] = u
			order = append(order, r.User)
		}
		u.last = w
		u.recs = append(u.recs, r)
		u.work += work(r)
		p.work += work(r)
		p.jobs++
		p.next = max(p.next, r.User+1)
	}
	slices.Sort(order)
	perWeek := make([]float64, p.weeks)
	for _, id := range order {
		u := byUser[id]
		linkSessions(u.recs)
		u.weekly = make([]float64, u.last-u.first+1)
		for _, r := range u.recs {
			w := int(r.Submit / SecondsPerWeek)
			u.weekly[w-u.first] += work(r)
			perWeek[w] += work(r)
		}
		if float64(u.last-u.first+1) >= longTerm*float64(p.weeks) {
			p.long = append(p.long, *u)
		} else {
			p.temp = append(p.temp, *u)
		}
	}
	p.peak = slices.Max(perWeek)
}

// work is a record's processor-seconds.
func work(r swf.Record) float64 { return r.RunTime * float64(r.Procs()) }

// Weeks returns the number of whole weeks the pool was taken from.
func (p *Pool) Weeks() int { return p.weeks }

// Load returns the offered load of the kept records: processor-seconds
// over procs × the whole weeks.
func (p *Pool) Load() float64 {
	return p.work / (float64(p.procs) * float64(p.weeks) * SecondsPerWeek)
}

// Users returns the numbers of long-term and temporary users.
func (p *Pool) Users() (long, temp int) { return len(p.long), len(p.temp) }

// StratumUsers returns the number of users of the smaller of the two
// groups Bootstrap draws separately, the long-term and the temporary
// users, counting a group only from two users (0 when neither has two):
// what the spread of a metric over bootstrap workloads is estimated from
// (results.PopulationHalfWidth takes it as its degrees of freedom).
func (p *Pool) StratumUsers() int {
	n := 0
	for _, k := range []int{len(p.long), len(p.temp)} {
		if k >= 2 && (n == 0 || k < n) {
			n = k
		}
	}
	return n
}

// Jobs returns the number of kept records.
func (p *Pool) Jobs() int { return p.jobs }

// Procs returns the machine size loads are relative to.
func (p *Pool) Procs() int { return p.procs }

// maxLoad bounds the asked load of a resample.
const maxLoad = 100
