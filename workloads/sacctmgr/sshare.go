package sacctmgr

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Share is one row of `sshare -a -l --parsable2`: an association with
// its usage and the values Slurm computed for it.
type Share struct {
	// Account is the row's account (the Account column, indentation
	// removed); for a user row, the user's account.
	Account string
	// Parent is an account row's parent account ("" for root).
	Parent string
	// User is empty on account rows.
	User string
	// RawShares, -1 for "parent".
	RawShares float64
	// RawUsage in CPU-seconds.
	RawUsage float64
	// NormShares, EffectvUsage, FairShare and LevelFS as Slurm printed
	// them; NaN when the column is absent or empty (FairShare on account
	// rows under Fair Tree, LevelFS of FairShare=parent).
	NormShares, EffectvUsage, FairShare, LevelFS float64
	Line                                         int
}

// ReadShares reads `sshare -a -l --parsable2` output: the association
// tree as sshare prints it, in tree order, each account's depth given by
// the spaces before its name (root has none). Required columns: Account,
// User, RawShares, RawUsage. It is what a check against a real Slurm
// feeds the fair share with, and compares its FairShare column with.
func ReadShares(r io.Reader, name string) ([]Share, error) {
	var out []Share
	var stack []string // account names by depth
	err := table(r, name, []string{"Account", "User", "RawShares", "RawUsage"}, func(line int, rw row) error {
		get := rw.get
		raw := strings.TrimRight(rw.raw("Account"), " ")
		acct := strings.TrimLeft(raw, " ")
		depth := len(raw) - len(acct)
		if acct == "" {
			return fmt.Errorf("an empty Account")
		}
		s := Share{Account: acct, User: get("User"), Line: line}
		var err error
		switch rs := get("RawShares"); {
		case strings.EqualFold(rs, "parent"):
			s.RawShares = -1
		case rs == "" && acct == "root" && s.User == "":
			s.RawShares = 1
		default:
			if s.RawShares, err = strconv.ParseFloat(rs, 64); err != nil || !(s.RawShares >= 0) || math.IsInf(s.RawShares, 0) {
				return fmt.Errorf("RawShares %q is not a count or parent", rs)
			}
		}
		if s.RawUsage, err = strconv.ParseFloat(get("RawUsage"), 64); err != nil || !(s.RawUsage >= 0) || math.IsInf(s.RawUsage, 0) {
			return fmt.Errorf("RawUsage %q is not a number ≥ 0", get("RawUsage"))
		}
		for _, c := range []struct {
			col string
			dst *float64
		}{{"NormShares", &s.NormShares}, {"EffectvUsage", &s.EffectvUsage}, {"FairShare", &s.FairShare}, {"LevelFS", &s.LevelFS}} {
			v := get(c.col)
			if v == "" {
				*c.dst = math.NaN()
				continue
			}
			if *c.dst, err = strconv.ParseFloat(v, 64); err != nil {
				return fmt.Errorf("%s %q is not a number", c.col, v)
			}
		}
		if s.User != "" {
			if len(stack) == 0 {
				return fmt.Errorf("user %s before any account row", s.User)
			}
			out = append(out, s)
			return nil
		}
		switch {
		case depth == 0 && acct != "root":
			return fmt.Errorf("account %s: only root has no indentation", acct)
		case depth > 0 && len(stack) == 0:
			return fmt.Errorf("account %s: no root row above it", acct)
		case depth > len(stack):
			return fmt.Errorf("account %s is indented %d, deeper than below its parent (%d)", acct, depth, len(stack))
		}
		stack = stack[:depth]
		if depth > 0 {
			s.Parent = stack[depth-1]
		}
		stack = append(stack, acct)
		out = append(out, s)
		return nil
	})
	return out, err
}
