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
