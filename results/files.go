package results

import (
	"bufio"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to a temporary file in the target's
// directory and renames it into place, so that a reader never sees a
// half-written file and an interrupted run leaves the old file intact.
// Missing parent directories are created.
func WriteFileAtomic(path string, data []byte) error {
	f, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// AtomicFile is a file written as a stream into a temporary file beside
// its target and renamed into place by Commit: memory stays bounded
// however much is written, and the target appears whole or not at all.
type AtomicFile struct {
	path string
	tmp  *os.File
	w    *bufio.Writer
	done bool // committed or aborted
}

// CreateAtomic starts an atomic write of path, creating its missing parent
// directories. The caller must end it with Commit or Abort.
func CreateAtomic(path string) (*AtomicFile, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, err
	}
	return &AtomicFile{path: path, tmp: tmp, w: bufio.NewWriterSize(tmp, 64<<10)}, nil
}

// Write appends p to the temporary file.
func (f *AtomicFile) Write(p []byte) (int, error) { return f.w.Write(p) }

// Commit flushes and closes the temporary file and renames it to the
// target path. On error the temporary file is removed.
func (f *AtomicFile) Commit() error {
	f.done = true
	err := f.w.Flush()
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.tmp.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.tmp.Name())
	}
	return err
}

// Abort discards the temporary file; the target is left as it was. After
// Commit or Abort it does nothing.
func (f *AtomicFile) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}
