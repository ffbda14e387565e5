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
	// In a flow mapping ({a: 1, b: x}) several values share a line: the
	// one whose text yaml quotes is meant, else the first at the line.
	key := findValue(n, path, func(v *yaml.Node, _ bool) bool {
		return v.Kind == yaml.ScalarNode && v.Line == line && v.Value == m[3]
	})
	if key == "" {
		key = findValue(n, path, func(v *yaml.Node, inMapping bool) bool {
			return v.Line == line && (v.Kind == yaml.ScalarNode || inMapping && v.Kind != yaml.MappingNode)
		})
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

// findValue returns the dotted key path (below path) of the first value
// below n, in document order, for which match holds, or "". match is told
// whether the value is a mapping's (else a list's); a value is tried
// before the values inside it.
func findValue(n *yaml.Node, path string, match func(v *yaml.Node, inMapping bool) bool) string {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	try := func(v *yaml.Node, p string, inMapping bool) string {
		if match(v, inMapping) {
			return p
		}
		return findValue(v, p, match)
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if found := try(n.Content[i+1], join(path, n.Content[i].Value), true); found != "" {
				return found
			}
		}
	case yaml.SequenceNode:
		for i, v := range n.Content {
			if found := try(v, fmt.Sprintf("%s[%d]", path, i), false); found != "" {
				return found
			}
		}
	}
	return ""
}
