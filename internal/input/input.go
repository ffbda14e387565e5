package input

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// File is a file opened for reading by Open.
type File struct {
	*os.File
	ctx  context.Context
	stop func() bool
}

// Open opens path for reading. A named pipe is opened in the background,
// since its open waits for a writer: Open then returns ctx's error once
// ctx is done. A read from the file returns ctx's error once ctx is done,
// even a read that waits on a pipe. A nil ctx never stops.
func Open(ctx context.Context, path string) (*File, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var f *os.File
	var err error
	if st, serr := os.Stat(path); serr == nil && st.Mode()&fs.ModeNamedPipe != 0 {
		f, err = openPipe(ctx, path)
	} else {
		f, err = os.Open(path)
	}
	if err != nil {
		return nil, err
	}
	// A pipe's reads wait in the runtime's poller: a deadline in the past
	// wakes them. Regular files and devices never wait for long; for them
	// SetReadDeadline fails, harmlessly.
	stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Unix(1, 0)) })
	return &File{File: f, ctx: ctx, stop: stop}, nil
}

// openPipe opens a named pipe in a goroutine and gives up when ctx is
// done; the goroutine then closes the pipe if a writer ever comes.
func openPipe(ctx context.Context, path string) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(path)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// Read reads from the file; once the context is done it returns the
// context's error.
func (f *File) Read(p []byte) (int, error) {
	if err := f.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := f.File.Read(p)
	if err != nil && errors.Is(err, os.ErrDeadlineExceeded) && f.ctx.Err() != nil {
		return n, f.ctx.Err()
	}
	return n, err
}

// Close closes the file.
func (f *File) Close() error {
	f.stop()
	return f.File.Close()
}

// ReadFile reads the whole of path, a text file of at most max bytes; what
// names the kind of file in errors ("platform file"). A longer file or one
// with a NUL byte is an error naming path, and the cap; a directory is an
// error; errors of the open are returned as they are (errors.Is works).
func ReadFile(ctx context.Context, path string, max int64, what string) ([]byte, error) {
	f, err := Open(ctx, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("input: %s: is a directory, not a %s", path, what)
	}
	if st.Mode().IsRegular() && st.Size() > max {
		return nil, tooLarge(path, max, what)
	}
	var buf bytes.Buffer
	chunk := make([]byte, min(max+1, 64<<10))
	for {
		n, err := f.Read(chunk)
		if i := bytes.IndexByte(chunk[:n], 0); i >= 0 {
			return nil, fmt.Errorf("input: %s: a NUL byte at offset %d: binary data, not a %s", path, buf.Len()+i, what)
		}
		buf.Write(chunk[:n])
		if int64(buf.Len()) > max {
			return nil, tooLarge(path, max, what)
		}
		if err == io.EOF {
			return buf.Bytes(), nil
		}
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil, err
			}
			return nil, fmt.Errorf("input: %s: %w", path, err)
		}
	}
}

func tooLarge(path string, max int64, what string) error {
	return fmt.Errorf("input: %s: longer than %s, the cap for a %s", path, Size(max), what)
}

// Size formats a cap in bytes: "1 MiB (1048576 bytes)".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB (%d bytes)", n>>20, n)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB (%d bytes)", n>>10, n)
	}
	return fmt.Sprintf("%d bytes", n)
}
