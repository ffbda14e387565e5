package input

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadFileCaps(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.yaml")
	os.WriteFile(small, []byte("a: 1\n"), 0o644)
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, []byte(strings.Repeat("#\n", 600)), 0o644)
	nul := filepath.Join(dir, "nul.yaml")
	os.WriteFile(nul, []byte("a: 1\n\x00"), 0o644)
	cases := []struct {
		path, want string
	}{
		{small, ""},
		{big, "input: " + big + ": longer than 1 KiB (1024 bytes), the cap for a test file"},
		{nul, "input: " + nul + ": a NUL byte at offset 5: binary data, not a test file"},
		{"/dev/zero", "input: /dev/zero: a NUL byte at offset 0: binary data, not a test file"},
		{dir, "input: " + dir + ": is a directory, not a test file"},
	}
	for _, c := range cases {
		b, err := ReadFile(context.Background(), c.path, 1024, "test file")
		switch {
		case c.want == "" && (err != nil || string(b) != "a: 1\n"):
			t.Errorf("%s: %q, %v", c.path, b, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%s: error %v, want %s", c.path, err, c.want)
		}
	}
	if _, err := ReadFile(context.Background(), filepath.Join(dir, "none"), 1024, "test file"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want ErrNotExist", err)
	}
}

// A pipe that no writer opens, and one whose writer never writes, both
// give up once the context is done.
func TestPipesStopWithTheContext(t *testing.T) {
	for _, withWriter := range []bool{false, true} {
		fifo := filepath.Join(t.TempDir(), "fifo")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip("no named pipes:", err)
		}
		if withWriter {
			go func() {
				if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
					time.Sleep(5 * time.Second)
					w.Close()
				}
			}()
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := ReadFile(ctx, fifo, 1024, "test file")
			done <- err
		}()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("writer %v: %v, want context.Canceled", withWriter, err)
			}
		case <-time.After(time.Second):
			t.Fatalf("writer %v: still reading a second after the cancel", withWriter)
		}
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{1 << 20: "1 MiB (1048576 bytes)", 64 << 10: "64 KiB (65536 bytes)", 1000: "1000 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
