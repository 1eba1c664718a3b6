package solve

import (
	"math"
	"math/bits"

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

// denseChecks is the number of first steps after each of which the loop
// looks for a repeated vector; later it looks at steps t that are
// multiples of a stride between t/32 and t/16, so that the checks cost a
// few per cent of the steps and find a repetition at most t/16 steps
// late (a repetition, once there, stays).
const denseChecks = 64

// due reports whether step t is one at which the loop checks.
func due(t int64) bool {
	if t <= denseChecks {
		return true
	}
	stride := int64(1) << (bits.Len64(uint64(t)) - 5)
	return t%stride == 0
}

// A ring keeps the last vectors of the loop, x_t in slot t mod len, with
// the hashes of those vectors and of their increments, computed when a
// check first needs them.
type ring struct {
	x           [][]float64
	hash, inc   []uint64
	hashT, incT []int64 // the step whose hash each slot holds (−1: none)
}

func newRing(size int) *ring {
	r := &ring{x: make([][]float64, size), hash: make([]uint64, size), inc: make([]uint64, size),
		hashT: make([]int64, size), incT: make([]int64, size)}
	for i := range r.hashT {
		r.hashT[i], r.incT[i] = -1, -1
	}
	return r
}

// at returns x_t.
func (r *ring) at(t int64) []float64 { return r.x[t%int64(len(r.x))] }

// hashAt returns the hash of x_t.
func (r *ring) hashAt(t int64) uint64 {
	i := t % int64(len(r.x))
	if r.hashT[i] != t {
		r.hash[i], r.hashT[i] = hashVector(r.x[i]), t
	}
	return r.hash[i]
}

// incAt returns the hash of x_t − x_{t−1}.
func (r *ring) incAt(t int64) uint64 {
	i := t % int64(len(r.x))
	if r.incT[i] != t {
		r.inc[i], r.incT[i] = hashDiff(r.x[i], r.at(t-1)), t
	}
	return r.inc[i]
}

// iterateBounded returns x_k of x_{t+1} = step(x_t) from x_0 = x0. step
// writes the next vector into dst from src and must depend on src only.
// x0 may be overwritten. shift, when not nil, certifies a vector D for
// cumulative rewards (see extrapolation).
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
	r := newRing(size)
	r.x[0] = x0
	var ex *extrapolation
	if shift != nil {
		ex = &extrapolation{shift: shift}
	}
	for t := int64(1); t <= k; t++ {
		limit.Step()
		cur := t % int64(size)
		if r.x[cur] == nil {
			r.x[cur] = make([]float64, n)
		}
		step(r.x[cur], r.at(t-1))
		if !earlyStop || !due(t) {
			continue
		}
		for p := int64(1); p < int64(size) && p <= t; p++ {
			if r.hashAt(t-p) != r.hashAt(t) || !sameBits(r.at(t-p), r.at(t)) {
				continue
			}
			// x_t = x_{t-p}: x_k = x_{t-p+((k-t) mod p)}, still in the ring.
			return r.at(t - p + (k-t)%p)
		}
		if ex != nil {
			if x := ex.try(r, t, k); x != nil {
				return x
			}
		}
	}
	return r.at(k)
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
	next, wait int64 // the step of the next check, and the wait after a failed one
}

// try checks the increments at step t and returns x_k when the gain is
// certified.
func (e *extrapolation) try(r *ring, t, k int64) []float64 {
	size := int64(len(r.x))
	if t < e.next {
		return nil
	}
	cur := r.at(t)
	for p := int64(1); p <= size-2 && p+1 <= t; p++ {
		if r.incAt(t-p) != r.incAt(t) || !sameDiff(cur, r.at(t-1), r.at(t-p), r.at(t-p-1)) {
			continue
		}
		base := r.at(t - p)
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
		m, rest := (k-t)/p, (k-t)%p
		from := r.at(t - p + rest)
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
