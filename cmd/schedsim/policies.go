package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/schedsim/schedsim/policies"
	"github.com/schedsim/schedsim/policies/batch"
)

//go:generate go test -run TestPoliciesReference -update-policies .

// batchPolicies returns the registered batch policies for help texts.
func batchPolicies() string { return strings.Join(batch.Policies.Names(), ", ") }

// listPolicies writes the policies section of `schedsim list`: every
// registry (decision point) with its policies, their summaries and the
// options each reads.
func listPolicies(w io.Writer) {
	fmt.Fprintln(w, "\npolicies (by decision point; options a policy reads in brackets):")
	for _, r := range policies.Families() {
		f := r.Family()
		fmt.Fprintf(w, "  %s (%s): %s\n", f.Name, f.Package, f.Decision)
		for _, p := range r.Policies() {
			params := ""
			if len(p.Params) > 0 {
				params = " [" + strings.Join(p.Params, ", ") + "]"
			}
			fmt.Fprintf(w, "    %s\t%s%s\n", p.Name, p.Summary, params)
		}
	}
}
