//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// ttyWidth returns the width of the terminal f writes to, 0 when f is not
// a terminal.
func ttyWidth(f *os.File) int {
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
