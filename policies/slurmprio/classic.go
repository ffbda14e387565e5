package slurmprio

import "math"

func init() {
	FairShares.Register("multifactor-classic",
		"Slurm's classic fair share (PriorityFlags=NO_FAIR_TREE): 2^(−effective usage / normalised shares / FairShareDampeningFactor)",
		func(o Options) (FairShare, error) { return classic{damp: o.DampeningFactor}, nil },
		"fairshare_dampening_factor")
}

// classic is Slurm's classic fair-share algorithm.
type classic struct{ damp float64 }

// Compute sets, top down: normalised shares S = ∏ shares/level shares
// along the path; normalised usage U = raw usage / root's raw usage
// (capped at 1); effective usage UE = U below root, else
// U + (UE_parent − U) × shares / level shares; and on users
// F = 2^(−UE/S/damp) (0 when S is 0). A user with FairShare=parent
// takes its account's UE and S.
func (c classic) Compute(t *Tree) {
	root := t.Root
	root.NormShares, root.EffUsage = 1, 1
	var down func(p *Node)
	down = func(p *Node) {
		ls := levelShares(p)
		for _, n := range p.Children {
			u := math.Min(frac(n.RawUsage, root.RawUsage), 1)
			switch {
			case n.Shares == ParentShares:
				n.NormShares, n.EffUsage = p.NormShares, p.EffUsage
			case p == root:
				n.NormShares, n.EffUsage = frac(n.Shares, ls), u
			case ls == 0:
				n.NormShares, n.EffUsage = 0, p.EffUsage
			default:
				n.NormShares = p.NormShares * n.Shares / ls
				n.EffUsage = u + (p.EffUsage-u)*n.Shares/ls
			}
			if n.User {
				n.FairShare = classicFactor(n.EffUsage, n.NormShares, c.damp)
			}
			down(n)
		}
	}
	down(root)
}

// classicFactor is 2^(−(ue/s)/damp), 0 when s ≤ 0.
func classicFactor(ue, s, damp float64) float64 {
	if s <= 0 {
		return 0
	}
	return math.Pow(2, -(ue/s)/damp)
}
