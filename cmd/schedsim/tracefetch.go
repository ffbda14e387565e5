package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/mattn/go-isatty"

	"github.com/schedsim/schedsim/scenarios"
	"github.com/schedsim/schedsim/workloads/catalog"
)

// registerTraces adds --traces DIR, the directory searched first for a
// trace named by its catalogue name.
func registerTraces(fs *flag.FlagSet) {
	fs.Func("traces", "directory searched first for traces named by catalogue name (then $SCHEDSIM_TRACES, ../shared/traces, the cache)", func(dir string) error {
		catalog.SetTracesDir(dir)
		return nil
	})
}

// missingTraces returns the catalogue traces the built-in scenario name
// replays that no trace directory holds.
func missingTraces(name string) []string {
	var missing []string
	for _, t := range scenarios.BuiltinTraces(name) {
		if _, err := catalog.Find(t, nil); err != nil {
			missing = append(missing, t)
		}
	}
	return missing
}

// traceByName returns the file of the catalogue trace arg names, when arg
// is no file and has no path separator; "" when arg is to be read as a
// file.
func traceByName(arg string) (string, error) {
	if _, err := os.Stat(arg); err == nil || strings.ContainsAny(arg, `/\`) {
		return "", nil
	}
	if _, ok := catalog.Lookup(arg); !ok {
		return "", nil
	}
	path, err := catalog.Find(arg, nil)
	if err != nil {
		return "", errors.New(strings.TrimPrefix(err.Error(), "catalog: "))
	}
	return path, nil
}

// cmdTraceFetch runs `schedsim trace fetch NAME…`: it downloads the
// named traces into the cache, checks them and prints their citation.
func cmdTraceFetch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("trace fetch", "schedsim trace fetch [--traces DIR] NAME … (names: schedsim trace list)", stdout)
	registerTraces(fs.FlagSet)
	progress := fs.String("progress", "auto", "progress line on stderr: auto (only on a terminal, not in CI), always, never")
	names, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return usagef("trace fetch needs at least one trace name (schedsim trace list shows them)")
	}
	var entries []catalog.Entry
	for _, n := range names {
		e, err := catalog.Get(n)
		if err != nil {
			return usageError{errors.New(strings.TrimPrefix(err.Error(), "catalog: "))}
		}
		entries = append(entries, e)
	}
	f := &catalog.Fetcher{}
	switch *progress {
	case "always":
		f.Progress = stderr
	case "auto":
		if file, ok := stderr.(*os.File); ok && isatty.IsTerminal(file.Fd()) && os.Getenv("CI") == "" {
			f.Progress = stderr
		}
	case "never":
	default:
		return usagef("--progress must be auto, always or never (got %q)", *progress)
	}
	for _, e := range entries {
		r, err := f.Fetch(ctx, e)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			return errors.New(strings.TrimPrefix(err.Error(), "catalog: "))
		}
		state := "downloaded"
		if r.Cached {
			state = "already cached"
		}
		fmt.Fprintf(stdout, "%s: %s, checksum ok: %s\n", e.Name, state, r.Path)
		if r.Recorded != "" && !r.Cached {
			fmt.Fprintf(stdout, "%s: no published checksum; recorded SHA-256 %s on first download (trust on first use)\n", e.Name, r.Recorded)
		}
		fmt.Fprint(stdout, e.Citation())
	}
	return nil
}

// cmdTraceList runs `schedsim trace list`: the catalogue, and where each
// trace is found.
func cmdTraceList(args []string, stdout io.Writer) error {
	fs := newFlagSet("trace list", "schedsim trace list [--traces DIR]", stdout)
	registerTraces(fs.FlagSet)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("trace list takes no arguments")
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tFILE\tJOBS\tSIZE\tCHECKSUM\tWHERE")
	for _, e := range catalog.All() {
		jobs := "?"
		if e.Jobs > 0 {
			jobs = fmt.Sprint(e.Jobs)
		}
		size := "?"
		switch {
		case e.Size > 0:
			size = fmt.Sprintf("%.1f MB", float64(e.Size)/1e6)
		case e.ListedSize != "":
			size = e.ListedSize
		}
		sum := "published"
		switch {
		case e.TOFU():
			sum = "on first download (TOFU)"
		case e.From != "":
			sum = "published (excerpt of " + e.From + ")"
		}
		where := e.Locate()
		if where == "" {
			where = "not downloaded: schedsim trace fetch " + e.Name
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", e.Name, e.File, jobs, size, sum, where)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	cache, _ := catalog.CacheDir()
	fmt.Fprintf(stdout, "\nsearched in order: %s\n", strings.Join(catalog.SearchDirs(), ", "))
	fmt.Fprintf(stdout, "cache: %s (set XDG_CACHE_HOME to move it)\n", cache)
	return nil
}
