package main

import (
	"fmt"
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
	var b strings.Builder
	b.WriteString("# Scenario keys of every model kind\n\n")
	b.WriteString("<!-- Generated from the kinds' parameter structs by `make docs`\n")
	b.WriteString("     (go test ./cmd/schedsim -run TestScenarioKeysReference -update); do not edit.\n")
	b.WriteString("     TestScenarioKeysReference fails when this page and the code differ. -->\n\n")
	b.WriteString("The keys each kind accepts under `params:`, their YAML type and the\n")
	b.WriteString("default value the kind's parameters start from (— : none set there; what\n")
	b.WriteString("leaving such a key out means — required, derived, or a documented\n")
	b.WriteString("default — is on the kind's page). Nested keys are written with\n")
	b.WriteString("dots. What each key means and its allowed range: [scenarios](scenarios.md)\n")
	b.WriteString("and the kind's own page; `schedsim validate` names the range of a value\n")
	b.WriteString("that is out of it.\n")
	for _, k := range scenarios.Kinds() {
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\n| key | type | default |\n|---|---|---|\n", k.Name, strings.TrimSuffix(k.Summary, "."))
		v := reflect.ValueOf(k.NewParams())
		writeKeys(&b, "", v)
	}
	return b.String()
}

// writeKeys writes one row per yaml key of the struct v (a pointer or a
// struct), descending into nested structs.
func writeKeys(b *strings.Builder, prefix string, v reflect.Value) {
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
			writeKeys(b, prefix, fv)
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
		if f.Type.Kind() == reflect.Pointer && fv.IsNil() {
			// An optional section with defaults of its own (source.lublin
			// decodes over the published values): one row, see its page.
			fmt.Fprintf(b, "| `%s` | %s | — |\n", key, yamlType(ft))
			continue
		}
		if ft.Kind() == reflect.Struct && !implementsUnmarshaler(f.Type) {
			writeKeys(b, key+".", fv)
			continue
		}
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", key, yamlType(ft), defaultOf(fv))
	}
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
