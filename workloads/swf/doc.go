// Package swf reads and writes workloads in the Standard Workload Format
// (SWF) of the Parallel Workloads Archive, and turns SWF traces into
// model.Job streams for the simulator.
//
// The package owns four things:
//
//   - Reader: a streaming parser for .swf and .swf.gz files (gzip is
//     detected by its magic bytes). It reads the header comment block
//     eagerly, so Header is available before the first record, and then
//     yields one Record (all 18 standard fields plus the line number) per
//     job line without ever holding the whole trace in memory. In Strict
//     mode the first malformed line is an error naming the file and line;
//     in Lenient mode malformed lines are skipped and counted by reason
//     (see Report).
//   - JobSource: a model.JobSource over a Reader that applies the usual
//     trace transforms (drop unusable records, time window, first N jobs,
//     status filter, load scaling, submit-time rebasing, runtime estimate
//     model). Every record it reads is either yielded or counted under a
//     reason; nothing is dropped silently.
//   - Writer: writes a Header and Records (or model.Jobs) back as SWF in the
//     column layout of the archive, so synthetic workloads can be replayed
//     by other simulators.
//   - Info: trace statistics (span, processors, offered load, estimate
//     accuracy, status counts, record quality) behind `schedsim trace info`.
//
// SWF field numbers used in documentation are the 1-based numbers of the
// SWF definition: 1 job number, 2 submit time, 3 wait time, 4 run time,
// 5 allocated processors, 6 average CPU time, 7 used memory, 8 requested
// processors, 9 requested time, 10 requested memory, 11 status, 12 user,
// 13 group, 14 executable (application), 15 queue, 16 partition,
// 17 preceding job, 18 think time. The value -1 means "unknown" in every
// field; the reader keeps it as -1.
//
// Work that uses traces of the Parallel Workloads Archive should cite it
// (see Citation) and thank the people named in each trace's Acknowledge
// header lines.
package swf

// Citation is the reference the Parallel Workloads Archive asks users of
// its logs to cite.
const Citation = `D. G. Feitelson, D. Tsafrir, D. Krakov, "Experience with using the Parallel Workloads Archive", J. Parallel & Distributed Computing 74(10), 2014.`
