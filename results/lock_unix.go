//go:build unix

package results

import (
	"os"
	"syscall"
)

// lockDir takes an exclusive advisory lock on a directory (flock), held
// until the returned function is called or the process ends.
func lockDir(dir string) (func(), error) { return flockDir(dir, syscall.LOCK_EX) }

// tryLockDir is lockDir that fails at once when the lock is held.
func tryLockDir(dir string) (func(), error) {
	return flockDir(dir, syscall.LOCK_EX|syscall.LOCK_NB)
}

func flockDir(dir string, how int) (func(), error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
