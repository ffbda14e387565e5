//go:build unix

package scenarios

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/internal/slurmgen"
	"github.com/schedsim/schedsim/sim"
)

// BenchmarkSlurmKind replays the synthetic history of the Slurm model's
// benchmark (internal/slurmgen: 500 users in 50 accounts, Fair Tree and
// backfill) with the slurm kind, end to end from its sacct file, at 50k,
// 100k and 200k jobs. It reports jobs/s, cpu-jobs/s (jobs per second of
// the process's user and system CPU time, garbage collection included:
// less moved than the wall time by other work on a shared machine) and
// peak-live-MB, the largest heap a garbage collection found live during
// the replay (what the kind holds, not what it allocates and drops).
func BenchmarkSlurmKind(b *testing.B) {
	for _, n := range []int{50_000, 100_000, 200_000} {
		b.Run(fmt.Sprintf("jobs=%d", n), func(b *testing.B) { benchSlurmKind(b, n) })
	}
}

func benchSlurmKind(b *testing.B, n int) {
	dir := b.TempDir()
	site := slurmgen.Bench
	for name, write := range map[string]func(*os.File) error{
		"sacct.txt":  func(f *os.File) error { return site.WriteSacct(f, 42, n) },
		"assoc.txt":  func(f *os.File) error { return site.WriteAssoc(f) },
		"slurm.conf": func(f *os.File) error { _, err := f.WriteString(site.Conf); return err },
	} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		if err := write(f); err != nil {
			b.Fatal(err)
		}
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	}
	p := NewSlurmParams()
	p.Sacct, p.SlurmConf, p.Assoc = "sacct.txt", "slurm.conf", "assoc.txt"
	p.SetBaseDir(dir)
	if err := p.Validate(); err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	peak := watchLiveHeap()
	cpu0 := cpuTime(b)
	b.ReportAllocs()
	for b.Loop() {
		m, err := p.Run(RunContext{Engine: sim.NewFast(), Log: zerolog.Nop()})
		if err != nil {
			b.Fatal(err)
		}
		if v, _ := m.Get("jobs"); v != float64(n) {
			b.Fatalf("%v jobs replayed, want %d", v, n)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
	b.ReportMetric(float64(n)*float64(b.N)/(cpuTime(b)-cpu0), "cpu-jobs/s")
	b.ReportMetric(float64(peak())/1e6, "peak-live-MB")
}

// cpuTime returns the user and system CPU seconds of the process so far.
func cpuTime(b *testing.B) float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// watchLiveHeap records the live heap at the end of every garbage
// collection from now on; the function it returns stops recording and
// returns the largest.
func watchLiveHeap() func() uint64 {
	var largest atomic.Uint64
	var stop atomic.Bool
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		// a finalizer runs after the collection that finds its object
		// unreachable (64 bytes: not batched by the tiny allocator)
		runtime.SetFinalizer(new([64]byte), func(*[64]byte) {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > largest.Load() {
				largest.Store(v)
			}
			if !stop.Load() {
				arm()
			}
		})
	}
	arm()
	return func() uint64 {
		stop.Store(true)
		return largest.Load()
	}
}
