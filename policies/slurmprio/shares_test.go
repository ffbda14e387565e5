package slurmprio

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/workloads/sacctmgr"
)

// docShares is the classic page's example as `sshare -a -l --parsable2`
// would print it, usage in CPU-seconds (10000 in all, 3000 of them by a
// user of an account without shares), the FairShare column the page's.
const docShares = `Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins
root|||0.000000|10000|1.000000|1.000000||||
 A||40|0.400000|4500|0.450000|0.450000||||
  B||30|0.300000|2000|0.200000|0.387500||||
   B|user1|1|0.300000|2000|0.200000|0.387500|0.408479|||
  C||10|0.100000|2500|0.250000|0.300000||||
   C|user2|1|0.050000|2500|0.250000|0.275000|0.022097|||
   C|user3|1|0.050000|0|0.000000|0.150000|0.125000|||
 D||60|0.600000|2500|0.250000|0.250000||||
  E||25|0.250000|2500|0.250000|0.250000||||
   E|user4|1|0.250000|2500|0.250000|0.250000|0.500000|||
  F||35|0.350000|0|0.000000|0.145833||||
   F|user5|1|0.350000|0|0.000000|0.145833|0.749154|||
 X||0|0.000000|3000|0.300000|0.300000||||
  X|other|1|0.000000|3000|0.300000|0.300000|0.000000|||
`

func TestCompareSharesClassicDoc(t *testing.T) {
	rows, err := sacctmgr.ReadShares(strings.NewReader(docShares), "sshare.txt")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := TreeFromShares(rows, "sshare.txt")
	if err != nil {
		t.Fatal(err)
	}
	classic{damp: 1}.Compute(tr)
	if bad := CompareShares(rows, tr, 1e-6, "sshare.txt"); len(bad) != 0 {
		t.Errorf("classic differs from the page:\n%s", strings.Join(bad, "\n"))
	}
	fairTree{}.Compute(tr) // a different algorithm must be caught
	bad := CompareShares(rows, tr, 1e-3, "sshare.txt")
	if len(bad) == 0 || !strings.HasPrefix(bad[0], "sshare.txt:5: user user1 of account B: fair share ") {
		t.Errorf("Fair Tree against classic's values: %q", bad)
	}
}

// TestFairTreeOrderKept: Fair Tree keeps its last ranking to sort from;
// a tree computed many times must rank exactly as a fresh tree with the
// same usage, ties included (equal usage, FairShare=parent, no usage).
func TestFairTreeOrderKept(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	build := func() (*Tree, []*Node) {
		tr := NewTree()
		var users []*Node
		for a := range 6 {
			name := fmt.Sprintf("acct%d", 5-a)
			if err := tr.AddAccount(name, "root", float64(1+a%2), 0); err != nil {
				t.Fatal(err)
			}
			for u := range 7 {
				shares := float64(1 + u%3)
				if u == 6 {
					shares = ParentShares
				}
				if err := tr.AddUser(fmt.Sprintf("u%d", 6-u), name, shares, 0); err != nil {
					t.Fatal(err)
				}
				n, _ := tr.User(fmt.Sprintf("u%d", 6-u), name)
				users = append(users, n)
			}
		}
		return tr, users
	}
	old, oldUsers := build()
	ft := fairTree{}
	for range 20 {
		for _, n := range oldUsers {
			if r.IntN(3) == 0 {
				old.Charge(n, float64(r.IntN(4)*100)) // often equal: ties
			}
		}
		ft.Compute(old)
		fresh, freshUsers := build()
		for i, n := range oldUsers {
			fresh.Charge(freshUsers[i], n.RawUsage)
		}
		ft.Compute(fresh)
		for i, n := range oldUsers {
			if n.FairShare != freshUsers[i].FairShare {
				t.Fatalf("%s of %s: fair share %v after earlier computes, %v fresh", n.Name, n.Parent.Name, n.FairShare, freshUsers[i].FairShare)
			}
		}
	}
}
