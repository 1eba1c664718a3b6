package equil

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// infinite solves a query whose objectives are both unbounded (reference
// §1.7). States where an objective is decided get fixed values; the others
// start at zero and solve their stage games from the previous values, all
// at once per sweep (the finite horizons growing by one each sweep), until
// two sweeps agree within Config.Epsilon in every state.
func (e *engine) infinite() (*Result, error) {
	var coop [2][]float64
	for i := range coop {
		v, err := e.coopUnbounded(i)
		if err != nil {
			return nil, err
		}
		coop[i] = v
	}
	n := e.g.NumStates
	val := [2][]float64{make([]float64, n), make([]float64, n)}
	var open []int
	for s := 0; s < n; s++ {
		v, ok := e.known(s, coop)
		if !ok {
			open = append(open, s)
			continue
		}
		val[0][s], val[1][s] = v[0], v[1]
	}
	acc := e.accumulating()
	var sweep sweeper
	for it := 0; it < e.cfg.MaxIters; it++ {
		if it&63 == 63 {
			limit.CheckDeadline() // --timeout
		}
		e.cfg.Meter.Report(progress.Status{Task: "equilibrium: value iteration", Step: int64(it + 1), Detail: fmt.Sprintf("%d open states", len(open))})
		next := [2][]float64{append([]float64(nil), val[0]...), append([]float64(nil), val[1]...)}
		sweep.begin(e)
		for _, s := range open {
			if !sweep.dirty(s) {
				continue
			}
			v, st, err := e.solveState(s, val, acc)
			if err != nil {
				return nil, err
			}
			e.rec.stage(s, it+1, st)
			next[0][s], next[1][s] = v[0], v[1]
		}
		sweep.end(val, next)
		done := e.converged(val, next)
		val = next
		if done {
			return e.result(val, it+1), nil
		}
	}
	return nil, fmt.Errorf("could not converge after %d iterations", e.cfg.MaxIters)
}

// known returns the fixed values of s, if an objective is decided there.
// Probabilistic objectives: as in the finite case. Reward objectives: a
// coalition at its target collects nothing more, and the other gets its
// cooperative optimum.
func (e *engine) known(s int, coop [2][]float64) ([2]float64, bool) {
	if e.obj[0].IsProb() {
		return e.decided(s, coop)
	}
	t := [2]bool{e.obj[0].target(s), e.obj[1].target(s)}
	if !t[0] && !t[1] {
		return [2]float64{}, false
	}
	var v [2]float64
	for i := range v {
		if !t[i] {
			v[i] = coop[i][s]
		}
	}
	return v, true
}

// converged compares two sweeps as PRISM-games does: relative (or
// absolute) difference below Epsilon in every state, infinities equal to
// themselves, and a new value 0 only close to an old 0.
func (e *engine) converged(old, new [2][]float64) bool {
	for i := range old {
		for s := range old[i] {
			a, b := new[i][s], old[i][s]
			if a == b {
				continue
			}
			if math.IsInf(a, 0) || math.IsInf(b, 0) {
				return false
			}
			d := math.Abs(a - b)
			if !e.cfg.Absolute {
				if a == 0 {
					return false
				}
				d /= math.Abs(a)
			}
			if d >= e.cfg.Epsilon {
				return false
			}
		}
	}
	return true
}
