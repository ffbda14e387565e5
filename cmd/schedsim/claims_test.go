package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/results/claims"
)

// claimsScenario is a quick mmc sweep whose claims hold (waiting grows
// with the load), fail (it falls) and are expected to fail.
const claimsScenario = `name: claimed
model: mmc
seed: 5
replications: 3
stop: {completed_jobs: 3000}
params: {servers: 2, service_rate: 1, warmup_jobs: 300}
sweep:
  - key: load
    values: [0.3, 0.9]
claims:
  - name: grows
    paper: "waiting grows with the load"
    source: "queueing theory"
    order: {metric: waiting_time, axis: load, goal: increasing}
  - name: falls
    paper: "waiting falls with the load"
    note: "it cannot: ρ/(1−ρ)"
    expect: not reproduced
    order: {metric: waiting_time, axis: load, goal: decreasing}
`

func writeScenario(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "claimed.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestClaimsTableAndFiles(t *testing.T) {
	t.Setenv("COLUMNS", "100")
	file := writeScenario(t, claimsScenario)
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "run", file, "--out", out, "--strict-claims")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"claims\nclaim  verdict", "grows  reproduced ", "falls  not reproduced ", "claimed: 1 of 2 claims reproduced (1 not reproduced, 0 not decidable)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(filepath.Join(out, "claims.json"))
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := claims.UnmarshalVerdicts(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(out, "claims.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows[0], claims.Columns) || len(rows) != len(fromJSON)+1 || len(fromJSON) != 2 {
		t.Fatalf("claims.csv header %v, %d rows; claims.json %d claims", rows[0], len(rows)-1, len(fromJSON))
	}
	for i, v := range fromJSON {
		if !reflect.DeepEqual(rows[i+1], v.Row()) {
			t.Errorf("claims.csv row %d %q\nclaims.json     %q", i, rows[i+1], v.Row())
		}
	}
	if v := fromJSON[1]; v.Claim != "falls" || v.Verdict != claims.NotReproduced || v.Expected != claims.NotReproduced || v.Note != "it cannot: ρ/(1−ρ)" || !strings.Contains(v.Numbers, "paired Δ") {
		t.Errorf("claims.json: %+v", v)
	}
	html, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "<h2>Claims</h2>") || !strings.Contains(string(html), "waiting falls with the load") {
		t.Error("report.html has no claims section")
	}

	// schedsim claims: one table over runs, with the scenario column.
	other := filepath.Join(t.TempDir(), "plain")
	if code, _, stderr := runCLI(t, "run", "mmc-validation", "--replications", "2", "--out", other); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	noClaims := t.TempDir()
	code, stdout, stderr = runCLI(t, "claims", out, other, noClaims)
	if code != exitOK {
		t.Fatalf("claims: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"scenario        claim", "claimed         grows", "mmc-validation  wait-erlang-c", "claimed: 1 of 2 claims reproduced", "mmc-validation: ", noClaims + ": no claims.json"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("schedsim claims lacks %q:\n%s", want, stdout)
		}
	}
	if code, _, stderr := runCLI(t, "claims", noClaims); code != exitRun || !strings.Contains(stderr, "no claims in") {
		t.Errorf("claims of a directory without claims: exit %d, %s", code, stderr)
	}
	if code, _, _ := runCLI(t, "claims", filepath.Join(noClaims, "absent")); code != exitUsage {
		t.Errorf("claims of a missing directory: exit %d, want %d", code, exitUsage)
	}
}

func TestStrictClaimsExitCode(t *testing.T) {
	t.Setenv("COLUMNS", "100")
	// "falls" now expects reproduced: its verdict differs.
	file := writeScenario(t, strings.Replace(claimsScenario, "    expect: not reproduced\n", "", 1))
	code, stdout, stderr := runCLI(t, "run", file, "--claims-only")
	if code != exitOK {
		t.Fatalf("a failed claim changed the exit code without --strict-claims: %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "claim  verdict") || strings.Contains(stdout, "mean ±") || !strings.Contains(stdout, "not reproduced*") {
		t.Errorf("--claims-only printed:\n%s", stdout)
	}
	code, _, stderr = runCLI(t, "run", file, "--claims-only", "--strict-claims")
	if code != exitRun || !strings.Contains(stderr, "claims: 1 of 2 claims got another verdict than their expect: (falls is not reproduced, expected reproduced)") {
		t.Errorf("--strict-claims: exit %d, stderr %q", code, stderr)
	}
	// Data formats keep stdout parseable.
	_, stdout, _ = runCLI(t, "run", file, "--format", "csv")
	if strings.Contains(stdout, "claim  verdict") {
		t.Errorf("--format csv printed the claims table:\n%s", stdout)
	}
}
