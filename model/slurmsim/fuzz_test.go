package slurmsim

import (
	"math"
	"testing"

	"github.com/schedsim/schedsim/sim"
)

// FuzzRun replays small histories made of arbitrary bytes (six a job:
// submit gap, partition, CPUs, nodes, limit, run time; some jobs invalid)
// on randomSite with the checker on: a replay ends every job or returns an
// error, never panics or breaks an invariant.
func FuzzRun(f *testing.F) {
	f.Add([]byte{0, 0, 4, 0, 2, 50, 10, 1, 8, 1, 1, 200, 0, 2, 12, 3, 4, 255})
	f.Add([]byte{1, 3, 1, 0, 0, 0, 1, 3, 1, 0, 0, 0, 0, 1, 40, 9, 3, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 6*40 {
			data = data[:6*40]
		}
		parts := []string{"all", "small", "big", "", "nowhere"}
		var jobs []Job
		now := 0.0
		for i := 0; i+6 <= len(data); i += 6 {
			b := data[i : i+6]
			now += float64(b[0]) * 7
			jobs = append(jobs, Job{ID: len(jobs) + 1, Line: len(jobs) + 2, User: string(rune('a' + b[1]%4)),
				Partition: parts[int(b[1])%len(parts)], QOS: []string{"", "high"}[b[2]%2], Submit: now,
				Eligible: now + float64(b[3]%3)*100, CPUs: int(b[2]) % 14, Nodes: int(b[3]) % 5,
				TimeLimit: float64(b[4]) * 60, Runtime: float64(b[5]) * 40, RecordedStart: math.NaN()})
		}
		sched := []string{"sched/backfill", "sched/builtin"}[len(data)%2]
		su := setup{conf: "SchedulerType=" + sched + "\n" + randomSite, jobs: jobs, check: true,
			modify: func(c *Config) { c.QOS = randomQOS }}
		recs, st, err := su.replay(t, sim.Fast)
		if err != nil {
			if st.Jobs > len(jobs) {
				t.Fatalf("%v after %d jobs", err, st.Jobs)
			}
			return
		}
		if len(recs) != len(jobs) || st.Jobs != len(jobs) {
			t.Fatalf("%d jobs, %d records, stats %+v", len(jobs), len(recs), st)
		}
	})
}
