package cluster

import "math"

// The job classes of the per-class metrics. Size classes are relative to
// the cluster's P processors; estimate-quality classes use the accuracy
// runtime / requested time (Mu'alem & Feitelson 2001), the runtime being
// the one served and the requested time the workload's estimate raised to
// MinEstimate.
const (
	// SizeSerial jobs use one processor.
	SizeSerial = iota
	// SizeNarrow jobs use 2 to ⌈P/8⌉ processors.
	SizeNarrow
	// SizeWide jobs use more than ⌈P/8⌉ processors.
	SizeWide
	numSizes
)

// The estimate-quality classes, by accuracy a = runtime / requested.
const (
	// AccuracyLow: a < 0.25 (the requested time is over four times the
	// runtime).
	AccuracyLow = iota
	// AccuracyMid: 0.25 ≤ a < 0.75.
	AccuracyMid
	// AccuracyHigh: a ≥ 0.75 (including the jobs that ran past their
	// requested time).
	AccuracyHigh
	numAccuracies
)

// SizeClass returns the size class of a job of size processors on a
// cluster of procs.
func SizeClass(size, procs int) int {
	switch {
	case size <= 1:
		return SizeSerial
	case size <= (procs+7)/8:
		return SizeNarrow
	}
	return SizeWide
}

// AccuracyClass returns the estimate-quality class of a job that ran
// runtime seconds for a requested time of requested seconds (> 0).
func AccuracyClass(runtime, requested float64) int {
	switch a := runtime / requested; {
	case a < 0.25:
		return AccuracyLow
	case a < 0.75:
		return AccuracyMid
	}
	return AccuracyHigh
}

// Prediction summarises the accuracy of the predictions a replay's
// scheduler planned with (the requested times when it has no predictor):
// the prediction of a job is the one made at its arrival, before any
// correction, and the runtime the one served.
type Prediction struct {
	// MAE is the mean absolute error |prediction − runtime|, in seconds.
	MAE float64
	// MRE is the mean relative error |prediction − runtime| / runtime
	// over the jobs with a runtime > 0.
	MRE float64
	// Under is the share of jobs whose prediction was below their
	// runtime (under-predicted).
	Under float64
	// Corrections is the number of corrections of a prediction reached by
	// a running job below its requested time.
	Corrections int
}

// ClassMeans are the mean wait (seconds) and bounded slowdown of the jobs
// of each class; NaN for a class without jobs.
type ClassMeans struct {
	// Wait and BSLD are indexed by the class constants.
	Wait, BSLD []float64
}

// classStats accumulates the per-class and prediction statistics.
type classStats struct {
	sumAbs, sumRel float64
	nRel, nUnder   int
	sizeWait       [numSizes]float64
	accWait        [numAccuracies]float64
	sizeBSLD       [numSizes]float64
	accBSLD        [numAccuracies]float64
	sizeN          [numSizes]int
	accN           [numAccuracies]int
}

// predicted records the prediction and the class of a completed job.
func (s *stats) predicted(j *Job, procs int) {
	c := &s.classes
	run := j.job.Runtime
	err := math.Abs(j.first - run)
	c.sumAbs += err
	if run > 0 {
		c.sumRel += err / run
		c.nRel++
	}
	if j.first < run {
		c.nUnder++
	}
	w, b := j.job.Wait(), j.job.BoundedSlowdown(s.tau)
	k := SizeClass(j.job.Size, procs)
	c.sizeWait[k] += w
	c.sizeBSLD[k] += b
	c.sizeN[k]++
	a := AccuracyClass(run, j.req)
	c.accWait[a] += w
	c.accBSLD[a] += b
	c.accN[a]++
}

func meanOf(sum float64, n int) float64 {
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// fill sets the prediction and class summaries from the completed jobs.
func (c *classStats) fill(sum *Summary, completed, corrections int) {
	sum.Prediction = Prediction{
		MAE: meanOf(c.sumAbs, completed), MRE: meanOf(c.sumRel, c.nRel),
		Under: meanOf(float64(c.nUnder), completed), Corrections: corrections,
	}
	sum.BySize = ClassMeans{Wait: make([]float64, numSizes), BSLD: make([]float64, numSizes)}
	sum.ByAccuracy = ClassMeans{Wait: make([]float64, numAccuracies), BSLD: make([]float64, numAccuracies)}
	for k := range numSizes {
		sum.BySize.Wait[k], sum.BySize.BSLD[k] = meanOf(c.sizeWait[k], c.sizeN[k]), meanOf(c.sizeBSLD[k], c.sizeN[k])
	}
	for k := range numAccuracies {
		sum.ByAccuracy.Wait[k], sum.ByAccuracy.BSLD[k] = meanOf(c.accWait[k], c.accN[k]), meanOf(c.accBSLD[k], c.accN[k])
	}
}

// classValues returns the prediction and per-class metrics, in the order
// of MetricNames.
func (s *Summary) classValues() []float64 {
	p := s.Prediction
	out := []float64{p.MAE, p.MRE, p.Under, float64(p.Corrections)}
	out = append(out, s.BySize.Wait...)
	out = append(out, s.BySize.BSLD...)
	out = append(out, s.ByAccuracy.Wait...)
	return append(out, s.ByAccuracy.BSLD...)
}
