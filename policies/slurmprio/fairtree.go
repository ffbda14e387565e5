package slurmprio

import (
	"math"
	"slices"
)

func init() {
	FairShares.Register("multifactor-fairtree",
		"Slurm's Fair Tree fair share (the default since 19.05): users ranked by walking the account tree by level fair share, factor = rank / users",
		func(Options) (FairShare, error) { return fairTree{}, nil })
}

// fairTree is Slurm's Fair Tree algorithm.
type fairTree struct{}

// Compute ranks the users: siblings are sorted by level fair share
// LF = S/U (S: shares / siblings' shares, U: usage / parent's usage; LF
// is 0 when S is 0 and +Inf when U is 0; users with FairShare=parent
// +Inf), users before accounts on equal LF, the tree's (name) order
// otherwise; users are met in that order depth first, each account's
// subtree where the account sorts. The first user met gets rank =
// number of users, each next user one less, except that a user tied with
// the sibling before it (equal LF) keeps the rank of the user before,
// and the first of a level below an account tied with the sibling before
// it starts tied. The factor is rank / number of users.
//
// Slurm's Fair Tree page says that tied sibling accounts have their
// children merged before sorting; its code (fair_tree.c,
// _count_tied_accounts) stops counting at the first account that
// follows, so no merge ever happens and tied accounts are walked one
// after the other. This follows the code, which is what sshare shows.
func (fairTree) Compute(t *Tree) {
	total := float64(t.Users())
	if total == 0 {
		return
	}
	rank, rnt := total, total
	// buf holds the levels being walked, a stack: an account's children
	// are appended after its level and dropped when they are done. It is
	// the tree's, kept from one Compute to the next (a replay computes
	// every PriorityCalcPeriod).
	buf := slices.Grow(t.walk[:0], t.nodes())
	defer func() { t.walk = buf[:0] }()
	var level func(sibs []*Node, accountTied bool)
	level = func(sibs []*Node, accountTied bool) {
		if len(sibs) == 0 {
			return
		}
		ls := levelShares(sibs[0].Parent)
		for _, n := range sibs {
			levelFS(n, ls)
		}
		slices.SortStableFunc(sibs, func(a, b *Node) int {
			switch {
			case a.LevelFS > b.LevelFS:
				return -1
			case a.LevelFS < b.LevelFS:
				return 1
			case a.User && !b.User:
				return -1
			case b.User && !a.User:
				return 1
			}
			return 0
		})
		for i, n := range sibs {
			tied := accountTied && i == 0 || i > 0 && sibs[i-1].LevelFS == n.LevelFS
			if n.User {
				if !tied {
					rank = rnt
				}
				n.FairShare = rank / total
				rnt--
				continue
			}
			top := len(buf)
			buf = append(buf, n.Children...)
			level(buf[top:], tied)
			buf = buf[:top]
		}
	}
	buf = append(buf, t.Root.Children...)
	level(buf, false)
}

// levelFS sets n's share and usage fractions among its siblings, whose
// shares sum to ls, and its level fair share.
func levelFS(n *Node, ls float64) {
	p := n.Parent
	n.NormShares = frac(n.Shares, ls)
	n.EffUsage = frac(n.RawUsage, p.RawUsage)
	switch {
	case n.Shares == ParentShares:
		n.NormShares = 0
		n.LevelFS = math.Inf(1)
	case n.NormShares == 0:
		n.LevelFS = 0
	case n.EffUsage == 0:
		n.LevelFS = math.Inf(1)
	default:
		n.LevelFS = n.NormShares / n.EffUsage
	}
}
