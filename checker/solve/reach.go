package solve

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// Reach computes, per arena state, the optimal probability of reaching
// target through allowed states (target states count as reached at once):
// within k steps, or unbounded when k < 0 is unbounded.
func (sv *Solver) Reach(allowed, target []bool, k int64) ([]float64, error) {
	n := sv.a.n
	x := make([]float64, n)
	for i := range x {
		if target[i] {
			x[i] = 1
		}
	}
	if k == Unbounded {
		return sv.reachUnbounded(allowed, target, x)
	}
	return iterateBounded(sv.meter, x, k, func(y, x []float64) {
		for i := 0; i < n; i++ {
			switch {
			case target[i]:
				y[i] = 1
			case !allowed[i]:
				y[i] = 0
			default:
				y[i] = sv.bellman(i, x)
			}
		}
	}, nil), nil
}

// reachUnbounded runs value iteration from below on the states that can
// reach the target at all (the others have probability 0 exactly) and
// that the maximising side cannot make reach it almost surely (those have
// probability 1 exactly).
func (sv *Solver) reachUnbounded(allowed, target []bool, x []float64) ([]float64, error) {
	n := sv.a.n
	can := sv.a.canReach(allowed, target)
	one := sv.Prob1(allowed, target)
	var work []int
	for i := 0; i < n; i++ {
		switch {
		case one[i]:
			x[i] = 1
		case can[i] && !target[i]:
			work = append(work, i)
		}
	}
	return sv.iterate(work, x)
}

// iterate runs value iteration (Jacobi) on the states in work, the others
// keeping their values in x, until the relative difference between two
// iterations is below viEpsilon.
func (sv *Solver) iterate(work []int, x []float64) ([]float64, error) {
	y := make([]float64, len(x))
	copy(y, x)
	for sv.iter = 1; sv.iter <= viMaxIters; sv.iter++ {
		if sv.iter&63 == 0 || len(work) >= 1<<12 {
			limit.CheckDeadline() // --timeout: every 64 iterations, every one when it is long
		}
		if sv.iter&63 == 0 {
			sv.meter.Report(progress.Status{Task: "value iteration", Step: int64(sv.iter)})
		}
		diff := 0.0
		for _, i := range work {
			nv := sv.bellman(i, x)
			diff = widen(diff, x[i], nv)
			y[i] = nv
		}
		x, y = y, x
		if diff < viEpsilon {
			return x, nil
		}
	}
	return nil, &OperatorError{Msg: fmt.Sprintf("value iteration did not converge within %d iterations", viMaxIters)}
}

// widen returns the larger of diff and the relative change from old to nv,
// taking a NaN change (or a NaN diff) as larger.
func widen(diff, old, nv float64) float64 {
	if nv == old {
		return diff
	}
	d := math.Abs(nv - old)
	if nv != 0 {
		d /= math.Abs(nv)
	}
	if !(d <= diff) {
		return d
	}
	return diff
}

// Next returns the optimal probability that the next state is in set.
func (sv *Solver) Next(set []bool) []float64 {
	x := make([]float64, sv.a.n)
	for i, b := range set {
		if b {
			x[i] = 1
		}
	}
	out := make([]float64, sv.a.n)
	for i := range out {
		out[i] = sv.bellman(i, x)
	}
	return out
}
