package cluster

import (
	"testing"
	"unsafe"
)

// TestJobLayout keeps the record's layout that the schedulers' sweeps
// rely on for speed (see Job): 128 bytes, with the estimate, the
// reservation and the size in the first 64.
func TestJobLayout(t *testing.T) {
	var j Job
	if s := unsafe.Sizeof(j); s != 128 {
		t.Errorf("a Job is %d bytes, want 128 (a size class aligned to 128)", s)
	}
	for _, f := range []struct {
		name string
		end  uintptr
	}{
		{"est", unsafe.Offsetof(j.est) + unsafe.Sizeof(j.est)},
		{"Reservation", unsafe.Offsetof(j.Reservation) + unsafe.Sizeof(j.Reservation)},
		{"job.Size", unsafe.Offsetof(j.job) + unsafe.Offsetof(j.job.Size) + unsafe.Sizeof(j.job.Size)},
	} {
		if f.end > 64 {
			t.Errorf("Job.%s ends at byte %d, past the first cache line", f.name, f.end)
		}
	}
}
