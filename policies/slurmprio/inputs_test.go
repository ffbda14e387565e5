package slurmprio

import (
	"strings"
	"testing"

	"github.com/schedsim/schedsim/workloads/sacctmgr"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

func TestOptionsFrom(t *testing.T) {
	c, err := slurmconf.Read(strings.NewReader("PriorityDecayHalfLife=0\nPriorityFlags=NO_FAIR_TREE,SMALL_RELATIVE_TO_TIME\nFairShareDampeningFactor=3\n"), "f")
	if err != nil {
		t.Fatal(err)
	}
	o := OptionsFrom(c)
	if !o.NoDecay || !o.SmallRelativeToTime || o.DampeningFactor != 3 || Name(c) != "multifactor-classic" {
		t.Errorf("%+v %s", o, Name(c))
	}
	if _, err := FairShares.New(Name(c), o); err != nil {
		t.Error(err)
	}
}

func TestTreeFromDuplicate(t *testing.T) {
	a, err := sacctmgr.ReadAssoc(strings.NewReader("Account|User|Partition|Share\nroot|||1\nroot|ann|p1|1\nroot|ann|p2|1\n"), "a", sacctmgr.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = TreeFrom(a, "a")
	if err == nil || !strings.HasPrefix(err.Error(), "a:4: slurmprio: user ann of account root has a second association") {
		t.Errorf("got %v", err)
	}
}
