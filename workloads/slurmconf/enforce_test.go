package slurmconf

import (
	"strings"
	"testing"
)

// TestEnforceLimits: AccountingStorageEnforce's limits, safe, all and 2
// mean Slurm charges usage at job ends; associations and qos do not.
func TestEnforceLimits(t *testing.T) {
	for val, want := range map[string]bool{"": false, "associations,qos": false, "limits": true,
		"associations,limits,qos": true, "safe": true, "ALL": true, "2": true} {
		text := "NodeName=n1 CPUs=1\nPartitionName=p Nodes=n1 Default=YES\n"
		if val != "" {
			text = "AccountingStorageEnforce=" + val + "\n" + text
		}
		c, err := Read(strings.NewReader(text), "slurm.conf")
		if err != nil {
			t.Fatal(err)
		}
		if c.EnforceLimits != want {
			t.Errorf("AccountingStorageEnforce=%s: EnforceLimits %v, want %v", val, c.EnforceLimits, want)
		}
	}
}
