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
// the backfill plan counts CPUs per class (see backfill.go). node is the
// CPUs of its largest node: a backfill reservation closes whole nodes.
type class struct {
	cpus, free, node int
}

// machine is every node and class of the slurm.conf.
type machine struct {
	nodes   []node
	classes []class
	saved   []int // place's copy of the caps, restored when it fails
}

// place reports whether a job of cpus CPUs and nodes nodes can be placed
// now on p's nodes, taking at most caps[k] CPUs of class k (nil caps: no
// cap; caps are lowered by what the placement takes), and if so appends
// the placement to dst. A job of any number of nodes (Nodes = 0) takes the
// free CPUs of p's nodes in slurm.conf order, first fit; a job of n nodes
// takes the n nodes with the most usable CPUs (ties: slurm.conf order), one
// CPU on each, then fills them in slurm.conf order.
func (m *machine) place(p *partition, cpus, nodes int, caps []int, dst []piece) ([]piece, bool) {
	if caps != nil {
		m.saved = append(m.saved[:0], caps...)
	}
	start := len(dst)
	ok := false
	if nodes <= 0 {
		need := cpus
		for _, i := range p.nodes {
			u := m.usable(i, caps)
			if u <= 0 {
				continue
			}
			take := min(u, need)
			dst = append(dst, piece{i, take})
			if caps != nil {
				caps[m.nodes[i].class] -= take
			}
			if need -= take; need == 0 {
				ok = true
				break
			}
		}
	} else {
		dst, ok = m.placeNodes(p, cpus, nodes, caps, dst)
	}
	if !ok {
		if caps != nil {
			copy(caps, m.saved)
		}
		return dst[:start], false
	}
	return dst, true
}

// usable is node i's free CPUs, at most its class's cap.
func (m *machine) usable(i int, caps []int) int {
	f := m.nodes[i].free
	if caps != nil {
		f = min(f, caps[m.nodes[i].class])
	}
	return f
}

// placeNodes places a job of n nodes (see place): the n nodes with the most
// usable CPUs, marked in p.mark, each given its first CPU, then the rest
// filled in slurm.conf order within the nodes' free CPUs and the caps.
func (m *machine) placeNodes(p *partition, cpus, nodes int, caps []int, dst []piece) ([]piece, bool) {
	pick := p.pick[:0]
	for range nodes {
		best, bu := -1, 0
		for k, i := range p.nodes {
			if !p.mark[k] {
				if u := m.usable(i, caps); u > bu {
					best, bu = k, u
				}
			}
		}
		if best < 0 {
			break
		}
		p.mark[best] = true
		pick = append(pick, best)
		if caps != nil {
			caps[m.nodes[p.nodes[best]].class]--
		}
	}
	ok := len(pick) == nodes
	if ok {
		need := cpus - nodes
		for k, i := range p.nodes {
			if !p.mark[k] {
				continue
			}
			extra := min(m.nodes[i].free-1, need)
			if caps != nil {
				extra = min(extra, caps[m.nodes[i].class])
				caps[m.nodes[i].class] -= extra
			}
			dst = append(dst, piece{i, 1 + extra})
			need -= extra
		}
		ok = need == 0
	}
	for _, k := range pick {
		p.mark[k] = false
	}
	p.pick = pick
	return dst, ok
}

// wholeNodes is the CPUs of the nodes of class k that a reservation of
// cpus CPUs closes: the fewest of the class's largest nodes that hold them.
func (m *machine) wholeNodes(k, cpus int) int {
	n := m.classes[k].node
	return (cpus + n - 1) / n * n
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
