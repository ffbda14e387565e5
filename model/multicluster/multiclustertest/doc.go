// Package multiclustertest is the shared test harness of the multicluster
// model's metaschedulers (policies/coalloc and any new family of
// multicluster.Metascheduler), like model/cluster/clustertest: a golden
// Case declares a toy platform, a few jobs and, per policy, every job's
// hand-computed outcome (its parts as "cluster:start:processors", its end,
// or why it was rejected); Run replays it with the checker on, on every
// event engine, and compares. Replay is the one way the tests of a
// metascheduler run jobs on a fresh grid.
package multiclustertest
