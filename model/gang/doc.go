// Package gang is the two-level grid model of Dimitriadou and Karatza
// (2010): sites of processors, each processor serving its own FIFO queue;
// local jobs (one task) that arrive at a site; gangs (k tasks that must run
// simultaneously on k distinct processors, with one shared service time)
// that arrive at the grid scheduler (GS), which has a queue of its own.
//
// The package owns the state and its invariants and the event wiring:
// arrivals, departures, a gang's start once every processor it waits for
// is free, and the GS pass that runs whenever a departure leaves a queue
// empty. Every decision goes through the small interfaces of policy.go —
// the GS allocation approach (Allocator), the GS queue discipline
// (GridQueue), the local queue discipline (LocalDiscipline: may a local
// start ahead of a waiting gang) and the local routing (Router) — which
// package policies implements. Policies read the state through a *View.
//
// Vocabulary. A processor's queue holds the jobs waiting at it, not the
// one it runs. A queue is empty when nothing waits in it, whether or not
// its processor is busy. A processor is idle when it runs nothing; it is
// free for a newcomer when it is idle and its queue is empty; busy with an
// empty queue otherwise (View.BusyEmpty). A gang is only ever placed in
// empty queues — any of them, only free processors or only busy ones, as
// its Placement's QueueSet says — so each queue holds at most one gang
// task, always at its head, followed by locals.
package gang
