package slot

// removeAll removes the slots at the indices gone, given in descending
// order, with one pass over the slots after the lowest of them (each
// removal on its own moved all the slots after it).
func (l *List) removeAll(gone []int) {
	if len(gone) == 0 {
		return
	}
	s := l.Slots
	dst := gone[len(gone)-1]
	for j := len(gone) - 1; j >= 0; j-- {
		end := len(s)
		if j > 0 {
			end = gone[j-1]
		}
		dst += copy(s[dst:], s[gone[j]+1:end])
	}
	l.Slots = s[:dst]
}

// insertAll inserts the slots ins as Insert would one after another, in
// their order, with one pass over the slots after the first place: a
// slot goes after every slot that starts no later than it, so the pieces
// sorted by start, stably (insertion order among equal starts), are
// merged into the list with the list's slots first among equal starts.
// ins is sorted in place.
func (l *List) insertAll(ins []Slot) {
	if len(ins) == 0 {
		return
	}
	for a := 1; a < len(ins); a++ { // stable: few pieces
		for b := a; b > 0 && ins[b].Start < ins[b-1].Start; b-- {
			ins[b], ins[b-1] = ins[b-1], ins[b]
		}
	}
	n := len(l.Slots)
	var posSmall [8]int
	pos := posSmall[:0] // pos[j]: the first slot of the list that starts after ins[j]
	for _, p := range ins {
		lo := 0 // the pieces are sorted: search after the last one's place
		if len(pos) > 0 {
			lo = pos[len(pos)-1]
		}
		pos = append(pos, lo+startsAfter(l.Slots[lo:n], p.Start))
	}
	l.Slots = append(l.Slots, ins...) // room for them (overwritten below)
	s, end := l.Slots, n
	for j := len(ins) - 1; j >= 0; j-- { // the slots from pos[j] on move up by j+1
		copy(s[pos[j]+j+1:end+j+1], s[pos[j]:end])
		s[pos[j]+j] = ins[j]
		end = pos[j]
	}
}
