package scenarios

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The messages of yaml's type errors, made into *keyError: the key path,
// the line, the type expected and the value found.

// yamlTypeError matches yaml's "line 3: cannot unmarshal !!str `ten` into
// int".
var yamlTypeError = regexp.MustCompile("(?s)^line ([0-9]+): cannot unmarshal !!([a-z]+)(?: `(.*)`)? into ([^\n]+)$")

// typeError turns one of yaml's type errors into a *keyError that names
// the key at that line (below path) and the type expected; nil when the
// message or the key is not recognised.
func typeError(n *yaml.Node, path, msg string) *keyError {
	m := yamlTypeError.FindStringSubmatch(msg)
	if m == nil {
		return nil
	}
	line, _ := strconv.Atoi(m[1])
	key := scalarAt(n, path, line, m[3])
	if key == "" {
		key = keyAtLine(n, path, line)
	}
	if key == "" {
		return nil
	}
	got := map[string]string{"str": "the text", "int": "the integer", "float": "the number", "bool": "the boolean",
		"seq": "a list", "map": "a mapping", "null": "nothing", "timestamp": "the date"}[m[2]]
	if got == "" {
		got = "!!" + m[2]
	}
	value := m[3]
	if m[2] == "str" {
		value = strconv.Quote(value)
	}
	if m[2] == "seq" || m[2] == "map" {
		value = ""
	} else {
		value = " " + value
	}
	want := expectedType(m[4])
	if m[2] == "int" && want == "an integer" {
		// yaml read an integer the field cannot hold: out of its range.
		return &keyError{line: line, key: key, msg: fmt.Sprintf("%s is out of range (%s)", m[3], integerRange(m[4]))}
	}
	return &keyError{line: line, key: key, msg: fmt.Sprintf("expected %s, got %s%s", want, got, value)}
}

// integerRange names the values an integer type of Go holds.
func integerRange(goType string) string {
	if strings.HasPrefix(goType, "uint") {
		return "expected an integer ≥ 0"
	}
	return "expected an integer that fits " + goType
}

// expectedType describes a Go type as yaml names it ("int", "[]float64").
func expectedType(goType string) string {
	if elem, ok := strings.CutPrefix(goType, "[]"); ok {
		return "a list of " + typeNames(elem)
	}
	switch {
	case strings.HasPrefix(goType, "map["):
		return "a mapping of key: value"
	case strings.HasPrefix(goType, "int") || strings.HasPrefix(goType, "uint"):
		return "an integer"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case goType == "bool":
		return "true or false"
	case goType == "string":
		return "a string"
	case goType == "time.Duration":
		return "a duration (90s, 1h30m)"
	case strings.Contains(goType, "."):
		// A type of a package: the structs of the parameters.
		return "a mapping of key: value"
	}
	return "a value of type " + goType
}

// typeNames is expectedType in the plural, for the elements of a list.
func typeNames(goType string) string {
	switch e := expectedType(goType); e {
	case "an integer":
		return "integers"
	case "a number":
		return "numbers"
	case "true or false":
		return "true or false values"
	case "a string":
		return "strings"
	case "a duration (90s, 1h30m)":
		return "durations (90s, 1h30m)"
	case "a mapping of key: value":
		return "mappings of key: value"
	default:
		if rest, ok := strings.CutPrefix(e, "a list of "); ok {
			return "lists of " + rest
		}
		return "values of type " + goType
	}
}

// scalarAt returns the key path (below path) of the first scalar value
// at line whose text is value, or "": in a flow mapping ({a: 1, b: x})
// several values share a line, and yaml's message gives the line and the
// value.
func scalarAt(n *yaml.Node, path string, line int, value string) string {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	var kids []*yaml.Node
	var paths []string
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			kids = append(kids, n.Content[i+1])
			paths = append(paths, join(path, n.Content[i].Value))
		}
	case yaml.SequenceNode:
		for i, v := range n.Content {
			kids = append(kids, v)
			paths = append(paths, fmt.Sprintf("%s[%d]", path, i))
		}
	}
	for i, v := range kids {
		if v.Kind == yaml.ScalarNode && v.Line == line && v.Value == value {
			return paths[i]
		}
		if found := scalarAt(v, paths[i], line, value); found != "" {
			return found
		}
	}
	return ""
}

// keyAtLine returns the dotted key path (below path) of the value that
// starts at line, or "".
func keyAtLine(n *yaml.Node, path string, line int) string {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			p := join(path, k.Value)
			if v.Line == line && v.Kind != yaml.MappingNode {
				return p
			}
			if found := keyAtLine(v, p, line); found != "" {
				return found
			}
		}
	case yaml.SequenceNode:
		for i, v := range n.Content {
			p := fmt.Sprintf("%s[%d]", path, i)
			if v.Line == line && v.Kind == yaml.ScalarNode {
				return p
			}
			if found := keyAtLine(v, p, line); found != "" {
				return found
			}
		}
	}
	return ""
}
