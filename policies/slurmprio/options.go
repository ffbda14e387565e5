package slurmprio

import (
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/policies"
)

// Options are the multifactor settings, one yaml key each (slurm.conf's
// PriorityWeight*, PriorityMaxAge …). Times are seconds.
type Options struct {
	WeightAge       float64 `yaml:"weight_age"`
	WeightFairshare float64 `yaml:"weight_fairshare"`
	WeightJobSize   float64 `yaml:"weight_jobsize"`
	WeightPartition float64 `yaml:"weight_partition"`
	WeightQOS       float64 `yaml:"weight_qos"`
	WeightAssoc     float64 `yaml:"weight_assoc"`
	// MaxAge caps the age factor (default 7 days).
	MaxAge float64 `yaml:"max_age"`
	// DecayHalfLife halves usage (default 7 days).
	DecayHalfLife float64 `yaml:"decay_half_life"`
	// NoDecay keeps usage undecayed (slurm.conf's PriorityDecayHalfLife=0).
	NoDecay bool `yaml:"no_decay"`
	// UsageResetPeriod is NONE (default), NOW, DAILY, WEEKLY, MONTHLY,
	// QUARTERLY or YEARLY.
	UsageResetPeriod string `yaml:"usage_reset_period"`
	// CalcPeriod is how often usage is decayed and the fair share
	// recomputed (default 300 s).
	CalcPeriod float64 `yaml:"calc_period"`
	// FavorSmall is PriorityFavorSmall=YES.
	FavorSmall bool `yaml:"favor_small"`
	// SmallRelativeToTime is PriorityFlags=SMALL_RELATIVE_TO_TIME.
	SmallRelativeToTime bool `yaml:"small_relative_to_time"`
	// DampeningFactor is FairShareDampeningFactor (classic only; default 1).
	DampeningFactor float64 `yaml:"fairshare_dampening_factor"`
}

// Defaults for zero options, Slurm's.
const (
	DefaultMaxAge        = 7 * 86400
	DefaultDecayHalfLife = 7 * 86400
	DefaultCalcPeriod    = 300
)

// ResetPeriods are the values of UsageResetPeriod.
var ResetPeriods = []string{"NONE", "NOW", "DAILY", "WEEKLY", "MONTHLY", "QUARTERLY", "YEARLY"}

// Validate checks o; an error is a *model.FieldError naming the key.
func (o Options) Validate() error {
	errs := []error{
		model.NonNegative("weight_age", o.WeightAge),
		model.NonNegative("weight_fairshare", o.WeightFairshare),
		model.NonNegative("weight_jobsize", o.WeightJobSize),
		model.NonNegative("weight_partition", o.WeightPartition),
		model.NonNegative("weight_qos", o.WeightQOS),
		model.NonNegative("weight_assoc", o.WeightAssoc),
		model.NonNegative("max_age", o.MaxAge),
		model.NonNegative("decay_half_life", o.DecayHalfLife),
		model.NonNegative("calc_period", o.CalcPeriod),
		model.NonNegative("fairshare_dampening_factor", o.DampeningFactor),
	}
	if o.UsageResetPeriod != "" {
		errs = append(errs, model.OneOf("usage_reset_period", o.UsageResetPeriod, ResetPeriods...))
	}
	return model.FirstError(errs...)
}

// prepare validates o and fills its defaults.
func (o Options) prepare() (Options, error) {
	if err := o.Validate(); err != nil {
		return o, err
	}
	if o.MaxAge == 0 {
		o.MaxAge = DefaultMaxAge
	}
	if o.DecayHalfLife == 0 {
		o.DecayHalfLife = DefaultDecayHalfLife
	}
	if o.CalcPeriod == 0 {
		o.CalcPeriod = DefaultCalcPeriod
	}
	if o.DampeningFactor == 0 {
		o.DampeningFactor = 1
	}
	if o.UsageResetPeriod == "" {
		o.UsageResetPeriod = "NONE"
	}
	return o, nil
}

// FairShare computes every user association's fair-share factor from the
// shares and usage of the tree.
type FairShare interface {
	// Compute sets FairShare on every user node of t.
	Compute(t *Tree)
}

// FairShares is the registry of the fair-share algorithms; Options carry
// the weights and periods of the whole multifactor priority.
var FairShares = policies.NewRegistry[Options, FairShare](policies.Family{
	Name:     "slurm-priority",
	Decision: "the multifactor priority of a pending Slurm job: its weights, periods and fair-share algorithm",
	Package:  "policies/slurmprio",
	Params: []policies.Param{
		{Key: "weight_age", Doc: "PriorityWeightAge (default 0)"},
		{Key: "weight_fairshare", Doc: "PriorityWeightFairshare (default 0)"},
		{Key: "weight_jobsize", Doc: "PriorityWeightJobSize (default 0)"},
		{Key: "weight_partition", Doc: "PriorityWeightPartition (default 0)"},
		{Key: "weight_qos", Doc: "PriorityWeightQOS (default 0)"},
		{Key: "weight_assoc", Doc: "PriorityWeightAssoc (default 0)"},
		{Key: "max_age", Doc: "PriorityMaxAge in seconds: the age factor reaches 1 there (default 604800)"},
		{Key: "decay_half_life", Doc: "PriorityDecayHalfLife in seconds (default 604800)"},
		{Key: "no_decay", Doc: "usage never decays (slurm.conf's PriorityDecayHalfLife=0; default false)"},
		{Key: "usage_reset_period", Doc: "PriorityUsageResetPeriod: NONE (default), NOW, DAILY, WEEKLY, MONTHLY, QUARTERLY or YEARLY"},
		{Key: "calc_period", Doc: "PriorityCalcPeriod in seconds: usage decay and fair-share recomputation (default 300)"},
		{Key: "favor_small", Doc: "PriorityFavorSmall: smaller jobs get the larger job-size factor (default false)"},
		{Key: "small_relative_to_time", Doc: "PriorityFlags=SMALL_RELATIVE_TO_TIME: job size divided by its time limit (default false)"},
		{Key: "fairshare_dampening_factor", Doc: "FairShareDampeningFactor, classic fair share only (default 1)"},
	},
}, Options.prepare)
