package policies

import (
	"errors"
	"reflect"
	"testing"
)

var errBad = errors.New("policies_test: bad option")

func TestRegistry(t *testing.T) {
	r := NewRegistry[int, int](Family{Name: "test", Params: []Param{{Key: "k", Doc: "a key"}}},
		func(o int) (int, error) {
			if o < 0 {
				return 0, errBad
			}
			return o + 100, nil
		})
	r.Register("b", "the b one", func(o int) (int, error) { return o + 2, nil })
	r.Register("a", "the a one", func(o int) (int, error) { return o + 1, nil }, "k")
	if got := r.Names(); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Fatalf("Names = %v", got)
	}
	if got := r.Policies(); !reflect.DeepEqual(got, []Info{{"a", "the a one", []string{"k"}}, {"b", "the b one", nil}}) {
		t.Fatalf("Policies = %v", got)
	}
	if s, ok := r.Summary("b"); !ok || s != "the b one" {
		t.Fatalf("Summary(b) = %q, %v", s, ok)
	}
	if v, err := r.New("a", 0); err != nil || v != 101 {
		t.Fatalf("New(a) = %v, %v (prepare must run first)", v, err)
	}
	if _, err := r.New("a", -1); err != errBad {
		t.Fatalf("New(a, bad) = %v", err)
	}
	_, err := r.New("c", 0)
	if want := `policies: unknown policy "c" for test (want one of [a b])`; !errors.Is(err, ErrUnknownPolicy) || err.Error() != want {
		t.Fatalf("New(c) error %v, want %s", err, want)
	}
	found := false
	for _, d := range Families() {
		found = found || d == Described(r)
	}
	if !found {
		t.Fatal("Families does not hold the new registry")
	}
	for _, bad := range []func(){
		func() { r.Register("a", "again", func(int) (int, error) { return 0, nil }) },
		func() { r.Register("d", "", func(int) (int, error) { return 0, nil }) },
		func() { r.Register("e", "reads an undeclared key", func(int) (int, error) { return 0, nil }, "nope") },
		func() { NewRegistry[int, int](Family{Name: "test"}, nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("a programming error did not panic")
				}
			}()
			bad()
		}()
	}
}
