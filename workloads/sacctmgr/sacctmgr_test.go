package sacctmgr

import (
	"strings"
	"testing"
)

const assoc = `Cluster|Account|User|Partition|Share|ParentName|Priority|MaxJobs|QOS
test|root|||1||||normal
test|root|root||1||||normal
test|physics|||60|root|5||normal
test|theory|||1|physics|||normal
test|bio|||40|root|||normal
test|theory|alice||1||||normal
test|bio|bob||parent||||normal
test|bio|carol|long|2|||10|normal
test|ghost|dave||1||||normal
test|lost|||1|nowhere|||normal
`

func TestReadAssoc(t *testing.T) {
	tr, err := ReadAssoc(strings.NewReader(assoc), "assoc.txt", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Cluster != "test" || len(tr.Accounts) != 4 || len(tr.Users) != 5 || tr.Defaulted != 2 {
		t.Fatalf("%+v", tr)
	}
	want := []string{
		"assoc.txt:11: account lost: parent nowhere is not in the tree (or its parents loop); attached to root",
		"assoc.txt:10: user dave: account ghost is not in the tree; attached to root",
	}
	if strings.Join(tr.Problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s", strings.Join(tr.Problems, "\n"))
	}
	if u := tr.Users[2]; u.Name != "bob" || u.Shares != -1 {
		t.Errorf("bob %+v", u)
	}
	if u := tr.Users[3]; u.Partition != "long" || u.Shares != 2 || u.MaxJobs != 10 {
		t.Errorf("carol %+v", u)
	}
	if a := tr.Accounts[0]; a.Name != "physics" || a.Shares != 60 || a.Priority != 5 {
		t.Errorf("physics %+v", a)
	}
	var names []string
	for _, a := range tr.Ordered() {
		names = append(names, a.Name)
	}
	if strings.Join(names, " ") != "physics bio lost theory" {
		t.Errorf("ordered %v", names)
	}
}

func TestReadBad(t *testing.T) {
	h := "Cluster|Account|User|Share\n"
	for _, tc := range []struct{ in, want string }{
		{"Account|User\n", "f:1: sacctmgr: the header \"Account|User\" lacks column Share"},
		{h + "c|a||1|x\n", "f:2: sacctmgr: 5 fields, the header has 4"},
		{h + "c|a||lots\n", `f:2: sacctmgr: Share "lots" is not a count or parent`},
		{h + "c|a||parent\n", "f:2: sacctmgr: account a: Share=parent on an account is not modelled"},
		{h + "c|a||1\nc|a||1\n", "f:3: sacctmgr: account a: a second account row"},
		{h + "c|a||1\nd|b||1\n", "f:3: sacctmgr: rows of clusters c and d"},
		{h + "c|||1\n", "f:2: sacctmgr: an empty Account"},
		{h + "c|a|\x00|1\n", "f:2: sacctmgr: a NUL byte"},
		{"", "f:1: sacctmgr: no header line"},
	} {
		_, err := ReadAssoc(strings.NewReader(tc.in), "f", Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
	if _, err := ReadAssoc(strings.NewReader(h+"c|a||1\n"), "f", Options{DefaultAccount: "nope"}); err == nil {
		t.Error("a default account without a row accepted")
	}
}

func TestReadQOS(t *testing.T) {
	in := "Name|Priority|MaxJobsPU|GrpTRES|UsageFactor\nnormal|0|||1.000000\nhigh|400|4|cpu=64|1.000000\n"
	qs, err := ReadQOS(strings.NewReader(in), "q", QOSOptions{})
	if err != nil || len(qs) != 2 || qs[1] != (QOS{Name: "high", Priority: 400, MaxJobsPerUser: 4, GrpCPUs: 64, Line: 3}) {
		t.Fatalf("%+v %v", qs, err)
	}
	for _, tc := range []struct{ in, want string }{
		{"Name|Priority|GrpTRES\nq|1|mem=10G\n", "q:2: sacctmgr: QOS q: GrpTRES mem=10G is not modelled"},
		{"Name|Priority|UsageFactor\nq|1|2.0\n", "q:2: sacctmgr: QOS q: UsageFactor 2.0 is not modelled"},
		{"Name|Priority\nq|x\n", `q:2: sacctmgr: Priority "x" is not a count`},
		{"Name|Priority\nq|1\nq|2\n", "q:3: sacctmgr: QOS q: already on line 2"},
	} {
		_, err := ReadQOS(strings.NewReader(tc.in), "q", QOSOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// FuzzReadAssoc fuzzes the three readers: associations, QoS and sshare.
func FuzzReadAssoc(f *testing.F) {
	f.Add(assoc)
	f.Add("Account|User|RawShares|RawUsage\nroot|||0\n a||1|5\n  a|u|parent|5\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, err := range []error{second(ReadShares(strings.NewReader(s), "f")), second(ReadQOS(strings.NewReader(s), "f", QOSOptions{}))} {
			if err != nil && (strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "f:")) {
				t.Fatalf("error not one line naming the file: %q", err)
			}
		}
		tr, err := ReadAssoc(strings.NewReader(s), "f", Options{})
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error not one line naming the file: %q", err)
			}
			return
		}
		if len(tr.Ordered()) != len(tr.Accounts) {
			t.Fatal("Ordered lost accounts")
		}
	})
}

func TestParentCycle(t *testing.T) {
	in := "Account|User|Share|ParentName\nroot||1|\na||1|b\nb||1|a\nc||1|b\n"
	tr, err := ReadAssoc(strings.NewReader(in), "f", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "f:3: account a: parent b is not in the tree (or its parents loop); attached to root"
	if tr.Defaulted != 1 || len(tr.Problems) != 1 || tr.Problems[0] != want {
		t.Fatalf("problems %q", tr.Problems)
	}
	var names []string
	for _, a := range tr.Ordered() {
		names = append(names, a.Name+"<"+a.Parent)
	}
	if got := strings.Join(names, " "); got != "a<root b<a c<b" {
		t.Errorf("ordered %s", got)
	}
}

func TestReadShares(t *testing.T) {
	h := "Account|User|RawShares|RawUsage|FairShare|LevelFS\n"
	rows, err := ReadShares(strings.NewReader(h+"root|||30||\n a||2|30||0.5\n  a|ann|parent|30|0.75|\n  b||1|0||inf\n"), "s")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[1].Parent != "root" || rows[3].Parent != "a" || rows[2].RawShares != -1 ||
		rows[2].FairShare != 0.75 || rows[0].RawShares != 1 || rows[0].Parent != "" || rows[1].LevelFS != 0.5 {
		t.Errorf("%+v", rows)
	}
	for _, tc := range []struct{ in, want string }{
		{h + " a||1|0||\n", "s:2: sacctmgr: account a: no root row above it"},
		{h + "root|||0||\na||1|0||\n", "s:3: sacctmgr: account a: only root has no indentation"},
		{h + "root|||0||\n   a||1|0||\n", "s:3: sacctmgr: account a is indented 3, deeper than below its parent (1)"},
		{h + "root|||0||\n a|u|x|0||\n", `s:3: sacctmgr: RawShares "x" is not a count or parent`},
		{h + "root|||0||\n a||1|-1||\n", `s:3: sacctmgr: RawUsage "-1" is not a number ≥ 0`},
		{h + "a|u|1|0||\n", "s:2: sacctmgr: user u before any account row"},
		{h + "root|||0|x|\n", `s:2: sacctmgr: FairShare "x" is not a number`},
	} {
		_, err := ReadShares(strings.NewReader(tc.in), "s")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}
