package claims

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/schedsim/schedsim/internal/input"
)

// Outcome is the verdict on a claim or on one part of it.
type Outcome int

// The outcomes, from best to worst: a claim's outcome is the worst of its
// parts' (NotReproduced over NotDecidable over Reproduced).
const (
	Reproduced Outcome = iota
	NotDecidable
	NotReproduced
)

var outcomeNames = []string{"reproduced", "not decidable", "not reproduced"}

func (o Outcome) String() string { return outcomeNames[o] }

// ParseOutcome reads an outcome's name ("" is reproduced, the default).
func ParseOutcome(s string) (Outcome, bool) {
	if s == "" {
		return Reproduced, true
	}
	for i, n := range outcomeNames {
		if n == s {
			return Outcome(i), true
		}
	}
	return Reproduced, false
}

// MarshalText writes the outcome's name.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an outcome's name.
func (o *Outcome) UnmarshalText(b []byte) error {
	v, ok := ParseOutcome(string(b))
	if !ok {
		return fmt.Errorf("claims: unknown verdict %q (want %s)", b, strings.Join(outcomeNames, ", "))
	}
	*o = v
	return nil
}

// worst returns the worse of two outcomes.
func worst(a, b Outcome) Outcome { return max(a, b) }

// Verdict is the outcome of one claim with the numbers it used: a row of
// the claims table, claims.csv and claims.json.
type Verdict struct {
	Scenario  string  `json:"scenario"`
	Claim     string  `json:"claim"`
	Paper     string  `json:"paper"`
	Source    string  `json:"source"`
	Predicate string  `json:"predicate"`
	Verdict   Outcome `json:"verdict"`
	Expected  Outcome `json:"expected"`
	// Numbers are the values the verdict rests on, in one human line.
	Numbers string `json:"numbers"`
	Note    string `json:"note"`
}

// Unexpected reports whether the verdict differs from the expected one.
func (v Verdict) Unexpected() bool { return v.Verdict != v.Expected }

// Label is the verdict as the table prints it: "not decidable (CI
// overlaps)" for NotDecidable.
func (v Verdict) Label() string {
	if v.Verdict == NotDecidable {
		return "not decidable (CI overlaps)"
	}
	return v.Verdict.String()
}

// Columns are the fields of a verdict, in the order of claims.csv.
var Columns = []string{"scenario", "claim", "paper", "source", "predicate", "verdict", "expected", "numbers", "note"}

// Row returns the verdict's fields in the order of Columns.
func (v Verdict) Row() []string {
	return []string{v.Scenario, v.Claim, v.Paper, v.Source, v.Predicate, v.Verdict.String(), v.Expected.String(), v.Numbers, v.Note}
}

// verdictsJSON is claims.json.
type verdictsJSON struct {
	Claims []Verdict `json:"claims"`
}

// MarshalVerdicts returns claims.json for vs.
func MarshalVerdicts(vs []Verdict) ([]byte, error) {
	if vs == nil {
		vs = []Verdict{}
	}
	out, err := json.MarshalIndent(verdictsJSON{vs}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// MaxFileBytes caps claims.json as ReadVerdicts reads it: a claim takes
// well under a kilobyte, so 16 MiB holds tens of thousands.
const MaxFileBytes = 16 << 20

// ReadVerdicts reads the claims.json at path (at most MaxFileBytes; ctx
// stops the read). A missing file is an error that errors.Is
// fs.ErrNotExist.
func ReadVerdicts(ctx context.Context, path string) ([]Verdict, error) {
	data, err := input.ReadFile(ctx, path, MaxFileBytes, "claims file")
	if err != nil {
		return nil, err
	}
	vs, err := UnmarshalVerdicts(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return vs, nil
}

// UnmarshalVerdicts reads claims.json.
func UnmarshalVerdicts(data []byte) ([]Verdict, error) {
	var v verdictsJSON
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("claims: %w", err)
	}
	return v.Claims, nil
}
