//go:build !unix

package main

import "os"

// ttyWidth returns 0: the terminal's width is not known on this system
// ($COLUMNS gives it).
func ttyWidth(*os.File) int { return 0 }
