package policies

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

var errUnknown = errors.New("unknown test policy")

func TestRegistry(t *testing.T) {
	r := NewRegistry[func() int]("test policy", errUnknown)
	r.Register("b", "the b one", func() int { return 2 })
	r.Register("a", "the a one", func() int { return 1 })
	if got := r.Names(); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Fatalf("Names = %v", got)
	}
	if s, ok := r.Summary("b"); !ok || s != "the b one" {
		t.Fatalf("Summary(b) = %q, %v", s, ok)
	}
	ctor, err := r.Lookup("a")
	if err != nil || ctor() != 1 {
		t.Fatalf("Lookup(a): %v", err)
	}
	_, err = r.Lookup("c")
	if !errors.Is(err, errUnknown) || !strings.Contains(err.Error(), `"c" (want one of [a b])`) {
		t.Fatalf("Lookup(c) error %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("registering a name twice did not panic")
		}
	}()
	r.Register("a", "again", nil)
}
