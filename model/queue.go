package model

// Queue is a FIFO queue on a ring buffer. Its zero value is an empty queue
// ready to use; once it has grown to its largest length it allocates no
// more.
type Queue[T any] struct {
	buf  []T
	head int
	n    int
}

// Len returns the number of queued items.
func (q *Queue[T]) Len() int { return q.n }

// Push appends x at the tail.
func (q *Queue[T]) Push(x T) {
	if q.n == len(q.buf) {
		q.grow()
	}
	q.buf[(q.head+q.n)%len(q.buf)] = x
	q.n++
}

// Pop removes and returns the head. It panics on an empty queue, which is a
// programming error.
func (q *Queue[T]) Pop() T {
	if q.n == 0 {
		panic("model: Pop from empty queue")
	}
	var zero T
	x := q.buf[q.head]
	q.buf[q.head] = zero
	q.head = (q.head + 1) % len(q.buf)
	q.n--
	return x
}

// Peek returns the head without removing it; ok is false on an empty queue.
func (q *Queue[T]) Peek() (x T, ok bool) {
	if q.n == 0 {
		return x, false
	}
	return q.buf[q.head], true
}

// At returns the i-th item from the head (0 is the head).
func (q *Queue[T]) At(i int) T {
	if i < 0 || i >= q.n {
		panic("model: queue index out of range")
	}
	return q.buf[(q.head+i)%len(q.buf)]
}

// RemoveAt removes and returns the i-th item from the head, keeping the
// order of the others.
func (q *Queue[T]) RemoveAt(i int) T {
	x := q.At(i)
	for k := i; k < q.n-1; k++ {
		q.buf[(q.head+k)%len(q.buf)] = q.buf[(q.head+k+1)%len(q.buf)]
	}
	var zero T
	q.buf[(q.head+q.n-1)%len(q.buf)] = zero
	q.n--
	return x
}

func (q *Queue[T]) grow() {
	size := 2 * len(q.buf)
	if size == 0 {
		size = 16
	}
	buf := make([]T, size)
	for i := 0; i < q.n; i++ {
		buf[i] = q.buf[(q.head+i)%len(q.buf)]
	}
	q.buf, q.head = buf, 0
}
