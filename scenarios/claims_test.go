package scenarios

import (
	"strings"
	"testing"
)

// mmcSwept is a small mmc sweep for claims: its claims start at line 13.
const mmcSwept = `name: t
model: mmc
seed: 3
replications: 2
stop: {completed_jobs: 500}
params: {service_rate: 1, warmup_jobs: 50}
sweep:
  - key: servers
    values: [1, 4]
  - key: load
    values: [0.5, 0.8]
claims:
  - name: first
    paper: "waiting grows with load"
`

func TestClaimErrorsNameFileLineAndKey(t *testing.T) {
	cases := []struct {
		name, tail, want string
	}{
		{"no predicate", "", "t.yaml:13: claims[0]: needs one predicate: best, order, peak, difference or within"},
		{"two predicates", "    order: {metric: waiting_time, axis: load, goal: increasing}\n    peak: {metric: waiting_time, axis: load, goal: max}\n",
			"t.yaml:16: claims[0].peak: a claim has exactly one predicate (this one also has order)"},
		{"unknown metric", "    best: {metric: wait, axis: load, value: \"0.5\", goal: min}\n",
			`t.yaml:15: claims[0].best.metric: unknown metric "wait"; did you mean waiting_time? (want one of response_time, waiting_time,`},
		{"misspelt metric", "    best:\n      metric: waitng_time\n", `t.yaml:16: claims[0].best.metric: unknown metric "waitng_time"; did you mean waiting_time?`},
		{"unknown axis", "    order: {metric: waiting_time, axis: loads, goal: increasing}\n", `t.yaml:15: claims[0].order.axis: unknown axis "loads"; did you mean load? (want one of servers, load)`},
		{"missing axis", "    order: {metric: waiting_time, goal: increasing}\n", "claims[0].order.axis: required (a sweep axis: servers, load)"},
		{"unknown value", "    best: {metric: waiting_time, axis: servers, value: \"2\", goal: min}\n", `claims[0].best.value: axis servers has no value "2"; did you mean 1 or 4? (want one of 1, 4)`},
		{"bad goal", "    best: {metric: waiting_time, axis: servers, value: \"1\", goal: lowest}\n", `claims[0].best.goal: must be one of [min max] (got "lowest")`},
		{"order goal", "    order: {metric: waiting_time, axis: load, goal: up}\n", `claims[0].order.goal: must be one of [increasing decreasing]`},
		{"order values", "    order:\n      metric: waiting_time\n      axis: load\n      goal: increasing\n      values: [\"0.5\", \"0.9\"]\n", `t.yaml:19: claims[0].order.values[1]: axis load has no value "0.9"`},
		{"peak needs 3 values", "    peak: {metric: waiting_time, axis: load, goal: max}\n", "claims[0].peak.axis: axis load has 2 value(s): this predicate needs at least 3"},
		{"difference same", "    difference: {metric: waiting_time, axis: load, a: \"0.5\", b: \"0.5\"}\n", `claims[0].difference.b: "0.5" is also a`},
		{"difference bounds", "    difference: {metric: waiting_time, axis: load, a: \"0.8\", b: \"0.5\", at_least: 3, at_most: 1}\n", "claims[0].difference.at_most: must be ≥ at_least 3 (got 1)"},
		{"within tolerance", "    within: {metric: utilization, tolerance: \"5 percent\"}\n", `claims[0].within.tolerance: "5 percent": want "X%" (relative to the reference) or an absolute number X`},
		{"within both", "    within: {metric: utilization, tolerance: 1%, range: [0, 1]}\n", "claims[0].within.range: excludes tolerance and reference"},
		{"within range", "    within: {metric: utilization, range: [1]}\n", "claims[0].within.range: must be [low, high] (got 1 numbers)"},
		{"within nothing", "    within: {metric: utilization}\n", "claims[0].within.tolerance: required"},
		{"within no reference", "    within: {metric: events, tolerance: 1%}\n", "t.yaml:15: claims[0].within.tolerance: model mmc has no reference value of events at servers=1 load=0.5: give within.reference or within.range"},
		{"where axis", "    where: {lod: \"0.5\"}\n    best: {metric: waiting_time, axis: servers, value: \"1\", goal: max}\n", `t.yaml:15: claims[0].where.lod: unknown axis "lod"; did you mean load?`},
		{"where value", "    where: {load: 0.7}\n    best: {metric: waiting_time, axis: servers, value: \"1\", goal: max}\n", `claims[0].where.load: axis load has no value "0.7"`},
		{"where fixes the axis", "    where: {load: 0.5}\n    order: {metric: waiting_time, axis: load, goal: increasing}\n", `claims[0].order.axis: "load" is also fixed by where`},
		{"unknown predicate key", "    best: {metric: waiting_time, axis: servers, value: \"1\", goal: max, by: 2}\n", "t.yaml:15: claims[0].best.by: unknown key (allowed: axis, goal, metric, value)"},
		{"unknown claim key", "    predicate: best\n", "t.yaml:15: claims[0].predicate: unknown key (allowed: best, difference, expect, name, note, order, paper, peak, source, where, within)"},
		{"expect", "    expect: reproducd\n    order: {metric: waiting_time, axis: load, goal: increasing}\n", `claims[0].expect: must be one of [reproduced not decidable not reproduced] (got "reproducd"); did you mean reproduced?`},
		{"duplicate name", "    order: {metric: waiting_time, axis: load, goal: increasing}\n  - name: first\n    paper: again\n    order: {metric: waiting_time, axis: load, goal: increasing}\n",
			`t.yaml:16: claims[1].name: "first" is also the name of claims[0]: names are unique`},
		{"bad name", "    order: {metric: waiting_time, axis: load, goal: increasing}\n  - name: Second Claim\n    paper: x\n    order: {metric: waiting_time, axis: load, goal: increasing}\n",
			`t.yaml:16: claims[1].name: "Second Claim": use lower-case letters`},
		{"paper missing", "    order: {metric: waiting_time, axis: load, goal: increasing}\n  - name: second\n    order: {metric: waiting_time, axis: load, goal: increasing}\n",
			"t.yaml:16: claims[1].paper: required (the paper's words, short)"},
		{"wrong type", "    order:\n      metric: waiting_time\n      values: 3\n", "t.yaml:17: claims[0].order.values: expected a list of strings, got the integer 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(mmcSwept+c.tail), "t.yaml", ".")
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q\nwant it to contain %q", err, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans several lines: %q", err)
			}
		})
	}
}

func TestClaimsParseAndReadBack(t *testing.T) {
	tail := "    order: {metric: waiting_time, axis: load, goal: increasing}\n  - name: in-band\n    paper: x\n    where: {servers: 4}\n    within: {metric: utilization, tolerance: 0.05}\n"
	sc, err := Parse([]byte(mmcSwept+tail), "t.yaml", ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Claims) != 2 || sc.Claims[1].Within.Tolerance != "0.05" || sc.Claims[1].Where["servers"] != "4" {
		t.Fatalf("claims %+v", sc.Claims)
	}
	// The resolved scenario (scenario.yaml, shard manifests) keeps them.
	out, err := sc.Resolved()
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse(out, "resolved.yaml", ".")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if again.Claims[1].Predicate() != sc.Claims[1].Predicate() {
		t.Fatalf("read back %q, want %q", again.Claims[1].Predicate(), sc.Claims[1].Predicate())
	}
}
