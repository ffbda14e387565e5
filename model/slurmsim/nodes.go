package slurmsim

// A node is one NodeName entry of the slurm.conf: its CPUs are consumable
// one by one (SelectTypeParameters=CR_CPU), so several jobs may share it.
type node struct {
	cpus, free int
	class      int // index of the node's class (same set of partitions)
}

// A piece is the CPUs one job holds on one node.
type piece struct {
	node, cpus int
}

// A class is the set of nodes that belong to exactly the same partitions:
// the backfill plan counts CPUs per class (see backfill.go).
type class struct {
	cpus, free int
}

// machine is every node and class of the slurm.conf.
type machine struct {
	nodes   []node
	classes []class
}

// place reports whether a job of cpus CPUs and nodes nodes can be placed now on p's nodes, taking at
// most caps[k] CPUs of class k (nil caps: no cap), and if so appends the
// placement to dst. A job of any number of nodes (Nodes = 0) takes the free
// CPUs of p's nodes in slurm.conf order, first fit; a job of n nodes takes
// the n nodes with the most usable CPUs (ties: slurm.conf order), one CPU on
// each, then fills them in slurm.conf order.
func (m *machine) place(p *partition, cpus, nodes int, caps []int, dst []piece) ([]piece, bool) {
	usable := func(i int) int {
		f := m.nodes[i].free
		if caps != nil {
			f = min(f, caps[m.nodes[i].class])
		}
		return f
	}
	start := len(dst)
	if nodes <= 0 {
		need := cpus
		for _, i := range p.nodes {
			u := usable(i)
			if u <= 0 {
				continue
			}
			take := min(u, need)
			dst = append(dst, piece{i, take})
			if caps != nil {
				caps[m.nodes[i].class] -= take
			}
			if need -= take; need == 0 {
				return dst, true
			}
		}
		m.undoCaps(dst[start:], caps)
		return dst[:start], false
	}
	// n nodes: choose the n nodes with the most usable CPUs, by selection
	// (n and the partition are small), marking them in p.pick.
	pick := p.pick[:0]
	total := 0
	for range nodes {
		best, bu := -1, 0
		for k, i := range p.nodes {
			if p.mark[k] {
				continue
			}
			if u := usable(i); u > bu {
				best, bu = k, u
			}
		}
		if best < 0 {
			break
		}
		p.mark[best] = true
		pick = append(pick, best)
		total += bu
	}
	ok := len(pick) == nodes && total >= cpus
	if ok {
		need := cpus - nodes
		for k, i := range p.nodes {
			if !p.mark[k] {
				continue
			}
			take := 1 + min(usable(i)-1, need)
			need -= take - 1
			dst = append(dst, piece{i, take})
			if caps != nil {
				caps[m.nodes[i].class] -= take
			}
		}
	}
	for _, k := range pick {
		p.mark[k] = false
	}
	p.pick = pick
	return dst, ok
}

// undoCaps gives back the class caps a failed placement took.
func (m *machine) undoCaps(ps []piece, caps []int) {
	if caps == nil {
		return
	}
	for _, pc := range ps {
		caps[m.nodes[pc.node].class] += pc.cpus
	}
}

// take allocates a placement.
func (m *machine) take(ps []piece) {
	for _, pc := range ps {
		n := &m.nodes[pc.node]
		n.free -= pc.cpus
		m.classes[n.class].free -= pc.cpus
	}
}

// give frees a placement.
func (m *machine) give(ps []piece) {
	for _, pc := range ps {
		n := &m.nodes[pc.node]
		n.free += pc.cpus
		m.classes[n.class].free += pc.cpus
	}
}
