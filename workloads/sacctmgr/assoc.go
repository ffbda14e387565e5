package sacctmgr

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Account is an account of the tree.
type Account struct {
	Name, Parent string
	Shares       float64
	Priority     float64
	Line         int
}

// User is a user association.
type User struct {
	Name, Account, Partition string
	// Shares is the raw shares, -1 for FairShare=parent.
	Shares   float64
	Priority float64
	MaxJobs  int // 0: no limit
	Line     int
}

// Tree is the association tree of one cluster.
type Tree struct {
	Cluster string
	// Accounts in file order (root first when present).
	Accounts []Account
	Users    []User
	// Problems lists every row attached to the default account, one line
	// each, "FILE:LINE: …"; Defaulted counts them.
	Problems  []string
	Defaulted int
}

// Options are the reading options.
type Options struct {
	// Cluster selects the rows of one cluster; empty takes the only one
	// (several are an error).
	Cluster string
	// DefaultAccount receives users and accounts whose account or parent
	// has no row ("root" when empty).
	DefaultAccount string
}

// ReadAssoc reads `sacctmgr show assoc --parsable2` output.
func ReadAssoc(r io.Reader, name string, o Options) (*Tree, error) {
	def := o.DefaultAccount
	if def == "" {
		def = "root"
	}
	t := &Tree{Cluster: o.Cluster}
	accts := map[string]bool{"root": true}
	err := table(r, name, []string{"Account", "User", "Share"}, func(line int, rw row) error {
		get := rw.get
		cl := get("Cluster")
		if o.Cluster != "" && cl != o.Cluster {
			return nil
		}
		if t.Cluster == "" {
			t.Cluster = cl
		} else if cl != t.Cluster {
			return fmt.Errorf("rows of clusters %s and %s: choose one (cluster=NAME)", t.Cluster, cl)
		}
		acct, user := get("Account"), get("User")
		if acct == "" {
			return fmt.Errorf("an empty Account")
		}
		shares, err := parseShares(get("Share"))
		if err != nil {
			return err
		}
		prio, err := optInt(get("Priority"), "Priority")
		if err != nil {
			return err
		}
		if user == "" {
			if shares < 0 {
				return fmt.Errorf("account %s: Share=parent on an account is not modelled", acct)
			}
			if acct == "root" {
				return nil
			}
			if accts[acct] {
				return fmt.Errorf("account %s: a second account row", acct)
			}
			accts[acct] = true
			parent := get("ParentName")
			if parent == "" {
				parent = "root"
			}
			t.Accounts = append(t.Accounts, Account{Name: acct, Parent: parent, Shares: shares, Priority: float64(prio), Line: line})
			return nil
		}
		maxJobs, err := optInt(get("MaxJobs"), "MaxJobs")
		if err != nil {
			return err
		}
		t.Users = append(t.Users, User{Name: user, Account: acct, Partition: get("Partition"), Shares: shares,
			Priority: float64(prio), MaxJobs: maxJobs, Line: line})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !accts[def] {
		return nil, fmt.Errorf("%s:1: sacctmgr: the default account %s has no row", name, def)
	}
	// Attach what hangs from nothing to the default account, and break
	// parent cycles there too.
	for i := range t.Accounts {
		a := &t.Accounts[i]
		if !accts[a.Parent] || cycles(t.Accounts, i) {
			t.Problems = append(t.Problems, fmt.Sprintf("%s:%d: account %s: parent %s is not in the tree (or its parents loop); attached to %s", name, a.Line, a.Name, a.Parent, def))
			a.Parent = def
			t.Defaulted++
		}
	}
	for i := range t.Users {
		u := &t.Users[i]
		if !accts[u.Account] {
			t.Problems = append(t.Problems, fmt.Sprintf("%s:%d: user %s: account %s is not in the tree; attached to %s", name, u.Line, u.Name, u.Account, def))
			u.Account = def
			t.Defaulted++
		}
	}
	return t, nil
}

// cycles reports whether account i's parent chain loops.
func cycles(as []Account, i int) bool {
	parent := map[string]string{}
	for _, a := range as {
		parent[a.Name] = a.Parent
	}
	seen := map[string]bool{}
	for n := as[i].Name; n != "root"; n = parent[n] {
		if seen[n] {
			return true
		}
		seen[n] = true
		if _, ok := parent[n]; !ok {
			return false
		}
	}
	return false
}

// Ordered returns the accounts parents first (each after its parent,
// file order otherwise), so that they can be added to a tree in turn.
func (t *Tree) Ordered() []Account {
	depth := map[string]int{"root": 0}
	parent := map[string]string{}
	for _, a := range t.Accounts {
		parent[a.Name] = a.Parent
	}
	var d func(string) int
	d = func(n string) int {
		if v, ok := depth[n]; ok {
			return v
		}
		depth[n] = 1 + d(parent[n])
		return depth[n]
	}
	out := append([]Account(nil), t.Accounts...)
	sort.SliceStable(out, func(i, j int) bool { return d(out[i].Name) < d(out[j].Name) })
	return out
}

func parseShares(s string) (float64, error) {
	if strings.EqualFold(s, "parent") {
		return -1, nil
	}
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("Share %q is not a count or parent", s)
	}
	return float64(v), nil
}

// optInt reads an optional count ("" is 0).
func optInt(s, col string) (int, error) {
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseUint(s, 10, 31)
	if err != nil {
		return 0, fmt.Errorf("%s %q is not a count", col, s)
	}
	return int(v), nil
}
