package suggest

import (
	"reflect"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"easy", "esay", 1}, {"fcfs", "fcfs", 0}} {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestNearest(t *testing.T) {
	policies := []string{"fcfs", "easy", "conservative", "fpfs"}
	if got := Nearest("eays", policies); !reflect.DeepEqual(got, []string{"easy"}) {
		t.Errorf("eays: %v", got)
	}
	if got := Nearest("conservatve", policies); !reflect.DeepEqual(got, []string{"conservative"}) {
		t.Errorf("conservatve: %v", got)
	}
	if got := Nearest("fcf", policies); !reflect.DeepEqual(got, []string{"fcfs"}) {
		t.Errorf("fcf: %v", got)
	}
	if got := Nearest("zzzzzz", policies); got != nil {
		t.Errorf("zzzzzz: %v", got)
	}
	if got := Nearest("BLUE", []string{"SDSC-BLUE", "SDSC-SP2"}); !reflect.DeepEqual(got, []string{"SDSC-BLUE"}) {
		t.Errorf("BLUE: %v", got)
	}
}

func TestDidYouMean(t *testing.T) {
	if got := DidYouMean("replicatons", []string{"replications", "seed"}); got != "; did you mean replications?" {
		t.Errorf("got %q", got)
	}
	if got := DidYouMean("sdsc-sp", []string{"SDSC-SP2", "SDSC-SP3", "KTH-SP2"}); got != "; did you mean SDSC-SP2 or SDSC-SP3?" {
		t.Errorf("got %q", got)
	}
	if got := DidYouMean("qqqq", []string{"fcfs"}); got != "" {
		t.Errorf("got %q", got)
	}
}
