package sacctmgr

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxLineLength caps one line.
const MaxLineLength = 64 << 10

// row is one data row of a table.
type row struct {
	fields []string
	col    map[string]int // lower-case column name → index
}

// get returns the named column, blanks trimmed ("" when absent).
func (r row) get(c string) string { return strings.TrimSpace(r.raw(c)) }

// raw returns the named column as printed ("" when absent).
func (r row) raw(c string) string {
	if i, ok := r.col[strings.ToLower(c)]; ok {
		return r.fields[i]
	}
	return ""
}

// table reads a --parsable2 table: a header line, then rows of the same
// number of '|'-separated fields; each gets every row and its line.
func table(r io.Reader, name string, required []string, each func(line int, rw row) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), MaxLineLength)
	var col map[string]int
	var ncol int
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.IndexByte(text, 0) >= 0 {
			return fmt.Errorf("%s:%d: sacctmgr: a NUL byte: binary data, not sacctmgr output", name, line)
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		fields := strings.Split(text, "|")
		if col == nil {
			col = map[string]int{}
			for i, f := range fields {
				col[strings.ToLower(strings.TrimSpace(f))] = i
			}
			for _, c := range required {
				if _, ok := col[strings.ToLower(c)]; !ok {
					return fmt.Errorf("%s:%d: sacctmgr: the header %q lacks column %s (run sacctmgr with --parsable2 and a format= holding it)", name, line, text, c)
				}
			}
			ncol = len(fields)
			continue
		}
		if len(fields) != ncol {
			return fmt.Errorf("%s:%d: sacctmgr: %d fields, the header has %d", name, line, len(fields), ncol)
		}
		if err := each(line, row{fields, col}); err != nil {
			return fmt.Errorf("%s:%d: sacctmgr: %v", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s:%d: sacctmgr: a line longer than %d bytes (the cap)", name, line+1, MaxLineLength)
		}
		return fmt.Errorf("%s:%d: sacctmgr: %v", name, line+1, err)
	}
	if col == nil {
		return fmt.Errorf("%s:1: sacctmgr: no header line", name)
	}
	return nil
}
