//go:build !unix

package limit

// addressSpaceLimit: no RLIMIT_AS outside Unix.
func addressSpaceLimit() (int64, bool) { return 0, false }
