package solve

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/onus-mc/onus/translate"
)

// This file holds the steady-state operators of a dtmc, S=? [φ] and
// R[S]: the long-run fraction of time spent in φ, and the long-run
// average reward. A run settles, with probability 1, in a bottom strongly
// connected component (BSCC), where the time it spends in each state
// tends to the component's stationary distribution π (the unique solution
// of π = πP on the component with Σπ = 1, periodic components included:
// the fraction of time, not the probability at a step). So the value at s
// is Σ_B P(s reaches B) · Σ_{t∈B} π_B(t) w(t), for w the indicator of φ or
// the reward of a step.

// MaxDenseBSCC is the largest BSCC whose stationary distribution is found
// by a dense linear solve; larger ones are iterated.
const MaxDenseBSCC = 1500

// SteadyState returns, per state of dtmc g, the long-run fraction of time
// spent in the states of set.
func SteadyState(g *translate.Game, set []bool) ([]float64, error) {
	w := make([]float64, g.NumStates)
	for s, in := range set {
		if in {
			w[s] = 1
		}
	}
	return steady(g, w)
}

// SteadyRewards returns, per state of dtmc g, the long-run average reward
// of r per step (the state reward plus the transition reward of the step).
func SteadyRewards(g *translate.Game, r *translate.Rewards) ([]float64, error) {
	w := make([]float64, g.NumStates)
	for s := range w {
		if r.State != nil {
			w[s] = r.State[s]
		}
		if r.Trans != nil {
			lo, _ := g.Choices(s)
			w[s] += r.Trans[lo]
		}
	}
	return steady(g, w)
}

// steady returns the long-run average of w per state of dtmc g.
func steady(g *translate.Game, w []float64) ([]float64, error) {
	n := g.NumStates
	for s := 0; s < n; s++ {
		if lo, hi := g.Choices(s); hi-lo != 1 {
			return nil, &OperatorError{Msg: "the steady-state operator needs a Markov chain (one choice per state)"}
		}
	}
	succ := func(i int, edge func(j int)) {
		lo, _ := g.Choices(i)
		tlo, thi := g.Transitions(lo)
		for t := tlo; t < thi; t++ {
			edge(int(g.Target[t]))
		}
	}
	x := make([]float64, n)
	settled := make([]bool, n)
	for _, c := range BottomSCCs(n, succ) {
		pi, err := stationary(g, c)
		if err != nil {
			return nil, err
		}
		v := 0.0
		for i, s := range c {
			v += pi[i] * w[s]
		}
		for _, s := range c {
			x[s], settled[s] = v, true
		}
	}
	// The transient states: the value of the BSCCs they reach, weighted by
	// the probabilities of reaching them, x = Px on them.
	var work []int
	for s := 0; s < n; s++ {
		if !settled[s] {
			work = append(work, s)
		}
	}
	if len(work) == 0 {
		return x, nil
	}
	if len(work) <= MaxDenseBSCC && transientDense(g, work, x) {
		return x, nil
	}
	return transientIter(g, work, x)
}

// transientDense solves x = Px on the transient states work, the others
// fixed in x, by a dense linear solve; false if it fails.
func transientDense(g *translate.Game, work []int, x []float64) bool {
	m := len(work)
	pos := make(map[int]int, m)
	for i, s := range work {
		pos[s] = i
	}
	a := mat.NewDense(m, m, nil)
	b := mat.NewVecDense(m, nil)
	for i, s := range work {
		a.Set(i, i, 1)
		lo, _ := g.Choices(s)
		tlo, thi := g.Transitions(lo)
		for t := tlo; t < thi; t++ {
			j := int(g.Target[t])
			if k, ok := pos[j]; ok {
				a.Set(i, k, a.At(i, k)-g.Prob[t])
			} else {
				b.SetVec(i, b.AtVec(i)+g.Prob[t]*x[j])
			}
		}
	}
	var v mat.VecDense
	if err := v.SolveVec(a, b); err != nil {
		return false
	}
	for i, s := range work {
		x[s] = v.AtVec(i)
	}
	return true
}

// transientIter solves x = Px on the transient states work by
// Gauss-Seidel iteration to a relative change of 1e-12 (every run leaves
// them with probability 1, so it converges).
func transientIter(g *translate.Game, work []int, x []float64) ([]float64, error) {
	const eps, maxIters = 1e-12, 10_000_000
	for iter := 0; iter < maxIters; iter++ {
		diff := 0.0
		for _, s := range work {
			lo, _ := g.Choices(s)
			tlo, thi := g.Transitions(lo)
			v := 0.0
			for t := tlo; t < thi; t++ {
				v += g.Prob[t] * x[g.Target[t]]
			}
			diff = widen(diff, x[s], v)
			x[s] = v
		}
		if diff < eps {
			return x, nil
		}
	}
	return nil, &OperatorError{Msg: "the probabilities of reaching the bottom components did not converge"}
}

// stationary returns the stationary distribution of the dtmc g restricted
// to its BSCC c (the states in increasing order), in c's order.
func stationary(g *translate.Game, c []int) ([]float64, error) {
	m := len(c)
	if m == 1 {
		return []float64{1}, nil
	}
	pos := make(map[int]int, m)
	for i, s := range c {
		pos[s] = i
	}
	if m <= MaxDenseBSCC {
		// π(P − I) = 0 with the last equation replaced by Σπ = 1:
		// Aᵀ πᵀ = e_last for A = P − I with its last column set to 1.
		a := mat.NewDense(m, m, nil)
		for i, s := range c {
			lo, _ := g.Choices(s)
			tlo, thi := g.Transitions(lo)
			for t := tlo; t < thi; t++ {
				j := pos[int(g.Target[t])]
				a.Set(j, i, a.At(j, i)+g.Prob[t])
			}
			a.Set(i, i, a.At(i, i)-1)
		}
		for i := 0; i < m; i++ {
			a.Set(m-1, i, 1)
		}
		b := mat.NewVecDense(m, nil)
		b.SetVec(m-1, 1)
		var pi mat.VecDense
		if err := pi.SolveVec(a, b); err == nil {
			out := make([]float64, m)
			sum := 0.0
			for i := range out {
				out[i] = math.Max(0, pi.AtVec(i))
				sum += out[i]
			}
			for i := range out {
				out[i] /= sum
			}
			return out, nil
		}
	}
	return stationaryIter(g, c, pos)
}

// stationaryIter finds the stationary distribution of a large BSCC by
// Gauss-Seidel sweeps over π(j) = Σ_{i≠j} π(i)P(i,j) / (1 − P(j,j)),
// forwards and backwards in turn, normalised after each sweep, until no
// entry moves by 1e-13 (π sums to 1, so the change is absolute; the same
// sweeps as on the lazy chain (P+I)/2, whose factors 1/2 cancel).
func stationaryIter(g *translate.Game, c []int, pos map[int]int) ([]float64, error) {
	m := len(c)
	// Incoming transitions of each state of the component.
	start := make([]int, m+1)
	self := make([]float64, m)
	for _, s := range c {
		lo, _ := g.Choices(s)
		tlo, thi := g.Transitions(lo)
		for t := tlo; t < thi; t++ {
			start[pos[int(g.Target[t])]+1]++
		}
	}
	for j := 0; j < m; j++ {
		start[j+1] += start[j]
	}
	from := make([]int32, start[m])
	prob := make([]float64, start[m])
	fill := append([]int(nil), start[:m]...)
	for i, s := range c {
		lo, _ := g.Choices(s)
		tlo, thi := g.Transitions(lo)
		for t := tlo; t < thi; t++ {
			j := pos[int(g.Target[t])]
			if j == i {
				self[i] += g.Prob[t]
				continue
			}
			from[fill[j]], prob[fill[j]] = int32(i), g.Prob[t]
			fill[j]++
		}
	}
	pi := make([]float64, m)
	for i := range pi {
		pi[i] = 1 / float64(m)
	}
	const eps, maxIters = 1e-13, 1_000_000
	for iter := 0; iter < maxIters; iter++ {
		diff, sum := 0.0, 0.0
		for k := 0; k < m; k++ {
			// Sweeps alternate in direction (symmetric Gauss-Seidel), so
			// that mass travels both ways along long chains.
			j := k
			if iter%2 == 1 {
				j = m - 1 - k
			}
			v := 0.0
			for e := start[j]; e < fill[j]; e++ {
				v += pi[from[e]] * prob[e]
			}
			v /= 1 - self[j]
			diff = max(diff, math.Abs(v-pi[j]))
			pi[j] = v
			sum += v
		}
		for j := range pi {
			pi[j] /= sum
		}
		if diff < eps {
			return pi, nil
		}
	}
	return nil, &OperatorError{Msg: fmt.Sprintf("the stationary distribution of a bottom component of %d states did not converge", m)}
}
