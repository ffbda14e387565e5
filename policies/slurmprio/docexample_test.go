package slurmprio

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestClassicDocExample is the worked example of Slurm's classic
// fair-share page (classic_fair_share.html, "Example"): A 40 shares (B
// 30: user 1; C 10: users 2 and 3), D 60 (E 25: user 4; F 35: user 5);
// normalised usage user 1 0.2, user 2 0.25, user 4 0.25. The page's
// usages sum to 0.7 of the machine, so the remaining 0.3 is charged to a
// user of an account with no shares, which changes no share.
func TestClassicDocExample(t *testing.T) {
	tr := NewTree()
	for _, err := range []error{
		tr.AddAccount("A", "root", 40, 0), tr.AddAccount("D", "root", 60, 0), tr.AddAccount("X", "root", 0, 0),
		tr.AddAccount("B", "A", 30, 0), tr.AddAccount("C", "A", 10, 0),
		tr.AddAccount("E", "D", 25, 0), tr.AddAccount("F", "D", 35, 0),
		tr.AddUser("user1", "B", 1, 0), tr.AddUser("user2", "C", 1, 0), tr.AddUser("user3", "C", 1, 0),
		tr.AddUser("user4", "E", 1, 0), tr.AddUser("user5", "F", 1, 0), tr.AddUser("other", "X", 1, 0),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		user, acct string
		use        float64
	}{{"user1", "B", 0.2}, {"user2", "C", 0.25}, {"user4", "E", 0.25}, {"other", "X", 0.3}} {
		n, _ := tr.User(c.user, c.acct)
		tr.Charge(n, c.use*3600) // any unit: usage is normalised by root's
	}
	classic{damp: 1}.Compute(tr)
	for _, c := range []struct {
		name       string
		user       bool
		acct       string
		eff, share float64
	}{
		{"B", false, "", 0.3875, 0.3}, {"C", false, "", 0.3, 0.1}, {"E", false, "", 0.25, 0.25}, {"F", false, "", 0.25 * 35 / 60, 0.35},
		{"user1", true, "B", 0.3875, 0.3}, {"user2", true, "C", 0.275, 0.05}, {"user3", true, "C", 0.15, 0.05},
		{"user4", true, "E", 0.25, 0.25}, {"user5", true, "F", 0.25 * 35 / 60, 0.35},
	} {
		var n *Node
		if c.user {
			n, _ = tr.User(c.name, c.acct)
		} else {
			n, _ = tr.Account(c.name)
		}
		if math.Abs(n.EffUsage-c.eff) > 1e-12 || math.Abs(n.NormShares-c.share) > 1e-12 {
			t.Errorf("%s: effective usage %v, normalised shares %v; the page has %v, %v", c.name, n.EffUsage, n.NormShares, c.eff, c.share)
		}
	}
	// The page's factors, to its six decimals.
	for user, want := range map[string]float64{"user1": 0.408479, "user2": 0.022097, "user3": 0.125, "user4": 0.5, "user5": 0.749154} {
		if got := fairShares(tr)[user]; math.Abs(got-want) > 5e-7 {
			t.Errorf("%s: fair share %.6f, the page has %.6f", user, got, want)
		}
	}
}

// TestFairTreeDocProperty checks the promise of Slurm's Fair Tree page on
// random trees: when sibling accounts have level fair shares LF_a > LF_b,
// every user below a has a larger factor than every user below b. (With
// accounts that have no users the code can break it: an empty account
// tied with the next passes the tie on to a user further down, see
// TestFairTreeEmptyAccountTie; so every account here has a user.) And
// the page's example (root ⇒ Acct1 ⇒ Acct12 ⇒ UserA, Acct1 ⇒ Acct16 ⇒
// UserB): UserB ranks higher exactly when Acct16's LF is the higher.
func TestFairTreeDocProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 1))
	for trial := 0; trial < 200; trial++ {
		tr := NewTree()
		accts := []string{"root"}
		for i := 0; i < 2+r.IntN(8); i++ {
			name := string(rune('a' + i))
			if err := tr.AddAccount(name, accts[r.IntN(len(accts))], float64(1+r.IntN(5)), 0); err != nil {
				t.Fatal(err)
			}
			accts = append(accts, name)
		}
		for i := 0; i < len(accts)-1+r.IntN(12); i++ {
			a := accts[1+r.IntN(len(accts)-1)]
			if i < len(accts)-1 { // every account has a user
				a = accts[1+i]
			}
			name := "u" + string(rune('a'+i))
			if err := tr.AddUser(name, a, float64(1+r.IntN(3)), 0); err != nil {
				t.Fatal(err)
			}
			n, _ := tr.User(name, a)
			tr.Charge(n, float64(r.IntN(4))*1000)
		}
		fairTree{}.Compute(tr)
		walk(tr.Root, func(p *Node) {
			for _, a := range p.Children {
				for _, b := range p.Children {
					if a.User || b.User || !(a.LevelFS > b.LevelFS) {
						continue
					}
					lo, hi := math.Inf(1), math.Inf(-1)
					walk(a, func(n *Node) {
						if n.User {
							lo = math.Min(lo, n.FairShare)
						}
					})
					walk(b, func(n *Node) {
						if n.User {
							hi = math.Max(hi, n.FairShare)
						}
					})
					if lo <= hi && !math.IsInf(lo, 1) && !math.IsInf(hi, -1) {
						t.Fatalf("trial %d: %s (LF %v) has a user at %v, %s (LF %v) one at %v", trial, a.Name, a.LevelFS, lo, b.Name, b.LevelFS, hi)
					}
				}
			}
		})
	}
	tr := NewTree()
	for _, err := range []error{
		tr.AddAccount("Acct1", "root", 1, 0), tr.AddAccount("Acct12", "Acct1", 1, 0), tr.AddAccount("Acct16", "Acct1", 1, 0),
		tr.AddUser("UserA", "Acct12", 1, 0), tr.AddUser("UserB", "Acct16", 1, 0),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	a, _ := tr.User("UserA", "Acct12")
	b, _ := tr.User("UserB", "Acct16")
	tr.Charge(a, 300)
	tr.Charge(b, 100)
	fairTree{}.Compute(tr)
	a12, _ := tr.Account("Acct12")
	a16, _ := tr.Account("Acct16")
	if !(a16.LevelFS > a12.LevelFS) || b.FairShare != 1 || a.FairShare != 0.5 {
		t.Errorf("Acct12 LF %v, Acct16 LF %v; UserA %v, UserB %v", a12.LevelFS, a16.LevelFS, a.FairShare, b.FairShare)
	}
}
