package slurmconf

import (
	"fmt"
	"math"
	"strings"

	"github.com/schedsim/schedsim/workloads/slurm"
)

// Unlimited is the value of a time or count limit given as UNLIMITED or
// INFINITE.
var Unlimited = math.Inf(1)

// parseTime reads a slurm.conf time in seconds: minutes, MM:SS,
// HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS; with unlimited, also UNLIMITED
// and INFINITE (Unlimited).
func parseTime(s string, unlimited bool) (float64, error) {
	switch strings.ToUpper(s) {
	case "UNLIMITED", "INFINITE":
		if unlimited {
			return Unlimited, nil
		}
		return 0, fmt.Errorf("%q: this time cannot be unlimited", s)
	}
	if strings.ContainsRune(s, '.') {
		return 0, fmt.Errorf("time %q is not minutes, MM:SS, HH:MM:SS or D-HH[:MM[:SS]]", s)
	}
	d, err := slurm.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("time %q is not minutes, MM:SS, HH:MM:SS or D-HH[:MM[:SS]]", s)
	}
	return float64(d), nil
}
