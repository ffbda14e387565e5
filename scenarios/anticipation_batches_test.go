package scenarios

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/scenarios/slotexp"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// smallDomain is the paper's domain with a short interval and a small
// batch, so that an experiment on it is quick.
func smallDomain() toporkov.DomainConfig {
	cfg := toporkov.DefaultDomainConfig()
	cfg.Nodes, cfg.Interval, cfg.Batch.Count = 12, 300, 8
	return cfg
}

// generated returns the first n batches of a fresh generator.
func generated(t *testing.T, cfg toporkov.DomainConfig, st sim.Streams, n int) []toporkov.Cycle {
	t.Helper()
	g, err := toporkov.NewDomainGenerator(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]toporkov.Cycle, n)
	for i := range out {
		out[i] = g.Next()
	}
	return out
}

// The shared batches are the generator's, one set per (domain, seed,
// replication) that a second point of the replication (the same Shared)
// gets without generating it again;
// above the size bound the generator itself is the source.
func TestAntBatchesAreTheGeneratorsShared(t *testing.T) {
	cfg := smallDomain()
	st := sim.NewStreams(77, 3)
	rc := RunContext{Streams: st, Shared: &Shared{}}
	a, err := antBatches(rc, cfg, 4)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := antBatches(rc, cfg, 4)
	other, _ := antBatches(RunContext{Streams: sim.NewStreams(77, 4), Shared: &Shared{}}, cfg, 4)
	want := generated(t, cfg, st, 4)
	for i := range want {
		ca, cb, co := a.Next(), b.Next(), other.Next()
		if !reflect.DeepEqual(ca, want[i]) {
			t.Fatalf("batch %d differs from the generator's", i)
		}
		if ca.List != cb.List {
			t.Errorf("batch %d: the second point got a set of its own", i)
		}
		if reflect.DeepEqual(co.Jobs, want[i].Jobs) {
			t.Errorf("batch %d: another replication got the same jobs", i)
		}
	}
	if a.Config().Nodes != cfg.Nodes {
		t.Errorf("config %+v", a.Config())
	}
	big, err := antBatches(rc, cfg, maxSharedBatchItems)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := big.(*toporkov.DomainGenerator); !ok {
		t.Errorf("a set above the bound is shared: %T", big)
	}
}

// Sharing is sound only if no experiment writes into the batches: run
// every method and the replication on a shared set, then compare it
// with the generator's batches.
func TestAntExperimentsLeaveTheBatches(t *testing.T) {
	cfg := smallDomain()
	rc := RunContext{Streams: sim.NewStreams(5, 0), Shared: &Shared{}}
	st := rc.Streams
	base := NewAnticipationParams()
	for _, c := range []struct{ experiment, method string }{
		{slotexp.ExperimentReplication, ""},
		{slotexp.ExperimentComparison, slotexp.MethodBF},
		{slotexp.ExperimentComparison, slotexp.MethodCSS},
		{slotexp.ExperimentComparison, slotexp.MethodANT},
	} {
		p := *base
		p.Experiment, p.Batches, p.DomainConfig = c.experiment, 3, cfg
		if c.method != "" {
			p.Method = c.method
		}
		ac := p.config(true)
		g, err := antBatches(rc, cfg, p.Batches)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := slotexp.RunANT(context.Background(), g, ac, nil); err != nil {
			t.Fatalf("%s %s: %v", c.experiment, c.method, err)
		}
		shared, _ := antBatches(rc, cfg, p.Batches)
		want := generated(t, cfg, st, p.Batches)
		for i := range want {
			if got := shared.Next(); !reflect.DeepEqual(got, want[i]) {
				t.Fatalf("%s %s: batch %d changed", c.experiment, c.method, i)
			}
		}
	}
}

// The comparison's points that share a set derive from each batch once
// what they derive alike (the CSS alternatives of css, the ideal
// alternatives of ant and of bf's utilities, the backfilling plan of bf
// and of ant's reference starts: one memo entry per batch for both
// limits), and
// their metrics are those of points that derive everything themselves
// (the generator as the source: no memo).
func TestAntPointsDeriveOnceAlike(t *testing.T) {
	cfg := smallDomain()
	st := sim.NewStreams(11, 2)
	rc := RunContext{Streams: st, Shared: &Shared{}}
	const batches = 3
	for _, method := range []string{slotexp.MethodBF, slotexp.MethodCSS, slotexp.MethodANT} {
		for _, lim := range []float64{10, 100} {
			p := *NewAnticipationParams()
			p.Experiment, p.Method, p.Limit, p.Batches, p.DomainConfig = slotexp.ExperimentComparison, method, lim, batches, cfg
			shared, err := antBatches(rc, cfg, batches)
			if err != nil {
				t.Fatal(err)
			}
			got, err := slotexp.RunANT(context.Background(), shared, p.config(true), nil)
			if err != nil {
				t.Fatal(err)
			}
			own, err := toporkov.NewDomainGenerator(cfg, st)
			if err != nil {
				t.Fatal(err)
			}
			want, err := slotexp.RunANT(context.Background(), own, p.config(true), nil)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s lim %v: shared %v, own %v", method, lim, got, want)
			}
		}
	}
	entries := map[string]int{}
	for key := range rc.Shared.m {
		entries[key[strings.LastIndexByte(key, 0)+1:]]++
	}
	if entries["css alternatives"] != batches || entries[slotexp.MemoIdeal] != batches || entries["backfill"] != batches {
		t.Errorf("memo entries %v, want %d of each", entries, batches)
	}
}

// Beyond maxSharedIdealItems a set keeps no ideal alternatives: every
// call builds them, while the other values are still built once.
func TestLargeSetsBuildTheirIdealAlternatives(t *testing.T) {
	cfg := smallDomain()
	for _, c := range []struct {
		nodes, builds int
	}{{maxSharedIdealItems / 2, 1}, {maxSharedIdealItems/2 + 1, 3}} {
		cfg.Nodes = c.nodes
		r := &replayedBatches{cycles: make([]toporkov.Cycle, 2), cfg: cfg, shared: &Shared{}, key: "set"}
		r.Next()
		builds, others := 0, 0
		for range 3 {
			if _, err := r.Memo(slotexp.MemoIdeal, func() (any, error) { builds++; return builds, nil }); err != nil {
				t.Fatal(err)
			}
			if _, err := r.Memo("other", func() (any, error) { others++; return others, nil }); err != nil {
				t.Fatal(err)
			}
		}
		if builds != c.builds || others != 1 {
			t.Errorf("2 batches of %d nodes: ideal alternatives built %d times (want %d), another value %d (want 1)", c.nodes, builds, c.builds, others)
		}
	}
}
