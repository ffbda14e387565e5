package slurmsim

import "testing"

// Golden schedules of the backfill scheduler's reservations, worked out by
// hand as in golden_test.go: what Slurm 22.05's backfill.c does with the
// nodes a reservation is planned on.

// (b4) A reservation closes its whole node: Slurm's backfill removes the
// nodes it plans a pending job on from the map for the reservation's time
// (_add_reservation), so a smaller job is not planned on the CPUs the
// reserved job leaves free there, and does not start before it unless it
// ends before the reservation begins.
func TestGoldenReservationClosesNode(t *testing.T) {
	conf := `SchedulerParameters=bf_interval=10,bf_resolution=1,bf_window=60
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	jobs := []Job{
		tjob(1, "u", "batch", 0, 2, 100, 100), // main pass at 0: 0–100, 2 CPUs left
		tjob(2, "u", "batch", 1, 3, 100, 50),  // blocked; backfill at 10 reserves n1 over [100, 200)
		tjob(3, "u", "batch", 2, 1, 150, 150), // [10, 160] would leave 1 CPU beside job 2's 3, but n1 is closed from 100: no start at 10
	}
	// At 100 job 1 ends; the main pass, which sees no reservations,
	// starts 2 (3 CPUs) and then 3 on the CPU left. Counting CPUs
	// instead of nodes, job 3 would have started at 10.
	wantStarts(t, setup{conf: conf, jobs: jobs}, map[int]float64{1: 0, 2: 100, 3: 100})
}

// (b5) A job whose time limit ends the second a reservation begins does
// not start before it: backfill.c tests a job against every reservation
// that begins at or before its end (begin_time <= end_time). One second
// shorter, it ends before and starts at once.
func TestGoldenReservationEndInclusive(t *testing.T) {
	conf := `SchedulerParameters=bf_interval=10,bf_resolution=1,bf_window=60
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	jobs := func(limit float64) []Job {
		return []Job{
			tjob(1, "u", "batch", 0, 2, 100, 100),     // 0–100, 2 CPUs left
			tjob(2, "u", "batch", 1, 4, 100, 50),      // blocked; reserved over [100, 200)
			tjob(3, "u", "batch", 2, 2, limit, limit), // backfill at 10: [10, 10+limit]
		}
	}
	// Limit 90: its end, 100, is the reservation's first second: it waits.
	// At 100 the main pass starts 2 (all 4 CPUs, until 150), then 3 at 150.
	wantStarts(t, setup{conf: conf, jobs: jobs(90)}, map[int]float64{1: 0, 2: 100, 3: 150})
	// Limit 89: it ends at 99, before the reservation: it starts at 10.
	wantStarts(t, setup{conf: conf, jobs: jobs(89)}, map[int]float64{1: 0, 2: 100, 3: 10})
}
