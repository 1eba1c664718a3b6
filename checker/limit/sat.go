package limit

import "math"

// MulSat is a×b for a, b ≥ 0, or math.MaxInt64 when the product does not
// fit: limits derived from limits (16 times the states, say) saturate
// rather than wrap around to a negative limit.
func MulSat(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

// AddSat is a+b for a, b ≥ 0, or math.MaxInt64 when the sum does not fit.
func AddSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// MulSatInt is MulSat for ints.
func MulSatInt(a, b int) int {
	return int(min(MulSat(int64(a), int64(b)), int64(math.MaxInt)))
}
