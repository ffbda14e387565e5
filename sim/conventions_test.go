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

// TestErrorsCarryTheirPackage enforces the module's error convention
// (like net/http's "http: …"): outside cmd, every sentinel and every leaf
// error — an errors.New or fmt.Errorf that wraps no error (no %w) and
// does not lead with a name or path (a format starting with a verb) —
// starts with its package name and ": ". Errors that wrap another add
// context and need not repeat the prefix of their own package ("job 3:
// css: invalid job: …").
func TestErrorsCarryTheirPackage(t *testing.T) {
	// fragments are functions whose errors are parts of a message their
	// callers complete, never returned from the package as they are.
	fragments := map[string]string{
		"model/arrival.go:CheckArrival":                     "its callers prefix it with their package and the job's ID",
		"workloads/slurm/sacct.go:parseJob":                 "its errors are the text of a skipped record's problem line",
		"workloads/slurm/times.go:parseTimestamp":           "called by parseJob: the text of a skipped record's problem line",
		"results/plot.go:checkMetrics":                      `wrapped by WritePlots as "results: plots[i] (name): …"`,
		"results/plot.go:linePlot":                          `wrapped by WritePlots as "results: plots[i] (name): …"`,
		"results/plot.go:lineName":                          `called by linePlot and dotPlot: wrapped by WritePlots as "results: plots[i] (name): …"`,
		"results/compare.go:dotPlot":                        `wrapped by WritePlots as "results: plots[i] (name): …"`,
		"model/gang/arrive.go:pull":                         `wrapped as "gang: workload job N: …"`,
		"results/claims/evaluate.go:evaluate":               `wrapped by Evaluate as "claims: claims[i] (name): …"`,
		"results/claims/evaluate.go:evaluateGroup":          `called by evaluate: wrapped by Evaluate as "claims: claims[i] (name): …"`,
		"results/claims/evaluate.go:peak":                   `called by evaluateGroup: wrapped by Evaluate as "claims: claims[i] (name): …"`,
		"results/claims/evaluate.go:within":                 `called by evaluateGroup: wrapped by Evaluate as "claims: claims[i] (name): …"`,
		"workloads/sacctmgr/assoc.go:ReadAssoc":             `its row callback's errors: wrapped by table as "FILE:LINE: sacctmgr: …"`,
		"workloads/sacctmgr/assoc.go:parseShares":           `called from a row callback: wrapped as "FILE:LINE: sacctmgr: …"`,
		"workloads/sacctmgr/qos.go:ReadQOS":                 `its row callback's errors: wrapped by table as "FILE:LINE: sacctmgr: …"`,
		"workloads/sacctmgr/sshare.go:ReadShares":           `its row callback's errors: wrapped by table as "FILE:LINE: sacctmgr: …"`,
		"workloads/sacctmgr/sprio.go:ReadPriorities":        `its row callback's errors: wrapped by table as "FILE:LINE: sacctmgr: …"`,
		"workloads/slurm/priofields.go:parsePriorityFields": `wrapped as "slurm: FILE:LINE: job N: …"`,
		"workloads/slurmconf/hostlist.go:expandHosts":       `wrapped by errf as "FILE:LINE: slurmconf: NodeName: …"`,
		"workloads/slurmconf/keys.go:yesNo":                 `wrapped by errf as "FILE:LINE: slurmconf: KEY: …"`,
		"workloads/slurmconf/keys.go:limit":                 `wrapped by errf as "FILE:LINE: slurmconf: KEY: …"`,
		"workloads/slurmconf/read.go:splitPairs":            `wrapped by errf as "FILE:LINE: slurmconf: …"`,
		"workloads/slurmconf/time.go:parseTime":             `wrapped by errf as "FILE:LINE: slurmconf: KEY: …"`,
		// sentinels whose text follows the name of the file they are
		// about ("x.yaml: no such scenario file …"), as os.ErrNotExist's
		// does
		"scenarios/load.go:ErrNotFound":       "follows the file name: FILE: no such scenario file or built-in scenario",
		"workloads/slurm/sacct.go:errNotText": "follows the file name and line: FILE:LINE: a NUL byte …",
	}
	fset := token.NewFileSet()
	for _, path := range moduleSources(t) {
		rel := filepath.ToSlash(strings.TrimPrefix(path, "../"))
		if strings.HasPrefix(rel, "cmd/") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		prefix := f.Name.Name + ": "
		check := func(n ast.Node, where string) {
			ast.Inspect(n, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 || !isErrorCall(call) {
					return true
				}
				lit, ok := call.Args[0].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, _ := strconv.Unquote(lit.Value)
				if !strings.HasPrefix(s, "%") && !strings.Contains(s, "%w") && !strings.HasPrefix(s, prefix) {
					t.Errorf("%s (%s): %q: start it with %q", fset.Position(lit.Pos()), where, s, prefix)
				}
				return true
			})
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if reason := fragments[rel+":"+d.Name.Name]; reason == "" {
					check(d, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok && fragments[rel+":"+vs.Names[0].Name] != "" {
						continue
					}
					check(spec, "package level")
				}
			}
		}
	}
}

// isErrorCall reports whether call is errors.New or fmt.Errorf.
func isErrorCall(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && (id.Name == "errors" && sel.Sel.Name == "New" || id.Name == "fmt" && sel.Sel.Name == "Errorf")
}
