package main

import (
	"bytes"
	endian "encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxTrackedSize is the largest file the repository may track outside a
// testdata directory.
const maxTrackedSize = 1 << 20

// executableKind names the executable format of a file's first bytes
// (ELF, Mach-O, PE), or "".
func executableKind(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")):
		return "an ELF executable"
	case len(head) >= 4 && (endian.BigEndian.Uint32(head) == 0xfeedface || endian.BigEndian.Uint32(head) == 0xfeedfacf ||
		endian.LittleEndian.Uint32(head) == 0xfeedface || endian.LittleEndian.Uint32(head) == 0xfeedfacf ||
		endian.BigEndian.Uint32(head) == 0xcafebabe && len(head) >= 8 && endian.BigEndian.Uint32(head[4:]) < 64):
		return "a Mach-O executable"
	case bytes.HasPrefix(head, []byte("MZ")) && len(head) >= 0x40:
		off := int(endian.LittleEndian.Uint32(head[0x3c:]))
		if off+4 <= len(head) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00")) {
			return "a PE (Windows) executable"
		}
	}
	return ""
}

func TestExecutableKind(t *testing.T) {
	pe := make([]byte, 0x100)
	copy(pe, "MZ")
	endian.LittleEndian.PutUint32(pe[0x3c:], 0x80)
	copy(pe[0x80:], "PE\x00\x00")
	for _, c := range []struct {
		head []byte
		want bool
	}{
		{[]byte("\x7fELF\x02\x01\x01"), true},
		{[]byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}, true},
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}, true},
		{pe, true},
		{[]byte("MZ is a word in this text file"), false},
		{[]byte("package main\n"), false},
		{[]byte("\x1f\x8b\x08"), false},
	} {
		if got := executableKind(c.head) != ""; got != c.want {
			t.Errorf("%q: executable %v, want %v", c.head[:min(8, len(c.head))], got, c.want)
		}
	}
}

// TestRepositoryHygiene fails when the repository tracks a compiled
// executable, or a file larger than 1 MB outside a testdata directory.
func TestRepositoryHygiene(t *testing.T) {
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skip("not a git checkout (or git is not installed): the tracked files cannot be listed")
	}
	dir := strings.TrimSpace(string(root))
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	for _, f := range files {
		if f == "" {
			continue
		}
		path := filepath.Join(dir, f)
		st, err := os.Lstat(path)
		if err != nil || !st.Mode().IsRegular() {
			continue // deleted in the work tree, or a symbolic link
		}
		inTestdata := strings.HasPrefix(f, "testdata/") || strings.Contains(f, "/testdata/")
		if st.Size() > maxTrackedSize && !inTestdata {
			t.Errorf("%s: %d bytes tracked outside testdata/ (the limit is %d): keep data out of the repository or under testdata/", f, st.Size(), maxTrackedSize)
		}
		fh, err := os.Open(path)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		head := make([]byte, 4096)
		n, _ := fh.Read(head)
		fh.Close()
		if kind := executableKind(head[:n]); kind != "" {
			t.Errorf("%s is %s: do not commit built binaries (git rm --cached %s; .gitignore covers bin/ and /schedsim)", f, kind, f)
		}
	}
}
