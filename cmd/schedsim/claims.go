package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/claims"
)

// claimFlags are the flags of `schedsim run` about the scenario's claims.
type claimFlags struct {
	only, strict bool
}

func (f *claimFlags) register(fs interface {
	BoolVar(p *bool, name string, value bool, usage string)
}) {
	fs.BoolVar(&f.only, "claims-only", false, "print only the table of the scenario's claims and their verdicts (no metric tables)")
	fs.BoolVar(&f.strict, "strict-claims", false, "exit 1 when a claim's verdict differs from its expect: (a study as a regression test)")
}

// claimFiles returns claims.csv and claims.json of the verdicts.
func claimFiles(vs []claims.Verdict) (csvData, jsonData []byte, err error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.Write(claims.Columns); err != nil {
		return nil, nil, err
	}
	for _, v := range vs {
		if err := w.Write(v.Row()); err != nil {
			return nil, nil, err
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, nil, err
	}
	jsonData, err = claims.MarshalVerdicts(vs)
	return buf.Bytes(), jsonData, err
}

// htmlClaims is the claims section of report.html.
func htmlClaims(vs []claims.Verdict) results.HTMLClaims {
	h := results.HTMLClaims{Head: []string{"claim", "paper", "source", "predicate", "verdict", "expected", "numbers", "note"}}
	for _, v := range vs {
		h.Rows = append(h.Rows, []string{v.Claim, v.Paper, v.Source, v.Predicate, v.Label(), v.Expected.String(), v.Numbers, v.Note})
	}
	if len(vs) > 0 {
		h.Counts = claims.Counts(vs)
	}
	return h
}

// printClaims writes the claims table after a run's tables.
func printClaims(w io.Writer, vs []claims.Verdict, width int, only bool) error {
	if len(vs) == 0 {
		if only {
			_, err := fmt.Fprintln(w, "the scenario declares no claims")
			return err
		}
		return nil
	}
	if !only {
		if _, err := fmt.Fprintln(w, "\nclaims"); err != nil {
			return err
		}
	}
	return claims.WriteTable(w, vs, width, false)
}

// strictClaims is the error of --strict-claims: nil when every verdict is
// the one its claim expects.
func strictClaims(vs []claims.Verdict) error {
	var n int
	first := ""
	for _, v := range vs {
		if v.Unexpected() {
			if n == 0 {
				first = fmt.Sprintf("%s is %s, expected %s", v.Claim, v.Verdict, v.Expected)
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return fmt.Errorf("claims: %d of %d claims got another verdict than their expect: (%s)", n, len(vs), first)
}

// cmdClaims runs `schedsim claims DIR…`: one table of the claims of the
// runs whose --out directories are given, with the counts per scenario.
func cmdClaims(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("claims", "schedsim claims DIR… (the --out directories of runs)", stdout)
	dirs, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(dirs) == 0 {
		return usagef("claims needs the --out directory of at least one run")
	}
	var all []claims.Verdict
	var without []string
	for _, d := range dirs {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return usagef("claims: %s: not a directory (give the --out directories of runs)", d)
		}
		vs, err := claims.ReadVerdicts(ctx, filepath.Join(d, "claims.json"))
		if errors.Is(err, os.ErrNotExist) {
			without = append(without, d)
			continue
		}
		if err != nil {
			return err
		}
		all = append(all, vs...)
	}
	if len(all) == 0 {
		return fmt.Errorf("claims: no claims in %s (no claims.json: their scenarios declare none, or they are not the --out of a run)", strings.Join(dirs, ", "))
	}
	if err := claims.WriteTable(stdout, all, terminalWidth(stdout), true); err != nil {
		return err
	}
	for _, d := range without {
		if _, err := fmt.Fprintf(stdout, "%s: no claims.json (its scenario declares no claims)\n", d); err != nil {
			return err
		}
	}
	return nil
}
