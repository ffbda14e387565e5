package replicate

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// synthetic returns n records one minute apart (user i mod users, run
// time 100 + i s, requested 200 + i s, i mod 8 + 1 processors).
func synthetic(n, users int) []swf.Record {
	recs := make([]swf.Record, n)
	for i := range recs {
		recs[i] = swf.Record{
			Line: i + 1, JobNumber: int64(i + 1), Submit: float64(60 * i), RunTime: float64(100 + i),
			AllocProcs: i%8 + 1, ReqProcs: i%8 + 1, ReqTime: float64(200 + i), User: i % users, Status: 1,
		}
	}
	return recs
}

func source(recs []swf.Record, procs int) *Records {
	return NewRecords("synthetic", swf.Header{MaxProcs: procs}, recs)
}

func drain(t testing.TB, rs swf.RecordSource) []swf.Record {
	t.Helper()
	var out []swf.Record
	for {
		rec, err := rs.Next()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatal(err)
			}
			return out
		}
		out = append(out, rec)
	}
}

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }

// tracePath returns a trace of ../shared/traces ($SCHEDSIM_TRACES), or
// skips the test saying how to get it.
func tracePath(t testing.TB, name string) string {
	t.Helper()
	dir := os.Getenv("SCHEDSIM_TRACES")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "traces")
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		t.Skip(fmt.Sprintf("%s is absent: set SCHEDSIM_TRACES or put it in ../shared/traces", name))
	}
	return p
}
