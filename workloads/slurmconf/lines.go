package slurmconf

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// nodeKeys are the NodeName keys that set CPUs.
var nodeKeys = []string{"cpus", "boards", "sockets", "corespersocket", "threadspercore"}

// nodeLine reads a NodeName line (DEFAULT sets the defaults of the next).
func (p *parser) nodeLine(n int, pairs []pair) error {
	name := pairs[0].val
	vals := map[string]string{}
	for _, kv := range pairs[1:] {
		k := strings.ToLower(kv.key)
		if slices.Contains(nodeKeys, k) {
			vals[k] = kv.val
		} else {
			p.ignore(n, "NodeName "+kv.key)
		}
	}
	if strings.EqualFold(name, "DEFAULT") {
		maps.Copy(p.nodeDef, vals)
		return nil
	}
	all := maps.Clone(p.nodeDef)
	maps.Copy(all, vals)
	num := func(k string) (int, error) {
		v, ok := all[k]
		if !ok {
			return 1, nil
		}
		x, err := strconv.Atoi(v)
		if err != nil || x < 1 || x > 1<<20 {
			return 0, p.errf(n, "NodeName %s: %s: want an integer in [1, %d] (got %q)", name, k, 1<<20, v)
		}
		return x, nil
	}
	cpus := 1
	if _, ok := all["cpus"]; ok {
		x, err := num("cpus")
		if err != nil {
			return err
		}
		cpus = x
	} else {
		for _, k := range nodeKeys[1:] {
			x, err := num(k)
			if err != nil {
				return err
			}
			cpus *= x
			if cpus > 1<<20 {
				return p.errf(n, "NodeName %s: more than %d CPUs a node", name, 1<<20)
			}
		}
	}
	names, err := expandHosts(name, p.budget)
	if err != nil {
		return p.errf(n, "NodeName: %v", err)
	}
	p.budget -= len(names)
	p.cfg.Nodes = append(p.cfg.Nodes, NodeLine{Names: names, CPUs: cpus, Line: n})
	return nil
}

// partLine reads a PartitionName line.
func (p *parser) partLine(n int, pairs []pair) error {
	name := pairs[0].val
	vals := map[string]string{}
	keys := map[string]string{}
	for _, kv := range pairs[1:] {
		k := strings.ToLower(kv.key)
		vals[k] = kv.val
		keys[k] = kv.key
	}
	if strings.EqualFold(name, "DEFAULT") {
		maps.Copy(p.partDef, vals)
		return nil
	}
	all := maps.Clone(p.partDef)
	maps.Copy(all, vals)
	part := Partition{Name: name, MaxTime: Unlimited, DefaultTime: -1, MaxNodes: Unlimited,
		PriorityTier: 1, PriorityJobFactor: 1, Line: n}
	spec := partSpec{}
	where := "PartitionName " + name + " "
	for _, k := range slices.Sorted(maps.Keys(all)) {
		v := all[k]
		key := keys[k]
		if key == "" {
			key = k
		}
		bad := func(err error) error { return p.errf(n, "%s%s: %v", where, key, err) }
		switch k {
		case "nodes":
			spec.nodes = v
		case "maxtime", "defaulttime":
			t, err := parseTime(v, true)
			if err != nil {
				return bad(err)
			}
			if k == "maxtime" {
				part.MaxTime = t
			} else {
				part.DefaultTime = t
			}
		case "maxnodes":
			x, err := limit(v)
			if err != nil {
				return bad(err)
			}
			part.MaxNodes = x
		case "prioritytier", "priorityjobfactor", "priority":
			x, err := strconv.ParseUint(v, 10, 16)
			if err != nil {
				return p.errf(n, "%s%s: want an integer in [0, 65535] (got %q)", where, key, v)
			}
			if k != "priorityjobfactor" {
				part.PriorityTier = int(x)
			}
			if k != "prioritytier" {
				part.PriorityJobFactor = int(x)
			}
		case "default":
			b, err := yesNo(v)
			if err != nil {
				return bad(err)
			}
			part.Default = b
		case "state":
			if !strings.EqualFold(v, "UP") {
				if err := p.unmodelled(n, where+"State="+v, "a partition that does not run jobs"); err != nil {
					return err
				}
			}
		case "oversubscribe", "shared", "exclusiveuser", "preemptmode", "maxcpuspernode", "minnodes", "tresbillingweights", "qos":
			if ok := harmless(k, v); !ok {
				if err := p.unmodelled(n, where+key+"="+v, "a partition setting that changes the schedule"); err != nil {
					return err
				}
			}
		default:
			p.ignore(n, "PartitionName "+key)
		}
	}
	if part.DefaultTime < 0 {
		part.DefaultTime = part.MaxTime
	}
	if part.DefaultTime > part.MaxTime {
		return p.errf(n, "%sDefaultTime is longer than MaxTime", where)
	}
	for _, q := range p.parts {
		if q.p.Name == name {
			return p.errf(n, "partition %s: already defined on line %d", name, q.p.Line)
		}
	}
	spec.p = part
	p.parts = append(p.parts, spec)
	return nil
}

// harmless reports whether a partition value is the one that changes
// nothing modelled (the Slurm default).
func harmless(k, v string) bool {
	u := strings.ToUpper(v)
	switch k {
	case "oversubscribe", "shared", "exclusiveuser":
		return u == "NO"
	case "preemptmode":
		return u == "OFF"
	case "maxcpuspernode":
		return u == "UNLIMITED" || u == "INFINITE"
	case "minnodes":
		return v == "0" || v == "1"
	}
	return v == ""
}

// finish resolves the partitions' nodes.
func (p *parser) finish() error {
	cpus := map[string]int{}
	var order []string
	for _, nl := range p.cfg.Nodes {
		for _, nm := range nl.Names {
			if _, dup := cpus[nm]; dup {
				return p.errf(nl.Line, "node %s: already on an earlier NodeName line", nm)
			}
			cpus[nm] = nl.CPUs
			order = append(order, nm)
		}
	}
	defaults := 0
	for _, s := range p.parts {
		part := s.p
		switch {
		case s.nodes == "":
			return p.errf(part.Line, "partition %s: no Nodes=", part.Name)
		case strings.EqualFold(s.nodes, "ALL"):
			part.Nodes = order
		default:
			names, err := expandHosts(s.nodes, MaxNodes)
			if err != nil {
				return p.errf(part.Line, "partition %s: Nodes: %v", part.Name, err)
			}
			part.Nodes = names
		}
		seen := map[string]bool{}
		for _, nm := range part.Nodes {
			c, ok := cpus[nm]
			if !ok {
				return p.errf(part.Line, "partition %s: node %s has no NodeName line", part.Name, nm)
			}
			if seen[nm] {
				return p.errf(part.Line, "partition %s: node %s listed twice", part.Name, nm)
			}
			seen[nm] = true
			part.CPUs += c
		}
		if part.Default {
			defaults++
			if defaults > 1 {
				return p.errf(part.Line, "partition %s: a second Default=YES partition", part.Name)
			}
		}
		p.cfg.Partitions = append(p.cfg.Partitions, part)
	}
	return nil
}
