package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/schedsim/schedsim/internal/testtrace"
	"github.com/schedsim/schedsim/scenarios"
)

// repoRoot is the repository's top directory, seen from this package.
const repoRoot = "../.."

// docFiles returns README.md and every Markdown file below docs/, relative
// to the repository root, README first and the rest sorted.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(repoRoot, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(repoRoot, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files[1:])
	return files
}

// docCommand is one command line of a ```sh block.
type docCommand struct {
	line int
	// text is the line as the shell runs it, with `go run ./cmd/schedsim`
	// and `make run` written as the schedsim command they run.
	text string
	// args are the schedsim arguments of a plain schedsim command (no
	// shell syntax), nil for anything else.
	args []string
	// notRun is the reason its block gives for not running it, or "".
	notRun string
}

// notRunMarker marks the next ```sh block as one the tests do not run,
// with the reason: <!-- not run: needs the network -->.
var notRunMarker = regexp.MustCompile(`<!-- not run: ([^>]+) -->`)

// printsMarker names the command whose output the next plain block shows:
// "`schedsim run mmc-validation` prints".
var printsMarker = regexp.MustCompile("`schedsim ([^`]+)` prints")

// shellSyntax is any character that makes a line more than one plain
// command with literal arguments.
const shellSyntax = "|;&$<>`()'\"*?\\={}"

// docCommands returns the command lines of a Markdown file's ```sh blocks
// and the lines its plain blocks show as a command's output, by command.
func docCommands(doc string) (cmds []docCommand, shown map[string][]string) {
	shown = map[string][]string{}
	lines := strings.Split(doc, "\n")
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(fence, "```") {
			continue
		}
		lang := strings.TrimPrefix(fence, "```")
		var prints, notRun string
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			if m := printsMarker.FindStringSubmatch(lines[k]); m != nil && prints == "" {
				prints = m[1]
			}
			if m := notRunMarker.FindStringSubmatch(lines[k]); m != nil && notRun == "" {
				notRun = m[1]
			}
		}
		j := i + 1
		for ; j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```"); j++ {
			switch {
			case lang == "sh":
				first := j
				l := lines[j]
				for strings.HasSuffix(l, "\\") && j+1 < len(lines) {
					j++
					l = strings.TrimSuffix(l, "\\") + " " + strings.TrimSpace(lines[j])
				}
				if c, ok := parseDocLine(l); ok {
					c.line, c.notRun = first+1, notRun
					cmds = append(cmds, c)
				}
			case (lang == "" || lang == "text") && prints != "" && strings.TrimSpace(lines[j]) != "":
				shown[prints] = append(shown[prints], lines[j])
			}
		}
		i = j
	}
	return cmds, shown
}

// parseDocLine turns one line of a ```sh block into a command; comments
// and blank lines are none.
func parseDocLine(l string) (docCommand, bool) {
	if k := strings.Index(l, " #"); k >= 0 {
		l = l[:k]
	}
	l = strings.TrimSpace(l)
	if l == "" || strings.HasPrefix(l, "#") {
		return docCommand{}, false
	}
	for _, prefix := range []string{"go run ./cmd/schedsim", "bin/schedsim", "./bin/schedsim"} {
		if rest, ok := strings.CutPrefix(l, prefix); ok && (rest == "" || rest[0] == ' ') {
			l = "schedsim" + rest
		}
	}
	if l == "make run" {
		l = "schedsim run"
	}
	c := docCommand{text: l}
	if f := strings.Fields(l); f[0] == "schedsim" && !strings.ContainsAny(l, shellSyntax) {
		c.args = f[1:]
	}
	return c, true
}

// mirror builds a directory that looks like a fresh clone: links to the
// repository's top-level entries (not bin/ or out/), and ../shared beside
// it when the repository has one. It returns the clone's path.
func mirror(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	clone := filepath.Join(root, "schedsim")
	if err := os.Mkdir(clone, 0o755); err != nil {
		t.Fatal(err)
	}
	repo, _ := filepath.Abs(repoRoot)
	entries, err := os.ReadDir(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		switch e.Name() {
		case ".git", "bin", "out":
			continue
		}
		if err := os.Symlink(filepath.Join(repo, e.Name()), filepath.Join(clone, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	if shared := filepath.Join(repo, "..", "shared"); exists(shared) {
		if err := os.Symlink(shared, filepath.Join(root, "shared")); err != nil {
			t.Fatal(err)
		}
	}
	return clone
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// missingTrace reports whether a command failed only because a trace of
// ../shared/traces is not there (a plain clone): its line names
// ../shared/ or its error asks for the trace.
func missingTrace(clone, line, stderr string) bool {
	if exists(filepath.Join(clone, "..", "shared", "traces")) {
		return false
	}
	return strings.Contains(line, "../shared/") || strings.Contains(stderr, "shared/traces") || strings.Contains(stderr, "trace fetch")
}

// Every command of every ```sh block of README.md and docs/ runs as
// written from the top of a fresh clone, and every output a page shows
// for a command is what it prints. Plain schedsim commands run the test
// binary; other lines run in bash with that binary first on PATH as
// `schedsim`. A block after `<!-- not run: REASON -->` is listed, not
// run. Without ../shared, a command that needs one of its traces is
// skipped with a line saying how to get it. To keep the test short, a run
// of more than 4 replications in all whose output no page shows gets
// --replications 1: that still checks that its scenario, files and flags
// exist and work.
func TestDocCommandsRun(t *testing.T) {
	total := 0
	for _, file := range docFiles(t) {
		doc, err := os.ReadFile(filepath.Join(repoRoot, file))
		if err != nil {
			t.Fatal(err)
		}
		cmds, shown := docCommands(string(doc))
		total += len(cmds)
		if len(cmds) == 0 && len(shown) == 0 {
			continue
		}
		t.Run(file, func(t *testing.T) {
			t.Parallel() // each page runs in its own copy of the clone
			runDocCommands(t, file, cmds, shown)
		})
	}
	if total < 20 {
		t.Fatalf("found only %d commands in README.md and docs/", total)
	}
}

func runDocCommands(t *testing.T, file string, cmds []docCommand, shown map[string][]string) {
	clone := mirror(t)
	outputs := map[string]string{}
	// traceSkipped is where a command was skipped for a missing trace: a
	// later command of the page may read what it would have written (its
	// --out), so a later failure is excused, and said, after one.
	traceSkipped := ""
	for _, c := range cmds {
		where := file + ":" + strconv.Itoa(c.line)
		if c.notRun != "" {
			t.Logf("%s: not run (%s): %s", where, c.notRun, c.text)
			continue
		}
		args := c.args
		if args != nil {
			args = reduced(clone, args, shown)
		}
		start := time.Now()
		stdout, stderr, err := runDocCommand(clone, c.text, args)
		t.Logf("%s: %s (%.1f s)", where, c.text, time.Since(start).Seconds())
		if err != nil {
			if missingTrace(clone, c.text, stderr) {
				t.Logf("%s: skipped (plain clone): %s", where, testtrace.HintFor(errors.New(oneLine(stderr))))
				traceSkipped = where
				continue
			}
			if traceSkipped != "" {
				t.Logf("%s: failed after %s was skipped for a missing trace, whose outputs it may read: %s", where, traceSkipped, oneLine(stderr))
				continue
			}
			t.Errorf("%s: %s: %v\n%s", where, c.text, err, stderr)
			continue
		}
		if c.args != nil {
			outputs[strings.Join(c.args, " ")] = stdout
		}
	}
	for command, lines := range shown {
		out, ok := outputs[command]
		if !ok {
			if !exists(filepath.Join(clone, "..", "shared", "traces")) {
				continue // its command needed a trace, see above
			}
			t.Errorf("%s shows the output of `schedsim %s`, which no command block runs", file, command)
			continue
		}
		var got []string
		for _, l := range strings.Split(out, "\n") {
			got = append(got, strings.TrimRight(l, " "))
		}
		for _, l := range lines {
			if !slices.Contains(got, strings.TrimRight(l, " ")) {
				t.Errorf("%s shows this line of `schedsim %s`, which it does not print:\n%s\noutput:\n%s", file, command, l, out)
			}
		}
	}
}

// reduced returns a run's arguments with --replications 1 added when its
// output is not shown and it runs more than 4 replications in all.
func reduced(clone string, args []string, shown map[string][]string) []string {
	if _, isShown := shown[strings.Join(args, " ")]; len(args) == 0 || args[0] != "run" || isShown || hasFlag(args, "--replications") {
		return args
	}
	name := lastArg(args)
	sc, err := scenarios.Load(filepath.Join(clone, name))
	if err != nil {
		sc, err = scenarios.Load(name)
	}
	if err == nil && len(sc.Points)*sc.Replications > 4 {
		return append(slices.Clone(args), "--replications", "1")
	}
	return args
}

// runDocCommand runs one documented command from the clone: the schedsim
// binary with args when they are set, else the line in bash with the
// binary on PATH.
func runDocCommand(clone, line string, args []string) (stdout, stderr string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var cmd *exec.Cmd
	if args != nil {
		cmd = exec.CommandContext(ctx, binary, args...)
	} else {
		cmd = exec.CommandContext(ctx, "bash", "-e", "-o", "pipefail", "-c", line)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(binary)+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	cmd.Dir = clone
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.String(), errb.String(), err
}

func hasFlag(args []string, flag string) bool {
	for _, a := range args {
		if a == flag || strings.HasPrefix(a, flag+"=") {
			return true
		}
	}
	return false
}

// lastArg is the scenario argument of a run command line: its last word
// that is not a flag or a flag's value.
func lastArg(args []string) string {
	scenario := scenarios.DefaultScenario
	for i := 1; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--check" || a == "--per-job":
		case strings.HasPrefix(a, "-"):
			if !strings.Contains(a, "=") {
				i++
			}
		default:
			scenario = a
		}
	}
	return scenario
}

// The exit-code table of docs/reference/exit-codes.md states what the
// commands do: each row's example exits with the row's code.
func TestExitCodeTable(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "reference", "exit-codes.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| ([0-9]) \\| [^|]+\\| `schedsim ([^`]+)` \\|$")
	rows := row.FindAllStringSubmatch(string(doc), -1)
	codes := map[string]bool{}
	for _, r := range rows {
		codes[r[1]] = true
		cmd := exec.Command(binary, strings.Fields(r[2])...)
		cmd.Dir = repoRoot
		cmd.Run()
		if got := cmd.ProcessState.ExitCode(); strconv.Itoa(got) != r[1] {
			t.Errorf("docs/reference/exit-codes.md says `schedsim %s` exits %s; it exits %d", r[2], r[1], got)
		}
	}
	for _, want := range []string{"0", "1", "2"} {
		if !codes[want] {
			t.Errorf("the exit-code table has no row for %s", want)
		}
	}
}
