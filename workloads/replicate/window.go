package replicate

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/schedsim/schedsim/workloads/swf"
)

// Span returns the first and the last submit time of the records of rs
// whose submit time is plausible (0 ≤ submit ≤ swf.MaxPlausibleSeconds),
// reading rs to its end.
func Span(rs swf.RecordSource) (first, last float64, err error) {
	first, last = math.Inf(1), math.Inf(-1)
	for {
		rec, err := rs.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, 0, err
		}
		if rec.Submit < 0 || rec.Submit > swf.MaxPlausibleSeconds {
			continue
		}
		first, last = min(first, rec.Submit), max(last, rec.Submit)
	}
	if first > last {
		return 0, 0, fmt.Errorf("replicate: %s has no job records", rs.Name())
	}
	return first, last, nil
}

// WindowStart draws the start of a window of days days in a trace whose
// submit times span [first, last] seconds: the offset from first in days,
// uniform in [0, span − days]. A window not shorter than the trace is an
// error.
func WindowStart(first, last, days float64, rng *rand.Rand) (float64, error) {
	span := (last - first) / swf.SecondsPerDay
	if !(days > 0) || days >= span {
		return 0, fmt.Errorf("replicate: a window of %g days needs a longer trace (it spans %.1f days)", days, span)
	}
	return rng.Float64() * (span - days), nil
}
