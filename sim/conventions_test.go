package sim

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestErrorWording enforces DESIGN.md's "the same fault is worded the same
// way everywhere" over the module: a broken invariant is "invariant
// violated" (never "broken", "failed" …), prefixed by its package
// ("cluster: invariant violated", not "slot invariant violated").
func TestErrorWording(t *testing.T) {
	fset := token.NewFileSet()
	synonym := regexp.MustCompile(`invariant (broken|failed|breach|error)`)
	for _, path := range moduleSources(t) {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, _ := strconv.Unquote(lit.Value)
			if m := synonym.FindString(s); m != "" {
				t.Errorf("%s: %q: say \"invariant violated\"", fset.Position(lit.Pos()), m)
			}
			if strings.Contains(s, " invariant violated") && !strings.Contains(s, ": invariant violated") {
				t.Errorf("%s: %q: write \"pkg: invariant violated\"", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}

// moduleSources returns the module's non-test Go files, skipping hidden
// directories and testdata.
func moduleSources(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestEveryPackageHasDocGo enforces DESIGN.md's "the package doc in doc.go
// says what the package owns": every package directory of the module has a
// doc.go holding the package comment, and no other file has one.
func TestEveryPackageHasDocGo(t *testing.T) {
	fset := token.NewFileSet()
	dirs := map[string]bool{}
	for _, path := range moduleSources(t) {
		dirs[filepath.Dir(path)] = true
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		isDoc := filepath.Base(path) == "doc.go"
		switch {
		case isDoc && f.Doc == nil:
			t.Errorf("%s: no package comment", path)
		case !isDoc && f.Doc != nil:
			t.Errorf("%s: the package comment belongs in doc.go", path)
		}
	}
	for dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "doc.go")); err != nil {
			t.Errorf("%s: no doc.go", dir)
		}
	}
}
