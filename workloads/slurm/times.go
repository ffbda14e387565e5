package slurm

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// timeLayout is how sacct prints Submit, Start and End (no zone).
const timeLayout = "2006-01-02T15:04:05"

// LoadLocation returns the time zone sacct printed its times in, by its
// IANA name ("" is UTC). "Local", Go's name for the zone of the machine
// that runs schedsim, is refused: the same history would give other jobs
// on another machine.
func LoadLocation(name string) (*time.Location, error) {
	switch name {
	case "", "UTC":
		return time.UTC, nil
	case "Local":
		return nil, fmt.Errorf("slurm: time zone %q is the zone of the machine that runs schedsim, not of the history: give the IANA name of the zone sacct ran in (Europe/Berlin, UTC)", name)
	}
	loc, err := time.LoadLocation(name)
	if err != nil { // quoted: a name may hold a newline
		return nil, fmt.Errorf("slurm: unknown time zone %q (want an IANA name such as Europe/Berlin)", name)
	}
	return loc, nil
}

// parseTimestamp returns the Unix time of a sacct timestamp in loc, or -1
// for Unknown, None and the empty string (not started, not ended).
func parseTimestamp(s string, loc *time.Location) (int64, error) {
	switch s {
	case "", "Unknown", "None":
		return -1, nil
	}
	t, err := time.ParseInLocation(timeLayout, s, loc)
	if err != nil {
		return 0, fmt.Errorf("slurm: time %q is not YYYY-MM-DDTHH:MM:SS", s)
	}
	if t.Format(timeLayout) != s {
		return 0, fmt.Errorf("time %q does not exist in time zone %s (a daylight-saving gap: is the zone right?)", s, loc)
	}
	return t.Unix(), nil
}

// ParseTimeLimit returns a Slurm time limit in seconds, or -1 for
// UNLIMITED, Partition_Limit, INVALID and the empty string (no limit of
// the job's own). It reads every format Slurm prints and accepts:
// "MM", "MM:SS", "HH:MM:SS", "D-HH", "D-HH:MM", "D-HH:MM:SS", with
// optional fractional seconds (".123", dropped).
func ParseTimeLimit(s string) (float64, error) {
	switch s {
	case "", "UNLIMITED", "Partition_Limit", "INVALID":
		return -1, nil
	}
	d, err := ParseDuration(s)
	return float64(d), err
}

// ParseDuration reads a Slurm duration (Elapsed, Timelimit) in the
// formats of ParseTimeLimit, in whole seconds.
func ParseDuration(s string) (int64, error) {
	bad := func() (int64, error) {
		return 0, fmt.Errorf("slurm: duration %q is not [D-]HH:MM:SS, MM:SS or MM", s)
	}
	if i := strings.IndexByte(s, '.'); i >= 0 { // fractional seconds
		if _, err := strconv.ParseUint(s[i+1:], 10, 32); err != nil {
			return bad()
		}
		s = s[:i]
	}
	days := int64(0)
	rest := s
	hasDays := false
	if i := strings.IndexByte(s, '-'); i >= 0 {
		d, err := strconv.ParseUint(s[:i], 10, 32)
		if err != nil {
			return bad()
		}
		days, rest, hasDays = int64(d), s[i+1:], true
	}
	parts := strings.Split(rest, ":")
	nums := make([]int64, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseUint(p, 10, 32)
		if err != nil || (i > 0 && v >= 60) {
			return bad()
		}
		nums[i] = int64(v)
	}
	var h, m, sec int64
	switch {
	case hasDays && len(nums) == 1:
		h = nums[0]
	case hasDays && len(nums) == 2:
		h, m = nums[0], nums[1]
	case len(nums) == 3:
		h, m, sec = nums[0], nums[1], nums[2]
	case !hasDays && len(nums) == 2:
		m, sec = nums[0], nums[1]
	case !hasDays && len(nums) == 1:
		m = nums[0]
	default:
		return bad()
	}
	if hasDays && h >= 24 {
		return bad()
	}
	return ((days*24+h)*60+m)*60 + sec, nil
}
