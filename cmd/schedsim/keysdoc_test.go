package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/scenarios"
)

// keysReferencePath is the generated table of every model kind's keys.
const keysReferencePath = "docs/reference/scenario-keys.md"

// scenarioKeys generates the keys of every registered model kind's
// params: from the yaml tags of its parameter struct, with each key's
// type and the default its NewParams sets. Ranges are in each key's
// error message (`schedsim validate`) and in the kind's own page.
func scenarioKeys() string {
	src := newSource()
	var b strings.Builder
	b.WriteString("# Scenario keys of every model kind\n\n")
	b.WriteString("<!-- Generated from the kinds' parameter structs by `make docs`\n")
	b.WriteString("     (go test ./cmd/schedsim -run TestScenarioKeysReference -update); do not edit.\n")
	b.WriteString("     TestScenarioKeysReference fails when this page and the code differ. -->\n\n")
	b.WriteString("The keys each kind accepts under `params:`: the YAML type; the default\n")
	b.WriteString("the kind's parameters start from (—: none set there; the kind's page\n")
	b.WriteString("says whether the key is then required, derived or defaulted later); the\n")
	b.WriteString("range its Validate checks where that is one call of the model package's\n")
	b.WriteString("range helpers (others are checked too, and `schedsim validate` names the\n")
	b.WriteString("range of a value out of it); and the first sentence of the field's doc\n")
	b.WriteString("comment (of the enclosing field for a nested key). Nested keys are\n")
	b.WriteString("written with dots. The common keys and each kind's page:\n")
	b.WriteString("[scenarios](scenarios.md).\n")
	for _, k := range scenarios.Kinds() {
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\n| key | type | default | range | meaning |\n|---|---|---|---|---|\n", k.Name, strings.TrimSuffix(k.Summary, "."))
		v := reflect.ValueOf(k.NewParams())
		writeKeys(&b, "", v, src, "")
	}
	return b.String()
}

// writeKeys writes one row per yaml key of the struct v (a pointer or a
// struct), descending into nested structs.
func writeKeys(b *strings.Builder, prefix string, v reflect.Value, src *source, parentDoc string) {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v = reflect.New(v.Type().Elem())
		}
		v = v.Elem()
	}
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		fv := v.Field(i)
		if strings.Contains(opts, "inline") {
			writeKeys(b, prefix, fv, src, parentDoc)
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		key := prefix + name
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		doc := src.doc(t, f.Name)
		if doc == "" {
			doc = parentDoc
		}
		if f.Type.Kind() == reflect.Pointer && fv.IsNil() {
			// An optional section with defaults of its own (source.lublin
			// decodes over the published values): one row, see its page.
			fmt.Fprintf(b, "| `%s` | %s | — | | %s |\n", key, yamlType(ft), doc)
			continue
		}
		if ft.Kind() == reflect.Struct && !implementsUnmarshaler(f.Type) {
			writeKeys(b, key+".", fv, src, doc)
			continue
		}
		fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s |\n", key, yamlType(ft), defaultOf(fv), src.rangeOf(t, name), doc)
	}
}

// source holds the parsed Go files of the packages whose structs hold
// scenario keys: the fields' doc comments and the range checks of their
// methods.
type source struct {
	fset  *token.FileSet
	files map[string][]*ast.File // by import path
}

func newSource() *source { return &source{fset: token.NewFileSet(), files: map[string][]*ast.File{}} }

// parsed returns the non-test files of a package of this module.
func (s *source) parsed(pkgPath string) []*ast.File {
	if fs, ok := s.files[pkgPath]; ok {
		return fs
	}
	rel, ok := strings.CutPrefix(pkgPath, "github.com/schedsim/schedsim")
	var fs []*ast.File
	if ok {
		dir := filepath.Join(repoRoot, filepath.FromSlash(strings.TrimPrefix(rel, "/")))
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, n := range names {
			if strings.HasSuffix(n, "_test.go") {
				continue
			}
			if f, err := parser.ParseFile(s.fset, n, nil, parser.ParseComments); err == nil {
				fs = append(fs, f)
			}
		}
	}
	s.files[pkgPath] = fs
	return fs
}

// doc is the first sentence of the doc comment of field of struct t.
func (s *source) doc(t reflect.Type, field string) string {
	for _, f := range s.parsed(t.PkgPath()) {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range g.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok || ts.Name.Name != t.Name() {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					return ""
				}
				for _, fl := range st.Fields.List {
					for _, n := range fl.Names {
						if n.Name == field && fl.Doc != nil {
							return firstSentence(strings.Join(strings.Fields(fl.Doc.Text()), " "))
						}
					}
				}
			}
		}
	}
	return ""
}

// rangeOf is the range that a method of struct t checks for key with
// one of model's range helpers, e.g. "[1, 1048576]" or "> 0".
func (s *source) rangeOf(t reflect.Type, key string) string {
	for _, f := range s.parsed(t.PkgPath()) {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Body == nil || recvName(fd.Recv.List[0].Type) != t.Name() {
				continue
			}
			var found string
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || found != "" || len(call.Args) < 2 {
					return found == ""
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "model" {
					return true
				}
				lit, ok := call.Args[0].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING || strings.Trim(lit.Value, "`\"") != key {
					return true
				}
				args := call.Args[2:]
				switch sel.Sel.Name {
				case "Positive":
					found = "> 0"
				case "FinitePositive":
					found = "> 0, finite"
				case "NonNegative":
					found = "≥ 0"
				case "IntRange", "FloatRange":
					if len(args) == 2 {
						found = "[" + s.expr(args[0]) + ", " + s.expr(args[1]) + "]"
					}
				case "OneOf":
					var vals []string
					for _, a := range args {
						vals = append(vals, s.expr(a))
					}
					found = "one of " + strings.Join(vals, ", ")
				}
				return found == ""
			})
			if found != "" {
				return strings.ReplaceAll(found, "|", `\|`)
			}
		}
	}
	return ""
}

// expr prints an expression of the source as written.
func (s *source) expr(e ast.Expr) string {
	var b strings.Builder
	printer.Fprint(&b, s.fset, e)
	return "`" + b.String() + "`"
}

func recvName(e ast.Expr) string {
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func implementsUnmarshaler(t reflect.Type) bool {
	_, ok := reflect.New(t).Interface().(interface {
		UnmarshalYAML(func(any) error) error
	})
	if ok {
		return true
	}
	m, ok := reflect.PointerTo(t).MethodByName("UnmarshalYAML")
	return ok && m.Type.NumIn() == 2
}

// yamlType names a Go type as a scenario writer sees it.
func yamlType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		return "list of " + yamlType(t.Elem())
	case reflect.Map:
		return "mapping of " + yamlType(t.Elem())
	case reflect.Struct:
		return "mapping"
	}
	return t.Kind().String()
}

// defaultOf formats a key's default value, "—" for the zero value of a
// list, map or pointer.
func defaultOf(v reflect.Value) string {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return "—"
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Map:
		if v.Len() == 0 {
			return "—"
		}
	case reflect.String:
		if v.String() == "" {
			return "—"
		}
		return "`" + v.String() + "`"
	case reflect.Struct:
		return "—"
	}
	s := fmt.Sprint(v.Interface())
	return "`" + strings.ReplaceAll(s, "|", `\|`) + "`"
}

// The table of every kind's keys is generated from the code and
// committed: it must be what the generator writes today.
func TestScenarioKeysReference(t *testing.T) {
	want := scenarioKeys()
	path := filepath.Join(repoRoot, keysReferencePath)
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
		t.Fatalf("%s differs from the kinds' parameter structs: regenerate it with `make docs`", keysReferencePath)
	}
}
