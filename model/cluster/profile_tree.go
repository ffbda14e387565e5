package cluster

import "math"

// The profile's steps live in a treap keyed by their start time: every
// node is one step, and carries the minimum and maximum free count of its
// subtree and a pending addition for the whole subtree, so that a range
// addition, a range minimum or maximum, and "the first step after t with
// at least (or fewer than) n free processors" cost O(log steps) and no
// query rebuilds anything. Nodes are kept in one slice (index 0 is the
// empty tree) and recycled through a free list: once the slice has grown
// to the largest profile, updates allocate nothing. The priorities come
// from a fixed xorshift sequence: the shape of the tree, like every
// answer, is deterministic.

// node is one step of the profile.
type node struct {
	t      float64 // start of the step
	val    int     // free count, before the pending additions of the node and its ancestors
	add    int     // pending addition for the node's whole subtree
	mn, mx int     // extremes of the subtree's free counts, with add, without the ancestors'
	l, r   int32   // children (0: none)
	pri    uint32  // heap priority
}

// newNode returns a node for a step at t with v free processors.
func (p *Profile) newNode(t float64, v int) int32 {
	p.seed ^= p.seed << 13
	p.seed ^= p.seed >> 17
	p.seed ^= p.seed << 5
	nd := node{t: t, val: v, mn: v, mx: v, pri: p.seed}
	if x := p.free; x != 0 {
		p.free = p.nodes[x].l
		p.nodes[x] = nd
		return x
	}
	p.nodes = append(p.nodes, nd)
	return int32(len(p.nodes) - 1)
}

// drop recycles the nodes of subtree x.
func (p *Profile) drop(x int32) {
	for x != 0 {
		p.drop(p.nodes[x].r)
		l := p.nodes[x].l
		p.nodes[x].l = p.free
		p.free = x
		x = l
	}
}

// shift adds d to every free count of subtree x.
func (p *Profile) shift(x int32, d int) {
	nd := &p.nodes[x]
	nd.add += d
	nd.mn += d
	nd.mx += d
}

// push hands the pending addition of x down to its children.
func (p *Profile) push(x int32) {
	nd := &p.nodes[x]
	if nd.add == 0 {
		return
	}
	nd.val += nd.add
	if nd.l != 0 {
		p.shift(nd.l, nd.add)
	}
	if nd.r != 0 {
		p.shift(nd.r, nd.add)
	}
	nd.add = 0
}

// pull recomputes the extremes of x from its children.
func (p *Profile) pull(x int32) {
	nd := &p.nodes[x]
	mn, mx := nd.val, nd.val
	if l := nd.l; l != 0 {
		mn, mx = min(mn, p.nodes[l].mn), max(mx, p.nodes[l].mx)
	}
	if r := nd.r; r != 0 {
		mn, mx = min(mn, p.nodes[r].mn), max(mx, p.nodes[r].mx)
	}
	nd.mn, nd.mx = mn+nd.add, mx+nd.add
}

// split cuts subtree x into the steps before t and those from t on.
func (p *Profile) split(x int32, t float64) (a, b int32) {
	if x == 0 {
		return 0, 0
	}
	p.push(x)
	if p.nodes[x].t < t {
		l, r := p.split(p.nodes[x].r, t)
		p.nodes[x].r = l
		p.pull(x)
		return x, r
	}
	l, r := p.split(p.nodes[x].l, t)
	p.nodes[x].l = r
	p.pull(x)
	return l, x
}

// join concatenates subtrees a and b, every step of a before those of b.
func (p *Profile) join(a, b int32) int32 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	if p.nodes[a].pri > p.nodes[b].pri {
		p.push(a)
		p.nodes[a].r = p.join(p.nodes[a].r, b)
		p.pull(a)
		return a
	}
	p.push(b)
	p.nodes[b].l = p.join(a, p.nodes[b].l)
	p.pull(b)
	return b
}

// edge returns the first (last, if last) node of subtree x and its free
// count (the empty tree, 0, for an empty x).
func (p *Profile) edge(x int32, last bool) (int32, int) {
	acc := 0
	for {
		nd := &p.nodes[x]
		acc += nd.add
		c := nd.l
		if last {
			c = nd.r
		}
		if c == 0 {
			return x, nd.val + acc
		}
		x = c
	}
}

// dropFirst removes the first node of subtree x ≠ 0.
func (p *Profile) dropFirst(x int32) int32 {
	p.push(x)
	if l := p.nodes[x].l; l != 0 {
		p.nodes[x].l = p.dropFirst(l)
		p.pull(x)
		return x
	}
	r := p.nodes[x].r
	p.nodes[x].l, p.nodes[x].r = 0, 0
	p.drop(x)
	return r
}

// valueAt returns the free count of the last step starting at or before
// t ≥ origin.
func (p *Profile) valueAt(t float64) int {
	x, acc, v := p.root, 0, 0
	for x != 0 {
		nd := &p.nodes[x]
		acc += nd.add
		if nd.t <= t {
			v, x = nd.val+acc, nd.r
		} else {
			x = nd.l
		}
	}
	return v
}

// nextAfter returns the start of the first step after t (ok false if none).
func (p *Profile) nextAfter(t float64) (next float64, ok bool) {
	next = math.Inf(1)
	for x := p.root; x != 0; {
		nd := &p.nodes[x]
		if nd.t > t {
			next, ok = nd.t, true
			x = nd.l
		} else {
			x = nd.r
		}
	}
	return next, ok
}

// firstAfter returns the start of the first step of subtree x after t
// whose free count is at least n (below n if below); acc is the pending
// addition of x's ancestors.
func (p *Profile) firstAfter(x int32, acc int, t float64, n int, below bool) (float64, bool) {
	for x != 0 {
		nd := &p.nodes[x]
		if below && nd.mn+acc >= n || !below && nd.mx+acc < n {
			return 0, false
		}
		acc += nd.add
		if nd.t > t {
			if s, ok := p.firstAfter(nd.l, acc, t, n, below); ok {
				return s, true
			}
			if v := nd.val + acc; below == (v < n) {
				return nd.t, true
			}
		}
		x = nd.r
	}
	return 0, false
}

// extreme returns the smallest (largest, if largest) free count of the
// steps of subtree x that start in (lo, hi), or ok false if none does;
// every step of x starts in (bl, bh), and acc is the pending addition of
// x's ancestors.
func (p *Profile) extreme(x int32, acc int, lo, hi, bl, bh float64, largest bool) (m int, ok bool) {
	for x != 0 {
		nd := &p.nodes[x]
		if bl >= lo && bh <= hi { // the whole subtree is inside
			if largest {
				return nd.mx + acc, true
			}
			return nd.mn + acc, true
		}
		acc += nd.add
		switch {
		case nd.t <= lo:
			x, bl = nd.r, nd.t
		case nd.t >= hi:
			x, bh = nd.l, nd.t
		default:
			m, ok = nd.val+acc, true
			if v, vok := p.extreme(nd.l, acc, lo, hi, bl, nd.t, largest); vok {
				m = pick(m, v, largest)
			}
			if v, vok := p.extreme(nd.r, acc, lo, hi, nd.t, bh, largest); vok {
				m = pick(m, v, largest)
			}
			return m, ok
		}
	}
	return 0, false
}

// pick returns the larger of a and b if largest, the smaller otherwise.
func pick(a, b int, largest bool) int {
	if largest {
		return max(a, b)
	}
	return min(a, b)
}

// walk calls f for every step in time order until f returns false.
func (p *Profile) walk(x int32, acc int, f func(t float64, free int) bool) bool {
	for x != 0 {
		nd := &p.nodes[x]
		acc += nd.add
		if !p.walk(nd.l, acc, f) || !f(nd.t, nd.val+acc) {
			return false
		}
		x = nd.r
	}
	return true
}

// checkTree verifies the heap order and the extremes of subtree x and
// returns its true extremes; acc is the ancestors' pending addition.
func (p *Profile) checkTree(x int32, acc int) (mn, mx int, ok bool) {
	nd := &p.nodes[x]
	mn, mx = nd.val, nd.val
	for _, c := range [2]int32{nd.l, nd.r} {
		if c == 0 {
			continue
		}
		if p.nodes[c].pri > nd.pri {
			return 0, 0, false
		}
		cmn, cmx, cok := p.checkTree(c, 0)
		if !cok {
			return 0, 0, false
		}
		mn, mx = min(mn, cmn), max(mx, cmx)
	}
	if mn+nd.add != nd.mn || mx+nd.add != nd.mx {
		return 0, 0, false
	}
	return mn + nd.add + acc, mx + nd.add + acc, true
}
