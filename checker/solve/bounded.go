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
// Cumulative rewards, which never repeat, are extrapolated from a
// certified gain instead (extrapolation). Every step counts against the
// process-wide budget of package limit.

// maxPeriod is the longest period looked for.
const maxPeriod = 8

// maxRingBytes bounds the memory of the vectors kept to find a period;
// beyond it only fixpoints are found (two vectors).
const maxRingBytes = 64 << 20

// earlyStop is off only in tests that compare with the plain loop.
var earlyStop = true

// iterateBounded returns x_k of x_{t+1} = step(x_t) from x_0 = x0. step
// writes the next vector into dst from src and must depend on src only.
// x0 may be overwritten. shift, when not nil, certifies a vector D for
// cumulative rewards (see extrapolate).
func iterateBounded(x0 []float64, k int64, step func(dst, src []float64), shift func(d []float64) bool) []float64 {
	if k <= 0 {
		return x0
	}
	n := len(x0)
	size := maxPeriod + 1
	if int64(n)*8*int64(size) > maxRingBytes {
		size = 2
		shift = nil
	}
	ring := make([][]float64, size)
	hash := make([]uint64, size)
	ring[0], hash[0] = x0, hashVector(x0)
	var ex *extrapolation
	if shift != nil {
		ex = &extrapolation{shift: shift, inc: make([]uint64, size)}
	}
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
		if ex != nil {
			if x := ex.try(ring, t, k); x != nil {
				return x
			}
		}
	}
	return ring[k%int64(size)]
}

// An extrapolation jumps over the steps of cumulative rewards (R[C<=k])
// once they are known to repeat a constant gain. Rewards keep the vector
// from repeating, but the increments x_t − x_{t−1} may (a gain per step,
// or per period p of a periodic chain). When they repeat with period p,
// D = x_t − x_{t−p} is checked by shift: for every state, D is the same at
// each successor of each of its choices as at the state itself (and 0 at
// a state without choices). Then every choice's expected value of x + D
// is its value of x plus D at the state, whatever the optimum, so
// step(x + D) = step(x) + D exactly, and x_{t−p+r+mp} = x_{t−p+r} + m·D
// for every m: the answer for k is one multiplication away. Increments
// that repeat but fail the check (a gain that differs between regions)
// are iterated on, and the check is tried again after twice as many
// steps each time.
type extrapolation struct {
	shift      func(d []float64) bool
	inc        []uint64 // hash of the increment into each ring slot
	next, wait int64    // the step of the next check, and the wait after a failed one
}

// try checks the increments at step t (ring holds x_t and the vectors
// before it) and returns x_k when the gain is certified.
func (e *extrapolation) try(ring [][]float64, t, k int64) []float64 {
	size := int64(len(ring))
	cur, prev := ring[t%size], ring[(t-1)%size]
	e.inc[t%size] = hashDiff(cur, prev)
	if t < e.next {
		return nil
	}
	for p := int64(1); p <= size-2 && p+1 <= t; p++ {
		if e.inc[(t-p)%size] != e.inc[t%size] || !sameDiff(cur, prev, ring[(t-p)%size], ring[(t-p-1)%size]) {
			continue
		}
		base := ring[(t-p)%size]
		d := make([]float64, len(cur))
		for i := range d {
			d[i] = cur[i] - base[i]
			if base[i]+d[i] != cur[i] || math.IsInf(d[i], 0) || math.IsNaN(d[i]) {
				return nil // not exact in floating point
			}
		}
		if !e.shift(d) {
			e.wait = max(2*e.wait, 8)
			e.next = t + e.wait
			return nil
		}
		// k = (t−p+r) + (m+1)·p with 0 ≤ r < p
		m, r := (k-t)/p, (k-t)%p
		from := ring[(t-p+r)%size]
		x := make([]float64, len(cur))
		for i := range x {
			x[i] = from[i] + float64(m+1)*d[i]
		}
		return x
	}
	return nil
}

// hashDiff hashes the bits of x − y.
func hashDiff(x, y []float64) uint64 {
	h := uint64(14695981039346656037)
	for i := range x {
		h ^= math.Float64bits(x[i] - y[i])
		h *= 1099511628211
	}
	return h
}

// sameDiff reports whether x − y and u − v are equal bit for bit.
func sameDiff(x, y, u, v []float64) bool {
	for i := range x {
		if math.Float64bits(x[i]-y[i]) != math.Float64bits(u[i]-v[i]) {
			return false
		}
	}
	return true
}

// constantShift reports whether adding d to any vector adds d to its
// Bellman step on arena a: d is the same at every successor of every
// choice of a state as at the state, and 0 at a state without choices.
func constantShift(a *Arena, d []float64) bool {
	g := a.g
	for i := 0; i < a.n; i++ {
		lo, hi := g.Choices(a.state(i))
		if lo == hi {
			if d[i] != 0 {
				return false
			}
			continue
		}
		tg, base := a.targets(i)
		tlo, thi := g.Transitions(lo)
		_, thi = g.Transitions(hi - 1)
		for t := tlo; t < thi; t++ {
			if d[tg[t-base]] != d[i] {
				return false
			}
		}
	}
	return true
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
