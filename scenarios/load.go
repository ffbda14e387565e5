package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// MaxFileBytes is the largest scenario file Load reads: scenarios are
// small hand-written files, and a cap keeps a wrong argument (a trace, a
// device) from being read into memory.
const MaxFileBytes = 4 << 20

// ErrNotFound is returned by Load when the argument is neither a readable
// file nor the name of a built-in scenario.
var ErrNotFound = errors.New("no such scenario file or built-in scenario")

// Load reads a scenario from a file path or, if no such file exists, from
// the built-in scenario of that name.
func Load(nameOrPath string) (*Scenario, error) {
	return LoadContext(context.Background(), nameOrPath)
}

// LoadContext is Load that stops, with ctx's error, when ctx is done while
// the file is read or the sweep is expanded.
func LoadContext(ctx context.Context, nameOrPath string) (*Scenario, error) {
	data, err := readCapped(ctx, nameOrPath)
	if err == nil {
		return ParseContext(ctx, data, nameOrPath, filepath.Dir(nameOrPath))
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if b, ok := builtinData(nameOrPath); ok {
		return ParseContext(ctx, b, "builtin:"+nameOrPath, ".")
	}
	return nil, fmt.Errorf("%s: %w (see `schedsim list`)", nameOrPath, ErrNotFound)
}

// readCapped reads a scenario file of at most MaxFileBytes, checking ctx
// between reads (the file may be a pipe that never ends).
func readCapped(ctx context.Context, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a scenario file", path)
	} else if err == nil && fi.Mode().IsRegular() && fi.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s: %d bytes is too large for a scenario file (at most %d)", path, fi.Size(), MaxFileBytes)
	}
	var buf bytes.Buffer
	chunk := make([]byte, 64<<10)
	for {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		n, err := f.Read(chunk)
		buf.Write(chunk[:n])
		if buf.Len() > MaxFileBytes {
			return nil, fmt.Errorf("%s: more than %d bytes is too large for a scenario file", path, MaxFileBytes)
		}
		if err == io.EOF {
			return buf.Bytes(), nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
}

// fileError prefixes an error with the file name, turning "line N: …"
// into "file:N: …".
func fileError(file string, err error) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, tail, ok := strings.Cut(rest, ":"); ok {
			return fmt.Errorf("%s:%s:%s", file, num, tail)
		}
	}
	return fmt.Errorf("%s: %s", file, msg)
}
