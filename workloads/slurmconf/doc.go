// Package slurmconf reads the part of a site's slurm.conf that decides the
// order jobs run in: the multifactor priority (PriorityType,
// PriorityWeight*, PriorityDecayHalfLife, PriorityMaxAge,
// PriorityUsageResetPeriod, PriorityFavorSmall, PriorityFlags,
// PriorityCalcPeriod, FairShareDampeningFactor), the scheduler
// (SchedulerType, SchedulerParameters bf_*, default_queue_depth and sched_interval), the
// partitions (PartitionName lines) and the nodes' CPUs (NodeName lines).
//
// Syntax as slurm.conf(5): one Key=Value a line, keys case-insensitive,
// "#" starts a comment, a line ending in "\" continues on the next (joined as they
// are, without the backslash);
// NodeName and PartitionName lines hold several Key=Value pairs, and
// their DEFAULT lines set the defaults of the lines that follow. Times
// are Slurm's: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS, and
// UNLIMITED or INFINITE where a limit may be absent. Node names take
// Slurm's ranges: n[01-16], n[1-4,7], a,b.
//
// Every key that is read but not modelled is listed once in
// Config.Ignored ("ignored: Key (FILE:LINE)"), never dropped silently. A
// value that would change the schedule and that the model does not
// reproduce (PriorityFlags=DEPTH_OBLIVIOUS, SchedulerType=sched/gang, a
// bf_ parameter that is not modelled, a PriorityWeightTRES …) is an error
// unless Options.AllowUnmodelled, which lists it in Ignored instead.
//
// Errors are one line, "FILE:LINE: slurmconf: …". Reads are capped
// (MaxLineLength, MaxNodes); a NUL byte is an error; nothing panics.
package slurmconf
