package scenarios

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the scenario decoder. Nothing may
// panic; an error is one line naming the file; a scenario that decodes
// re-decodes from its resolved form to the same points.
func FuzzParse(f *testing.F) {
	f.Add([]byte(mmcOK))
	f.Add([]byte(mmcOK + "sweep:\n  - {key: servers, label: c, values: [1, 2]}\nplots:\n  - {name: p, metric: waiting_time, x: servers}\n"))
	f.Add([]byte("name: k\nmodel: karatza\nreplications: 1\nparams: {approach: 1, gang_sizes: \"2..8\"}\n"))
	f.Add([]byte("name: s\nmodel: slots\nreplications: 1\nparams: {cycles: 3}\n"))
	f.Add([]byte("---\n---\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Add([]byte("name: x\nmodel: mmc\nreplications: 1e9\n"))
	for _, name := range Builtins() {
		if b, ok := builtinData(name); ok {
			f.Add(b)
		}
	}
	if matches, _ := filepath.Glob("../scenarios/examples/*.yaml"); len(matches) > 0 {
		for _, m := range matches {
			if b, err := os.ReadFile(m); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse(data, "fuzz.yaml", t.TempDir())
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "fuzz.yaml") {
				t.Fatalf("error %q: not one line naming the file", msg)
			}
			return
		}
		resolved, err := sc.Resolved()
		if err != nil {
			t.Fatalf("Resolved: %v", err)
		}
		again, err := Parse(resolved, "resolved.yaml", sc.BaseDir)
		if err != nil {
			t.Fatalf("the resolved scenario does not decode: %v\n%s", err, resolved)
		}
		if len(again.Points) != len(sc.Points) || again.Replications != sc.Replications || again.Seed != sc.Seed {
			t.Fatalf("the resolved scenario differs: %d points × %d, seed %d; was %d × %d, seed %d",
				len(again.Points), again.Replications, again.Seed, len(sc.Points), sc.Replications, sc.Seed)
		}
	})
}
