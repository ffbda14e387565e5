package catalog

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// Fetcher downloads catalogued traces into a cache directory.
type Fetcher struct {
	// Client makes the requests; nil: http.DefaultClient.
	Client *http.Client
	// Dir is the cache directory; "": CacheDir().
	Dir string
	// Progress, when not nil, gets a progress line rewritten in place
	// (a terminal's stderr).
	Progress io.Writer
	// Lookup resolves the source of an excerpt (Entry.From); nil: Get.
	Lookup func(name string) (Entry, error)
}

// Result says what Fetch did.
type Result struct {
	// Path is the trace in the cache.
	Path string
	// Cached is true when the trace was already there and checked.
	Cached bool
	// Recorded is the checksum recorded on first download of a trace
	// without a published one (trust on first use), else "".
	Recorded string
}

// Fetch makes the trace e present and checked in the cache: it resumes a
// .part file left by an interrupted download, checks the checksum, and
// only then renames the file to its final name. A wrong checksum removes
// the download. When ctx is cancelled it returns promptly, keeping the
// .part file for the next call to resume.
func (f *Fetcher) Fetch(ctx context.Context, e Entry) (Result, error) {
	dir := f.Dir
	if dir == "" {
		d, err := CacheDir()
		if err != nil {
			return Result{}, err
		}
		dir = d
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Result{}, fmt.Errorf("catalog: cache directory %s is not writable (%v): set XDG_CACHE_HOME to another directory", dir, pathErr(err))
	}
	final := filepath.Join(dir, e.downloadName())
	if _, err := os.Stat(final); err == nil {
		rec, err := f.verify(ctx, e, final)
		if err == nil {
			return Result{Path: final, Cached: true, Recorded: rec}, nil
		}
		if ctx.Err() != nil {
			return Result{}, ctx.Err()
		}
		// A damaged cached copy: download it again.
		if err := os.Remove(final); err != nil {
			return Result{}, fmt.Errorf("catalog: %s: %v", e.Name, pathErr(err))
		}
	}
	part := final + ".part"
	pf, err := os.OpenFile(part, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return Result{}, fmt.Errorf("catalog: cache directory %s is not writable (%v): set XDG_CACHE_HOME to another directory", dir, pathErr(err))
	}
	if e.From != "" {
		err = f.excerpt(ctx, e, pf)
	} else {
		err = f.download(ctx, e, pf)
	}
	if cerr := pf.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("catalog: %s: %v", e.Name, cerr)
	}
	if err != nil {
		if ctx.Err() != nil {
			return Result{}, fmt.Errorf("catalog: %s: interrupted; %s is kept, run the same command again to resume: %w", e.Name, part, ctx.Err())
		}
		if st, serr := os.Stat(part); serr == nil && st.Size() == 0 {
			os.Remove(part)
		}
		return Result{}, err
	}
	rec, err := f.verify(ctx, e, part)
	if err != nil {
		if ctx.Err() != nil {
			return Result{}, ctx.Err()
		}
		os.Remove(part)
		return Result{}, err
	}
	if err := os.Rename(part, final); err != nil {
		return Result{}, fmt.Errorf("catalog: %s: %v", e.Name, pathErr(err))
	}
	if rec != "" {
		if err := os.WriteFile(final+".sha256", []byte(rec+"  "+filepath.Base(final)+"\n"), 0o644); err != nil {
			return Result{}, fmt.Errorf("catalog: %s: recording the checksum: %v", e.Name, pathErr(err))
		}
	}
	return Result{Path: final, Recorded: rec}, nil
}

// pathErr drops the path an *os.PathError repeats from the message.
func pathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// download appends the rest of e's file to pf, from where pf ends.
func (f *Fetcher) download(ctx context.Context, e Entry, pf *os.File) error {
	if e.URL == "" {
		return fmt.Errorf("catalog: %s has no download URL", e.Name)
	}
	off, err := pf.Seek(0, io.SeekEnd)
	if err != nil {
		return fmt.Errorf("catalog: %s: %v", e.Name, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.URL, nil)
	if err != nil {
		return fmt.Errorf("catalog: %s: %v", e.Name, err)
	}
	if off > 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", off))
	}
	// The bytes as stored: no transparent decompression of a .gz that a
	// server labels Content-Encoding: gzip, so offsets and checksums are
	// those of the file.
	req.Header.Set("Accept-Encoding", "identity")
	client := f.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("catalog: %s: %v", e.Name, err)
	}
	defer resp.Body.Close()
	total := resp.ContentLength
	switch {
	case resp.StatusCode == http.StatusPartialContent && off > 0 && strings.HasPrefix(resp.Header.Get("Content-Range"), fmt.Sprintf("bytes %d-", off)):
		if total >= 0 {
			total += off
		}
	case resp.StatusCode == http.StatusOK:
		// The whole file (the server ignored the range): start again.
		if err := pf.Truncate(0); err != nil {
			return fmt.Errorf("catalog: %s: %v", e.Name, err)
		}
		if _, err := pf.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("catalog: %s: %v", e.Name, err)
		}
		off = 0
	case resp.StatusCode == http.StatusRequestedRangeNotSatisfiable && off > 0:
		return nil // the .part is already whole: the checksum decides
	default:
		return fmt.Errorf("catalog: %s: %s answered %s", e.Name, e.URL, resp.Status)
	}
	w := io.Writer(pf)
	var p *progress
	if f.Progress != nil {
		p = &progress{w: f.Progress, name: e.Name, done: off, total: total}
		w = io.MultiWriter(pf, p)
		defer p.finish()
	}
	n, err := io.Copy(w, resp.Body)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("catalog: %s: download interrupted after %d bytes (%v): run the same command again to resume", e.Name, off+n, err)
	}
	return nil
}

// excerpt writes the first e.Lines lines of the decompressed log e.From
// (fetched first when it is nowhere) to pf.
func (f *Fetcher) excerpt(ctx context.Context, e Entry, pf *os.File) error {
	lookup := f.Lookup
	if lookup == nil {
		lookup = Get
	}
	src, err := lookup(e.From)
	if err != nil {
		return err
	}
	path, ok := src.locate(append(SearchDirs(), f.Dir))
	if !ok {
		r, err := f.Fetch(ctx, src)
		if err != nil {
			return err
		}
		path = r.Path
	}
	in, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("catalog: %s: %v", e.Name, err)
	}
	defer in.Close()
	r, err := decompressed(ctx, in)
	if err != nil {
		return fmt.Errorf("catalog: %s: %s: %v", e.Name, path, err)
	}
	if err := pf.Truncate(0); err != nil {
		return fmt.Errorf("catalog: %s: %v", e.Name, err)
	}
	br := bufio.NewReader(r)
	bw := bufio.NewWriter(pf)
	for i := 0; i < e.Lines; i++ {
		line, err := br.ReadString('\n')
		bw.WriteString(line)
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("catalog: %s: %s: %v", e.Name, path, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("catalog: %s: %v", e.Name, err)
	}
	return nil
}
