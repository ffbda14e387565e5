package scenarios

import (
	"errors"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model/multicluster"
)

// TestParsePlatform: a platform file gets the checks of a scenario file,
// each error one line naming the file, the key path and, for what the
// decoder sees, the line.
func TestParsePlatform(t *testing.T) {
	p, err := ParsePlatform([]byte("clusters:\n  - {name: a, processors: 2, speed: 1500}\n  - {name: b, processors: 1e3, speed: 1}\n"), "p.yaml")
	if err != nil || len(p.Clusters) != 2 || p.Clusters[1].Procs != 1000 {
		t.Fatalf("%+v, %v", p, err)
	}
	for _, c := range []struct{ in, want string }{
		// yaml would truncate 4.5 processors to 4.
		{"clusters:\n  - {name: a, processors: 1e3, speed: 1}\n  - {name: b, processors: 4.5, speed: 1}\n",
			"multicluster: invalid platform: p.yaml: line 3: clusters[1].processors: expected an integer, got the number 4.5"},
		{"clusters:\n  - {name: a, processors: 64, speed: 1000, colour: red}\n",
			"multicluster: invalid platform: p.yaml: line 2: clusters[0].colour: unknown key (allowed: name, processors, speed)"},
		{"clusters:\n  - {name: a, procesors: 64, speed: 1000}\n",
			"multicluster: invalid platform: p.yaml: line 2: clusters[0].procesors: unknown key; did you mean processors? (allowed: name, processors, speed)"},
		{"clusters: 5\n",
			"multicluster: invalid platform: p.yaml: line 1: clusters: expected a list of mappings of key: value, got the integer 5"},
		{"clusters:\n  - {name: a, processors: many, speed: 1}\n",
			`multicluster: invalid platform: p.yaml: line 2: clusters[0].processors: expected an integer, got the text "many"`},
		{"clusters:\n  - {name: a, processors: 0, speed: 1}\n",
			`multicluster: invalid platform: p.yaml: clusters[0].processors: must be in [1, 16777216] (got 0, cluster "a")`},
		{"", "multicluster: invalid platform: p.yaml: clusters: the platform has no cluster"},
		{"clusters:\n", "multicluster: invalid platform: p.yaml: line 1: clusters: has no value (give one, or remove the key for its default)"},
		{"clusters: []\n---\nclusters: []\n", "multicluster: invalid platform: p.yaml:2: a second YAML document: the file holds one (remove the ---)"},
	} {
		_, err := ParsePlatform([]byte(c.in), "p.yaml")
		if err == nil || err.Error() != c.want || !errors.Is(err, multicluster.ErrPlatform) {
			t.Errorf("%q:\n got %v\nwant %s", c.in, err, c.want)
		}
	}
}

// FuzzParsePlatform: any input gives a platform that validates or one
// line of error wrapping ErrPlatform, never a panic.
func FuzzParsePlatform(f *testing.F) {
	f.Add("clusters:\n  - {name: a, processors: 2, speed: 1500}\n")
	f.Add("clusters: []\n")
	f.Add("clusters:\n  - {name: a, processors: -1, speed: .nan}\n")
	f.Add("clusters:\n  - {name: a, processors: 4.5, speed: 1, x: 1}\n")
	f.Add("[")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePlatform([]byte(s), "f.yaml")
		if err == nil && p.Validate() != nil || err != nil && (!errors.Is(err, multicluster.ErrPlatform) || strings.Contains(err.Error(), "\n")) {
			t.Fatalf("%q: %v", s, err)
		}
	})
}
