// Package slurm imports a site's own Slurm accounting into SWF records, so
// that last month of a cluster can be replayed under any batch policy.
//
// Input is the output of
//
//	TZ=UTC sacct --allusers --parsable2 \
//	    --starttime 2026-10-01 --endtime 2026-11-01 \
//	    --format JobIDRaw,JobID,User,Group,Partition,Submit,Start,End,Elapsed,AllocCPUS,ReqCPUS,Timelimit,State
//
// (Format holds that field list). The header line sacct prints is
// required: columns are found by name, in any order, and columns the
// importer does not know are ignored. Required columns: JobID, Submit,
// Start, End, AllocCPUS, State; the others fill fields when present.
//
// What becomes of each line:
//
//   - A job line becomes one SWF record: submit, wait = Start − Submit,
//     run time = End − Start (Elapsed when a time is missing), allocated
//     CPUs (field 5), requested CPUs (ReqCPUS, field 8), requested time
//     (Timelimit, field 9, -1 for UNLIMITED and Partition_Limit), status
//     (field 11, see below), user, group (fields 12, 13) and partition
//     (field 16). Jobs are renumbered 1, 2, … in submit order (ties by
//     JobIDRaw, then line), as the archive's conversions do.
//   - Step lines (JobID with a dot: 123.batch, 123.extern, 123.0) are
//     folded into their job: they are counted, never records of their own
//     (the job line already has the allocation and the times).
//   - Array tasks (123_4, JobIDRaw is each task's own id) are jobs of
//     their own. The line of tasks that never started (123_[5-10]) is
//     pending and is counted as not finished.
//   - Heterogeneous jobs (200+0, 200+1 …) are folded into one job: CPUs
//     summed, earliest submit and start, latest end; the state of
//     component +0. The simulator has no co-allocation of separate
//     components, so their sum is the size a rigid job would need.
//   - Jobs that never started are kept with wait, run time and allocated
//     CPUs -1 and status 5, as in the archive's logs; replays then drop and
//     count them. Slurm (22.05) records a job cancelled while pending with
//     Start = End = the cancel time, Elapsed 0 and AllocCPUS = its request;
//     so a CANCELLED job with Start Unknown/None, or with End = Start and
//     Elapsed 0, never started. (A job cancelled within its first second
//     of running looks the same; its run time 0 would be dropped anyway.)
//   - Jobs still PENDING, RUNNING, SUSPENDED, REQUEUED, RESIZING or
//     REVOKED have not finished and are counted, not written.
//   - Lines with a wrong field count, an unreadable time, count or
//     unknown state are malformed: counted with their line numbers (see
//     Trace.Problems), never a panic, never dropped silently.
//
// States: COMPLETED → 1 (completed); CANCELLED (also "CANCELLED by 1000")
// → 5; FAILED, TIMEOUT, NODE_FAIL, OUT_OF_MEMORY, BOOT_FAIL, DEADLINE,
// PREEMPTED → 0 (failed).
//
// Users, groups and partitions are numbered 1, 2, … in the order of
// their first job in submit order, so the same accounting gives the same
// numbers whatever the order of sacct's lines. User and group names are
// not written; partition names are (header lines "Partition: N name").
//
// Time zone: sacct prints local times without a zone, in the zone of the
// process that runs it (its TZ). Options.Location says which zone that
// was (UTC by default; run sacct with TZ=UTC and nothing can go wrong).
// Submit times in the SWF are seconds since the first job's submit,
// whose Unix time is the header's UnixStartTime, with TimeZoneString the
// zone's name. Local times cannot say which of the two autumn hours of
// a daylight-saving change they mean: Go's time package reads such a
// time as one of them (the later, standard-time one, as of Go 1.26), so
// a job in that hour may be an hour off; TZ=UTC avoids it.
//
// One reader, Scan, reads the file in one pass and passes each job on in
// submit order (sacct lists jobs by id, and array tasks and requeued jobs
// break submit order); with Options.Priority each job carries the
// columns of Slurm's multifactor priority too (PriorityFormat). Read
// holds every job to sort the whole file and build the SWF header: about
// 200 bytes per job. With Options.Window, Scan holds at most that many
// jobs and fails, naming the line, on a job listed further out of submit
// order (the slurm kind replays a history this way). Either way it keeps
// each JobID (8 bytes and an 8-byte value for a plain or array task ID)
// to fold steps and components and to find duplicates.
package slurm
