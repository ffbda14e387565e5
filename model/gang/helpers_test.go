package gang_test

import (
	"bytes"
	"encoding/csv"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/policies/grid"
	"github.com/schedsim/schedsim/policies/local"
	"github.com/schedsim/schedsim/sim"
)

// loc is a local job with an exact estimate.
func loc(at float64, site int, runtime float64) gang.Arrival {
	return gang.Arrival{Time: at, Site: site, Size: 1, Runtime: runtime, Estimate: runtime}
}

// gng is a gang with an exact estimate.
func gng(at float64, size int, runtime float64) gang.Arrival {
	return gang.Arrival{Time: at, Site: gang.GS, Size: size, Runtime: runtime, Estimate: runtime}
}

// setup describes a small system with the real policies.
type setup struct {
	sites, procs int
	approach     int
	overhead     float64
	pick         string
	threshold    float64
	fcfs         bool
	router       gang.Router // nil: the paper's router
	queue        gang.GridQueue
	alloc        gang.Allocator
	seed         uint64
}

func (c setup) build(t *testing.T, arr ...gang.Arrival) (*gang.System, *bytes.Buffer) {
	t.Helper()
	if c.sites == 0 {
		c.sites, c.procs = 2, 4
	}
	if c.approach == 0 {
		c.approach = 2
	}
	o := grid.DefaultOptions()
	o.Overhead = c.overhead
	o.QueuePick = c.pick
	alloc := c.alloc
	var err error
	if alloc == nil {
		alloc, err = grid.Allocators.New("karatza-approach"+strconv.Itoa(c.approach), o)
		if err != nil {
			t.Fatal(err)
		}
	}
	queue := c.queue
	if queue == nil {
		queue, _ = grid.Queues.New(grid.LGF, struct{}{})
	}
	name := local.BackfillName
	if c.fcfs {
		name = local.FCFSName
	}
	disc, err := local.Disciplines.New(name, local.Options{Threshold: c.threshold})
	if err != nil {
		t.Fatal(err)
	}
	router := c.router
	if router == nil {
		router, _ = local.Routers.New(local.ShortestName, local.Options{})
	}
	var buf bytes.Buffer
	sys, err := gang.New(sim.NewFast(), gang.Config{Sites: c.sites, Processors: c.procs, Check: true},
		gang.Policies{Allocator: alloc, Queue: queue, Local: disc, Router: router},
		&gang.SliceSource{Arrivals: arr}, rand.New(rand.NewPCG(1, c.seed)), &buf)
	if err != nil {
		t.Fatal(err)
	}
	return sys, &buf
}

// firstFree routes to the first free processor, else to processor 0.
var firstFree = routerFunc(func(v *gang.View, site int, _ float64) int {
	for i := 0; i < v.Processors(); i++ {
		if v.Idle(site, i) && v.QueueEmpty(site, i) {
			return i
		}
	}
	return 0
})

// record is one row of the per-job CSV.
type record map[string]float64

// records parses the per-job CSV by job ID.
func records(t *testing.T, buf *bytes.Buffer) map[int64]record {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(buf.Bytes())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]record{}
	for _, row := range rows[1:] {
		r := record{}
		for i, col := range rows[0] {
			v, err := strconv.ParseFloat(row[i], 64)
			if err != nil {
				t.Fatal(err)
			}
			r[col] = v
		}
		out[int64(r["id"])] = r
	}
	return out
}

func run(t *testing.T, sys *gang.System, lim sim.Limit) gang.Result {
	t.Helper()
	r, err := sys.Run(lim)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
