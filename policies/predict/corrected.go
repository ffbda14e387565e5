package predict

import (
	"sort"

	"github.com/schedsim/schedsim/model"
)

// Corrected wraps a predictor with one of the correction strategies of
// Tsafrir, Etsion & Feitelson (TPDS 2007) for a running job that reaches
// its prediction without ending, below its requested time. The cluster
// caps every correction at the requested time and replaces one that is
// not above the time already run by the requested time; beyond the
// requested time, its overrun rule applies.
type Corrected struct {
	Predictor
	// Strategy is CorrectRequested, CorrectIncrement or CorrectList.
	Strategy string
	// Increment is CorrectIncrement's increment, in seconds.
	Increment float64
	// List is CorrectList's strictly increasing list, in seconds.
	List []float64
}

// Correct returns the new prediction of job j, which has run ran seconds
// (its whole prediction): the requested time, ran + Increment, or the
// first value of List above ran (the requested time after the last).
func (c *Corrected) Correct(j *model.Job, ran float64) float64 {
	switch c.Strategy {
	case CorrectIncrement:
		return ran + c.Increment
	case CorrectList:
		if k := sort.SearchFloat64s(c.List, ran); k < len(c.List) {
			if c.List[k] > ran {
				return c.List[k]
			}
			if k+1 < len(c.List) {
				return c.List[k+1]
			}
		}
	}
	return j.Estimate
}
