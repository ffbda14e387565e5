package slotexp

import (
	"testing"

	"github.com/schedsim/schedsim/policies/anticipation"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

func TestANTExplore(t *testing.T) {
	dc := toporkov.DefaultDomainConfig()
	g, _ := toporkov.NewDomainGenerator(dc, sim.NewStreams(1, 0))
	cfg := ANTConfig{Experiment: ExperimentReplication, Batches: 20, Limit: 10, Check: true,
		Similarity: anticipation.Similarity{Terms: []css.Property{css.Cost, css.ProcTime}, Floor: 1}}
	m, err := RunANT(g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range m {
		t.Logf("%s %.4g", x.Name, x.Value)
	}
}
