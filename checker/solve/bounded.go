package solve

import (
	"math"
	"math/bits"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
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

// earlyStop is off only in tests that compare with the plain loop.
var earlyStop = true

// denseChecks is the number of first steps in which the loop keeps
// looking for a repetition; later it looks from steps t that are
// multiples of a stride between t/32 and t/16, so that the checks cost a
// few per cent of the steps and find a repetition at most about t/16
// steps late (a repetition, once there, stays).
const denseChecks = 64

// due reports whether a window of checks may start at step t.
func due(t int64) bool {
	if t <= denseChecks {
		return true
	}
	stride := int64(1) << (bits.Len64(uint64(t)) - 5)
	return t%stride == 0
}

// A window holds a snapshot of the loop at step t0, x_{t0} and x_{t0−1},
// to which the next maxPeriod vectors are compared: x_t = x_{t0} is a
// period of t − t0, and x_t − x_{t−1} = x_{t0} − x_{t0−1} a period of the
// increments (extrapolation). Four vectors in all are kept, whatever the
// size of the model.
type window struct {
	t0         int64 // −1: none open
	x, prev    []float64
	hash, inc  uint64
	incPending bool // the increments' hash is computed when first needed
}

// open starts a window at step t with x_t = cur and x_{t−1} = prev.
func (w *window) open(t int64, cur, prev []float64) {
	if w.x == nil {
		w.x, w.prev = make([]float64, len(cur)), make([]float64, len(cur))
	}
	copy(w.x, cur)
	copy(w.prev, prev)
	w.t0, w.hash, w.incPending = t, hashVector(cur), true
}

// incHash returns the hash of x_{t0} − x_{t0−1}.
func (w *window) incHash() uint64 {
	if w.incPending {
		w.inc, w.incPending = hashDiff(w.x, w.prev), false
	}
	return w.inc
}

// iterateBounded returns x_k of x_{t+1} = step(x_t) from x_0 = x0. step
// writes the next vector into dst from src and must depend on src only.
// x0 may be overwritten. shift, when not nil, certifies a vector D for
// cumulative rewards (see extrapolation).
// meter receives "step t of k" (nil: nobody).
func iterateBounded(meter *progress.Meter, x0 []float64, k int64, step func(dst, src []float64), shift func(d []float64) bool) []float64 {
	if k <= 0 {
		return x0
	}
	cur, next := x0, make([]float64, len(x0))
	// The step reached goes to the meter every 64 steps, and when the
	// loop ends or a limit stops it (a deferred call runs on a panic too).
	var reached int64
	defer func() { meter.Report(progress.Status{Task: "bounded iteration", Step: reached, Steps: k}) }()
	// more runs r further steps: x_{t+r} from cur = x_t.
	more := func(r int64) []float64 {
		for ; r > 0; r-- {
			limit.Step()
			step(next, cur)
			cur, next = next, cur
		}
		return cur
	}
	w := window{t0: -1}
	var ex *extrapolation
	if shift != nil {
		ex = &extrapolation{shift: shift}
	}
	for t := int64(1); t <= k; t++ {
		limit.Step()
		if reached = t; t&63 == 0 {
			meter.Report(progress.Status{Task: "bounded iteration", Step: t, Steps: k})
		}
		step(next, cur)
		prev := cur
		cur, next = next, cur
		if !earlyStop {
			continue
		}
		if p := t - w.t0; w.t0 >= 0 && p <= maxPeriod {
			if hashVector(cur) == w.hash && sameBits(cur, w.x) {
				// x_t = x_{t0}: x_k = x_{t+((k−t) mod p)}
				return more((k - t) % p)
			}
			if ex != nil && t >= ex.next && hashDiff(cur, prev) == w.incHash() && sameDiff(cur, prev, w.x, w.prev) {
				if d := ex.gain(cur, w.x); d != nil {
					// x_{t+r+mp} = x_{t+r} + m·D
					m := (k - t) / p
					x := more((k - t) % p)
					for i := range x {
						x[i] += float64(m) * d[i]
					}
					return x
				}
				ex.backOff(t)
			}
		}
		if due(t) && (w.t0 < 0 || t-w.t0 >= maxPeriod) {
			w.open(t, cur, prev)
		}
	}
	return cur
}

// An extrapolation jumps over the steps of cumulative rewards (R[C<=k])
// once they are known to repeat a constant gain. Rewards keep the vector
// from repeating, but the increments x_t − x_{t−1} may (a gain per step,
// or per period p of a periodic chain). When they repeat with period p,
// D = x_t − x_{t−p} is checked by shift: for every state, D is the same at
// each successor of each of its choices as at the state itself (and 0 at
// a state without choices). Then every choice's expected value of y + D
// is its value of y plus D at the state, whatever the optimum, so
// step(y + D) = step(y) + D exactly for every y, and x_{t+r+mp} =
// x_{t+r} + m·D for every m: the answer for k is r ≤ 7 steps and one
// multiplication away. Increments that repeat but fail the check (a gain
// that differs between regions) are iterated on, and the check is tried
// again after twice as many steps each time.
type extrapolation struct {
	shift      func(d []float64) bool
	next, wait int64 // the step of the next check, and the wait after a failed one
}

// gain returns D = cur − base when it is exact in floating point and
// shift certifies it, else nil.
func (e *extrapolation) gain(cur, base []float64) []float64 {
	d := make([]float64, len(cur))
	for i := range d {
		d[i] = cur[i] - base[i]
		if base[i]+d[i] != cur[i] || math.IsInf(d[i], 0) || math.IsNaN(d[i]) {
			return nil
		}
	}
	if !e.shift(d) {
		return nil
	}
	return d
}

// backOff delays the next check after a failed one at step t.
func (e *extrapolation) backOff(t int64) {
	e.wait = max(2*e.wait, 8)
	e.next = t + e.wait
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
