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
// +Inf), users before accounts on equal LF; users are met in that order
// depth first, each account's subtree where the account sorts. The first
// user met gets rank = number of users, each next user one less, except
// that a user tied with the one before (equal LF) keeps its rank, and a
// level below an account tied with its predecessor starts tied. Sibling
// accounts with equal LF are merged: their children are sorted together.
// The factor is rank / number of users.
func (fairTree) Compute(t *Tree) {
	total := float64(t.Users())
	if total == 0 {
		return
	}
	rank, rnt := total, total
	// buf holds the levels being walked, a stack: a level's merged
	// children are appended after it and dropped when it is done.
	buf := make([]*Node, 0, t.nodes())
	var level func(sibs []*Node, accountTied bool)
	level = func(sibs []*Node, accountTied bool) {
		var parent *Node
		ls := 0.0
		for _, n := range sibs {
			if n.Parent != parent { // merged levels hold runs of siblings
				parent, ls = n.Parent, levelShares(n.Parent)
			}
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
		for i := 0; i < len(sibs); i++ {
			n := sibs[i]
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
			j := i
			buf = append(buf, n.Children...)
			for j+1 < len(sibs) && !sibs[j+1].User && sibs[j+1].LevelFS == n.LevelFS {
				j++
				buf = append(buf, sibs[j].Children...)
			}
			level(buf[top:], tied)
			buf = buf[:top]
			i = j
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
