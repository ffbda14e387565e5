package slurmprio

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/policies"
)

// handTree is root → A (60 shares: u1, u2, 1 share each), B (40: u3);
// raw usage u1 300, u2 100, u3 100 CPU-seconds.
func handTree(t *testing.T) *Tree {
	t.Helper()
	tr := NewTree()
	for _, err := range []error{
		tr.AddAccount("A", "root", 60, 5), tr.AddAccount("B", "root", 40, 10),
		tr.AddUser("u1", "A", 1, 0), tr.AddUser("u2", "A", 1, 0), tr.AddUser("u3", "B", 1, 0),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for u, use := range map[string]float64{"u1": 300, "u2": 100, "u3": 100} {
		acct := "A"
		if u == "u3" {
			acct = "B"
		}
		n, _ := tr.User(u, acct)
		tr.Charge(n, use)
	}
	return tr
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func fairShares(tr *Tree) map[string]float64 {
	out := map[string]float64{}
	walk(tr.Root, func(n *Node) {
		if n.User {
			out[n.Name] = n.FairShare
		}
	})
	return out
}

// TestClassicByHand: the classic page's formulas worked by hand.
// A: S 0.6, U 0.8, UE 0.8 (below root); B: S 0.4, UE 0.2.
// u1: S 0.3, U 0.6, UE 0.6 + (0.8 − 0.6)·½ = 0.7, F = 2^(−0.7/0.3).
// u2: S 0.3, U 0.2, UE 0.2 + (0.8 − 0.2)·½ = 0.5, F = 2^(−5/3).
// u3: S 0.4, U 0.2, UE 0.2, F = 2^(−0.5); with dampening 2, 2^(−0.25).
func TestClassicByHand(t *testing.T) {
	tr := handTree(t)
	fs, err := FairShares.New("multifactor-classic", Options{})
	if err != nil {
		t.Fatal(err)
	}
	fs.Compute(tr)
	want := map[string]float64{"u1": 0.19842513149602492, "u2": 0.3149802624737183, "u3": 0.7071067811865476}
	for u, w := range want {
		if got := fairShares(tr)[u]; !near(got, w) {
			t.Errorf("%s: fair share %v, want %v", u, got, w)
		}
	}
	fs, _ = FairShares.New("multifactor-classic", Options{DampeningFactor: 2})
	fs.Compute(tr)
	if got := fairShares(tr)["u3"]; !near(got, 0.8408964152537145) {
		t.Errorf("u3 damped: %v", got)
	}
}

// TestFairTreeByHand: level fair shares A 0.6/0.8 = 0.75, B 0.4/0.2 = 2,
// so B's user ranks first (3/3); in A, u2 0.5/0.25 = 2 before u1
// 0.5/0.75: 2/3 and 1/3.
func TestFairTreeByHand(t *testing.T) {
	tr := handTree(t)
	fs, _ := FairShares.New("multifactor-fairtree", Options{})
	fs.Compute(tr)
	want := map[string]float64{"u3": 1, "u2": 2.0 / 3, "u1": 1.0 / 3}
	for u, w := range want {
		if got := fairShares(tr)[u]; !near(got, w) {
			t.Errorf("%s: fair share %v, want %v", u, got, w)
		}
	}
	a, _ := tr.Account("A")
	if !near(a.LevelFS, 0.75) {
		t.Errorf("A's level fair share %v, want 0.75", a.LevelFS)
	}
}

// TestFairTreeTies: the tie rules. Nothing has usage, so every level
// fair share is +Inf: u0 (a user) sorts before the accounts and ranks
// 4/4; A and B are tied with it, so their first users start tied: all
// 4/4; C has no shares: LF 0, its user ranks after (rank 1, 1/4).
func TestFairTreeTies(t *testing.T) {
	tr := NewTree()
	for _, err := range []error{
		tr.AddUser("u0", "root", 1, 0), tr.AddAccount("A", "root", 1, 0), tr.AddAccount("B", "root", 1, 0),
		tr.AddAccount("C", "root", 0, 0), tr.AddUser("ua", "A", 1, 0), tr.AddUser("ub", "B", 1, 0), tr.AddUser("uc", "C", 1, 0),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	fairTree{}.Compute(tr)
	want := map[string]float64{"u0": 1, "ua": 1, "ub": 1, "uc": 0.25}
	if got := fairShares(tr); len(got) != 4 || got["u0"] != want["u0"] || got["ua"] != 1 || got["ub"] != 1 || got["uc"] != 0.25 {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestFairTreeTiedAccounts: A and B have the same usage and shares (LF 1
// each); A's users a1 (usage 100, LF 2) and a2 (usage 300, LF 2/3), B's
// user b1. Slurm's code walks A then B: a1 rank 3, a2 rank 2, and b1,
// first of a level below an account tied with A, keeps a2's rank 2. (The
// page's merge would have ranked a1, b1, a2: 3, 2, 1.)
func TestFairTreeTiedAccounts(t *testing.T) {
	tr := NewTree()
	for _, err := range []error{
		tr.AddAccount("A", "root", 1, 0), tr.AddAccount("B", "root", 1, 0),
		tr.AddUser("a1", "A", 1, 0), tr.AddUser("a2", "A", 1, 0), tr.AddUser("b1", "B", 1, 0),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		u, a string
		use  float64
	}{{"a1", "A", 100}, {"a2", "A", 300}, {"b1", "B", 400}} {
		n, _ := tr.User(c.u, c.a)
		tr.Charge(n, c.use)
	}
	fairTree{}.Compute(tr)
	got := fairShares(tr)
	if !near(got["a1"], 1) || !near(got["a2"], 2.0/3) || !near(got["b1"], 2.0/3) {
		t.Errorf("got %v, want a1 1, a2 2/3, b1 2/3", got)
	}
}

// TestFairTreeEmptyAccountTie: under root, A (S 4/6, U 3/5: LF 10/9;
// users ua LF (2/3)/(1/3) = 2, ub (1/3)/(2/3) = 1/2) sorts before B
// (S 2/6, U 2/5: LF 5/6), whose children are e (no users, no usage: LF
// +Inf), f (+Inf: user uc) and ud ((2/8)/1 = 1/4). ua ranks 4, ub 3;
// in B, f is tied with e, so uc starts tied and keeps ub's rank 3
// although B's LF is below A's; ud ranks 1. As Slurm's code does.
func TestFairTreeEmptyAccountTie(t *testing.T) {
	tr := NewTree()
	for _, err := range []error{
		tr.AddAccount("A", "root", 4, 0), tr.AddAccount("B", "root", 2, 0),
		tr.AddUser("ua", "A", 2, 0), tr.AddUser("ub", "A", 1, 0),
		tr.AddAccount("e", "B", 1, 0), tr.AddAccount("f", "B", 5, 0), tr.AddUser("uc", "f", 2, 0), tr.AddUser("ud", "B", 2, 0),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		u, a string
		use  float64
	}{{"ua", "A", 1000}, {"ub", "A", 2000}, {"ud", "B", 2000}} {
		n, _ := tr.User(c.u, c.a)
		tr.Charge(n, c.use)
	}
	fairTree{}.Compute(tr)
	got := fairShares(tr)
	if got["ua"] != 1 || got["ub"] != 0.75 || got["uc"] != 0.75 || got["ud"] != 0.25 {
		t.Errorf("got %v, want ua 1, ub 0.75, uc 0.75, ud 0.25", got)
	}
}

func handEngine(t *testing.T, name string, o Options) *Engine {
	t.Helper()
	e, err := New(name, o, handTree(t), Cluster{CPUs: 100, Nodes: 10,
		Partitions: map[string]Partition{"batch": {JobFactor: 10, MaxTime: 86400}, "big": {JobFactor: 20, MaxTime: math.Inf(1)}},
		QOS:        map[string]float64{"normal": 100, "high": 400}})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestPriorityByHand: the weighted sum of priority/multifactor. Job: u3
// of B, 20 CPUs on 2 nodes of 100 on 10, partition factor 10 of 20, QOS
// 100 of 400, eligible 12 h ago with PriorityMaxAge 1 day, B's priority
// 10 of 10: age 0.5, job size (2/10 + 20/100)/2 = 0.2, partition 0.5,
// QOS 0.25, assoc 1, fair share 2^−0.5 (classic).
func TestPriorityByHand(t *testing.T) {
	o := Options{WeightAge: 1000, WeightFairshare: 10000, WeightJobSize: 100, WeightPartition: 500, WeightQOS: 2000, WeightAssoc: 10, MaxAge: 86400}
	e := handEngine(t, "multifactor-classic", o)
	j := Job{User: "u3", Account: "B", Partition: "batch", QOS: "normal", CPUs: 20, Nodes: 2, TimeLimit: 3600, Eligible: 0}
	f, err := e.Priority(j, 12*3600)
	if err != nil {
		t.Fatal(err)
	}
	want := Factors{Age: 0.5, FairShare: 0.7071067811865476, JobSize: 0.2, Partition: 0.5, QOS: 0.25, Assoc: 1, Priority: 8351}
	// 500 + 7071.07 + 20 + 250 + 500 + 10 = 8351.07 → 8351
	if !near(f.Age, want.Age) || !near(f.FairShare, want.FairShare) || !near(f.JobSize, want.JobSize) ||
		!near(f.Partition, want.Partition) || !near(f.QOS, want.QOS) || !near(f.Assoc, want.Assoc) || f.Priority != want.Priority {
		t.Errorf("got %+v\nwant %+v", f, want)
	}
	// Refresh from the factors at 0 gives the same as Priority at 12 h.
	f0, _ := e.Priority(j, 0)
	n, _ := e.tree.User("u3", "B")
	if r := e.Refresh(f0, n, j.Eligible, 12*3600); r != f {
		t.Errorf("Refresh: %+v, Priority: %+v", r, f)
	}
	j.User, j.Account = "u1", "A" // A's priority 5 of 10, inherited
	if f, _ := e.Priority(j, 0); !near(f.Assoc, 0.5) || f.Age != 0 {
		t.Errorf("u1: %+v", f)
	}
}

// TestJobSize: favour small (8/10 + 80/100)/2 = 0.8; relative to time:
// max(2·100/10, 20) CPUs / 60 min / 100 CPUs = 1/300, favour small
// 1 − 1/300; an unlimited partition and no limit of its own: 0.
func TestJobSize(t *testing.T) {
	j := Job{User: "u3", Account: "B", Partition: "batch", CPUs: 20, Nodes: 2, TimeLimit: 3600}
	for _, tc := range []struct {
		o    Options
		part string
		lim  float64
		want float64
	}{
		{Options{FavorSmall: true}, "batch", 3600, 0.8},
		{Options{SmallRelativeToTime: true}, "batch", 3600, 1.0 / 300},
		{Options{SmallRelativeToTime: true, FavorSmall: true}, "batch", 3600, 1 - 1.0/300},
		{Options{SmallRelativeToTime: true}, "big", 0, 0},
	} {
		e := handEngine(t, "multifactor-fairtree", tc.o)
		j.Partition, j.TimeLimit = tc.part, tc.lim
		if f, err := e.Priority(j, 0); err != nil || !near(f.JobSize, tc.want) {
			t.Errorf("%+v: job size %v (%v), want %v", tc.o, f.JobSize, err, tc.want)
		}
	}
}

// TestDecay: half-life 100 s, Slurm's per-second factor 1 − 0.693/100.
// One CPU running 0 → 100 is charged 100·(1 − 0.00693)^100 = 49.88687;
// 100 s later, without running jobs, that has decayed to 24.88700.
func TestDecay(t *testing.T) {
	e := handEngine(t, "multifactor-fairtree", Options{DecayHalfLife: 100})
	u3, _ := e.tree.User("u3", "B")
	e.tree.scale(0)
	e.Update(0, nil)
	e.Update(100, []Running{{Assoc: u3, CPUs: 1, Start: 0}})
	if !near(math.Round(u3.RawUsage*1e5)/1e5, 49.88687) {
		t.Errorf("usage after 100 s: %v", u3.RawUsage)
	}
	e.Update(200, nil)
	if b, _ := e.tree.Account("B"); !near(math.Round(b.RawUsage*1e5)/1e5, 24.88700) || e.tree.Root.RawUsage != b.RawUsage {
		t.Errorf("usage after 200 s: %v (root %v)", b.RawUsage, e.tree.Root.RawUsage)
	}
}

// TestReset: MONTHLY resets on the 1st, 00:00 UTC.
func TestReset(t *testing.T) {
	tr := handTree(t)
	epoch := time.Date(2026, 1, 31, 23, 0, 0, 0, time.UTC).Unix()
	e, err := New("multifactor-classic", Options{UsageResetPeriod: "MONTHLY", NoDecay: true}, tr, Cluster{CPUs: 1, Nodes: 1, Epoch: epoch})
	if err != nil {
		t.Fatal(err)
	}
	e.Update(0, nil)
	if tr.Root.RawUsage != 500 {
		t.Fatalf("usage %v before the reset", tr.Root.RawUsage)
	}
	u1, _ := tr.User("u1", "A")
	e.JobEnd(u1, 2, 0, 50)
	e.Update(3599, nil)
	if tr.Root.RawUsage != 600 {
		t.Errorf("usage %v before midnight, want 600", tr.Root.RawUsage)
	}
	e.Update(3600, nil)
	if tr.Root.RawUsage != 0 {
		t.Errorf("usage %v after the reset", tr.Root.RawUsage)
	}
	if got := e.resetAfter(3600); got != float64(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC).Unix()-epoch) {
		t.Errorf("next reset at %v", got)
	}
}

func TestBad(t *testing.T) {
	_, err := FairShares.New("multifactor-classic", Options{WeightAge: -1})
	if fe, ok := model.AsField(err); !ok || fe.Path != "weight_age" {
		t.Errorf("negative weight: %v", err)
	}
	_, err = FairShares.New("multifactor", Options{})
	if !errors.Is(err, policies.ErrUnknownPolicy) {
		t.Errorf("unknown name: %v", err)
	}
	e := handEngine(t, "multifactor-classic", Options{})
	for _, j := range []Job{{User: "x", Account: "A", Partition: "batch"}, {User: "u1", Account: "A", Partition: "nope"}, {User: "u1", Account: "A", Partition: "batch", QOS: "q"}} {
		if _, err := e.Priority(j, 0); err == nil || !strings.HasPrefix(err.Error(), "slurmprio: ") {
			t.Errorf("%+v: %v", j, err)
		}
	}
	tr := NewTree()
	if tr.AddAccount("A", "nope", 1, 0) == nil || tr.AddUser("u", "nope", 1, 0) == nil || tr.AddAccount("A", "root", ParentShares, 0) == nil {
		t.Error("bad tree additions accepted")
	}
}

func TestAttach(t *testing.T) {
	tr := handTree(t)
	u1, _ := tr.User("u1", "A")
	if n, err := tr.Attach("u1", "A", "root"); err != nil || n != u1 || tr.Attached != 0 {
		t.Fatalf("known association: %v %v", n, err)
	}
	n, err := tr.Attach("zoe", "ghost", "B")
	if err != nil || n.Parent.Name != "B" || n.Shares != 1 || tr.Users() != 4 {
		t.Fatalf("unknown account: %+v %v", n, err)
	}
	if m, _ := tr.Attach("zoe", "ghost", "B"); m != n {
		t.Error("a second job of the same pair made a second association")
	}
	if _, err := tr.Attach("u1", "B", "root"); err != nil {
		t.Fatal(err)
	}
	want := "user zoe: account ghost is not in the tree; charged to B, where the user was added with 1 share\n" +
		"user u1: no association in account B; added with 1 share"
	if got := strings.Join(tr.Problems, "\n"); got != want || tr.Attached != 2 {
		t.Errorf("problems (%d):\n%s", tr.Attached, got)
	}
	if _, err := tr.Attach("x", "ghost", "nope"); err == nil || !strings.HasPrefix(err.Error(), "slurmprio: ") {
		t.Errorf("no default account: %v", err)
	}
}

// TestNoEndCharge: a 2-CPU job from 0 to 90 s, a pass at 60 (no decay).
// The pass charges 2 × 60 = 120 CPU-seconds; the end charges the last
// 2 × 30 = 60 only without NoEndCharge (Slurm without
// AccountingStorageEnforce=limits never calls priority_p_job_end).
func TestNoEndCharge(t *testing.T) {
	for _, c := range []struct {
		noEnd bool
		want  float64
	}{{false, 500 + 120 + 60}, {true, 500 + 120}} {
		tr := handTree(t)
		e, err := New("multifactor-classic", Options{NoDecay: true}, tr, Cluster{CPUs: 1, Nodes: 1, NoEndCharge: c.noEnd})
		if err != nil {
			t.Fatal(err)
		}
		e.Update(0, nil)
		u1, _ := tr.User("u1", "A")
		e.Update(60, []Running{{Assoc: u1, CPUs: 2, Start: 0}})
		e.JobEnd(u1, 2, 0, 90)
		if tr.Root.RawUsage != c.want {
			t.Errorf("NoEndCharge=%v: usage %v, want %v", c.noEnd, tr.Root.RawUsage, c.want)
		}
	}
}
