//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios"
)

// simulate runs a scenario once with per-job records into a new
// directory and returns it with the report.
func simulate(b *testing.B, sc *scenarios.Scenario) (string, *results.Report) {
	b.Helper()
	dir := b.TempDir()
	opts := scenarios.Options{OutDir: dir, JobsCSV: true, Log: zerolog.Nop()}
	if err := sc.Apply(opts); err != nil {
		b.Fatal(err)
	}
	rep, err := scenarios.Run(context.Background(), sc, opts)
	if err != nil {
		b.Fatal(err)
	}
	return dir, rep
}

// BenchmarkGanttSDSCBlue draws the schedule views (Gantt chart, load,
// ECDFs) of an EASY replay of the whole SDSC-BLUE trace (243 314 records,
// 232 536 jobs) from its jobs.csv, and reports the size of the Gantt chart's
// files. Target: ≤ 5 s and ≤ 5 MB.
func BenchmarkGanttSDSCBlue(b *testing.B) {
	b.Chdir("../..")
	trace := "../shared/traces/SDSC-BLUE-2000-4.2-cln.swf.gz"
	if _, err := os.Stat(trace); err != nil {
		b.Skip("needs ../shared/traces")
	}
	p := scenarios.NewClusterParams()
	p.Trace, p.Policy = trace, "easy"
	p.SetBaseDir(".")
	sc, err := replayScenario(p, []string{"easy"})
	if err != nil {
		b.Fatal(err)
	}
	dir, _ := simulate(b, sc)
	b.ResetTimer()
	cpu := cpuSeconds()
	for b.Loop() {
		if _, err := (results.PlotOptions{}).WriteSchedule(dir, nil, results.OpenWindow); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric((cpuSeconds()-cpu)/float64(b.N), "cpu-s/op")
	var size int64
	for _, ext := range []string{"png", "svg"} {
		st, err := os.Stat(filepath.Join(dir, "plots", "schedule", "gantt."+ext))
		if err != nil {
			b.Fatal(err)
		}
		size += st.Size()
	}
	b.ReportMetric(float64(size)/1e6, "MB-gantt")
}

// BenchmarkReportCoarpSDSCBlue writes everything --out writes after the
// simulation of coarp-sdsc-blue (10 × 5 points, up to 50 749 jobs each)
// with --schedule: the paper's figures, the schedule views and
// report.html. Target: ≤ 3 s.
func BenchmarkReportCoarpSDSCBlue(b *testing.B) {
	b.Chdir("../..")
	if _, err := os.Stat("../shared/traces/SDSC-BLUE-2000-4.2-cln.swf.gz"); err != nil {
		b.Skip("needs ../shared/traces")
	}
	sc, err := scenarios.Load("coarp-sdsc-blue")
	if err != nil {
		b.Fatal(err)
	}
	dir, rep := simulate(b, sc)
	fig := &figureFlags{formats: "png,svg", dpi: 150, schedule: true}
	resolved, err := sc.Resolved()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu := cpuSeconds()
	for b.Loop() {
		if err := writeFigures(dir, sc, rep, fig, string(resolved), nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuSeconds()-cpu)/float64(b.N), "cpu-s/op")
}

// cpuSeconds is the user and system CPU time of the process so far: on a
// loaded machine it says more than the wall time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}
