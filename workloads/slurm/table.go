package slurm

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// scanTable reads sacct's --parsable2 output from r. The first non-blank
// line is the header (see header); row is called for every later
// non-blank line with its number, its fields, the header's column count
// and a lookup of a field by column name ("" for a column the header
// lacks). An error from row stops the read and is returned as it is.
// Lines are capped at MaxLineLength; a read error, a longer line or a
// missing header is an error naming the file and line.
func scanTable(r io.Reader, name string, row func(line int, fields []string, ncol int, get func(string) string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), MaxLineLength)
	sc.Split(scanText)
	var col map[string]int
	ncol := 0
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		fields := strings.Split(text, "|")
		if col == nil {
			var err error
			if col, err = header(fields); err != nil {
				return fmt.Errorf("slurm: %s:%d: %s", name, line, strings.TrimPrefix(err.Error(), "slurm: "))
			}
			ncol = len(fields)
			continue
		}
		get := func(c string) string {
			if i, ok := col[c]; ok {
				return fields[i]
			}
			return ""
		}
		if err := row(line, fields, ncol, get); err != nil {
			return err
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return fmt.Errorf("slurm: %s:%d: a line longer than %d bytes (the cap): not sacct output", name, line+1, MaxLineLength)
	case err != nil:
		return fmt.Errorf("slurm: %s:%d: %w", name, line+1, err)
	}
	if col == nil {
		return fmt.Errorf("slurm: %s: no header line (run sacct with --parsable2 and without --noheader)", name)
	}
	return nil
}
