package scenarios

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// TestWarningsOncePerRun: a warning that every task meets alike (the
// trace's dropped record, the same in 2 points × 3 replications) is
// logged once per run; a RunContext built by hand warns every time.
func TestWarningsOncePerRun(t *testing.T) {
	dir := t.TempDir()
	trace := "; MaxProcs: 8\n" +
		"1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1\n" +
		"2 10 -1 0 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1\n" + // run time 0: dropped
		"3 20 -1 50 8 -1 -1 8 100 -1 1 1 1 -1 1 -1 -1 -1\n"
	if err := os.WriteFile(filepath.Join(dir, "t.swf"), []byte(trace), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := Parse([]byte("name: w\nmodel: cluster\nreplications: 3\nparams: {trace: t.swf}\nsweep:\n  - {key: policy, values: [fcfs, easy]}\n"), "w.yaml", dir)
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if _, err := Run(context.Background(), sc, Options{Log: zerolog.New(&log), Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(log.String(), `"message":"records dropped"`); n != 1 {
		t.Errorf("%d warnings of the dropped record in 6 tasks, want 1:\n%s", n, log.String())
	}
	log.Reset()
	rc := RunContext{Log: zerolog.New(&log)}
	rc.WarnOnce("k").Msg("a")
	rc.WarnOnce("k").Msg("a")
	if n := strings.Count(log.String(), `"message":"a"`); n != 2 {
		t.Errorf("a RunContext without a run warned %d times of 2", n)
	}
}
