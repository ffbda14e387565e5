package policies

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown writes the policy reference page (docs/reference/policies.md):
// one section per registry of Families, with its decision, its options
// and a table of its policies. The page is generated, never edited, so
// that a registered policy cannot go undocumented.
func WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# Policies\n\n")
	b.WriteString("<!-- Generated from the policy registries by `go generate ./cmd/schedsim`; do not edit. -->\n\n")
	b.WriteString("Every decision point of a model is one registry, made by `policies.NewRegistry` in its\n")
	b.WriteString("package and filled by the policies' `init` functions. This page and `schedsim list` are\n")
	b.WriteString("printed from those registries; a scenario names a policy by its registered name.\n")
	for _, r := range Families() {
		f := r.Family()
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\nPackage `%s`.\n", f.Name, capitalize(f.Decision), f.Package)
		if len(f.Params) > 0 {
			b.WriteString("\nOptions:\n\n")
			for _, p := range f.Params {
				fmt.Fprintf(&b, "- `%s`: %s.\n", p.Key, p.Doc)
			}
		}
		b.WriteString("\n| Policy | What it does | Options it reads |\n|---|---|---|\n")
		for _, p := range r.Policies() {
			keys := make([]string, len(p.Params))
			for i, k := range p.Params {
				keys[i] = "`" + k + "`"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", p.Name, cell(p.Summary), strings.Join(keys, ", "))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// cell escapes the one character that ends a Markdown table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
