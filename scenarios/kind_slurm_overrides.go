package scenarios

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/schedsim/schedsim/internal/suggest"
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/workloads/sacctmgr"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// SlurmPriority overrides the multifactor priority of the slurm.conf: an
// unset key keeps the slurm.conf's value. Times are seconds.
type SlurmPriority struct {
	// FairShare is the fair-share algorithm: multifactor-fairtree (Fair
	// Tree) or multifactor-classic (PriorityFlags=NO_FAIR_TREE).
	FairShare string `yaml:"fairshare"`
	// WeightAge is PriorityWeightAge.
	WeightAge *float64 `yaml:"weight_age"`
	// WeightFairshare is PriorityWeightFairshare.
	WeightFairshare *float64 `yaml:"weight_fairshare"`
	// WeightJobSize is PriorityWeightJobSize.
	WeightJobSize *float64 `yaml:"weight_jobsize"`
	// WeightPartition is PriorityWeightPartition.
	WeightPartition *float64 `yaml:"weight_partition"`
	// WeightQOS is PriorityWeightQOS.
	WeightQOS *float64 `yaml:"weight_qos"`
	// WeightAssoc is PriorityWeightAssoc.
	WeightAssoc *float64 `yaml:"weight_assoc"`
	// MaxAge is PriorityMaxAge in seconds.
	MaxAge *float64 `yaml:"max_age"`
	// DecayHalfLife is PriorityDecayHalfLife in seconds.
	DecayHalfLife *float64 `yaml:"decay_half_life"`
	// NoDecay keeps usage undecayed (PriorityDecayHalfLife=0).
	NoDecay *bool `yaml:"no_decay"`
	// UsageResetPeriod is PriorityUsageResetPeriod (NONE, NOW, DAILY,
	// WEEKLY, MONTHLY, QUARTERLY or YEARLY).
	UsageResetPeriod *string `yaml:"usage_reset_period"`
	// CalcPeriod is PriorityCalcPeriod in seconds.
	CalcPeriod *float64 `yaml:"calc_period"`
	// FavorSmall is PriorityFavorSmall.
	FavorSmall *bool `yaml:"favor_small"`
	// SmallRelativeToTime is PriorityFlags=SMALL_RELATIVE_TO_TIME.
	SmallRelativeToTime *bool `yaml:"small_relative_to_time"`
	// DampeningFactor is FairShareDampeningFactor (classic only).
	DampeningFactor *float64 `yaml:"fairshare_dampening_factor"`
}

// apply sets the overridden options.
func (o SlurmPriority) apply(opt *slurmprio.Options) {
	setIf(&opt.WeightAge, o.WeightAge)
	setIf(&opt.WeightFairshare, o.WeightFairshare)
	setIf(&opt.WeightJobSize, o.WeightJobSize)
	setIf(&opt.WeightPartition, o.WeightPartition)
	setIf(&opt.WeightQOS, o.WeightQOS)
	setIf(&opt.WeightAssoc, o.WeightAssoc)
	setIf(&opt.MaxAge, o.MaxAge)
	setIf(&opt.DecayHalfLife, o.DecayHalfLife)
	setIf(&opt.NoDecay, o.NoDecay)
	setIf(&opt.UsageResetPeriod, o.UsageResetPeriod)
	setIf(&opt.CalcPeriod, o.CalcPeriod)
	setIf(&opt.FavorSmall, o.FavorSmall)
	setIf(&opt.SmallRelativeToTime, o.SmallRelativeToTime)
	setIf(&opt.DampeningFactor, o.DampeningFactor)
}

// SlurmBackfill overrides the SchedulerParameters of the slurm.conf; an
// unset key keeps the slurm.conf's value. Times are seconds (slurm.conf
// gives bf_window in minutes).
type SlurmBackfill struct {
	// BfWindow is bf_window in seconds: how far ahead backfill plans.
	BfWindow *float64 `yaml:"bf_window"`
	// BfInterval is bf_interval in seconds: the period of backfill passes.
	BfInterval *float64 `yaml:"bf_interval"`
	// BfResolution is bf_resolution in seconds: the time map's step.
	BfResolution *float64 `yaml:"bf_resolution"`
	// BfMaxJobTest is bf_max_job_test: jobs a backfill pass considers.
	BfMaxJobTest *int `yaml:"bf_max_job_test"`
	// BfMaxJobUser is bf_max_job_user: jobs per user a pass considers
	// (0: no limit).
	BfMaxJobUser *int `yaml:"bf_max_job_user"`
	// DefaultQueueDepth is default_queue_depth: jobs an event-driven
	// main pass considers.
	DefaultQueueDepth *int `yaml:"default_queue_depth"`
	// SchedInterval is sched_interval in seconds: the period of the main
	// scheduler's full-queue pass.
	SchedInterval *float64 `yaml:"sched_interval"`
}

// SlurmPartition overrides a PartitionName line; an unset key keeps it.
type SlurmPartition struct {
	// MaxTime is MaxTime in seconds.
	MaxTime *float64 `yaml:"max_time"`
	// MaxNodes is MaxNodes.
	MaxNodes *int `yaml:"max_nodes"`
	// PriorityTier is PriorityTier.
	PriorityTier *int `yaml:"priority_tier"`
	// PriorityJobFactor is PriorityJobFactor.
	PriorityJobFactor *int `yaml:"priority_job_factor"`
}

// SlurmQOS overrides a QoS's limits; an unset key keeps them.
type SlurmQOS struct {
	// MaxJobsPerUser is MaxJobsPU (0: no limit).
	MaxJobsPerUser *int `yaml:"max_jobs_per_user"`
	// GrpCPUs is GrpTRES=cpu=N (0: no limit).
	GrpCPUs *int `yaml:"grp_cpus"`
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// slurmSetup is what a replay runs under: the slurm.conf with the
// overrides applied, the priority options, the QoS and the associations
// (read again by every replication: the priority engine charges usage to
// its own tree).
type slurmSetup struct {
	conf          *slurmconf.Config
	fairShare     string
	priority      slurmprio.Options
	qos           []sacctmgr.QOS
	assoc         *sacctmgr.Tree // nil without an assoc file
	schedInterval float64
}

// setup reads the slurm.conf, the QoS and the associations and applies
// the overrides; every error is a field error naming the key (the
// readers' messages name the file and line).
func (p *SlurmParams) setup() (*slurmSetup, error) {
	conf, err := p.readConf()
	if err != nil {
		return nil, err
	}
	s := &slurmSetup{conf: conf, fairShare: slurmprio.Name(conf), priority: slurmprio.OptionsFrom(conf), schedInterval: conf.Sched.SchedInterval}
	if s.qos, err = p.readQOS(); err != nil {
		return nil, err
	}
	if s.assoc, err = p.readAssoc(); err != nil {
		return nil, err
	}
	if err := p.overrideScheduler(s); err != nil {
		return nil, err
	}
	if p.Priority.FairShare != "" {
		if err := model.OneOf("priority.fairshare", p.Priority.FairShare, slurmprio.FairShares.Names()...); err != nil {
			return nil, err
		}
		s.fairShare = p.Priority.FairShare
	}
	p.Priority.apply(&s.priority)
	if err := s.priority.Validate(); err != nil {
		return nil, model.Under("priority", err)
	}
	if err := p.overridePartitions(conf); err != nil {
		return nil, err
	}
	if s.qos, err = p.overrideQOS(s.qos); err != nil {
		return nil, err
	}
	return s, nil
}

// overrideScheduler applies scheduler: and backfill.*.
func (p *SlurmParams) overrideScheduler(s *slurmSetup) error {
	switch p.Scheduler {
	case "backfill":
		s.conf.SchedulerType = "sched/backfill"
	case "builtin":
		s.conf.SchedulerType = "sched/builtin"
	}
	b, sp := p.Backfill, &s.conf.Sched
	setIf(&sp.BfWindow, b.BfWindow)
	setIf(&sp.BfInterval, b.BfInterval)
	setIf(&sp.BfResolution, b.BfResolution)
	setIf(&sp.BfMaxJobTest, b.BfMaxJobTest)
	setIf(&sp.BfMaxJobUser, b.BfMaxJobUser)
	setIf(&sp.DefaultQueueDepth, b.DefaultQueueDepth)
	setIf(&s.schedInterval, b.SchedInterval)
	return model.FirstError(
		model.FloatRange("backfill.bf_window", sp.BfWindow, 1, 1e9),
		model.FloatRange("backfill.bf_interval", sp.BfInterval, 1e-3, 1e9),
		model.FloatRange("backfill.bf_resolution", sp.BfResolution, 1, 1e9),
		model.IntRange("backfill.bf_max_job_test", sp.BfMaxJobTest, 1, math.MaxInt32),
		model.IntRange("backfill.bf_max_job_user", sp.BfMaxJobUser, 0, math.MaxInt32),
		model.IntRange("backfill.default_queue_depth", sp.DefaultQueueDepth, 1, math.MaxInt32),
		model.FloatRange("backfill.sched_interval", s.schedInterval, 1e-3, 1e9),
	)
}

// overridePartitions applies partition.NAME.* to conf's partitions (a
// copy of the slurm.conf's, read for this setup).
func (p *SlurmParams) overridePartitions(conf *slurmconf.Config) error {
	for _, name := range slices.Sorted(maps.Keys(p.Partition)) {
		o := p.Partition[name]
		key := "partition." + name
		part, ok := conf.Partition(name)
		if !ok {
			names := make([]string, len(conf.Partitions))
			for i, q := range conf.Partitions {
				names[i] = q.Name
			}
			return model.Field(key, "no partition %q in %s%s (partitions: %v)", name, p.SlurmConf, suggest.DidYouMean(name, names), names)
		}
		if o.MaxTime != nil {
			if err := model.FloatRange(key+".max_time", *o.MaxTime, 1, 1e9); err != nil {
				return err
			}
			part.MaxTime = *o.MaxTime
			part.DefaultTime = min(part.DefaultTime, part.MaxTime)
		}
		if o.MaxNodes != nil {
			if err := model.IntRange(key+".max_nodes", *o.MaxNodes, 1, slurmconf.MaxNodes); err != nil {
				return err
			}
			part.MaxNodes = float64(*o.MaxNodes)
		}
		if o.PriorityTier != nil {
			if err := model.IntRange(key+".priority_tier", *o.PriorityTier, 0, 65533); err != nil {
				return err
			}
			part.PriorityTier = *o.PriorityTier
		}
		if o.PriorityJobFactor != nil {
			if err := model.IntRange(key+".priority_job_factor", *o.PriorityJobFactor, 0, 65533); err != nil {
				return err
			}
			part.PriorityJobFactor = *o.PriorityJobFactor
		}
	}
	return nil
}

// overrideQOS applies qos.NAME.* to a copy of qos; the QoS normal exists
// without a qos_file.
func (p *SlurmParams) overrideQOS(qos []sacctmgr.QOS) ([]sacctmgr.QOS, error) {
	if len(p.QOS) == 0 {
		return qos, nil
	}
	qos = slices.Clone(qos)
	if len(qos) == 0 {
		qos = []sacctmgr.QOS{{Name: "normal"}}
	}
	for _, name := range slices.Sorted(maps.Keys(p.QOS)) {
		o := p.QOS[name]
		key := "qos." + name
		i := slices.IndexFunc(qos, func(q sacctmgr.QOS) bool { return q.Name == name })
		if i < 0 {
			names := make([]string, len(qos))
			for j, q := range qos {
				names[j] = q.Name
			}
			where := "without a qos_file only normal exists"
			if p.QOSFile != "" {
				where = "not in " + p.QOSFile
			}
			return nil, model.Field(key, "no QoS %q (%s)%s (QoS: %v)", name, where, suggest.DidYouMean(name, names), names)
		}
		if o.MaxJobsPerUser != nil {
			if err := model.IntRange(key+".max_jobs_per_user", *o.MaxJobsPerUser, 0, math.MaxInt32); err != nil {
				return nil, err
			}
			qos[i].MaxJobsPerUser = *o.MaxJobsPerUser
		}
		if o.GrpCPUs != nil {
			if err := model.IntRange(key+".grp_cpus", *o.GrpCPUs, 0, math.MaxInt32); err != nil {
				return nil, err
			}
			qos[i].GrpCPUs = *o.GrpCPUs
		}
	}
	return qos, nil
}

// describe is a one-line account of the setup, for the log.
func (s *slurmSetup) describe() string {
	return fmt.Sprintf("%s, %s, bf_window %g s, bf_interval %g s", s.fairShare, s.conf.SchedulerType, s.conf.Sched.BfWindow, s.conf.Sched.BfInterval)
}
