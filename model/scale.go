package model

// MaxScale bounds the rates and times of a model: a rate or a mean time
// must lie in [1/MaxScale, MaxScale], a time that may be 0 in [0,
// MaxScale]. Within these twelve orders of magnitude every simulated
// time, sum and ratio stays finite, so a value that passes validate
// cannot make a run stop at time +Inf or compute NaN (a subnormal rate
// would: its mean time 1/rate is +Inf).
const MaxScale = 1e12

// Scale checks that v is a rate or a mean time in [1/MaxScale, MaxScale].
func Scale(path string, v float64) error {
	if !(v >= 1/MaxScale && v <= MaxScale) {
		return Field(path, "must be in [%v, %v] (got %v)", 1/MaxScale, MaxScale, v)
	}
	return nil
}

// TimeScale checks that v is a time in [0, MaxScale].
func TimeScale(path string, v float64) error { return FloatRange(path, v, 0, MaxScale) }
