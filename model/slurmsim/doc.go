// Package slurmsim replays a Slurm job history under a model of Slurm's own
// schedulers: the main scheduler (priority order within partition tiers,
// default_queue_depth, a blocked job blocking its partition) and the backfill
// scheduler (bf_interval, bf_window, bf_resolution, bf_max_job_test,
// bf_max_job_user, reservations), over the partitions and nodes of a
// slurm.conf, with QoS limits and the multifactor priority of
// policies/slurmprio.
//
// What is modelled, and what is not, is in docs/explanation/slurm-scheduler.md.
package slurmsim
