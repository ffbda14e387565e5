package swf

import (
	"encoding/binary"
	"math/bits"
)

// fieldIsInt marks the integer fields of a job line; the others are
// decimal numbers.
var fieldIsInt = [NumFields]bool{0: true, 4: true, 7: true, 10: true, 11: true, 12: true,
	13: true, 14: true, 15: true, 16: true}

// spaces8 is eight ASCII spaces as a little-endian word.
const spaces8 = 0x2020202020202020

// skipBlanks is skipSpace for the column-aligned traces of the archive:
// it passes runs of ' ' eight bytes at a time, then any other white space
// one byte at a time.
func skipBlanks(b []byte, i int) int {
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i:]) ^ spaces8
		if x != 0 {
			i += bits.TrailingZeros64(x) >> 3
			break
		}
		i += 8
	}
	for i < len(b) && spaceTable[b[i]] {
		i++
	}
	return i
}

// digits accumulates the decimal digits of b from i into mant and
// returns it with the index of the first byte that is not a digit.
func digits(b []byte, i int, mant uint64) (uint64, int) {
	for ; i < len(b); i++ {
		d := b[i] - '0'
		if d > 9 {
			break
		}
		mant = mant*10 + uint64(d)
	}
	return mant, i
}

// parseLineFast parses a job line (starting at a non-space byte) in one
// pass, without splitting it first, when it has exactly NumFields plain
// tokens: an optional '-', digits and, in a decimal field, an optional
// '.' followed by decimals, 15 digits at most in all. It reports false
// for anything else (a '+', an exponent, a long mantissa, "32.00" in an
// integer field, another field count, a stray byte), and the caller then
// takes the general path, which classifies the line. On the lines it
// accepts, it gives exactly the general path's values.
func parseLineFast(line []byte, rec *Record) bool {
	var vals [NumFields]float64
	var ints [NumFields]int64
	i := 0
	for f := 0; f < NumFields; f++ {
		i = skipBlanks(line, i)
		if i == len(line) {
			return false
		}
		neg := line[i] == '-'
		if neg {
			i++
		}
		start := i
		var mant uint64
		mant, i = digits(line, i, 0)
		nd, frac := i-start, 0
		if i < len(line) && line[i] == '.' {
			if fieldIsInt[f] {
				return false
			}
			i++
			start = i
			mant, i = digits(line, i, mant)
			frac = i - start
			nd += frac
		}
		if i < len(line) && !spaceTable[line[i]] {
			return false
		}
		// With at most 15 digits the mantissa is below 2^53: a float64
		// holds it, and 10^frac, exactly, so their quotient is correctly
		// rounded, like strconv's.
		if nd == 0 || nd > 15 {
			return false
		}
		if fieldIsInt[f] {
			v := int64(mant)
			if neg {
				v = -v
			}
			ints[f] = v
			continue
		}
		v := float64(mant)
		if frac > 0 {
			v /= pow10[frac]
		}
		if neg {
			v = -v
		}
		vals[f] = v
	}
	if skipBlanks(line, i) != len(line) {
		return false
	}
	*rec = Record{
		JobNumber:    ints[0],
		Submit:       vals[1],
		Wait:         vals[2],
		RunTime:      vals[3],
		AllocProcs:   int(ints[4]),
		AvgCPU:       vals[5],
		UsedMemory:   vals[6],
		ReqProcs:     int(ints[7]),
		ReqTime:      vals[8],
		ReqMemory:    vals[9],
		Status:       int(ints[10]),
		User:         int(ints[11]),
		Group:        int(ints[12]),
		App:          int(ints[13]),
		Queue:        int(ints[14]),
		Partition:    int(ints[15]),
		PrecedingJob: ints[16],
		ThinkTime:    vals[17],
	}
	return true
}
