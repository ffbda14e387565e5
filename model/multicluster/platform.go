package multicluster

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/schedsim/schedsim/model"
)

// DefaultRefSpeed is the reference speed, in MIPS, that turns a trace's
// run time into a job length: L = run time × DefaultRefSpeed.
const DefaultRefSpeed = 1000.0

// ClusterSpec describes one cluster of a grid.
type ClusterSpec struct {
	// Name identifies the cluster in outputs; names are unique.
	Name string `yaml:"name"`
	// Procs is the number of processors (≥ 1).
	Procs int `yaml:"processors"`
	// Speed is the speed of every processor, in MIPS (> 0).
	Speed float64 `yaml:"speed"`
}

// Platform is a grid of clusters, in the YAML form
//
//	clusters:
//	  - {name: c1, processors: 280, speed: 1000}
//	  - {name: c2, processors: 240, speed: 1100}
type Platform struct {
	// Clusters lists the clusters; their order is their index.
	Clusters []ClusterSpec `yaml:"clusters"`
}

// Table1 returns the grid of Makhlouf & Yagoubi's Table 1: seven clusters,
// 280 to 40 processors at 1000 to 1600 MIPS, 1120 processors in all.
func Table1() Platform {
	procs := []int{280, 240, 200, 160, 120, 80, 40}
	p := Platform{Clusters: make([]ClusterSpec, len(procs))}
	for i, n := range procs {
		p.Clusters[i] = ClusterSpec{Name: fmt.Sprintf("cluster%d", i+1), Procs: n, Speed: 1000 + 100*float64(i)}
	}
	return p
}

// Split returns the platform with every cluster cut into k clusters of
// the same speed whose processor counts differ by at most one (named
// NAME.1 … NAME.k): the same total size in k times as many clusters. A
// cluster smaller than k gives as many one-processor clusters as it has
// processors.
func (p Platform) Split(k int) Platform {
	var out Platform
	for _, c := range p.Clusters {
		parts := min(k, c.Procs)
		for i := range parts {
			n := c.Procs / parts
			if i < c.Procs%parts {
				n++
			}
			out.Clusters = append(out.Clusters, ClusterSpec{Name: fmt.Sprintf("%s.%d", c.Name, i+1), Procs: n, Speed: c.Speed})
		}
	}
	return out
}

// TotalProcs returns the number of processors of the whole grid.
func (p Platform) TotalProcs() int {
	n := 0
	for _, c := range p.Clusters {
		n += c.Procs
	}
	return n
}

// ErrPlatform is wrapped by every error about an invalid platform.
var ErrPlatform = errors.New("multicluster: invalid platform")

// Limits of a platform: a cluster's processors and the grid's total fit
// every count the model keeps (no sum can overflow), and a speed stays
// within twelve orders of magnitude around 1 MIPS so that run times stay
// finite.
const (
	MaxClusterProcs = 1 << 24
	MaxGridProcs    = 1 << 30
	MinSpeed        = 1e-6
	MaxSpeed        = 1e12
	MaxNameLen      = 64
)

// NamePattern is what a cluster name may look like: a letter or digit,
// then letters, digits, '.', '_' and '-', at most MaxNameLen characters.
// Names become metric names (utilization_NAME) and plot file names, so
// they may hold nothing that a file name would have to escape.
var NamePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// Validate checks the platform: at least one cluster, each with a unique
// name matching NamePattern (unique ignoring case, and not one that makes
// utilization_NAME a metric of MetricNames), 1 to MaxClusterProcs
// processors (MaxGridProcs in all) and a speed in [MinSpeed, MaxSpeed]
// MIPS. The error wraps ErrPlatform and a *model.FieldError naming the
// offending key, e.g. clusters[2].speed.
func (p Platform) Validate() error {
	bad := func(path, format string, args ...any) error {
		return fmt.Errorf("%w: %w", ErrPlatform, model.Field(path, format, args...))
	}
	if len(p.Clusters) == 0 {
		return bad("clusters", "the platform has no cluster")
	}
	seen := make(map[string]int, len(p.Clusters))
	total := 0
	for i, c := range p.Clusters {
		key := fmt.Sprintf("clusters[%d]", i)
		switch {
		case c.Name == "":
			return bad(key+".name", "is required")
		case len(c.Name) > MaxNameLen || !NamePattern.MatchString(c.Name):
			return bad(key+".name", "%q must be at most %d letters, digits, '.', '_' or '-', starting with a letter or digit", c.Name, MaxNameLen)
		case slices.Contains(MetricNames, "utilization_"+c.Name):
			return bad(key+".name", "%q is reserved: its utilization_%s would clash with the grid's metric of that name", c.Name, c.Name)
		case c.Procs < 1 || c.Procs > MaxClusterProcs:
			return bad(key+".processors", "must be in [1, %d] (got %d, cluster %q)", MaxClusterProcs, c.Procs, c.Name)
		case !(c.Speed >= MinSpeed && c.Speed <= MaxSpeed):
			return bad(key+".speed", "must be in [%v, %v] MIPS (got %v, cluster %q)", MinSpeed, MaxSpeed, c.Speed, c.Name)
		}
		if total += c.Procs; total > MaxGridProcs {
			return bad(key+".processors", "brings the grid to more than %d processors", MaxGridProcs)
		}
		lower := strings.ToLower(c.Name)
		if j, dup := seen[lower]; dup {
			return bad(key+".name", "%q is already the name of clusters[%d] (names must differ in more than case)", c.Name, j)
		}
		seen[lower] = i
	}
	return nil
}
