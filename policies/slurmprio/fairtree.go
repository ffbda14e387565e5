package slurmprio

import (
	"cmp"
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
	var level func(parent *Node, accountTied bool)
	level = func(parent *Node, accountTied bool) {
		sibs := parent.ranked()
		if len(sibs) == 0 {
			return
		}
		ls := levelShares(parent)
		for _, n := range sibs {
			levelFS(n, ls)
		}
		rankSort(sibs)
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
			level(n, tied)
		}
	}
	level(t.Root, false)
}

// ranked returns n's children in the order the last Compute ranked them
// (name order the first time, or after a child was added), each child's
// place in the name order noted in pos.
func (n *Node) ranked() []*Node {
	if len(n.order) != len(n.Children) {
		n.order = append(n.order[:0], n.Children...)
		for i, c := range n.Children {
			c.pos = i
		}
	}
	return n.order
}

// rankSort sorts siblings by level fair share (higher first), users
// before accounts on equal LF, name order otherwise: the stable sort of
// the name order that Fair Tree asks for, as a total order, so that the
// result does not depend on the order it starts from. Between two
// Computes the order barely changes, and sorting a nearly sorted slice is
// about linear.
func rankSort(sibs []*Node) {
	slices.SortFunc(sibs, rankCompare)
}

// rankCompare is rankSort's order: -1 when a ranks before b, 1 after, 0
// for neither (unordered level fair shares, NaN, compare equal).
func rankCompare(a, b *Node) int {
	switch {
	case a.LevelFS > b.LevelFS:
		return -1
	case a.LevelFS < b.LevelFS:
		return 1
	case a.LevelFS != b.LevelFS:
		return 0
	case a.User != b.User:
		if a.User {
			return -1
		}
		return 1
	}
	return cmp.Compare(a.pos, b.pos)
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
