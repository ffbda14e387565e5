package slurmprio

import (
	"fmt"
	"testing"
)

// benchTree is 50 accounts of 10 users each, every user with usage.
func benchTree(b *testing.B) *Tree {
	tr := NewTree()
	for a := 0; a < 50; a++ {
		acct := fmt.Sprintf("a%02d", a)
		if err := tr.AddAccount(acct, "root", float64(1+a%5), 0); err != nil {
			b.Fatal(err)
		}
		for u := 0; u < 10; u++ {
			name := fmt.Sprintf("u%03d", a*10+u)
			if err := tr.AddUser(name, acct, 1, 0); err != nil {
				b.Fatal(err)
			}
			n, _ := tr.User(name, acct)
			tr.Charge(n, float64((a*10+u)%17*1000))
		}
	}
	return tr
}

// BenchmarkFairTree500 is one Fair Tree computation over 500 users in 50
// accounts (one PriorityCalcPeriod step of issue 25's benchmark site).
func BenchmarkFairTree500(b *testing.B) {
	tr := benchTree(b)
	for b.Loop() {
		fairTree{}.Compute(tr)
	}
}

// BenchmarkClassic500 is the same for classic fair share.
func BenchmarkClassic500(b *testing.B) {
	tr := benchTree(b)
	for b.Loop() {
		classic{damp: 1}.Compute(tr)
	}
}
