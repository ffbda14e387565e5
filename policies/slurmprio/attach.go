package slurmprio

import "fmt"

// Attach returns the association a job of user under account charges:
// the user's association there when the tree has it. When the account is
// not in the tree the job goes to account def instead; when the user has
// no association in that account, one with 1 share (sacctmgr's default)
// is added. Each such pair is reported once in Problems and counted in
// Attached, never dropped. Attach every job before New: a user added
// later changes the number of users Fair Tree divides by.
func (t *Tree) Attach(user, account, def string) (*Node, error) {
	if n, ok := t.User(user, account); ok {
		return n, nil
	}
	acct := account
	if _, ok := t.accounts[acct]; !ok {
		if _, ok := t.accounts[def]; !ok {
			return nil, fmt.Errorf("slurmprio: user %s: account %s is not in the tree, nor the default account %s", user, account, def)
		}
		acct = def
		if n, ok := t.User(user, acct); ok {
			t.problem(user, account, fmt.Sprintf("user %s: account %s is not in the tree; charged to %s", user, account, def))
			return n, nil
		}
	}
	if err := t.AddUser(user, acct, 1, 0); err != nil {
		return nil, err
	}
	if acct != account {
		t.problem(user, account, fmt.Sprintf("user %s: account %s is not in the tree; charged to %s, where the user was added with 1 share", user, account, def))
	} else {
		t.problem(user, account, fmt.Sprintf("user %s: no association in account %s; added with 1 share", user, account))
	}
	n, _ := t.User(user, acct)
	return n, nil
}

// problem reports s once for the pair user, account.
func (t *Tree) problem(user, account, s string) {
	k := [2]string{account, user}
	if t.reported[k] {
		return
	}
	if t.reported == nil {
		t.reported = map[[2]string]bool{}
	}
	t.reported[k] = true
	t.Problems = append(t.Problems, s)
	t.Attached++
}
