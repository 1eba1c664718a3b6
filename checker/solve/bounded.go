package solve

import (
	"math"

	"github.com/onus-mc/onus/checker/limit"
)

// This file holds the loop of every step-bounded operator (F<=k, U<=k,
// R[C<=k], R[I=k]): x_{t+1} = step(x_t), k times. The step depends on
// x_t alone, so once a vector repeats, the sequence repeats: a fixpoint
// (x_t = x_{t-1}) gives x_k = x_t for every k ≥ t, and a period p
// (x_t = x_{t-p}) gives x_k = x_{t-p+((k-t) mod p)}. Vectors are compared
// bit for bit, so the answer is the one the k steps would give, exactly;
// a bound of 10^9 on a model whose values settle in 60 steps takes 60.
// Every step counts against the process-wide budget of package limit.

// maxPeriod is the longest period looked for.
const maxPeriod = 8

// maxRingBytes bounds the memory of the vectors kept to find a period;
// beyond it only fixpoints are found (two vectors).
const maxRingBytes = 64 << 20

// earlyStop is off only in tests that compare with the plain loop.
var earlyStop = true

// iterateBounded returns x_k of x_{t+1} = step(x_t) from x_0 = x0. step
// writes the next vector into dst from src and must depend on src only.
// x0 may be overwritten.
func iterateBounded(x0 []float64, k int64, step func(dst, src []float64)) []float64 {
	if k <= 0 {
		return x0
	}
	n := len(x0)
	size := maxPeriod + 1
	if int64(n)*8*int64(size) > maxRingBytes {
		size = 2
	}
	ring := make([][]float64, size)
	hash := make([]uint64, size)
	ring[0], hash[0] = x0, hashVector(x0)
	for t := int64(1); t <= k; t++ {
		limit.Step()
		cur := int(t % int64(size))
		if ring[cur] == nil {
			ring[cur] = make([]float64, n)
		}
		step(ring[cur], ring[(t-1)%int64(size)])
		if !earlyStop {
			continue
		}
		hash[cur] = hashVector(ring[cur])
		for p := int64(1); p < int64(size) && p <= t; p++ {
			old := int((t - p) % int64(size))
			if hash[old] != hash[cur] || !sameBits(ring[old], ring[cur]) {
				continue
			}
			// x_t = x_{t-p}: x_k = x_{t-p+((k-t) mod p)}, still in the ring.
			at := int((t - p + (k-t)%p) % int64(size))
			return ring[at]
		}
	}
	return ring[k%int64(size)]
}

// hashVector hashes the bits of x (FNV-1a over 64-bit words).
func hashVector(x []float64) uint64 {
	h := uint64(14695981039346656037)
	for _, v := range x {
		h ^= math.Float64bits(v)
		h *= 1099511628211
	}
	return h
}

// sameBits reports whether x and y are equal bit for bit.
func sameBits(x, y []float64) bool {
	for i := range x {
		if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
			return false
		}
	}
	return true
}
