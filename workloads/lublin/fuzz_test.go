package lublin

import (
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// FuzzParams decodes arbitrary --params files over the defaults (as
// `schedsim generate lublin --params` does, strictly) and generates a few
// jobs from every one that validates: never a panic, never an endless
// loop, an error names a parameter ("lublin: key: …"), and every job is
// plausible.
func FuzzParams(f *testing.F) {
	f.Add("max_log_runtime: 0.001\n")
	f.Add("max_log_interarrival: 30\nload: 1e-9\n")
	f.Add("batch: {a1: 1e300}\ninteractive: {aarr: 1e-300, barr: 1e300}\n")
	f.Add("classes: combined\ncombined: {anum: 1e300, bnum: 1e-300}\n")
	f.Add("start_hour: 23\nrequested: factor\nrequested_factor: 1e308\n")
	f.Add("batch: {ulow: 3, umed: 2}\n")
	f.Fuzz(func(t *testing.T, s string) {
		p := Defaults(64)
		dec := yaml.NewDecoder(strings.NewReader(s))
		dec.KnownFields(true)
		if err := dec.Decode(&p); err != nil && !errors.Is(err, io.EOF) {
			return
		}
		p.Procs, p.Jobs, p.Days = min(max(p.Procs, 1), 4096), 30, 0
		if err := p.Validate(); err != nil {
			if !strings.HasPrefix(err.Error(), "lublin: ") {
				t.Fatalf("error without the package: %v", err)
			}
			return
		}
		g, err := New(p)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "lublin: ") {
				t.Fatalf("New: %v", err)
			}
			return
		}
		last := 0.0
		for {
			r, err := g.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				if !strings.HasPrefix(err.Error(), "lublin: ") {
					t.Fatalf("Next: %v", err)
				}
				return
			}
			if !(r.Submit >= last) || r.Submit > MaxSubmit || !(r.RunTime >= 1) || math.IsInf(r.RunTime, 0) || r.AllocProcs < 1 || r.AllocProcs > p.Procs {
				t.Fatalf("implausible job %+v (procs %d)", r, p.Procs)
			}
			last = r.Submit
		}
	})
}
