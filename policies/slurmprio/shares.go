package slurmprio

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/workloads/sacctmgr"
)

// TreeFromShares builds the association tree, with its raw usage, of
// `sshare -a -l --parsable2` rows (sacctmgr.ReadShares), so that the fair
// share computed here can be held against Slurm's. Users' raw usage is
// charged to them and their accounts; name names the input in errors.
func TreeFromShares(rows []sacctmgr.Share, name string) (*Tree, error) {
	t := NewTree()
	for _, r := range rows {
		var err error
		switch {
		case r.User != "":
			shares := r.RawShares
			if shares < 0 {
				shares = ParentShares
			}
			if err = t.AddUser(r.User, r.Account, shares, 0); err == nil {
				n, _ := t.User(r.User, r.Account)
				t.Charge(n, r.RawUsage)
			}
		case r.Account != "root":
			err = t.AddAccount(r.Account, r.Parent, r.RawShares, 0)
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, r.Line, err)
		}
	}
	return t, nil
}

// CompareShares holds the fair share of every user row of sshare against
// t's (computed by a FairShare) and returns one line per user whose
// factors differ by more than tol, "FILE:LINE: user u of account a: fair
// share X here, Y in sshare"; none when they agree.
func CompareShares(rows []sacctmgr.Share, t *Tree, tol float64, name string) []string {
	var out []string
	for _, r := range rows {
		if r.User == "" || math.IsNaN(r.FairShare) {
			continue
		}
		n, ok := t.User(r.User, r.Account)
		if !ok {
			out = append(out, fmt.Sprintf("%s:%d: user %s of account %s: not in the tree", name, r.Line, r.User, r.Account))
			continue
		}
		if math.Abs(n.FairShare-r.FairShare) > tol {
			out = append(out, fmt.Sprintf("%s:%d: user %s of account %s: fair share %.6f here, %.6f in sshare", name, r.Line, r.User, r.Account, n.FairShare, r.FairShare))
		}
	}
	return out
}
