package equil

import (
	"math"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// bound returns objective i's step bound (1 for Next).
func (e *engine) bound(i int) int {
	if e.obj[i].Kind == Next {
		return 1
	}
	return e.obj[i].Bound
}

// accumulating marks the objectives that collect rewards step by step.
func (e *engine) accumulating() [2]bool {
	return [2]bool{e.obj[0].accumulates(), e.obj[1].accumulates()}
}

// finite solves a query whose objectives are both bounded, by backward
// induction (reference §1.6), stopping early at a fixpoint (sameValues)
// and counting each step, and each stage game solved, against the work
// limit. While only the
// objective with the longer bound is still open (its last |b1−b2| steps), its coalition's value is
// the cooperative optimum and the other's is terminal. Then the stage
// games are solved for min(b1, b2) steps. A bound of 0 leaves the values
// of that phase: the decided objective's terminal value and the other's
// cooperative optimum (PRISM-games returns zeros there; CHOICES.md).
func (e *engine) finite() (*Result, error) {
	b := [2]int{e.bound(0), e.bound(1)}
	var val, coop [2][]float64
	for i := range val {
		val[i] = e.terminal(i)
		coop[i] = val[i]
	}
	long, d := 0, b[0]-b[1]
	if d < 0 {
		long, d = 1, -d
	}
	for t := 0; t < d; t++ {
		limit.Step()
		e.cfg.Meter.Report(progress.Status{Task: "equilibrium: the longer bound alone", Step: int64(t + 1), Steps: int64(d)})
		next := e.coopStep(long, coop[long], t+1)
		if e.rec == nil && sameValues(next, coop[long]) {
			break // a fixpoint: the remaining steps change nothing
		}
		coop[long] = next
	}
	val[long] = coop[long]
	acc := e.accumulating()
	prob := e.obj[0].IsProb()
	n := e.g.NumStates
	var sweep sweeper
	for j := 1; j <= min(b[0], b[1]); j++ {
		limit.Step()
		e.cfg.Meter.Report(progress.Status{Task: "equilibrium: stage games", Step: int64(j), Steps: int64(min(b[0], b[1]))})
		var next, coopNext [2][]float64
		for i := range next {
			next[i] = make([]float64, n)
			coopNext[i] = e.coopStep(i, coop[i], j+max(0, b[i]-b[1-i]))
		}
		sweep.begin(e)
		solved := int64(0)
		for s := 0; s < n; s++ {
			if prob {
				if v, ok := e.decided(s, coopNext); ok {
					next[0][s], next[1][s] = v[0], v[1]
					continue
				}
			}
			if !sweep.dirty(s) {
				next[0][s], next[1][s] = val[0][s], val[1][s]
				continue
			}
			solved++
			v, st, err := e.solveState(s, val, acc)
			if err != nil {
				return nil, err
			}
			e.rec.stage(s, j, st)
			next[0][s], next[1][s] = v[0], v[1]
		}
		limit.StepN(solved) // a stage game costs more than a Bellman step
		sweep.end(val, next)
		fixed := e.rec == nil && sameValues(val[0], next[0]) && sameValues(val[1], next[1]) &&
			sameValues(coop[0], coopNext[0]) && sameValues(coop[1], coopNext[1])
		val, coop = next, coopNext
		if fixed {
			break // a fixpoint: the remaining stages change nothing
		}
	}
	return e.result(val, min(b[0], b[1])), nil
}

// sameValues reports whether x and y are equal bit for bit. A stage of
// backward induction depends on the previous stage's values alone (when
// no profile is recorded), so equal values make every later stage equal:
// a bound beyond that fixpoint changes nothing.
func sameValues(x, y []float64) bool {
	for i := range x {
		if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
			return false
		}
	}
	return true
}

// result wraps the values, with the profile when one was recorded.
func (e *engine) result(val [2][]float64, rounds int) *Result {
	r := &Result{Values: val}
	if e.rec != nil {
		e.rec.p.Rounds = rounds
		r.Profile = e.rec.p
	}
	return r
}

// decided returns the pair of values of a state where a probabilistic
// objective is already won or lost: 1 for a won objective, and the
// cooperative optimum coop[i] for the other (0 when it is lost).
func (e *engine) decided(s int, coop [2][]float64) ([2]float64, bool) {
	var v [2]float64
	any := false
	for i := range v {
		switch {
		case e.reached(i, s):
			v[i], any = 1, true
		case e.failed(i, s):
			any = true
		}
	}
	if !any {
		return v, false
	}
	for i := range v {
		if !e.reached(i, s) && !e.failed(i, s) {
			v[i] = coop[i][s]
		}
	}
	return v, true
}
