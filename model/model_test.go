package model

import (
	"io"
	"math"
	"testing"
)

func TestQueueIsFIFOAcrossGrowth(t *testing.T) {
	var q Queue[int]
	next := 0
	for round := 0; round < 5; round++ {
		for i := 0; i < 37; i++ {
			q.Push(round*100 + i)
		}
		for i := 0; i < 30; i++ {
			got := q.Pop()
			if got != next {
				t.Fatalf("popped %d, want %d", got, next)
			}
			next++
			if next%100 == 37 {
				next += 63
			}
		}
	}
	if q.Len() != 5*7 {
		t.Fatalf("Len = %d", q.Len())
	}
}

func TestQueueAtAndRemoveAt(t *testing.T) {
	var q Queue[string]
	for _, s := range []string{"a", "b", "c", "d"} {
		q.Push(s)
	}
	if q.RemoveAt(1) != "b" || q.At(1) != "c" || q.Len() != 3 {
		t.Fatal("RemoveAt(1) broke the order")
	}
	if h, ok := q.Peek(); !ok || h != "a" {
		t.Fatal("Peek")
	}
	var empty Queue[int]
	if _, ok := empty.Peek(); ok {
		t.Fatal("Peek on empty queue")
	}
}

func TestBusyMeter(t *testing.T) {
	var m BusyMeter
	m.Set(0, 2)
	m.Add(1, 1) // 2 on [0,1), 3 from 1
	if got := m.Mean(3); math.Abs(got-(2+3*2)/3.0) > 1e-12 {
		t.Fatalf("mean %v", got)
	}
	m.Reset(3)
	m.Add(4, -3)
	if got, want := m.Mean(5), 1.5; got != want {
		t.Fatalf("mean after reset %v, want %v", got, want)
	}
	if m.Max() != 3 {
		t.Fatalf("max %v", m.Max())
	}
}

func TestJobMetricsAndSliceSource(t *testing.T) {
	j := NewJob(1, 10, 4, 5, 6)
	j.Start, j.End = 12, 17
	if j.Wait() != 2 || j.Response() != 7 || j.Slowdown() != 7.0/5 || j.BoundedSlowdown(10) != 1 {
		t.Fatalf("%v %v %v %v", j.Wait(), j.Response(), j.Slowdown(), j.BoundedSlowdown(10))
	}
	s := &SliceSource{Jobs: []Job{j}}
	if got, err := s.Next(); err != nil || got.ID != 1 {
		t.Fatal(err)
	}
	if _, err := s.Next(); err != io.EOF {
		t.Fatalf("err %v, want EOF", err)
	}
}
