package batch

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestMoveLogSince checks moveLog.since against the releases it stands
// for: those of the moves after the job in the previous sweep and of the
// moves of this sweep, over random sweeps of increasing positions.
func TestMoveLogSince(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		var l moveLog
		l.reset()
		var prev, cur []move
		for sweep := range 4 {
			if sweep > 0 {
				l.nextSweep()
				prev, cur = cur, nil
			}
			for i := range 30 {
				if sweep > 0 {
					from, to := l.since(i)
					wf, wt := math.Inf(1), math.Inf(-1)
					for _, m := range prev {
						if m.at > i {
							wf, wt = min(wf, m.from), max(wt, m.to)
						}
					}
					for _, m := range cur {
						wf, wt = min(wf, m.from), max(wt, m.to)
					}
					if from != wf || to != wt {
						t.Fatalf("trial %d sweep %d: since(%d) = [%v, %v), want [%v, %v)", trial, sweep, i, from, to, wf, wt)
					}
				}
				if rng.IntN(5) == 0 {
					from := float64(rng.IntN(100))
					m := move{i, from, from + float64(1+rng.IntN(50))}
					l.add(m.at, m.from, m.to)
					cur = append(cur, m)
				}
			}
		}
	}
}
