package scenarios

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/schedsim/schedsim/internal/suggest"

	"github.com/schedsim/schedsim/internal/input"
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
	return nil, fmt.Errorf("%s: %w%s (see `schedsim list`)", nameOrPath, ErrNotFound, suggest.DidYouMean(nameOrPath, Builtins()))
}

// readCapped reads a scenario file of at most MaxFileBytes; ctx stops the
// reading (the file may be a pipe that never ends, or never opens).
func readCapped(ctx context.Context, path string) ([]byte, error) {
	return input.ReadFile(ctx, path, MaxFileBytes, "scenario file")
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
