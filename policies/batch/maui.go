package batch

import (
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
)

// OrderMaui is the Maui-style weighted priority order (Options.Weights):
// the queue sorted by descending priority, recomputed at every pass, equal
// priorities by arrival.
const OrderMaui = "maui"

// MaxWeight bounds the absolute value of a Maui weight.
const MaxWeight = 1e9

// Weights are the weights of the Maui-style priority (Jackson, Snell &
// Clement, "Core algorithms of the Maui scheduler", JSSPP 2001; the Maui
// Administrator's Guide, §5.1.2 "Job priority factors"). The priority of a
// queued job at time t is
//
//	QueueTime · (t − submit)/60 + XFactor · (t − submit + estimate)/estimate + Size · processors
//
// with Maui's units: the queue time in minutes (QUEUETIMEWEIGHT), the
// expansion factor XFACTOR = (queue time + requested time) / requested time
// (XFACTORWEIGHT; the estimate is the scheduler's estimate, at least
// cluster.MinEstimate), the size in processors (PROCWEIGHT; negative
// favours small jobs). All zero (the default) is first-come first-served,
// as in Maui, where the queue time alone decides; with XFactor = 0 the
// order does not change with time, otherwise short jobs overtake long
// ones as they wait.
type Weights struct {
	// QueueTime weighs the wait so far, in minutes.
	QueueTime float64 `yaml:"queue_time"`
	// XFactor weighs the expansion factor (wait + estimate) / estimate.
	XFactor float64 `yaml:"xfactor"`
	// Size weighs the number of processors.
	Size float64 `yaml:"size"`
}

// IsZero reports whether every weight is zero.
func (w Weights) IsZero() bool { return w == Weights{} }

// Validate checks that every weight is a number in [−MaxWeight, MaxWeight].
func (w Weights) Validate() error {
	return model.FirstError(
		model.FloatRange("queue_time", w.QueueTime, -MaxWeight, MaxWeight),
		model.FloatRange("xfactor", w.XFactor, -MaxWeight, MaxWeight),
		model.FloatRange("size", w.Size, -MaxWeight, MaxWeight),
	)
}

// Priority returns the priority of queued job j at time now.
func (w Weights) Priority(j *cluster.Job, now float64) float64 {
	wait := now - j.Submit()
	est := j.Estimate()
	return w.QueueTime*wait/60 + w.XFactor*(wait+est)/est + w.Size*float64(j.Size())
}
