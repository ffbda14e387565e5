package coalloc

import (
	"errors"
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/multicluster"
	"github.com/schedsim/schedsim/policies"
)

// The values of Options.ClusterChoice.
const (
	// ChoiceEarliestFinish sends a job to the cluster where it finishes
	// first (for a job that starts now: the fastest cluster with room).
	ChoiceEarliestFinish = "earliest-finish"
	// ChoiceBestFit sends a job to the cluster left with the fewest free
	// processors (ties: earliest finish).
	ChoiceBestFit = "best-fit"
	// ChoiceFirstFit sends a job to the first cluster of the platform
	// with room.
	ChoiceFirstFit = "first-fit"
)

// The values of Options.Offers.
const (
	// OffersAll: every cluster offers every free slot of its plan; once a
	// slot of a cluster is taken, the cluster's later slots count only
	// the processors the job has not reserved there yet.
	OffersAll = "all"
	// OffersPerCluster: every cluster offers one slot, the earliest at
	// which it can hold the whole job, or all its processors for a job
	// larger than the cluster.
	OffersPerCluster = "per-cluster"
)

// The values of Options.Surplus.
const (
	// SurplusTrim reserves, of the last slot taken, only the processors
	// the job still needs.
	SurplusTrim = "trim"
	// SurplusKeep reserves every processor of every slot taken, as the
	// paper's sendAR(s, n, D) reads: the surplus is held idle.
	SurplusKeep = "keep"
)

// The values of Options.PartsStart.
const (
	// StartIndependent lets every part start at its own slot's start.
	StartIndependent = "independent"
	// StartTogether makes all parts of a job start at the same time: the
	// earliest at which the clusters together hold the job.
	StartTogether = "together"
)

// Options are the parameters of the metascheduler policies. Each policy
// reads the ones that concern it; all are validated.
type Options struct {
	// ClusterChoice is the cluster a job that goes whole to one cluster
	// is sent to, among those where it can start now (FCFS, EBF, FPFS,
	// and SCOAL for a job that fits one cluster): earliest-finish
	// (default), best-fit or first-fit. EBF reserves for a blocked queue
	// head the cluster where it finishes first.
	ClusterChoice string `yaml:"cluster_choice"`
	// Offers is how COARP's clusters offer slots: all (default) or
	// per-cluster.
	Offers string `yaml:"offers"`
	// Surplus is what COARP does with the processors of the last slot it
	// takes beyond the job's need: trim (default) or keep.
	Surplus string `yaml:"surplus"`
	// PartsStart is whether COARP's parts start together (default) or
	// independently. Offers only matters for independent starts.
	PartsStart string `yaml:"parts_start"`
	// Horizon, when > 0, is how far ahead (seconds) COARP's clusters
	// offer slots: a job that the slots starting within now + Horizon
	// cannot hold waits in the global queue and is offered again when
	// resources free up. 0: plans are unbounded.
	Horizon float64 `yaml:"horizon"`
}

// OptionError reports an invalid option; Key names it.
type OptionError struct {
	// Key is the option's yaml key.
	Key string
	// Msg says what is wrong and what is allowed.
	Msg string
}

// Error returns "key: message".
func (e *OptionError) Error() string { return e.Key + ": " + e.Msg }

func oneOf(key, v string, allowed ...string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return &OptionError{Key: key, Msg: fmt.Sprintf("must be one of %v (got %q)", allowed, v)}
}

// Validate checks the options; empty strings take the defaults.
func (o Options) Validate() error {
	o = o.withDefaults()
	for _, err := range []error{
		oneOf("cluster_choice", o.ClusterChoice, ChoiceEarliestFinish, ChoiceBestFit, ChoiceFirstFit),
		oneOf("offers", o.Offers, OffersAll, OffersPerCluster),
		oneOf("surplus", o.Surplus, SurplusTrim, SurplusKeep),
		oneOf("parts_start", o.PartsStart, StartIndependent, StartTogether),
	} {
		if err != nil {
			return err
		}
	}
	if !(o.Horizon >= 0) || math.IsInf(o.Horizon, 0) {
		return &OptionError{Key: "horizon", Msg: fmt.Sprintf("must be a finite number ≥ 0 seconds (got %v)", o.Horizon)}
	}
	return nil
}

func (o Options) withDefaults() Options {
	def := func(s *string, d string) {
		if *s == "" {
			*s = d
		}
	}
	def(&o.ClusterChoice, ChoiceEarliestFinish)
	def(&o.Offers, OffersAll)
	def(&o.Surplus, SurplusTrim)
	def(&o.PartsStart, StartTogether)
	return o
}

// ErrUnknownPolicy is wrapped by the error New returns for a name that is
// not registered.
var ErrUnknownPolicy = errors.New("unknown metascheduler policy")

// Policy is a metascheduler policy with a name.
type Policy interface {
	multicluster.Metascheduler
	// Name returns the registered name of the policy.
	Name() string
}

// Constructor builds a policy from validated options (defaults filled).
type Constructor func(o Options) Policy

var registry = policies.NewRegistry[Constructor]("coalloc: policy", ErrUnknownPolicy)

// Register adds a policy under name; it is called from init functions.
// Registering a name twice is a programming error and panics at start-up.
func Register(name, summary string, ctor Constructor) { registry.Register(name, summary, ctor) }

// Names returns the registered policy names, sorted.
func Names() []string { return registry.Names() }

// Summary returns the one-line description of a registered policy.
func Summary(name string) (string, bool) { return registry.Summary(name) }

// New validates o and returns a new instance of the named policy. An
// instance keeps scratch state: use one per run.
func New(name string, o Options) (Policy, error) {
	ctor, err := registry.Lookup(name)
	if err != nil {
		return nil, err
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return ctor(o.withDefaults()), nil
}
