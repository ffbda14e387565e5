package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios"
	"github.com/schedsim/schedsim/workloads/catalog"
)

// slurmFlags are the flags of `schedsim slurm`.
type slurmFlags struct {
	out, partition, time, mem, account string
	tasks, cpus                        int
	submit                             bool
	binary                             string
	traces                             string
	run                                runFlags
}

// maxArraySize is the largest MaxArraySize slurm.conf may set: a job
// array of more tasks cannot be submitted anywhere.
const maxArraySize = 4000001

// slurmValue is what an #SBATCH value may contain: no spaces, quotes or
// newlines that would break the directive.
var slurmValue = regexp.MustCompile(`^[A-Za-z0-9:._,=+@%-]+$`)

func (f *slurmFlags) validate(fs *flag.FlagSet) error {
	if f.out == "" {
		return usagef("slurm needs --out DIR (on a file system the compute nodes share)")
	}
	if f.tasks < 1 || f.tasks > maxArraySize {
		return usagef("--tasks must be in [1, %d], the largest job array Slurm allows (MaxArraySize) (got %d)", maxArraySize, f.tasks)
	}
	if f.cpus < 1 {
		return usagef("--cpus-per-task must be ≥ 1 (got %d)", f.cpus)
	}
	for name, v := range map[string]string{"partition": f.partition, "time": f.time, "mem": f.mem, "account": f.account} {
		if v != "" && !slurmValue.MatchString(v) {
			return usagef("--%s %q: not a Slurm value (letters, digits and :._,=+@%%- only)", name, v)
		}
	}
	if f.binary != "" {
		if err := scriptPath("schedsim", f.binary); err != nil {
			return err
		}
		// the jobs run this path: it must be an executable here too (the
		// scripts need a file system the nodes share anyway).
		st, err := os.Stat(f.binary)
		switch {
		case err != nil:
			return usagef("--schedsim %q: %v", f.binary, errors.Unwrap(err))
		case !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0:
			return usagef("--schedsim %q: not an executable file", f.binary)
		}
	}
	return f.run.validate(fs)
}

func cmdSlurm(ctx context.Context, args []string, stdout io.Writer) error {
	err := slurmCommand(ctx, args, stdout)
	if errors.As(err, new(usageError)) {
		return commandError{"slurm", err}
	}
	return err
}

func slurmCommand(ctx context.Context, args []string, stdout io.Writer) error {
	fset := newFlagSet("slurm", "schedsim slurm SCENARIO --out DIR --tasks N [--partition P --time T --mem M --cpus-per-task C --account A] [--submit]", stdout)
	var f slurmFlags
	fset.StringVar(&f.out, "out", "", "directory on a shared file system for the scripts, shards, logs and the merged result (required)")
	fset.IntVar(&f.tasks, "tasks", 0, "number of array tasks, each one shard (required)")
	fset.StringVar(&f.partition, "partition", "", "Slurm partition (default: the cluster's)")
	fset.StringVar(&f.time, "time", "", "time limit of each task, e.g. 1:00:00")
	fset.StringVar(&f.mem, "mem", "", "memory of each task, e.g. 4G")
	fset.IntVar(&f.cpus, "cpus-per-task", 1, "CPUs of each task, used as its parallel replications")
	fset.StringVar(&f.account, "account", "", "Slurm account to charge")
	fset.BoolVar(&f.submit, "submit", false, "submit both scripts with sbatch and print the job ids")
	fset.StringVar(&f.binary, "schedsim", "", "path of the schedsim binary the jobs run (default: this one)")
	fset.Func("seed", "override the scenario's seed", f.run.setSeed)
	fset.IntVar(&f.run.replications, "replications", 0, "override the number of replications")
	fset.StringVar(&f.run.engine, "engine", "", "event engine: fast or simgo (default: the scenario's)")
	fset.Func("traces", "directory searched first for traces named by catalogue name; the jobs search it too (give one the nodes share)", func(dir string) error {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return err
		}
		f.traces = abs
		catalog.SetTracesDir(abs)
		return nil
	})
	fset.Var(&f.run.jobs, "per-job", "shards also write the per-job CSV (of replication 0, or of all with --per-job all)")
	positional, err := parseInterleaved(fset, joinPerJobAll(args))
	if err != nil {
		return err
	}
	if len(positional) != 1 {
		return usagef("slurm takes one scenario, got %d", len(positional))
	}
	f.run.format, f.run.progress, f.run.out = "table", "never", f.out
	if err := f.validate(fset.FlagSet); err != nil {
		return err
	}
	sc, err := scenarios.LoadContext(ctx, positional[0])
	if err != nil {
		return loadError(err)
	}
	if err := sc.Apply(f.run.options(zerolog.Nop())); err != nil {
		return usageError{err}
	}
	if f.submit {
		if _, err := exec.LookPath("sbatch"); err != nil {
			return fmt.Errorf("slurm: --submit: sbatch is not on PATH (run on a Slurm login node, or drop --submit and submit the scripts there)")
		}
	}
	dir, err := filepath.Abs(f.out)
	if err != nil {
		return err
	}
	if err := scriptPath("out", dir); err != nil {
		return err
	}
	if err := scriptPath("schedsim", f.binary); err != nil {
		return err
	}
	if err := checkSlurmDir(dir); err != nil {
		return err
	}
	if err := checkShardsOf(sc, filepath.Join(dir, "shards")); err != nil {
		return err
	}
	if err := checkOutDir(dir); err != nil {
		return err
	}
	var note string
	if f.binary, note, err = slurmBinary(f.binary, dir); err != nil {
		return err
	}
	if note != "" {
		fmt.Fprintln(stdout, note)
	}
	submit, merge, err := f.writeScripts(dir, sc)
	if err != nil {
		return err
	}
	if total := sc.Tasks(); f.tasks > total {
		fmt.Fprintf(stdout, "note: the scenario has %d tasks (points × replications): %d of the %d array tasks will have none\n", total, f.tasks-total, f.tasks)
	}
	if !f.submit {
		fmt.Fprintf(stdout, "wrote %s and %s; submit with:\n", submit, merge)
		fmt.Fprintf(stdout, "  jobid=$(sbatch --parsable %s)\n", shellQuote(submit))
		fmt.Fprintf(stdout, "  sbatch --dependency=afterok:${jobid%%%%;*} %s\n", shellQuote(merge))
		fmt.Fprintf(stdout, "the merged result goes to %s\n", filepath.Join(dir, "result"))
		return nil
	}
	arrayID, err := sbatch(ctx, submit)
	if err != nil {
		return err
	}
	mergeID, err := sbatch(ctx, "--dependency=afterok:"+arrayID, merge)
	if err != nil {
		return fmt.Errorf("%w (the array job %s is submitted: cancel it with scancel %s or submit the merge by hand)", err, arrayID, arrayID)
	}
	fmt.Fprintf(stdout, "array job %s (%d tasks), merge job %s; the merged result goes to %s\n", arrayID, f.tasks, mergeID, filepath.Join(dir, "result"))
	return nil
}

// slurmMarker is the second line of both scripts: it marks a directory
// that schedsim slurm wrote.
const slurmMarker = "# Written by schedsim slurm"

// checkSlurmDir refuses a --out whose scenario.yaml or scripts schedsim
// slurm did not write (a user's own files, the scenario given itself):
// they would be replaced. The directory of an earlier schedsim slurm (its
// submit.sbatch carries slurmMarker) is written again.
func checkSlurmDir(dir string) error {
	var found []string
	for _, name := range []string{"scenario.yaml", "submit.sbatch", "merge.sbatch"} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			found = append(found, name)
		}
	}
	if len(found) == 0 {
		return nil
	}
	submit := filepath.Join(dir, "submit.sbatch")
	if st, err := os.Lstat(submit); err == nil && st.Mode().IsRegular() {
		if f, err := os.Open(submit); err == nil {
			head := make([]byte, 256)
			n, _ := io.ReadFull(f, head)
			f.Close()
			if bytes.Contains(head[:n], []byte("\n"+slurmMarker)) {
				return nil
			}
		}
	}
	return usagef("--out %s holds %s that schedsim slurm did not write: they would be replaced; choose a new or empty directory", dir, strings.Join(found, ", "))
}

// checkShardsOf refuses a shards directory that holds a finished shard of
// another run: the new scenario.yaml would replace the one those shards
// ran, and every array task would fail on the cluster (RunShard refuses
// to mix runs). Shards of the same run are kept: resubmitting redoes only
// the missing ones.
func checkShardsOf(sc *scenarios.Scenario, shards string) error {
	paths, _ := filepath.Glob(filepath.Join(shards, "shard-*-of-*.json"))
	if len(paths) == 0 {
		return nil
	}
	hash, _, err := sc.Hash()
	if err != nil {
		return err
	}
	for _, p := range paths {
		m, err := results.ReadShardManifest(p)
		if err == nil && m.ScenarioHash != hash {
			return fmt.Errorf("slurm: %s is shard %d/%d of another run (scenario %s, seed %d, sha256 %.12s; this one is %s, seed %d, sha256 %.12s): use another --out",
				p, m.Shard, m.Shards, m.Scenario, m.Seed, m.ScenarioHash, sc.Name, sc.Seed, hash)
		}
	}
	return nil
}

// writeScripts writes the resolved scenario and the two batch scripts into
// dir and creates the shard and log directories.
func (f *slurmFlags) writeScripts(dir string, sc *scenarios.Scenario) (submit, merge string, err error) {
	resolved, err := sc.Resolved()
	if err != nil {
		return "", "", err
	}
	for _, sub := range []string{"shards", "logs"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return "", "", err
		}
	}
	scenario := filepath.Join(dir, "scenario.yaml")
	if err := results.WriteFileAtomic(scenario, resolved); err != nil {
		return "", "", err
	}
	perJob := ""
	switch {
	case f.run.jobs.all:
		perJob = " --per-job=all"
	case f.run.jobs.on:
		perJob = " --per-job"
	}
	if f.traces != "" {
		perJob += " --traces " + shellQuote(f.traces)
	}
	q := shellQuote
	shards, logs := filepath.Join(dir, "shards"), filepath.Join(dir, "logs")
	var s bytes.Buffer
	f.header(&s, "schedsim-"+sc.Name, filepath.Join(logs, "shard-%a.out"))
	fmt.Fprintf(&s, "#SBATCH --array=0-%d\n#SBATCH --cpus-per-task=%d\n", f.tasks-1, f.cpus)
	fmt.Fprintf(&s, "\n# Each array task runs one shard; a shard already finished is skipped,\n# so resubmitting this script redoes only the shards that failed.\nset -euo pipefail\n")
	fmt.Fprintf(&s, "exec %s run %s --shard \"${SLURM_ARRAY_TASK_ID}/%d\" --out %s --workers \"${SLURM_CPUS_PER_TASK:-%d}\" --progress never%s\n",
		q(f.binary), q(scenario), f.tasks, q(shards), f.cpus, perJob)
	var m bytes.Buffer
	f.header(&m, "schedsim-"+sc.Name+"-merge", filepath.Join(logs, "merge.out"))
	fmt.Fprintf(&m, "#SBATCH --cpus-per-task=1\n\n# Submit with --dependency=afterok:<array job id>.\nset -euo pipefail\n")
	fmt.Fprintf(&m, "exec %s merge %s --out %s\n", q(f.binary), q(shards), q(filepath.Join(dir, "result")))
	submit, merge = filepath.Join(dir, "submit.sbatch"), filepath.Join(dir, "merge.sbatch")
	if err := results.WriteFileAtomic(submit, s.Bytes()); err != nil {
		return "", "", err
	}
	return submit, merge, results.WriteFileAtomic(merge, m.Bytes())
}

// header writes the shebang and the #SBATCH lines both scripts share.
func (f *slurmFlags) header(w io.Writer, name, output string) {
	fmt.Fprintf(w, "#!/bin/bash\n%s; needs %s and this directory on every node.\n", slurmMarker, shellQuote(f.binary))
	fmt.Fprintf(w, "#SBATCH --job-name=%s\n#SBATCH --output=%s\n", slurmName(name), sbatchQuote(filenamePattern(output)))
	for _, kv := range [][2]string{{"partition", f.partition}, {"time", f.time}, {"mem", f.mem}, {"account", f.account}} {
		if kv[1] != "" {
			fmt.Fprintf(w, "#SBATCH --%s=%s\n", kv[0], kv[1])
		}
	}
}

// slurmName makes a job name out of a scenario name.
func slurmName(s string) string { return unsafeName.ReplaceAllString(s, "_") }

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// sbatch submits a script with `sbatch --parsable` and returns the job id.
func sbatch(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "sbatch", append([]string{"--parsable"}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("slurm: sbatch %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(strings.ReplaceAll(errb.String(), "\n", " ")))
	}
	id, _, _ := strings.Cut(strings.TrimSpace(out.String()), ";") // "id;cluster" on federations
	if id == "" {
		return "", fmt.Errorf("slurm: sbatch %s printed no job id", strings.Join(args, " "))
	}
	return id, nil
}

// scriptPath refuses a path that a batch script cannot carry whole: a
// control character (a newline would end the #SBATCH line or the command
// and start another one) or a backslash (in --output it makes Slurm take
// the file name literally, so that every array task writes one log).
// Other characters are quoted (sbatchQuote, shellQuote).
func scriptPath(flag, path string) error {
	for _, r := range path {
		if r < 0x20 || r == 0x7f {
			return usagef("--%s %q: a control character (newline, tab, …) cannot go into a batch script: choose another path", flag, path)
		}
	}
	if strings.ContainsRune(path, '\\') {
		return usagef("--%s %q: a backslash cannot go into a batch script (Slurm reads it as an escape): choose another path", flag, path)
	}
	return nil
}

// filenamePattern escapes the directory part of a --output file name
// pattern: a % in a directory name is literal ("%%"), the file name's own
// %a is Slurm's array index.
func filenamePattern(path string) string {
	dir, file := filepath.Split(path)
	return strings.ReplaceAll(dir, "%", "%%") + file
}

// sbatchQuote quotes an #SBATCH value as sbatch's script parser reads it:
// within double quotes, spaces are kept and a backslash makes the next
// character literal; # is escaped too, for the versions of sbatch that end
// the line at any unescaped #.
func sbatchQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\\', '"', '\'', '#':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
