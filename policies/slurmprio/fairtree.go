package slurmprio

import (
	"math"
	"sort"
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
	var level func(sibs []*Node, accountTied bool)
	level = func(sibs []*Node, accountTied bool) {
		for _, n := range sibs {
			levelFS(n)
		}
		sort.SliceStable(sibs, func(i, j int) bool {
			a, b := sibs[i], sibs[j]
			if a.LevelFS != b.LevelFS {
				return a.LevelFS > b.LevelFS
			}
			return a.User && !b.User
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
			var merged []*Node
			j := i
			merged = append(merged, n.Children...)
			for j+1 < len(sibs) && !sibs[j+1].User && sibs[j+1].LevelFS == n.LevelFS {
				j++
				merged = append(merged, sibs[j].Children...)
			}
			level(merged, tied)
			i = j
		}
	}
	level(append([]*Node(nil), t.Root.Children...), false)
}

// levelFS sets n's share and usage fractions among its siblings and its
// level fair share.
func levelFS(n *Node) {
	p := n.Parent
	n.NormShares = frac(n.Shares, levelShares(p))
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
