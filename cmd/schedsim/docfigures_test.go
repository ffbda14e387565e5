package main

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docImage is a Markdown image: ![alt](target).
var docImage = regexp.MustCompile(`!\[[^\]]*\]\(([^)\s]+)\)`)

// maxFigureBytes bounds a committed PNG figure.
const maxFigureBytes = 250 << 10

// makeTarget returns the recipe lines of a Makefile target, with
// $(SCHEDSIM) written as schedsim and $(OUT) as out, as the docs print
// them.
func makeTarget(t *testing.T, makefile, target string) []string {
	t.Helper()
	var recipe []string
	in := false
	for _, l := range strings.Split(makefile, "\n") {
		switch {
		case strings.HasPrefix(l, target+":"):
			in = true
		case in && strings.HasPrefix(l, "\t"):
			l = strings.TrimSpace(l)
			l = strings.ReplaceAll(l, "$(SCHEDSIM)", "schedsim")
			l = strings.ReplaceAll(l, "$(OUT)", "out")
			recipe = append(recipe, l)
		case in:
			return recipe
		}
	}
	if !in {
		t.Fatalf("the Makefile has no target %s", target)
	}
	return recipe
}

// TestDocFiguresComeFromMakeFigures: every figure the README and docs
// show under docs/figures/ exists, is small, is copied by `make figures`,
// and every schedsim command of the last sh block before it (the
// commands printed beside it) is a command of that target, word for word.
func TestDocFiguresComeFromMakeFigures(t *testing.T) {
	mk, err := os.ReadFile(filepath.Join(repoRoot, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	recipe := makeTarget(t, string(mk), "figures")
	inRecipe := func(s string) bool {
		for _, l := range recipe {
			if l == s || strings.HasSuffix(l, " "+s) {
				return true
			}
		}
		return false
	}
	shown := 0
	for _, file := range docFiles(t) {
		b, err := os.ReadFile(filepath.Join(repoRoot, file))
		if err != nil {
			t.Fatal(err)
		}
		doc := string(b)
		for _, m := range docImage.FindAllStringSubmatchIndex(doc, -1) {
			target := doc[m[2]:m[3]]
			fig := path.Clean(path.Join(path.Dir(file), target))
			if !strings.HasPrefix(fig, "docs/figures/") {
				continue
			}
			shown++
			st, err := os.Stat(filepath.Join(repoRoot, fig))
			if err != nil {
				t.Errorf("%s shows %s: %v", file, target, err)
				continue
			}
			if strings.HasSuffix(fig, ".png") && st.Size() > maxFigureBytes {
				t.Errorf("%s: %d bytes, more than %d", fig, st.Size(), maxFigureBytes)
			}
			if !inRecipe(fig) {
				t.Errorf("%s shows %s, which `make figures` does not write", file, fig)
			}
			// The commands printed beside it: the last sh block before it.
			before := doc[:m[0]]
			k := strings.LastIndex(before, "```sh\n")
			if k < 0 {
				t.Errorf("%s shows %s with no command before it", file, fig)
				continue
			}
			cmds, _ := docCommands(before[k:] + "```\n")
			if len(cmds) == 0 {
				t.Errorf("%s shows %s with no command before it", file, fig)
			}
			for _, c := range cmds {
				if !inRecipe(c.text) {
					t.Errorf("%s prints `%s` beside %s, but `make figures` does not run it", file, c.text, fig)
				}
			}
		}
	}
	if shown < 2 {
		t.Errorf("the README and docs show %d figures of docs/figures/, want the comparison and the Gantt chart", shown)
	}
}
