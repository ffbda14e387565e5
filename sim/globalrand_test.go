package sim

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoGlobalRandomness enforces DESIGN.md's rule "no global RNG anywhere"
// over the whole module: math/rand (v1) is not imported, the top-level
// functions of math/rand/v2 that draw from the global source are not
// called, and every gonum distuv distribution literal sets Src.
func TestNoGlobalRandomness(t *testing.T) {
	allowed := map[string]bool{"New": true, "NewPCG": true, "NewChaCha8": true, "NewZipf": true}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		names := map[string]string{} // local name → import path
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			local := p[strings.LastIndex(p, "/")+1:]
			if p == "math/rand/v2" {
				local = "rand"
			}
			if imp.Name != nil {
				local = imp.Name.Name
			}
			names[local] = p
			if p == "math/rand" {
				t.Errorf("%s: imports math/rand; use math/rand/v2 sources from sim.Streams", path)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				id, ok := n.X.(*ast.Ident)
				if ok && names[id.Name] == "math/rand/v2" && !allowed[n.Sel.Name] && ast.IsExported(n.Sel.Name) {
					if _, isType := map[string]bool{"Rand": true, "Source": true, "PCG": true, "ChaCha8": true, "Zipf": true}[n.Sel.Name]; !isType {
						t.Errorf("%s: calls the global rand.%s", fset.Position(n.Pos()), n.Sel.Name)
					}
				}
			case *ast.CompositeLit:
				sel, ok := n.Type.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				id, ok := sel.X.(*ast.Ident)
				if !ok || names[id.Name] != "gonum.org/v1/gonum/stat/distuv" {
					return true
				}
				hasSrc := false
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Src" {
							hasSrc = true
						}
					}
				}
				if !hasSrc {
					t.Errorf("%s: distuv.%s without Src draws from the global source", fset.Position(n.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
