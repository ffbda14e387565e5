package catalog

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// testLog returns a small gzipped SWF log and the SHA-256 of its text.
func testLog(t *testing.T) ([]byte, string) {
	t.Helper()
	var text strings.Builder
	text.WriteString("; MaxProcs: 8\n")
	for i := 1; i <= 3000; i++ {
		fmt.Fprintf(&text, "%d %d 0 %d 2 -1 -1 2 %d -1 1 1 1 -1 1 -1 -1 -1\n", i, i*10, 5+i%7, 20)
	}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(text.String()))
	w.Close()
	sum := sha256.Sum256([]byte(text.String()))
	return gz.Bytes(), hex.EncodeToString(sum[:])
}

func entryFor(url, swfSum string) Entry {
	return Entry{Name: "TEST-LOG", File: "TEST-LOG-1.swf.gz", URL: url, SWFSHA256: swfSum}
}

// serve serves body with Range support, counting requests and recording
// the last Range header.
func serve(body []byte, requests *atomic.Int32, lastRange *atomic.Value) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		lastRange.Store(r.Header.Get("Range"))
		if r.Header.Get("Accept-Encoding") != "identity" {
			http.Error(w, "the client accepts transformed content", http.StatusBadRequest)
			return
		}
		http.ServeContent(w, r, "log.swf.gz", time.Time{}, bytes.NewReader(body))
	}))
}

// noPart fails when a .part or the final file is left in dir.
func noFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s was left in the cache", n)
		}
	}
}

func oneLine(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("error spans several lines: %q", err)
	}
}

func TestFetchGood(t *testing.T) {
	body, sum := testLog(t)
	var n atomic.Int32
	var rng atomic.Value
	srv := serve(body, &n, &rng)
	defer srv.Close()
	dir := t.TempDir()
	f := &Fetcher{Dir: dir}
	var progress bytes.Buffer
	f.Progress = &progress
	r, err := f.Fetch(context.Background(), entryFor(srv.URL, sum))
	if err != nil {
		t.Fatal(err)
	}
	if r.Cached || r.Path != filepath.Join(dir, "TEST-LOG-1.swf.gz") {
		t.Errorf("result %+v", r)
	}
	got, _ := os.ReadFile(r.Path)
	if !bytes.Equal(got, body) {
		t.Error("cached file differs from the served one")
	}
	noFiles(t, dir, "TEST-LOG-1.swf.gz.part")
	if !strings.Contains(progress.String(), "TEST-LOG:") {
		t.Errorf("no progress line: %q", progress.String())
	}
	// A second fetch checks the cached file and downloads nothing.
	r, err = f.Fetch(context.Background(), entryFor(srv.URL, sum))
	if err != nil || !r.Cached || n.Load() != 1 {
		t.Errorf("second fetch: %+v, %v, %d requests", r, err, n.Load())
	}
}

func TestFetchWrongChecksum(t *testing.T) {
	body, _ := testLog(t)
	var n atomic.Int32
	var rng atomic.Value
	srv := serve(body, &n, &rng)
	defer srv.Close()
	dir := t.TempDir()
	_, err := (&Fetcher{Dir: dir}).Fetch(context.Background(), entryFor(srv.URL, strings.Repeat("0", 64)))
	oneLine(t, err)
	if !strings.Contains(err.Error(), "wrong checksum") || !strings.Contains(err.Error(), "removed") {
		t.Errorf("error %q", err)
	}
	noFiles(t, dir, "TEST-LOG-1.swf.gz", "TEST-LOG-1.swf.gz.part")
}

func TestFetchResumesInterruptedDownload(t *testing.T) {
	body, sum := testLog(t)
	half := len(body) / 2
	var n atomic.Int32
	var ranges []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			// Promise the whole file, send half, drop the connection.
			w.Header().Set("Content-Length", fmt.Sprint(len(body)))
			w.WriteHeader(http.StatusOK)
			w.Write(body[:half])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		}
		ranges = append(ranges, r.Header.Get("Range"))
		http.ServeContent(w, r, "log.swf.gz", time.Time{}, bytes.NewReader(body))
	}))
	defer srv.Close()
	dir := t.TempDir()
	f := &Fetcher{Dir: dir}
	e := entryFor(srv.URL, sum)
	_, err := f.Fetch(context.Background(), e)
	oneLine(t, err)
	if !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), "resume") {
		t.Errorf("error %q", err)
	}
	st, err2 := os.Stat(filepath.Join(dir, "TEST-LOG-1.swf.gz.part"))
	if err2 != nil || st.Size() != int64(half) {
		t.Fatalf(".part after the interruption: %v, %v", st, err2)
	}
	noFiles(t, dir, "TEST-LOG-1.swf.gz")
	r, err := f.Fetch(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(ranges) != 1 || ranges[0] != fmt.Sprintf("bytes=%d-", half) {
		t.Errorf("resume requests: %q", ranges)
	}
	got, _ := os.ReadFile(r.Path)
	if !bytes.Equal(got, body) {
		t.Error("resumed file differs from the served one")
	}
	noFiles(t, dir, "TEST-LOG-1.swf.gz.part")
}

func TestFetchServerError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	dir := t.TempDir()
	_, err := (&Fetcher{Dir: dir}).Fetch(context.Background(), entryFor(srv.URL, strings.Repeat("0", 64)))
	oneLine(t, err)
	if !strings.Contains(err.Error(), "503") {
		t.Errorf("error %q", err)
	}
	noFiles(t, dir, "TEST-LOG-1.swf.gz", "TEST-LOG-1.swf.gz.part")
}

func TestFetchCancelKeepsOnlyPart(t *testing.T) {
	body, sum := testLog(t)
	sent := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		w.WriteHeader(http.StatusOK)
		w.Write(body[:1000])
		w.(http.Flusher).Flush()
		close(sent)
		<-r.Context().Done() // a server that stalls
	}))
	defer srv.Close()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := (&Fetcher{Dir: dir}).Fetch(ctx, entryFor(srv.URL, sum))
		done <- err
	}()
	<-sent
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	cancel()
	var err error
	select {
	case err = <-done:
	case <-time.After(time.Second):
		t.Fatal("Fetch did not stop within a second of the cancel")
	}
	t.Logf("stopped %v after the cancel", time.Since(start))
	oneLine(t, err)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %q is not context.Canceled", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "TEST-LOG-1.swf.gz.part")); err != nil {
		t.Errorf("no .part to resume: %v", err)
	}
	noFiles(t, dir, "TEST-LOG-1.swf.gz")
}

func TestFetchCacheNotWritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, nil, 0o644)
	_, err := (&Fetcher{Dir: filepath.Join(file, "traces")}).Fetch(context.Background(), entryFor("http://127.0.0.1:1/", ""))
	oneLine(t, err)
	if !strings.Contains(err.Error(), "not writable") || !strings.Contains(err.Error(), "XDG_CACHE_HOME") {
		t.Errorf("error %q", err)
	}
}

func TestFetchPartialWithWrongChecksum(t *testing.T) {
	body, sum := testLog(t)
	var n atomic.Int32
	var rng atomic.Value
	srv := serve(body, &n, &rng)
	defer srv.Close()
	dir := t.TempDir()
	part := filepath.Join(dir, "TEST-LOG-1.swf.gz.part")
	// A .part whose first bytes are not the served file's.
	os.WriteFile(part, bytes.Repeat([]byte{'x'}, 100), 0o644)
	_, err := (&Fetcher{Dir: dir}).Fetch(context.Background(), entryFor(srv.URL, sum))
	oneLine(t, err)
	if rng.Load() != "bytes=100-" {
		t.Errorf("the .part was not resumed: Range %q", rng.Load())
	}
	if !strings.Contains(err.Error(), "removed") {
		t.Errorf("error %q", err)
	}
	noFiles(t, dir, "TEST-LOG-1.swf.gz", "TEST-LOG-1.swf.gz.part")
	// The next fetch starts afresh and succeeds.
	if _, err := (&Fetcher{Dir: dir}).Fetch(context.Background(), entryFor(srv.URL, sum)); err != nil {
		t.Fatal(err)
	}
}

func TestFetchTrustOnFirstUse(t *testing.T) {
	body, _ := testLog(t)
	var n atomic.Int32
	var rng atomic.Value
	srv := serve(body, &n, &rng)
	dir := t.TempDir()
	e := entryFor(srv.URL, "")
	r, err := (&Fetcher{Dir: dir}).Fetch(context.Background(), e)
	srv.Close()
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(body)
	if r.Recorded != hex.EncodeToString(sum[:]) {
		t.Errorf("recorded %q", r.Recorded)
	}
	rec, _ := os.ReadFile(r.Path + ".sha256")
	if !strings.HasPrefix(string(rec), r.Recorded+"  TEST-LOG-1.swf.gz") {
		t.Errorf("record %q", rec)
	}
	// The log changes upstream: a new download no longer matches.
	os.Remove(r.Path)
	srv = serve(append([]byte{}, body[:len(body)-1]...), &n, &rng)
	defer srv.Close()
	_, err = (&Fetcher{Dir: dir}).Fetch(context.Background(), entryFor(srv.URL, ""))
	oneLine(t, err)
	if !strings.Contains(err.Error(), "first download") {
		t.Errorf("error %q", err)
	}
	noFiles(t, dir, "TEST-LOG-1.swf.gz", "TEST-LOG-1.swf.gz.part")
}

func TestFetchExcerpt(t *testing.T) {
	body, sum := testLog(t)
	var n atomic.Int32
	var rng atomic.Value
	srv := serve(body, &n, &rng)
	defer srv.Close()
	src := entryFor(srv.URL, sum)
	want := "; MaxProcs: 8\n1 10 0 6 2 -1 -1 2 20 -1 1 1 1 -1 1 -1 -1 -1\n"
	ws := sha256.Sum256([]byte(want))
	ex := Entry{Name: "TEST-LOG-first1", File: "TEST-LOG-1.first1.swf", From: "TEST-LOG", Lines: 2, SHA256: hex.EncodeToString(ws[:])}
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	f := &Fetcher{Dir: dir, Lookup: func(string) (Entry, error) { return src, nil }}
	r, err := f.Fetch(context.Background(), ex)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(r.Path)
	if string(got) != want {
		t.Errorf("excerpt %q", got)
	}
}
