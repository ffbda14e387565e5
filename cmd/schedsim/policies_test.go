package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schedsim/schedsim/policies"
)

var updatePolicies = flag.Bool("update-policies", false, "rewrite docs/reference/policies.md from the registries")

// TestPoliciesReference: docs/reference/policies.md is what the registries
// of the binary print, so that no registered policy is undocumented
// (`go generate ./cmd/schedsim` rewrites it).
func TestPoliciesReference(t *testing.T) {
	var b bytes.Buffer
	if err := policies.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "docs", "reference", "policies.md")
	if *updatePolicies {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Fatalf("%s is not what the registries print: run go generate ./cmd/schedsim", path)
	}
	for _, r := range policies.Families() {
		for _, p := range r.Policies() {
			if !strings.Contains(string(got), "| `"+p.Name+"` | "+p.Summary) {
				t.Errorf("%s policy %s is not documented", r.Family().Name, p.Name)
			}
		}
	}
}

// TestListPolicies: `schedsim list` shows every registered policy with
// its summary, under its family.
func TestListPolicies(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"list"}, &out, &errb); code != 0 {
		t.Fatalf("list: exit %d: %s", code, errb.String())
	}
	s := strings.Join(strings.Fields(out.String()), " ") // the texts are folded
	if len(policies.Families()) < 8 {
		t.Fatalf("%d registries, want every decision point (batch, coalloc, grid ×2, local ×2, slot-batch, slot-window)", len(policies.Families()))
	}
	for _, r := range policies.Families() {
		if !strings.Contains(s, " "+r.Family().Name+" (") {
			t.Errorf("family %s missing from list", r.Family().Name)
		}
		for _, p := range r.Policies() {
			if !strings.Contains(s, strings.Join(strings.Fields(p.Summary), " ")) {
				t.Errorf("%s policy %s: summary missing from list", r.Family().Name, p.Name)
			}
		}
	}
}

// TestListingsFitTheTerminal: schedsim list and schedsim metrics fold
// their texts to $COLUMNS, continuation lines under the text column, and
// lose no word.
func TestListingsFitTheTerminal(t *testing.T) {
	for _, args := range [][]string{{"list"}, {"metrics"}} {
		t.Run(args[0], func(t *testing.T) {
			t.Setenv("COLUMNS", "72")
			var wide, narrow bytes.Buffer
			if code := run(t.Context(), args, &narrow, io.Discard); code != 0 {
				t.Fatalf("exit %d", code)
			}
			for i, l := range strings.Split(strings.TrimSuffix(narrow.String(), "\n"), "\n") {
				if n := utf8.RuneCountInString(l); n > 72 && strings.Contains(strings.TrimSpace(l), " ") {
					t.Errorf("line %d is %d runes wide, more than $COLUMNS = 72: %q", i+1, n, l)
				}
			}
			t.Setenv("COLUMNS", "100000")
			if code := run(t.Context(), args, &wide, io.Discard); code != 0 {
				t.Fatalf("exit %d", code)
			}
			if w, n := strings.Fields(wide.String()), strings.Fields(narrow.String()); !slices.Equal(w, n) {
				t.Errorf("folding changed the words: %d words unfolded, %d folded", len(w), len(n))
			}
			if strings.Count(narrow.String(), "\n") <= strings.Count(wide.String(), "\n") {
				t.Errorf("nothing folded at 72 columns:\n%s", narrow.String())
			}
		})
	}
}
