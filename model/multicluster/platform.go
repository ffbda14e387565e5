package multicluster

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"
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

// Validate checks the platform: at least one cluster, each with a
// non-empty unique name, ≥ 1 processor and a finite speed > 0. The error
// names the offending key, e.g. clusters[2].speed.
func (p Platform) Validate() error {
	if len(p.Clusters) == 0 {
		return fmt.Errorf("%w: clusters: the platform has no cluster", ErrPlatform)
	}
	seen := make(map[string]int, len(p.Clusters))
	for i, c := range p.Clusters {
		key := fmt.Sprintf("clusters[%d]", i)
		switch {
		case c.Name == "":
			return fmt.Errorf("%w: %s.name: is required", ErrPlatform, key)
		case c.Procs < 1:
			return fmt.Errorf("%w: %s.processors: must be ≥ 1 (got %d, cluster %q)", ErrPlatform, key, c.Procs, c.Name)
		case !(c.Speed > 0) || math.IsInf(c.Speed, 0):
			return fmt.Errorf("%w: %s.speed: must be a finite number > 0 MIPS (got %v, cluster %q)", ErrPlatform, key, c.Speed, c.Name)
		}
		if j, dup := seen[c.Name]; dup {
			return fmt.Errorf("%w: %s.name: %q is already the name of clusters[%d]", ErrPlatform, key, c.Name, j)
		}
		seen[c.Name] = i
	}
	return nil
}

// MaxPlatformBytes is the largest platform file read: a cluster takes a
// few lines, so a mebibyte holds thousands.
const MaxPlatformBytes = 1 << 20

// ParsePlatform decodes a platform from YAML strictly (an unknown key is
// an error) and validates it. file names the source in errors.
func ParsePlatform(data []byte, file string) (Platform, error) {
	var p Platform
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&p); err != nil {
		if err == io.EOF {
			return p, fmt.Errorf("%w: %s: empty platform file", ErrPlatform, file)
		}
		var te *yaml.TypeError
		if errors.As(err, &te) {
			return p, fmt.Errorf("%w: %s: %s", ErrPlatform, file, strings.Join(te.Errors, "; "))
		}
		return p, fmt.Errorf("%w: %s: %s", ErrPlatform, file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if err := p.Validate(); err != nil {
		return p, fmt.Errorf("%w: %s: %s", ErrPlatform, file, strings.TrimPrefix(err.Error(), ErrPlatform.Error()+": "))
	}
	return p, nil
}
