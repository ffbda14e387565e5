package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/schedsim/schedsim/scenarios"
)

// readmeCommand is one schedsim command line of README.md.
type readmeCommand struct {
	line int
	args []string
}

// readmeCommands returns the schedsim command lines of README.md's ```sh
// blocks ("go run ./cmd/schedsim …", "schedsim …", "make run"), and the
// plain blocks that README says a command prints, by that command.
func readmeCommands(t *testing.T, readme string) (cmds []readmeCommand, shown map[string][]string) {
	t.Helper()
	shown = map[string][]string{}
	prints := regexp.MustCompile("`schedsim ([^`]+)` prints")
	lines := strings.Split(readme, "\n")
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(fence, "```") {
			continue
		}
		lang := strings.TrimPrefix(fence, "```")
		var prev string
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			if m := prints.FindStringSubmatch(lines[k]); m != nil {
				prev = m[1]
				break
			}
		}
		j := i + 1
		for ; j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```"); j++ {
			l := lines[j]
			switch {
			case lang == "sh":
				if k := strings.Index(l, " #"); k >= 0 {
					l = l[:k]
				}
				f := strings.Fields(l)
				switch {
				case len(f) >= 3 && f[0] == "go" && f[1] == "run" && f[2] == "./cmd/schedsim":
					cmds = append(cmds, readmeCommand{j + 1, f[3:]})
				case len(f) >= 1 && f[0] == "schedsim":
					cmds = append(cmds, readmeCommand{j + 1, f[1:]})
				case len(f) == 2 && f[0] == "make" && f[1] == "run":
					cmds = append(cmds, readmeCommand{j + 1, []string{"run"}})
				}
			case lang == "" && prev != "" && strings.TrimSpace(l) != "":
				shown[prev] = append(shown[prev], l)
			}
		}
		i = j
	}
	return cmds, shown
}

// mirror builds a directory that looks like a fresh clone beside
// ../shared: links to the repository's tracked top-level entries, and to
// ../shared when it exists. It returns the clone's path.
func mirror(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	clone := filepath.Join(root, "schedsim")
	if err := os.Mkdir(clone, 0o755); err != nil {
		t.Fatal(err)
	}
	repo, _ := filepath.Abs("../..")
	for _, name := range []string{"sim", "model", "policies", "workloads", "scenarios", "results", "cmd", "internal", "go.mod", "go.sum", "Makefile", "README.md"} {
		if err := os.Symlink(filepath.Join(repo, name), filepath.Join(clone, name)); err != nil {
			t.Fatal(err)
		}
	}
	if shared, err := filepath.Abs("../../../shared"); err == nil {
		if _, err := os.Stat(shared); err == nil {
			os.Symlink(shared, filepath.Join(root, "shared"))
		}
	}
	return clone
}

// Every schedsim command of README.md runs as written from the top of a
// fresh clone, and every output README shows for a command is what it
// prints. To keep the test short, a run of more than 4 replications in all
// whose output README does not show gets --replications 1: that still
// checks that its scenario, files and flags exist and work.
func TestReadmeCommandsRun(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	cmds, shown := readmeCommands(t, string(readme))
	if len(cmds) < 10 {
		t.Fatalf("found only %d commands in README.md", len(cmds))
	}
	clone := mirror(t)
	outputs := map[string]string{}
	for _, c := range cmds {
		args := append([]string{}, c.args...)
		if uses := strings.Join(args, " "); strings.Contains(uses, "../shared/") {
			if _, err := os.Stat(filepath.Join(clone, "..", "shared")); err != nil {
				t.Logf("README.md:%d: skipped, no ../shared: schedsim %s", c.line, uses)
				continue
			}
		}
		if _, isShown := shown[strings.Join(args, " ")]; args[0] == "run" && !isShown && !hasFlag(args, "--replications") {
			name := lastArg(args)
			sc, err := scenarios.Load(filepath.Join(clone, name))
			if err != nil {
				sc, err = scenarios.Load(name)
			}
			if err == nil && len(sc.Points)*sc.Replications > 4 {
				args = append(args, "--replications", "1")
			}
		}
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, binary, args...)
		cmd.Dir = clone
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		t.Logf("README.md:%d: schedsim %s (%.1f s)", c.line, strings.Join(args, " "), time.Since(start).Seconds())
		if err != nil {
			t.Errorf("README.md:%d: schedsim %s: %v\n%s", c.line, strings.Join(args, " "), err, stderr.String())
			continue
		}
		outputs[strings.Join(c.args, " ")] = stdout.String()
	}
	for command, lines := range shown {
		out, ok := outputs[command]
		if !ok {
			t.Errorf("README.md shows the output of `schedsim %s`, which no command block runs", command)
			continue
		}
		var got []string
		for _, l := range strings.Split(out, "\n") {
			got = append(got, strings.TrimRight(l, " "))
		}
		for _, l := range lines {
			if !slices.Contains(got, strings.TrimRight(l, " ")) {
				t.Errorf("README.md shows this line of `schedsim %s`, which it does not print:\n%s\noutput:\n%s", command, l, out)
			}
		}
	}
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

// The exit-code table of README.md states what the commands do: each row's
// example exits with the row's code.
func TestReadmeExitCodeTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| ([0-9]) \\| [^|]+\\| `schedsim ([^`]+)` \\|$")
	rows := row.FindAllStringSubmatch(string(readme), -1)
	codes := map[string]bool{}
	for _, r := range rows {
		codes[r[1]] = true
		cmd := exec.Command(binary, strings.Fields(r[2])...)
		cmd.Dir = "../.."
		cmd.Run()
		if got := cmd.ProcessState.ExitCode(); strconv.Itoa(got) != r[1] {
			t.Errorf("README says `schedsim %s` exits %s; it exits %d", r[2], r[1], got)
		}
	}
	for _, want := range []string{"0", "1", "2"} {
		if !codes[want] {
			t.Errorf("README's exit-code table has no row for %s", want)
		}
	}
}
