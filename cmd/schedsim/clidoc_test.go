package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// updateDocs rewrites the generated reference pages instead of comparing
// them: go test ./cmd/schedsim -run TestCLIReference -update (make docs).
var updateDocs = flag.Bool("update", false, "rewrite docs/reference/cli.md from the flag definitions")

// cliReferencePath is the generated CLI reference, from the repository root.
const cliReferencePath = "docs/reference/cli.md"

// commandWord is one word of a command's name in the usage text.
var commandWord = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// usageColumns separates a usage line's synopsis from its description.
var usageColumns = regexp.MustCompile(`\s{2,}`)

// commandNames returns the commands the top-level usage text lists, in
// its order, each once: "run", "trace info", "generate lublin", …. A new
// command added to the usage text is added to the reference with it.
func commandNames(usageText string) []string {
	var names []string
	for _, l := range strings.Split(usageText, "\n") {
		f := strings.Fields(usageColumns.Split(strings.TrimSpace(l), 2)[0])
		if len(f) < 2 || f[0] != "schedsim" {
			continue
		}
		var words []string
		for _, w := range f[1:] {
			if !commandWord.MatchString(w) {
				break
			}
			words = append(words, w)
		}
		if name := strings.Join(words, " "); name != "" && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

// cliReference generates the CLI reference: the top-level usage and the
// --help of every command, which print each command's flags from their
// definitions (name, type, default, description).
func cliReference(t *testing.T) string {
	t.Helper()
	help := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitOK {
			t.Fatalf("schedsim %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		return strings.TrimRight(stdout.String(), "\n")
	}
	usageText := help("--help")
	var b strings.Builder
	b.WriteString("# Command-line reference\n\n")
	b.WriteString("<!-- Generated from the flag definitions by `make docs`\n")
	b.WriteString("     (go test ./cmd/schedsim -run TestCLIReference -update); do not edit.\n")
	b.WriteString("     TestCLIReference fails when this page and the flags differ. -->\n\n")
	b.WriteString("Every command prints this help with `--help` (or `-h`). Flags may come\n")
	b.WriteString("before or after the arguments and are written `--name value` or\n")
	b.WriteString("`--name=value`. Exit codes: [exit-codes.md](exit-codes.md).\n\n")
	names := commandNames(usageText)
	b.WriteString("Commands: ")
	for i, name := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "[`%s`](#schedsim-%s)", name, strings.ReplaceAll(name, " ", "-"))
	}
	b.WriteString(".\n\n## schedsim\n\n```text\n" + usageText + "\n```\n")
	for _, name := range names {
		fmt.Fprintf(&b, "\n## schedsim %s\n\n```text\n%s\n```\n", name, help(append(strings.Fields(name), "--help")...))
	}
	return b.String()
}

// The CLI reference is generated from the flag definitions and committed:
// it must be what the generator writes today.
func TestCLIReference(t *testing.T) {
	want := cliReference(t)
	path := filepath.Join(repoRoot, cliReferencePath)
	if *updateDocs {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (generate it with `make docs`)", err)
	}
	if string(got) != want {
		t.Fatalf("%s differs from the flag definitions: regenerate it with `make docs` (go test ./cmd/schedsim -run TestCLIReference -update)", cliReferencePath)
	}
}

func TestCommandNames(t *testing.T) {
	got := commandNames("usage:\n  schedsim run [flags]\n  schedsim run --shard I/N\n  schedsim trace info F.swf\n  schedsim validate scenario.yaml …\n  schedsim merge DIR…\n  schedsim list                list built-ins\n")
	want := []string{"run", "trace info", "validate", "merge", "list"}
	if !slices.Equal(got, want) {
		t.Fatalf("commandNames = %q, want %q", got, want)
	}
}
