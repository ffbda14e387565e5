package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/schedsim/schedsim/internal/prose"
	"github.com/schedsim/schedsim/policies"
	"github.com/schedsim/schedsim/policies/batch"
)

//go:generate go test -run TestPoliciesReference -update-policies .

// batchPolicies returns the registered batch policies for help texts.
func batchPolicies() string { return strings.Join(batch.Policies.Names(), ", ") }

// listPolicies writes the policies section of `schedsim list`: every
// registry (decision point) with its policies, their summaries and the
// options each reads, folded to width.
func listPolicies(w io.Writer, width int) {
	fmt.Fprintln(w, "\npolicies (by decision point; options a policy reads in brackets):")
	for _, r := range policies.Families() {
		f := r.Family()
		fmt.Fprintln(w, prose.Hang(fmt.Sprintf("%s (%s): %s", f.Name, f.Package, f.Decision), width, "  ", "      "))
		var rows [][]string
		for _, p := range r.Policies() {
			params := ""
			if len(p.Params) > 0 {
				params = " [" + strings.Join(p.Params, ", ") + "]"
			}
			rows = append(rows, []string{p.Name, p.Summary + params})
		}
		prose.Columns(w, "    ", rows, width)
	}
}
