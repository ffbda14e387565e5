package scenarios

import (
	"context"
	"testing"
)

// The claims of the three Toporkov built-ins evaluate on a shrunk run of
// every point (2 replications, 2 batches or 300 jobs): every metric,
// axis value and reference they name exists at every point they select,
// and each verdict states the numbers it used. (The verdicts themselves
// are those of the full-size runs, in docs/reproductions.)
func TestToporkovClaimsEvaluate(t *testing.T) {
	for _, name := range []string{"toporkov-alp-amp", "toporkov-ant-replication", "toporkov-ant-vs-bf"} {
		t.Run(name, func(t *testing.T) {
			sc, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			if len(sc.Claims) < 15 {
				t.Fatalf("%d claims", len(sc.Claims))
			}
			shrink(sc, len(sc.Points), 2, 300)
			rep, err := Run(context.Background(), sc, Options{})
			if err != nil {
				t.Fatal(err)
			}
			vs, err := sc.EvaluateClaims(rep)
			if err != nil {
				t.Fatal(err)
			}
			if len(vs) != len(sc.Claims) {
				t.Fatalf("%d verdicts for %d claims", len(vs), len(sc.Claims))
			}
			for i, v := range vs {
				if v.Claim != sc.Claims[i].Name || v.Numbers == "" || v.Source == "" {
					t.Errorf("claim %s: verdict %+v", sc.Claims[i].Name, v)
				}
			}
		})
	}
}
