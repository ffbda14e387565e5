package coalloc

import (
	"math"

	"github.com/schedsim/schedsim/model"
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
	// OffersAll: every cluster offers every free slot of its plan, one at
	// a time: its earliest (at least one processor free over [s, s +
	// D_c), holding all those free), then, once that is taken, its next
	// one with the slots the job took there reserved — so the job's
	// later slots there count only the processors it has not reserved.
	OffersAll = "all"
	// OffersPerCluster: every cluster offers one slot, the earliest at
	// which it can hold the whole job, or all its processors for a job
	// larger than the cluster; the slot holds every processor free over
	// its window.
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
	// earliest at which the clusters together hold the job. The default.
	StartTogether = "together"
	// StartTogetherFinish makes all parts of a job start at the same
	// time, chosen for the job's earliest finish (Algorithm 2 sorts the
	// slots by finish time): a later start on fewer, faster clusters
	// wins over an earlier one that needs a slower cluster.
	StartTogetherFinish = "together-finish"
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
	// PartsStart is whether COARP's parts start together at the earliest
	// start (together, the default), together at the start of earliest
	// finish (together-finish) or independently. Offers only matters for
	// independent starts.
	PartsStart string `yaml:"parts_start"`
	// Horizon, when > 0, is how far ahead (seconds) COARP's clusters
	// offer slots: a job that the slots starting within now + Horizon
	// cannot hold waits in the global queue and is offered again when
	// resources free up. 0: plans are unbounded.
	Horizon float64 `yaml:"horizon"`
}

// Validate checks the options (empty strings take the defaults); a bad
// one is a *model.FieldError naming its key.
func (o Options) Validate() error {
	o = o.withDefaults()
	return model.FirstError(
		model.OneOf("cluster_choice", o.ClusterChoice, ChoiceEarliestFinish, ChoiceBestFit, ChoiceFirstFit),
		model.OneOf("offers", o.Offers, OffersAll, OffersPerCluster),
		model.OneOf("surplus", o.Surplus, SurplusTrim, SurplusKeep),
		model.OneOf("parts_start", o.PartsStart, StartIndependent, StartTogether, StartTogetherFinish),
		horizon(o.Horizon),
	)
}

func horizon(h float64) error {
	if !(h >= 0) || math.IsInf(h, 0) {
		return model.Field("horizon", "must be a finite number ≥ 0 seconds (got %v)", h)
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

// prepare validates o and fills its defaults.
func (o Options) prepare() (Options, error) {
	if err := o.Validate(); err != nil {
		return o, err
	}
	return o.withDefaults(), nil
}

// Policy is a metascheduler policy with a name.
type Policy interface {
	multicluster.Metascheduler
	// Name returns the registered name of the policy.
	Name() string
}

// Policies is the registry of the metascheduler policies: which
// cluster(s) of a grid a job goes to, and when. Policies.New validates
// the options and returns a new instance; an instance keeps scratch
// state, so use one per run.
var Policies = policies.NewRegistry[Options, Policy](policies.Family{
	Name:     "coalloc",
	Decision: "which cluster(s) of a heterogeneous grid a queued job goes to, whole or split (model kind multicluster)",
	Package:  "policies/coalloc",
	Params: []policies.Param{
		{Key: "cluster_choice", Doc: "where a job that goes whole to one cluster is sent: earliest-finish (default), best-fit or first-fit"},
		{Key: "offers", Doc: "how COARP's clusters offer slots: all (default) or per-cluster"},
		{Key: "surplus", Doc: "what COARP does with the processors of the last slot it takes beyond the job's need: trim (default) or keep"},
		{Key: "parts_start", Doc: "whether COARP's parts start together at the earliest start (together, default), together at the start of earliest finish (together-finish) or independently"},
		{Key: "horizon", Doc: "how far ahead (seconds) COARP's clusters offer slots; 0 (default): unbounded"},
	},
}, Options.prepare)
