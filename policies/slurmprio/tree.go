package slurmprio

import (
	"fmt"
	"sort"
)

// ParentShares is the Shares of an association whose fair share is its
// parent's (sacctmgr's FairShare=parent).
const ParentShares = -1

// Node is one association: an account, or a user under an account.
type Node struct {
	// Name is the account or user name.
	Name string
	// User tells a user association from an account.
	User bool
	// Shares are the raw shares (RawShares), or ParentShares.
	Shares float64
	// Priority is the association's priority (sacctmgr's Priority; 0
	// inherits the nearest ancestor's).
	Priority float64
	// Parent is nil at the root.
	Parent *Node
	// Children are sorted by (accounts and users mixed) name, users
	// before accounts of the same name.
	Children []*Node

	// RawUsage is the decayed usage in CPU-seconds; an account's is the
	// sum of its children's (kept so by Charge).
	RawUsage float64
	// NormShares is classic's product of the share fractions down the
	// path; Fair Tree's share fraction among siblings.
	NormShares float64
	// EffUsage is classic's effective usage; Fair Tree's usage fraction
	// among siblings.
	EffUsage float64
	// LevelFS is Fair Tree's level fair share S/U.
	LevelFS float64
	// FairShare is the fair-share factor of a user node.
	FairShare float64

	// order is Fair Tree's ranking of the children at the last Compute,
	// pos the node's place among its siblings in name order.
	order []*Node
	pos   int
}

// Tree is an association tree below root.
type Tree struct {
	Root *Node
	// Problems lists the jobs' associations Attach had to make up, once
	// each; Attached counts them.
	Problems []string
	Attached int
	reported map[[2]string]bool // {account, user} pairs in Problems

	accounts map[string]*Node
	users    map[[2]string]*Node // {account, user}
	nusers   int
}

// NewTree returns a tree holding only the root account.
func NewTree() *Tree {
	root := &Node{Name: "root", Shares: 1}
	return &Tree{Root: root, accounts: map[string]*Node{"root": root}, users: map[[2]string]*Node{}}
}

// AddAccount adds account name under parent (which must exist).
func (t *Tree) AddAccount(name, parent string, shares, priority float64) error {
	p, ok := t.accounts[parent]
	if !ok {
		return fmt.Errorf("slurmprio: account %s: parent %s is not in the tree", name, parent)
	}
	if shares == ParentShares {
		return fmt.Errorf("slurmprio: account %s: FairShare=parent on an account is not modelled (only on users)", name)
	}
	if !(shares >= 0) {
		return fmt.Errorf("slurmprio: account %s: shares must be ≥ 0 (got %v)", name, shares)
	}
	if _, dup := t.accounts[name]; dup {
		return fmt.Errorf("slurmprio: account %s is in the tree twice", name)
	}
	n := &Node{Name: name, Shares: shares, Priority: priority, Parent: p}
	t.accounts[name] = n
	insert(p, n)
	return nil
}

// AddUser adds user under account (which must exist).
func (t *Tree) AddUser(user, account string, shares, priority float64) error {
	p, ok := t.accounts[account]
	if !ok {
		return fmt.Errorf("slurmprio: user %s: account %s is not in the tree", user, account)
	}
	if shares != ParentShares && !(shares >= 0) {
		return fmt.Errorf("slurmprio: user %s: shares must be ≥ 0 or ParentShares (got %v)", user, shares)
	}
	k := [2]string{account, user}
	if _, dup := t.users[k]; dup {
		return fmt.Errorf("slurmprio: user %s of account %s is in the tree twice", user, account)
	}
	n := &Node{Name: user, User: true, Shares: shares, Priority: priority, Parent: p}
	t.users[k] = n
	t.nusers++
	insert(p, n)
	return nil
}

// insert keeps children sorted by name, users first on equal names, so
// that every walk of the tree is in one order.
func insert(p, n *Node) {
	p.Children = append(p.Children, n)
	sort.SliceStable(p.Children, func(i, j int) bool {
		a, b := p.Children[i], p.Children[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.User && !b.User
	})
}

// User returns the association of user under account.
func (t *Tree) User(user, account string) (*Node, bool) {
	n, ok := t.users[[2]string{account, user}]
	return n, ok
}

// Account returns the account named name.
func (t *Tree) Account(name string) (*Node, bool) {
	n, ok := t.accounts[name]
	return n, ok
}

// Users is the number of user associations.
func (t *Tree) Users() int { return t.nusers }

// Charge adds CPU-seconds of usage to n and its ancestors.
func (t *Tree) Charge(n *Node, usage float64) {
	for ; n != nil; n = n.Parent {
		n.RawUsage += usage
	}
}

// scale multiplies every node's usage by f (the decay).
func (t *Tree) scale(f float64) { t.Root.scale(f) }

// scale multiplies the usage of n and its subtree by f: walk's order,
// without a call through a func value per node (every PriorityCalcPeriod
// step decays the whole tree).
func (n *Node) scale(f float64) {
	n.RawUsage *= f
	for _, c := range n.Children {
		c.scale(f)
	}
}

func walk(n *Node, f func(*Node)) {
	f(n)
	for _, c := range n.Children {
		walk(c, f)
	}
}

// levelShares is the sum of the raw shares of n's children that have
// shares of their own.
func levelShares(n *Node) float64 {
	s := 0.0
	for _, c := range n.Children {
		if c.Shares != ParentShares {
			s += c.Shares
		}
	}
	return s
}

// frac is a/b, 0 when b is 0.
func frac(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
