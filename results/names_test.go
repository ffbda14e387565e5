package results

import "testing"

// TestFileNamePlus checks that policy names such as easy++ keep a file
// name of their own.
func TestFileNamePlus(t *testing.T) {
	if got := FileName("policy=easy++ predictor=a/b"); got != "policy=easy++_predictor=a_b" {
		t.Errorf("FileName = %q", got)
	}
	if _, _, ok := FileNameCollision([]string{"policy=easy", "policy=easy++"}); ok {
		t.Error("easy and easy++ share a file name")
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 replications"}, {1, "1 replication"}, {2, "2 replications"}, {30, "30 replications"}} {
		if got := Count(c.n, "replication"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
