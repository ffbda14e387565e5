package swf

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"runtime"
	"testing"
)

const blue = "SDSC-BLUE-2000-4.2-cln.swf.gz"

// drain reads every job of src and returns their number.
func drain(b *testing.B, src *JobSource) int {
	n := 0
	for {
		_, err := src.Next()
		if err == io.EOF {
			return n
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
}

// benchJobs runs open (which returns a fresh Reader) through a default
// JobSource b.N times and reports ns/job and allocs/job.
func benchJobs(b *testing.B, open func() (*Reader, error)) {
	var jobs int
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r, err := open()
		if err != nil {
			b.Fatal(err)
		}
		src, err := NewJobSource(r, JobFilter{})
		if err != nil {
			b.Fatal(err)
		}
		jobs += drain(b, src)
		r.Close()
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(jobs), "ns/job")
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(jobs), "allocs/job")
}

// BenchmarkSDSCBlueGz parses the full SDSC-BLUE trace from its .gz file
// into model.Jobs (gzip decompression included).
func BenchmarkSDSCBlueGz(b *testing.B) {
	path := tracePath(b, blue)
	benchJobs(b, func() (*Reader, error) { return Open(path, ReadOptions{}) })
}

// BenchmarkSDSCBlueParse parses the decompressed SDSC-BLUE trace from
// memory, to separate parsing from decompression.
func BenchmarkSDSCBlueParse(b *testing.B) {
	f, err := os.Open(tracePath(b, blue))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	benchJobs(b, func() (*Reader, error) {
		return NewReader(bytes.NewReader(text), blue, ReadOptions{})
	})
}

// BenchmarkGunzipOnly measures the decompression floor of
// BenchmarkSDSCBlueGz.
func BenchmarkGunzipOnly(b *testing.B) {
	path := tracePath(b, blue)
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		r, err := NewReader(f, path, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, r.lines.br); err != nil {
			b.Fatal(err)
		}
		r.Close()
		f.Close()
	}
}
