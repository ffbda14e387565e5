package catalog

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strings"
)

// verify checks the file at path against e's checksums and returns the
// checksum to record for a trace checked by trust on first use.
func (f *Fetcher) verify(ctx context.Context, e Entry, path string) (string, error) {
	sum, err := fileSHA256(ctx, path)
	if err != nil {
		return "", fmt.Errorf("catalog: %s: %v", e.Name, err)
	}
	if e.SHA256 != "" && sum == e.SHA256 {
		return "", nil
	}
	if e.SWFSHA256 != "" {
		swf, err := contentSHA256(ctx, path)
		if err == nil && swf == e.SWFSHA256 {
			return "", nil
		}
		if err != nil {
			return "", fmt.Errorf("catalog: %s: the download is not a readable trace (%v); it was removed", e.Name, err)
		}
		return "", fmt.Errorf("catalog: %s: wrong checksum: the SWF text has SHA-256 %s, want %s; the download was removed", e.Name, swf, e.SWFSHA256)
	}
	if e.SHA256 != "" {
		return "", fmt.Errorf("catalog: %s: wrong checksum: SHA-256 %s, want %s; the download was removed", e.Name, sum, e.SHA256)
	}
	final := strings.TrimSuffix(path, ".part")
	if b, err := os.ReadFile(final + ".sha256"); err == nil {
		want, _, _ := strings.Cut(strings.TrimSpace(string(b)), " ")
		if sum != want {
			return "", fmt.Errorf("catalog: %s: wrong checksum: SHA-256 %s, but the first download had %s (%s.sha256); the download was removed", e.Name, sum, want, final)
		}
	}
	return sum, nil
}

// ctxReader stops reading once ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

func fileSHA256(ctx context.Context, path string) (string, error) {
	in, err := os.Open(path)
	if err != nil {
		return "", pathErr(err)
	}
	defer in.Close()
	h := sha256.New()
	if _, err := io.Copy(h, ctxReader{ctx, in}); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// contentSHA256 is the SHA-256 of the file's text, decompressed when it
// is gzipped.
func contentSHA256(ctx context.Context, path string) (string, error) {
	in, err := os.Open(path)
	if err != nil {
		return "", pathErr(err)
	}
	defer in.Close()
	r, err := decompressed(ctx, in)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// decompressed reads in through gzip when it starts with gzip's magic.
func decompressed(ctx context.Context, in io.Reader) (io.Reader, error) {
	br := bufio.NewReader(ctxReader{ctx, in})
	magic, _ := br.Peek(2)
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		return gzip.NewReader(br)
	}
	return br, nil
}
