package solve

import (
	"math"
	"math/big"

	"github.com/onus-mc/onus/translate"
)

// This file makes the values of unbounded reachability on small turn-based
// games exact (--exact): the strategies that are optimal for the values of
// value iteration are evaluated exactly on the chain they induce (a linear
// system over the rationals) and certified optimal, so that a bound such as
// P>=0.5 at a value of exactly 1/2 is decided exactly.

// MaxExactStates bounds the linear systems ExactReach solves.
const MaxExactStates = 400

// ExactReach returns, per game state, the exact optimal probability of
// reaching target through allowed states for q on the turn-based game g,
// given the float values x of value iteration and the exact transition
// probabilities prob. It returns nil when the game is concurrent or too
// large, or when the strategies read off x cannot be certified: v must be
// a fixpoint of the one-step optimisation (no choice improves on it for
// its chooser) and, against the maximiser's strategy, the minimiser must
// not be able to keep the play forever among the states of positive value
// short of the target. Then the minimiser's strategy keeps the probability
// at most v (v is a supermartingale) and the maximiser's keeps it at least
// v (the play leaves those states almost surely), so v is the value.
func ExactReach(g *translate.Game, q Query, prob []*big.Rat, allowed, target []bool, x []float64) []*big.Rat {
	n := g.NumStates
	if g.Joint != nil || q.Sure || len(prob) != g.NumTransitions() {
		return nil
	}
	view := NewView(g, q.Coal)
	maxAt := func(s int) bool { return view.inCoalition(s) == q.Max }
	live := func(s int) bool { return !target[s] && (allowed == nil || allowed[s]) }
	rank := attractorRank(g, live, target)
	// The chosen choice per live state: optimal for x (within the accuracy
	// of value iteration), towards the target first among ties.
	choice := make([]int, n)
	for s := 0; s < n; s++ {
		choice[s] = -1
		if !live(s) {
			continue
		}
		lo, hi := g.Choices(s)
		if lo == hi {
			continue
		}
		best := math.Inf(-1)
		if !maxAt(s) {
			best = math.Inf(1)
		}
		vals := make([]float64, hi-lo)
		for ch := lo; ch < hi; ch++ {
			v := 0.0
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				v += g.Prob[t] * x[g.Target[t]]
			}
			vals[ch-lo] = v
			if (maxAt(s) && v > best) || (!maxAt(s) && v < best) {
				best = v
			}
		}
		bestRank := int32(math.MaxInt32)
		for ch := lo; ch < hi; ch++ {
			if math.Abs(vals[ch-lo]-best) > 1e-6*math.Max(1, math.Abs(best)) {
				continue
			}
			r := int32(math.MaxInt32)
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				r = min(r, rank[g.Target[t]])
			}
			if choice[s] < 0 || r < bestRank {
				choice[s], bestRank = ch, r
			}
		}
	}
	v := chainReach(g, prob, live, target, choice)
	if v == nil || !fixpoint(g, prob, live, maxAt, v) {
		return nil
	}
	// No end component of the maximiser's strategy among the live states
	// of positive value.
	in := make([]bool, n)
	for s := 0; s < n; s++ {
		in[s] = live(s) && v[s].Sign() > 0
	}
	for changed := true; changed; {
		changed = false
		for s := 0; s < n; s++ {
			if !in[s] {
				continue
			}
			stays := false
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				if maxAt(s) && ch != choice[s] {
					continue
				}
				all := true
				tlo, thi := g.Transitions(ch)
				for t := tlo; t < thi; t++ {
					all = all && in[g.Target[t]]
				}
				stays = stays || all
			}
			if !stays {
				in[s], changed = false, true
			}
		}
	}
	for _, b := range in {
		if b {
			return nil
		}
	}
	return v
}

// attractorRank returns each state's distance to target through live
// states along some choice (MaxInt32 where the target is out of reach).
func attractorRank(g *translate.Game, live func(int) bool, target []bool) []int32 {
	n := g.NumStates
	rank := make([]int32, n)
	for s := range rank {
		rank[s] = math.MaxInt32
		if target[s] {
			rank[s] = 0
		}
	}
	for d := int32(1); ; d++ {
		changed := false
		for s := 0; s < n; s++ {
			if rank[s] != math.MaxInt32 || !live(s) {
				continue
			}
			lo, hi := g.Choices(s)
			tlo, thi := int(g.TransStart[lo]), int(g.TransStart[hi])
			for t := tlo; t < thi; t++ {
				if rank[g.Target[t]] < d {
					rank[s], changed = d, true
					break
				}
			}
		}
		if !changed {
			return rank
		}
	}
}

// chainReach solves the reachability probabilities of the chain the
// choices induce, exactly: 1 on target, 0 where the target is out of reach,
// Gaussian elimination on the rest. Nil when the system is too large.
func chainReach(g *translate.Game, prob []*big.Rat, live func(int) bool, target []bool, choice []int) []*big.Rat {
	n := g.NumStates
	can := make([]bool, n)
	copy(can, target)
	for changed := true; changed; {
		changed = false
		for s := 0; s < n; s++ {
			if can[s] || !live(s) || choice[s] < 0 {
				continue
			}
			tlo, thi := g.Transitions(choice[s])
			for t := tlo; t < thi; t++ {
				if can[g.Target[t]] && prob[t].Sign() > 0 {
					can[s], changed = true, true
					break
				}
			}
		}
	}
	idx := make([]int, n)
	var vars []int
	for s := 0; s < n; s++ {
		idx[s] = -1
		if can[s] && !target[s] {
			idx[s] = len(vars)
			vars = append(vars, s)
		}
	}
	if len(vars) > MaxExactStates {
		return nil
	}
	m := len(vars)
	// Rows: x_s − Σ_{t var} P(s,t) x_t = Σ_{t target} P(s,t).
	a := make([][]*big.Rat, m)
	for i, s := range vars {
		row := make([]*big.Rat, m+1)
		for j := range row {
			row[j] = new(big.Rat)
		}
		row[i].SetInt64(1)
		tlo, thi := g.Transitions(choice[s])
		for t := tlo; t < thi; t++ {
			u := int(g.Target[t])
			switch {
			case target[u]:
				row[m].Add(row[m], prob[t])
			case idx[u] >= 0:
				row[idx[u]].Sub(row[idx[u]], prob[t])
			}
		}
		a[i] = row
	}
	sol := gauss(a, m)
	if sol == nil {
		return nil
	}
	v := make([]*big.Rat, n)
	for s := 0; s < n; s++ {
		switch {
		case target[s]:
			v[s] = big.NewRat(1, 1)
		case idx[s] >= 0:
			v[s] = sol[idx[s]]
		default:
			v[s] = new(big.Rat)
		}
	}
	return v
}

// gauss solves the m×m system with augmented column m; nil if singular.
func gauss(a [][]*big.Rat, m int) []*big.Rat {
	tmp := new(big.Rat)
	for c := 0; c < m; c++ {
		p := -1
		for r := c; r < m; r++ {
			if a[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			return nil
		}
		a[c], a[p] = a[p], a[c]
		inv := new(big.Rat).Inv(a[c][c])
		for j := c; j <= m; j++ {
			a[c][j].Mul(a[c][j], inv)
		}
		for r := 0; r < m; r++ {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(a[r][c])
			for j := c; j <= m; j++ {
				a[r][j].Sub(a[r][j], tmp.Mul(f, a[c][j]))
			}
		}
	}
	out := make([]*big.Rat, m)
	for i := range out {
		out[i] = a[i][m]
	}
	return out
}

// fixpoint reports whether no choice of a live state improves on v for
// its chooser.
func fixpoint(g *translate.Game, prob []*big.Rat, live func(int) bool, maxAt func(int) bool, v []*big.Rat) bool {
	sum, tmp := new(big.Rat), new(big.Rat)
	for s := 0; s < g.NumStates; s++ {
		if !live(s) {
			continue
		}
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			sum.SetInt64(0)
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				sum.Add(sum, tmp.Mul(prob[t], v[g.Target[t]]))
			}
			if c := sum.Cmp(v[s]); (maxAt(s) && c > 0) || (!maxAt(s) && c < 0) {
				return false
			}
		}
	}
	return true
}
