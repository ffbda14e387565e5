package slurm

import (
	"math"
	"strconv"
	"strings"
)

// ids remembers the JobIDs of a read: the line each was first listed on
// (Options.Priority: a job listed twice is an error naming it) and
// whether a job of that ID was accepted (its steps are folded, a second
// job line is a duplicate, a heterogeneous component is folded into
// it). It is what a read keeps of every job: a plain or array task ID
// (123, 123_4) is one 8-byte key and one 8-byte value, other IDs a
// string key.
type ids struct {
	num map[uint64]uint64
	str map[string]uint64
}

// An entry is line<<1 | accepted (line 0: not listed on a line of its
// own, only accepted as a heterogeneous job's base).

// key returns id as a number when it is a plain job ID or an array task
// (digits without a leading zero, below 2^32, and a task below 2^31).
func key(id string) (uint64, bool) {
	job, task, isTask := strings.Cut(id, "_")
	j, ok := canonical(job, math.MaxUint32)
	if !ok {
		return 0, false
	}
	if !isTask {
		return j, true
	}
	t, ok := canonical(task, math.MaxInt32)
	if !ok {
		return 0, false
	}
	return 1<<63 | j<<31 | t, true
}

// canonical returns s as a number ≤ limit when it is written as
// strconv.FormatUint writes it.
func canonical(s string, limit uint64) (uint64, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return v, err == nil && v <= limit
}

func (x *ids) get(id string) uint64 {
	if k, ok := key(id); ok {
		return x.num[k]
	}
	return x.str[id]
}

func (x *ids) set(id string, e uint64) {
	if k, ok := key(id); ok {
		if x.num == nil {
			x.num = map[uint64]uint64{}
		}
		x.num[k] = e
		return
	}
	if x.str == nil {
		x.str = map[string]uint64{}
	}
	x.str[strings.Clone(id)] = e
}

// listed notes that id is listed on line and returns the line it was
// listed on before (0: none).
func (x *ids) listed(id string, line int) int {
	e := x.get(id)
	if prev := int(e >> 1); prev > 0 {
		return prev
	}
	x.set(id, uint64(line)<<1|e&1)
	return 0
}

// accepted reports whether a job of id was accepted.
func (x *ids) accepted(id string) bool { return x.get(id)&1 == 1 }

// accept notes that a job of id was accepted.
func (x *ids) accept(id string) { x.set(id, x.get(id)|1) }
