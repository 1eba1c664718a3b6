//go:build unix

package limit

import (
	"math"
	"syscall"
)

// addressSpaceLimit returns RLIMIT_AS, if one is set.
func addressSpaceLimit() (int64, bool) {
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) != nil || rl.Cur == ^uint64(0) || rl.Cur >= math.MaxInt64 {
		return 0, false
	}
	return int64(rl.Cur), true
}
