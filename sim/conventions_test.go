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
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
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
			if strings.Contains(s, "invariant violated") && strings.Contains(s, " invariant violated") && !strings.Contains(s, ": invariant violated") && !strings.HasPrefix(s, "%w") {
				t.Errorf("%s: %q: write \"pkg: invariant violated\"", fset.Position(lit.Pos()), s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEveryPackageHasDocGo enforces DESIGN.md's "the package doc in doc.go
// says what the package owns": every package directory of the module has a
// doc.go holding the package comment, and no other file has one.
func TestEveryPackageHasDocGo(t *testing.T) {
	fset := token.NewFileSet()
	dirs := map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dirs[filepath.Dir(path)] = true
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			return err
		}
		isDoc := filepath.Base(path) == "doc.go"
		switch {
		case isDoc && f.Doc == nil:
			t.Errorf("%s: no package comment", path)
		case !isDoc && f.Doc != nil:
			t.Errorf("%s: the package comment belongs in doc.go", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "doc.go")); err != nil {
			t.Errorf("%s: no doc.go", dir)
		}
	}
}
