package scenarios

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/internal/suggest"
)

// checkKeys walks a YAML node alongside the Go type it will be decoded
// into and reports the first mapping key that matches no `yaml` tag, with
// its line and the keys that are allowed there. path is the dotted key path
// of n, for messages.
func checkKeys(n *yaml.Node, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch {
	case t.Kind() == reflect.Struct && n.Kind == yaml.MappingNode:
		if t == reflect.TypeOf(yaml.Node{}) {
			return nil
		}
		fields := yamlFields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			ft, ok := fields[k.Value]
			if !ok {
				allowed := slices.Sorted(maps.Keys(fields))
				return &keyError{line: k.Line, key: join(path, k.Value), msg: fmt.Sprintf("unknown key%s (allowed: %s)", suggest.DidYouMean(k.Value, allowed), strings.Join(allowed, ", "))}
			}
			if v.Kind == yaml.ScalarNode && v.ShortTag() == "!!null" {
				return &keyError{line: k.Line, key: join(path, k.Value), msg: "has no value (give one, or remove the key for its default)"}
			}
			if err := checkKeys(v, ft, join(path, k.Value)); err != nil {
				return err
			}
		}
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && n.Kind == yaml.SequenceNode:
		for i, v := range n.Content {
			if err := checkKeys(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case t.Kind() == reflect.Map && n.Kind == yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if err := checkKeys(n.Content[i+1], t.Elem(), join(path, n.Content[i].Value)); err != nil {
				return err
			}
		}
	case isInteger(t) && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!float":
		// yaml would truncate 4.5 to 4 without a word.
		if x, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64); err == nil && x != math.Trunc(x) {
			return &keyError{line: n.Line, key: path, msg: "expected an integer, got the number " + n.Value}
		}
	}
	return nil
}

// isInteger reports whether t is a Go integer type.
func isInteger(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// yamlFields maps the yaml key of every decodable field of struct type t
// to the field's type, following `,inline` fields.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if strings.Contains(opts, "inline") {
			for k, v := range yamlFields(f.Type) {
				out[k] = v
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[name] = f.Type
	}
	return out
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// keyError is an error at a known line about a known key; the loader adds
// the file name.
type keyError struct {
	line int
	key  string
	msg  string
}

// Error is one line: a key with a control character in it (a YAML key
// may hold a newline) is quoted, and a newline of the message escaped.
func (e *keyError) Error() string {
	key := e.key
	if strings.ContainsFunc(key, unicode.IsControl) {
		key = strconv.Quote(key)
	}
	return fmt.Sprintf("line %d: %s: %s", e.line, key, strings.ReplaceAll(e.msg, "\n", `\n`))
}

// decodeStrict decodes n into v (a pointer) after checking its keys, and
// turns yaml type errors into messages with the key path and line.
func decodeStrict(n *yaml.Node, v any, path string) error {
	if err := checkKeys(n, reflect.TypeOf(v), path); err != nil {
		return err
	}
	if err := n.Decode(v); err != nil {
		if te, ok := err.(*yaml.TypeError); ok {
			if ke := typeError(n, path, te.Errors[0]); ke != nil {
				return ke
			}
			// one line: a value quoted in yaml's message may hold newlines
			return fmt.Errorf("%s", strings.ReplaceAll(strings.Join(te.Errors, "; "), "\n", `\n`))
		}
		return err
	}
	return nil
}

// lookup returns the value node at a dotted key path below a mapping node,
// or nil.
func lookup(n *yaml.Node, path string) *yaml.Node {
	if n == nil || path == "" {
		return n
	}
	key, rest, _ := strings.Cut(path, ".")
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			if rest == "" {
				return n.Content[i+1]
			}
			return lookup(n.Content[i+1], rest)
		}
	}
	return nil
}

// set replaces (or adds) the value at a dotted key path below a mapping
// node, creating intermediate mappings as needed.
func set(n *yaml.Node, path string, v *yaml.Node) {
	key, rest, _ := strings.Cut(path, ".")
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			if rest == "" {
				n.Content[i+1] = v
			} else {
				if n.Content[i+1].Kind != yaml.MappingNode {
					n.Content[i+1] = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: n.Content[i+1].Line}
				}
				set(n.Content[i+1], rest, v)
			}
			return
		}
	}
	k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key, Line: v.Line}
	if rest == "" {
		n.Content = append(n.Content, k, v)
		return
	}
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: v.Line}
	n.Content = append(n.Content, k, m)
	set(m, rest, v)
}

// clone deep-copies a node tree.
func clone(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, x := range n.Content {
		c.Content[i] = clone(x)
	}
	return &c
}

// DecodeStrictYAML decodes the YAML document data into v (a pointer) with
// the checks of the scenario loader: an unknown key is an error naming its
// line and the keys allowed there. file names the input in errors; an
// empty document leaves v as it is; a second document is an error, as in
// a scenario file.
func DecodeStrictYAML(data []byte, file string, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var n yaml.Node
	if err := dec.Decode(&n); err == io.EOF {
		return nil
	} else if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		return fmt.Errorf("%s:%d: a second YAML document: the file holds one (remove the ---)", file, extra.Line)
	}
	if n.Kind == 0 {
		return nil
	}
	if err := decodeStrict(&n, v, ""); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}
