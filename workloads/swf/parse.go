package swf

import (
	"errors"
	"math"
	"strconv"
)

// numErr classifies why a token is not a valid field value.
type numErr uint8

const (
	numOK numErr = iota
	numNotNumber
	numNotInteger
	numRange
)

func (e numErr) reason() string {
	switch e {
	case numNotNumber:
		return ReasonNotNumber
	case numNotInteger:
		return ReasonNotInteger
	case numRange:
		return ReasonRange
	}
	return ""
}

// spaceTable marks the ASCII white-space bytes that separate fields.
var spaceTable = [256]bool{' ': true, '\t': true, '\r': true, '\v': true, '\f': true}

func isSpace(c byte) bool { return spaceTable[c] }

// skipSpace returns the index of the first byte of b at or after i that
// is not white space (len(b) if none).
func skipSpace(b []byte, i int) int {
	for i < len(b) && spaceTable[b[i]] {
		i++
	}
	return i
}

// trimSpace trims ASCII white space from both ends of b.
func trimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && isSpace(b[i]) {
		i++
	}
	for j > i && isSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}

// splitFields stores the first NumFields white-space separated tokens of
// line in dst and returns the number of tokens in the line.
func splitFields(line []byte, dst *[NumFields][]byte) int {
	n, i := 0, 0
	for {
		i = skipSpace(line, i)
		if i == len(line) {
			return n
		}
		j := i
		for j < len(line) && !spaceTable[line[j]] {
			j++
		}
		if n < NumFields {
			dst[n] = line[i:j]
		}
		n++
		i = j
	}
}

var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// parseFloat parses a finite decimal number: an optional sign, digits
// with an optional decimal point, and an optional exponent. NaN,
// infinities, hexadecimal and underscores are rejected. The fast path
// (at most 15 significant digits and 15 decimals) divides two exactly
// representable numbers, so it is correctly rounded like strconv.
func parseFloat(tok []byte) (float64, numErr) {
	i, neg := 0, false
	if len(tok) > 0 && (tok[0] == '-' || tok[0] == '+') {
		neg = tok[0] == '-'
		i = 1
	}
	var mant uint64
	nd, frac := 0, 0
	dot, digit := false, false
	for ; i < len(tok); i++ {
		c := tok[i]
		switch {
		case c >= '0' && c <= '9':
			digit = true
			if nd == 0 && c == '0' {
				if dot {
					frac++
				}
				continue
			}
			if nd >= 15 {
				return slowFloat(tok)
			}
			mant = mant*10 + uint64(c-'0')
			nd++
			if dot {
				frac++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return slowFloat(tok)
		}
	}
	if !digit {
		return 0, numNotNumber
	}
	if frac >= len(pow10) {
		return slowFloat(tok)
	}
	f := float64(mant)
	if frac > 0 {
		f /= pow10[frac]
	}
	if neg {
		f = -f
	}
	return f, numOK
}

// slowFloat handles exponents and long mantissas with strconv, after
// checking that tok only holds characters of a decimal number.
func slowFloat(tok []byte) (float64, numErr) {
	if len(tok) == 0 {
		return 0, numNotNumber
	}
	for _, c := range tok {
		if !(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E') {
			return 0, numNotNumber
		}
	}
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, numRange
		}
		return 0, numNotNumber
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, numRange
	}
	return f, numOK
}

// maxExactInt is the largest integer magnitude a float64 holds exactly.
const maxExactInt = 1 << 53

// parseInt parses an integer token. Plain digit strings of up to 18
// digits take the fast path; anything else goes through parseFloat and
// must be integral ("32.00" is accepted as 32, "32.5" is not) and at most
// 2^53 in magnitude.
func parseInt(tok []byte) (int64, numErr) {
	i, neg := 0, false
	if len(tok) > 0 && (tok[0] == '-' || tok[0] == '+') {
		neg = tok[0] == '-'
		i = 1
	}
	if i == len(tok) || len(tok)-i > 18 {
		return slowInt(tok)
	}
	var v int64
	for ; i < len(tok); i++ {
		c := tok[i]
		if c < '0' || c > '9' {
			return slowInt(tok)
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, numOK
}

func slowInt(tok []byte) (int64, numErr) {
	f, e := parseFloat(tok)
	if e != numOK {
		return 0, e
	}
	if f != math.Trunc(f) {
		return 0, numNotInteger
	}
	if math.Abs(f) > maxExactInt {
		return 0, numRange
	}
	return int64(f), numOK
}

// fieldParser parses the fields of one line, remembering the first error.
type fieldParser struct {
	f     *[NumFields][]byte
	err   numErr
	field int // 0-based index of the first bad field
}

func (p *fieldParser) fail(i int, e numErr) {
	if p.err == numOK {
		p.err, p.field = e, i
	}
}

func (p *fieldParser) float(i int) float64 {
	v, e := parseFloat(p.f[i])
	if e != numOK {
		p.fail(i, e)
	}
	return v
}

func (p *fieldParser) int64(i int) int64 {
	v, e := parseInt(p.f[i])
	if e != numOK {
		p.fail(i, e)
	}
	return v
}

func (p *fieldParser) int(i int) int {
	v, e := parseInt(p.f[i])
	if e != numOK {
		p.fail(i, e)
		return 0
	}
	if int64(int(v)) != v {
		p.fail(i, numRange)
		return 0
	}
	return int(v)
}

// parseFields converts the NumFields tokens in f into a Record. On error
// it returns the 0-based index of the first bad field and the reason.
func parseFields(f *[NumFields][]byte) (Record, int, numErr) {
	p := fieldParser{f: f}
	r := Record{
		JobNumber:    p.int64(0),
		Submit:       p.float(1),
		Wait:         p.float(2),
		RunTime:      p.float(3),
		AllocProcs:   p.int(4),
		AvgCPU:       p.float(5),
		UsedMemory:   p.float(6),
		ReqProcs:     p.int(7),
		ReqTime:      p.float(8),
		ReqMemory:    p.float(9),
		Status:       p.int(10),
		User:         p.int(11),
		Group:        p.int(12),
		App:          p.int(13),
		Queue:        p.int(14),
		Partition:    p.int(15),
		PrecedingJob: p.int64(16),
		ThinkTime:    p.float(17),
	}
	return r, p.field, p.err
}
