package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// executable is os.Executable; tests replace it.
var executable = os.Executable

// transientDirs are the directories whose binaries vanish: the temporary
// directory (go run and go test build there, or in $GOTMPDIR) and Go's
// build cache.
func transientDirs() []string {
	dirs := []string{os.TempDir(), os.Getenv("GOTMPDIR"), os.Getenv("GOCACHE")}
	if c, err := os.UserCacheDir(); err == nil {
		dirs = append(dirs, filepath.Join(c, "go-build"))
	}
	return dirs
}

// isTransient reports whether the binary at path lives in one of
// transientDirs.
func isTransient(path string) bool {
	real := path
	if r, err := filepath.EvalSymlinks(path); err == nil {
		real = r
	}
	for _, d := range transientDirs() {
		if d == "" {
			continue
		}
		if r, err := filepath.EvalSymlinks(d); err == nil {
			d = r
		}
		if rel, err := filepath.Rel(d, real); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	return false
}

// slurmBinary returns the schedsim binary the batch jobs run, given
// --schedsim (explicit: used as given). By default it is the running
// binary; when that one is a temporary build (go run), which is gone by
// the time the jobs start, it is copied into dir next to the scripts, and
// note says so. When the copy fails the command refuses, with the
// go build command to run.
func slurmBinary(explicit, dir string) (path, note string, err error) {
	if explicit != "" {
		path, err = filepath.Abs(explicit)
		return path, "", err
	}
	self, err := executable()
	if err != nil {
		return "", "", err
	}
	if !isTransient(self) {
		path, err = filepath.Abs(self)
		return path, "", err
	}
	dst := filepath.Join(dir, "schedsim")
	if err := copyExecutable(self, dst); err != nil {
		return "", "", fmt.Errorf("slurm: the running schedsim is a temporary build (%s, as with go run) that the jobs could not run, and copying it next to the scripts failed (%v): run `go build -o bin/schedsim ./cmd/schedsim` and pass --schedsim bin/schedsim", self, cause(err))
	}
	return dst, fmt.Sprintf("note: the running schedsim is a temporary build (as with go run): copied it to %s for the jobs", dst), nil
}

// copyExecutable copies the file src to dst, executable, through a
// temporary name so that dst is never a partial binary.
func copyExecutable(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp := dst + ".tmp"
	out, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		os.Remove(tmp)
		return err
	}
	if err := out.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, dst)
}
