package scenarios

import (
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/results"
)

func init() {
	Register(Kind{
		Name:      "slurm",
		Summary:   "replay of a Slurm site's sacct history under Slurm's own schedulers (main + backfill, multifactor priority, partitions, QoS), with what-if overrides",
		NewParams: func() Params { return NewSlurmParams() },
		Headline:  []string{"mean_wait", "p90_wait", "mean_bsld", "backfilled_share"},
	})
}

// SlurmParams are the parameters of the slurm kind: a site's accounting
// (sacct), its slurm.conf, its associations and QoS, and what-if
// overrides on top of them. Every override is a key path a sweep can
// vary: priority.weight_fairshare, backfill.bf_window,
// partition.batch.max_time, qos.high.max_jobs_per_user … A replay is
// deterministic: one replication is enough.
type SlurmParams struct {
	// Sacct is the job history: the output of
	// sacct --allusers --parsable2 --format slurm.PriorityFormat. A
	// relative path is resolved against the scenario file's directory;
	// "builtin:slurm-site/sacct.txt" is the shipped capture.
	Sacct string `yaml:"sacct"`
	// SacctTZ is the IANA time zone sacct printed its times in (empty:
	// UTC).
	SacctTZ string `yaml:"sacct_tz"`
	// SlurmConf is the site's slurm.conf (or the excerpt holding its
	// Priority*, Scheduler*, NodeName and PartitionName lines).
	SlurmConf string `yaml:"slurm_conf"`
	// Assoc is the output of sacctmgr show assoc --parsable2 (empty:
	// every user gets 1 share under root).
	Assoc string `yaml:"assoc"`
	// QOSFile is the output of sacctmgr show qos --parsable2 (empty:
	// only the QoS normal, without limits). It is not named qos: qos.NAME
	// are the QoS overrides.
	QOSFile string `yaml:"qos_file"`
	// DefaultAccount receives the jobs whose account is not in the
	// association tree (counted and reported).
	DefaultAccount string `yaml:"default_account"`
	// AllowUnmodelled lists the slurm.conf and QoS values that change
	// the schedule but are not modelled as ignored instead of failing.
	AllowUnmodelled bool `yaml:"allow_unmodelled"`
	// CompareRecorded compares the simulated start times with the
	// recorded ones (results/recorded): the metrics start_error_median …
	// same_order, and recorded.csv and recorded-summary.csv in --out.
	CompareRecorded bool `yaml:"compare_recorded"`
	// Tau is the runtime bound of the bounded slowdown, in seconds.
	Tau float64 `yaml:"tau"`
	// Scheduler overrides SchedulerType: backfill (sched/backfill) or
	// builtin (sched/builtin, the main scheduler only); empty keeps the
	// slurm.conf's.
	Scheduler string `yaml:"scheduler"`
	// Priority overrides the multifactor priority's slurm.conf keys.
	Priority SlurmPriority `yaml:"priority"`
	// Backfill overrides the scheduler's SchedulerParameters.
	Backfill SlurmBackfill `yaml:"backfill"`
	// Partition overrides partitions of the slurm.conf by name:
	// partition.NAME.max_time (seconds), max_nodes, priority_tier,
	// priority_job_factor.
	Partition map[string]SlurmPartition `yaml:"partition,omitempty"`
	// QOS overrides the limits of QoS by name: qos.NAME.max_jobs_per_user,
	// qos.NAME.grp_cpus (0: no limit).
	QOS map[string]SlurmQOS `yaml:"qos,omitempty"`

	baseDir string
}

// NewSlurmParams returns the defaults: no override, jobs of unknown
// accounts to root, τ = 10 s.
func NewSlurmParams() *SlurmParams {
	return &SlurmParams{DefaultAccount: "root", Tau: cluster.DefaultTau}
}

// SetBaseDir sets the directory relative file paths are resolved against.
func (p *SlurmParams) SetBaseDir(dir string) { p.baseDir = dir }

// Validate checks every key: the files exist (slurm.conf, assoc and
// qos_file are read, so that a malformed line or an override naming an
// unknown partition or QoS is an error before any run).
func (p *SlurmParams) Validate() error {
	if err := model.FirstError(
		p.checkInput("sacct", p.Sacct, "a sacct output file", true),
		p.checkInput("slurm_conf", p.SlurmConf, "a slurm.conf", true),
		p.checkInput("assoc", p.Assoc, "sacctmgr show assoc output", false),
		p.checkInput("qos_file", p.QOSFile, "sacctmgr show qos output", false),
		model.FloatRange("tau", p.Tau, 1e-3, 1e9),
		model.OneOf("scheduler", p.Scheduler, "", "backfill", "builtin"),
	); err != nil {
		return err
	}
	if p.DefaultAccount == "" {
		return model.Field("default_account", "is required (the account of jobs whose account is not in the tree)")
	}
	if _, err := p.location(); err != nil {
		return err
	}
	_, err := p.setup()
	return err
}

// slurmMetrics describes the metrics of the slurm kind.
var slurmMetrics = map[string][2]string{
	"jobs":             {"count", "jobs replayed (started and ended)"},
	"records_dropped":  {"count", "sacct jobs not replayed: never started, malformed or unfinished lines"},
	"mean_wait":        {"s", "mean wait (start − submit)"},
	"p90_wait":         {"s", "90th percentile of the wait"},
	"max_wait":         {"s", "longest wait"},
	"mean_bsld":        {"ratio", "mean bounded slowdown max(1, response / max(runtime, τ))"},
	"utilization":      {"fraction", "busy CPU-seconds / (the slurm.conf's CPUs × makespan)"},
	"makespan":         {"s", "last end − first submit"},
	"backfilled_share": {"fraction", "share of the jobs started by the backfill scheduler"},
}

// slurmMetricNames are the metrics of every slurm replay, in order;
// RecordedMetricNames follow them with compare_recorded.
var slurmMetricNames = []string{"jobs", "records_dropped", "mean_wait", "p90_wait", "max_wait", "mean_bsld", "utilization", "makespan", "backfilled_share"}

// Metrics declares the metrics Run returns, in order.
func (p *SlurmParams) Metrics() []results.MetricInfo {
	if !p.CompareRecorded {
		return describe(slurmMetricNames, table(slurmMetrics))
	}
	return append(describe(slurmMetricNames, table(slurmMetrics)), RecordedMetricInfos()...)
}
