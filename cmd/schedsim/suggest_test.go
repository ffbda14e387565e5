package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/policies/batch"
)

// TestErrorsSuggestNearestNames: a misspelt command, flag, built-in,
// policy, key or metric gives one line with the nearest valid name, and a
// value of the wrong YAML type names the file, line, key and the type
// expected.
func TestErrorsSuggestNearestNames(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	kind := write("kind.yaml", "name: t\nmodel: clustr\nreplications: 2\n")
	key := write("key.yaml", "name: t\nmodel: mmc\nreplicatons: 2\n")
	ten := write("ten.yaml", "name: t\nmodel: mmc\nreplications: ten\nparams:\n  servers: 2\n")
	list := write("list.yaml", "name: t\nmodel: mmc\nreplications: 2\nparams:\n  arrival_rate: 0.5\n  servers: [1, 2]\n")
	metric := write("metric.yaml", "name: t\nmodel: mmc\nreplications: 2\nparams:\n  arrival_rate: 0.5\nsweep:\n  - key: servers\n    values: [1, 2]\nplots:\n  - name: w\n    metric: waiting_tme\n    x: servers\n")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"rnu"}, exitUsage, `unknown command "rnu"; did you mean run?`},
		{[]string{"run", "--replicatons", "3"}, exitUsage, "flag provided but not defined: -replicatons; did you mean --replications?"},
		{[]string{"run", "karatza-quik"}, exitUsage, "karatza-quik: no such scenario file or built-in scenario; did you mean karatza-quick?"},
		{[]string{"replay", "--trace", "testdata/no-usable.swf", "--policy", "eays"}, exitUsage, "--policy: must be one of " + fmt.Sprint(batch.Policies.Names()) + ` (got "eays"); did you mean easy?`},
		{[]string{"validate", key}, exitRun, key + ":3: replicatons: unknown key; did you mean replications? (allowed: "},
		{[]string{"validate", kind}, exitRun, kind + `:2: model: unknown model "clustr"; did you mean cluster? (known: `},
		{[]string{"validate", ten}, exitRun, ten + `:3: replications: expected an integer, got the text "ten"`},
		{[]string{"validate", list}, exitRun, list + ":6: params.servers: expected an integer, got a list"},
		{[]string{"validate", metric}, exitRun, `has no metric "waiting_tme"; did you mean waiting_time?`},
		{[]string{"trace", "fetch", "KTH-SP3"}, exitUsage, `unknown trace "KTH-SP3"; did you mean KTH-SP2?`},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, stderr, c.code, c.want)
		}
		if strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: not one line: %q", c.args, stderr)
		}
	}
}
