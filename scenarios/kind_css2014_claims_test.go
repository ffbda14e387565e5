package scenarios

import (
	"context"
	"testing"

	"github.com/schedsim/schedsim/results/claims"
)

// TestCSS2014ClaimsEvaluate: every claim of every css2014 built-in selects
// its points and is decided on a short run (a few cycles, so the verdicts
// themselves mean nothing here; the built-in runs give them in
// docs/reproductions/toporkov-css2014.md).
func TestCSS2014ClaimsEvaluate(t *testing.T) {
	for _, name := range []string{"css2014-criteria", "css2014-slicing", "css2014-pricing", "css2014-hybrid", "css2014-plans", "css2014-nodes"} {
		sc, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(sc.Claims) == 0 {
			t.Errorf("%s declares no claims", name)
			continue
		}
		for _, pt := range sc.Points {
			pt.Params.(*CSS2014Params).Cycles = 3
		}
		rep, err := Run(context.Background(), sc, Options{Replications: 2})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		vs, err := claims.Evaluate(rep, sc.Claims)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(vs) != len(sc.Claims) {
			t.Errorf("%s: %d verdicts for %d claims", name, len(vs), len(sc.Claims))
		}
	}
}
