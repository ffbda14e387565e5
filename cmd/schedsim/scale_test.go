package main

import (
	"compress/gzip"
	"fmt"
	"github.com/schedsim/schedsim/internal/testtrace"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/schedsim/schedsim/workloads/swf"
)

// scaleSource is the real trace whose distributions the synthetic scale
// traces are drawn from (utilization 0.70 on 100 processors).
const scaleSource = "KTH-SP2-1996-2.1-cln.swf.gz"

// synthTrace writes a synthetic SWF trace of n jobs to path (.swf.gz),
// drawn from the distributions of a real trace: each job's interarrival
// time is an interarrival of the real trace and its (processors, run
// time, requested time) those of a real job, both drawn uniformly and
// independently with a fixed seed, so that the offered load is the real
// trace's.
func synthTrace(tb testing.TB, source, path string, n int) {
	tb.Helper()
	r, err := swf.Open(testtrace.Path(tb, source), swf.ReadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	defer r.Close()
	type shape struct {
		procs         int
		run, estimate float64
	}
	var gaps []float64
	var jobs []shape
	last := -1.0
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		if rec.RunTime <= 0 || rec.AllocProcs <= 0 {
			continue
		}
		if last >= 0 {
			gaps = append(gaps, rec.Submit-last)
		}
		last = rec.Submit
		jobs = append(jobs, shape{rec.AllocProcs, rec.RunTime, rec.ReqTime})
	}
	src := r.Header()
	f, err := os.Create(path + ".tmp")
	if err != nil {
		tb.Fatal(err)
	}
	defer os.Remove(path + ".tmp")
	zw, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
	w := swf.NewWriter(zw, swf.Header{
		Version:  "2.2",
		Computer: fmt.Sprintf("synthetic, %d jobs drawn from %s", n, filepath.Base(source)),
		MaxJobs:  int64(n), MaxRecords: int64(n), MaxNodes: src.MaxNodes, MaxProcs: src.MaxProcs,
	})
	rng := rand.New(rand.NewPCG(uint64(n), 2026))
	submit := 0.0
	for i := range n {
		j := jobs[rng.IntN(len(jobs))]
		if i > 0 {
			submit += gaps[rng.IntN(len(gaps))]
		}
		rec := swf.Record{JobNumber: int64(i + 1), Submit: submit, Wait: -1, RunTime: j.run, AllocProcs: j.procs,
			AvgCPU: -1, UsedMemory: -1, ReqProcs: j.procs, ReqTime: j.estimate, ReqMemory: -1, Status: 1,
			User: -1, Group: -1, App: -1, Queue: -1, Partition: -1, PrecedingJob: -1, ThinkTime: -1}
		if err := w.Write(rec); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		tb.Fatal(err)
	}
}

// TestSynthTrace checks the generator on a small trace: the jobs read
// back, in submit order, with the source's processor count.
func TestSynthTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.swf.gz")
	synthTrace(t, scaleSource, path, 2000)
	info, err := swf.InfoFile(path, swf.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if info.Jobs != 2000 || info.MaxProcs != 100 || info.OfferedLoad < 0.4 || info.OfferedLoad > 1.0 {
		t.Fatalf("synthetic trace: %+v", info)
	}
}

// BenchmarkReplayScale replays synthetic traces of 1 and 10 million jobs
// (drawn from KTH-SP2, generated once into the temporary directory) with
// EASY in a child process (the binary TestMain builds), and reports the wall time per job and the
// child's peak RSS. Memory must not grow with the number of jobs: the
// 10-million-job peak must stay within 2× of the 1-million-job one.
// Run with: go test -run '^$' -bench ReplayScale -benchtime 1x ./cmd/schedsim
func BenchmarkReplayScale(b *testing.B) {
	peaks := map[int]float64{}
	for _, n := range []int{1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("jobs=%dM", n/1_000_000), func(b *testing.B) {
			path := filepath.Join(os.TempDir(), fmt.Sprintf("schedsim-scale-kth-%d.swf.gz", n))
			if _, err := os.Stat(path); err != nil {
				synthTrace(b, scaleSource, path, n)
			}
			var peak int64
			b.ResetTimer()
			start := time.Now()
			for range b.N {
				cmd := exec.Command(binary, "replay", "--trace", path, "--policy", "easy")
				cmd.Stderr = os.Stderr
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				peak = max(peak, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
			}
			wall := time.Since(start).Seconds() / float64(b.N)
			peaks[n] = float64(peak) / 1024
			b.ReportMetric(wall, "s/replay")
			b.ReportMetric(wall/float64(n)*1e9, "ns/job")
			b.ReportMetric(peaks[n], "peak-RSS-MiB")
		})
	}
	if small, big := peaks[1_000_000], peaks[10_000_000]; small > 0 && big > 2*small {
		b.Errorf("peak RSS grows with the jobs: %.0f MiB for 10M jobs, %.0f MiB for 1M", big, small)
	}
}
