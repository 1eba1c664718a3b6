package limit

import "math"

// ResultBytes is what one result of a sweep holds until the sweep ends,
// counted generously (the result, its constants and its text): a sweep
// that keeps n×p results needs about n×p×ResultBytes.
const ResultBytes = 1024

// SweepFits returns an *Error when a sweep of n assignments keeping the
// results of p properties for each would need more than maxMemory bytes
// (0: no limit), so that a sweep that cannot fit is refused at once,
// before it builds anything.
func SweepFits(n, p int, maxMemory int64) error {
	if maxMemory <= 0 || n <= 1 {
		return nil
	}
	need := MulSat(MulSat(int64(n), int64(max(p, 1))), ResultBytes)
	if need > maxMemory || need == math.MaxInt64 {
		return &Error{What: "bytes for the results of the sweep of the constants", Limit: int(maxMemory), Setting: "MaxMemory"}
	}
	return nil
}
