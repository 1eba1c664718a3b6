package certify

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/translate"
)

// check holds one certification: the profile's game and objectives, and
// the values computed so far.
type check struct {
	g    *translate.Game
	p    *equil.Profile
	cfg  Config
	ob   [2]objective
	sign float64 // 1 when the coalitions maximise, −1 when they minimise
	n    int
	// at[lo+k] is the choice of cell k of the state whose choices start
	// at lo.
	at []int32
	// val[i][s] and br[i][s]: coalition i's value under the profile, and
	// under its best response, on entering s at step 0.
	val, br [2][]float64
	maxGain [2]float64
	// where[i] is where coalition i gains most: state, step (−1 in a
	// stationary phase).
	where [2][2]int
	// coop[j], coopBR[j]: for an unbounded objective j, its value under
	// the cooperative rule and coalition j's best response to the other's
	// part of it, in the states where j is undecided (stationary).
	coop, coopBR [2][]float64
}

func newCheck(p *equil.Profile, cfg Config) (*check, error) {
	g := p.Game
	c := &check{g: g, p: p, cfg: cfg, sign: 1, n: g.NumStates}
	if p.Min {
		c.sign = -1
	}
	for i := range c.ob {
		c.ob[i] = objective{&p.Objectives[i]}
	}
	if c.ob[0].bounded() != c.ob[1].bounded() {
		return nil, fmt.Errorf("certify: a profile's objectives are both bounded or both unbounded (mixed horizons are checked on their product)")
	}
	if len(p.Cell) != g.NumChoices() || len(p.Rows) != g.NumStates || len(p.Cols) != g.NumStates {
		return nil, fmt.Errorf("certify: the profile does not fit its game")
	}
	c.at = make([]int32, g.NumChoices())
	for s := 0; s < c.n; s++ {
		lo, hi := g.Choices(s)
		if int(p.Rows[s]*p.Cols[s]) != hi-lo {
			return nil, fmt.Errorf("certify: state %d: %d×%d stage for %d choices", s, p.Rows[s], p.Cols[s], hi-lo)
		}
		for ch := lo; ch < hi; ch++ {
			c.at[lo+int(p.Cell[ch])] = int32(ch)
		}
		if err := c.checkLayout(s); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// checkLayout confirms the profile's stage layout of s against the game:
// the choices of a row agree on the first coalition's actions and those
// of a column on the second's, and distinct cells hold distinct choices
// (the best responses deviate along rows and columns).
func (c *check) checkLayout(s int) error {
	g, p := c.g, c.p
	np := len(g.Players)
	lo, hi := g.Choices(s)
	cols := int(p.Cols[s])
	same := func(a, b int, players []int) bool {
		for _, pl := range players {
			if g.Joint[a*np+pl] != g.Joint[b*np+pl] {
				return false
			}
		}
		return true
	}
	for a := lo; a < hi; a++ {
		ka := int(p.Cell[a])
		for b := a + 1; b < hi; b++ {
			kb := int(p.Cell[b])
			if ka == kb ||
				(ka/cols == kb/cols) != same(a, b, p.Coalitions[0]) ||
				(ka%cols == kb%cols) != same(a, b, p.Coalitions[1]) {
				return fmt.Errorf("certify: state %d: the profile's stage layout does not match the coalitions' actions", s)
			}
		}
	}
	return nil
}

// choice returns the choice of s where the coalitions play row r and
// column k.
func (c *check) choice(s, r, k int) int {
	lo, _ := c.g.Choices(s)
	return int(c.at[lo+r*int(c.p.Cols[s])+k])
}

// better returns the better of a and b for the coalitions' direction.
func (c *check) better(a, b float64) float64 {
	if c.sign > 0 {
		return math.Max(a, b)
	}
	return math.Min(a, b)
}

// worst is the identity of better.
func (c *check) worst() float64 { return math.Inf(-int(c.sign)) }

// expect returns Σ P(ch, s')·x(s') over the transitions of choice ch.
func (c *check) expect(ch int, x []float64) float64 {
	lo, hi := c.g.Transitions(ch)
	v := 0.0
	for t := lo; t < hi; t++ {
		if p := c.g.Prob[t]; p > 0 {
			v += p * x[c.g.Target[t]]
		}
	}
	return v
}

// noteGain records the gain of coalition i's deviation in state s at
// step t (−1: a stationary phase).
func (c *check) noteGain(i, s, t int, br, v float64) {
	if g := gain(br, v, c.sign); g > c.maxGain[i] {
		c.maxGain[i], c.where[i] = g, [2]int{s, t}
	}
}

func (c *check) gainAt(i, s int) float64 { return gain(c.br[i][s], c.val[i][s], c.sign) }

// run computes the values and best responses of both coalitions.
func (c *check) run() error {
	if !c.ob[0].bounded() {
		for j := range c.ob {
			if err := c.stationaryCoop(j); err != nil {
				return err
			}
		}
	}
	return c.rounds()
}

// rounds runs backward induction from the last step that matters to step
// 0. With bounded objectives it covers max(b1, b2) steps: the stage
// rounds while both are undecided, and the cooperative rule for the
// longer one's remaining steps. With unbounded ones, the stage rounds
// end at the cut, and the cooperative phases are the stationary values.
func (c *check) rounds() error {
	p := c.p
	R := p.Rounds
	H := R
	if c.ob[0].bounded() {
		H = max(c.ob[0].bound(), c.ob[1].bound())
		if R > min(c.ob[0].bound(), c.ob[1].bound()) {
			return fmt.Errorf("certify: %d rounds for bounds %d and %d", R, c.ob[0].bound(), c.ob[1].bound())
		}
	}
	n := c.n
	// ent/entBR[i]: coalition i's value on entering each state at step
	// t+1 (under the profile / its best response); coopEnt/coopEntBR[j]
	// likewise for a bounded objective j played cooperatively.
	var ent, entBR, coopEnt, coopEntBR [2][]float64
	layer := func() [2][]float64 { return [2][]float64{make([]float64, n), make([]float64, n)} }
	for t := H; t >= 0; t-- {
		var a, aBR [2][]float64 // phase A at step t (bounded objectives)
		for j := range c.ob {
			if c.ob[j].bounded() && t < c.ob[j].bound() {
				var err error
				if a[j], aBR[j], err = c.coopStep(j, t, coopEnt[j], coopEntBR[j]); err != nil {
					return err
				}
			}
		}
		var v, vBR [2][]float64 // phase B at step t
		if t < R {
			var err error
			if v, vBR, err = c.stageStep(t, ent, entBR); err != nil {
				return err
			}
		}
		ne, neBR := layer(), layer()
		ce, ceBR := layer(), layer()
		for s := 0; s < n; s++ {
			st := [2]status{c.ob[0].status(s, t), c.ob[1].status(s, t)}
			for i := range st {
				// Entering s at step t for a bounded objective played
				// cooperatively.
				if c.ob[i].bounded() {
					if st[i] != open {
						ce[i][s] = c.ob[i].payoff(s, st[i])
						ceBR[i][s] = ce[i][s]
					} else if a[i] != nil {
						ce[i][s], ceBR[i][s] = a[i][s], aBR[i][s]
					}
				}
				switch {
				case st[i] != open:
					ne[i][s] = c.ob[i].payoff(s, st[i])
					neBR[i][s] = ne[i][s]
				case st[1-i] != open:
					if c.ob[i].bounded() {
						ne[i][s], neBR[i][s] = ce[i][s], ceBR[i][s]
					} else {
						ne[i][s], neBR[i][s] = c.coop[i][s], c.coopBR[i][s]
					}
				case t < R:
					ne[i][s], neBR[i][s] = v[i][s], vBR[i][s]
				}
			}
		}
		ent, entBR, coopEnt, coopEntBR = ne, neBR, ce, ceBR
	}
	c.val, c.br = ent, entBR
	return nil
}

// coopStep computes, for the bounded objective j at step t, its value
// under the cooperative rule and coalition j's best response to the other
// coalition's part of that rule, from the values on entering states at
// step t+1 (next, nextBR); in states where j is undecided at t.
func (c *check) coopStep(j, t int, next, nextBR []float64) (a, aBR []float64, err error) {
	ob := c.ob[j]
	a, aBR = make([]float64, c.n), make([]float64, c.n)
	budget := ob.bound() - t
	for s := 0; s < c.n; s++ {
		if ob.status(s, t) != open {
			continue
		}
		ch := c.p.Coop(j, s, budget)
		if ch < 0 {
			return nil, nil, fmt.Errorf("%w for state %d with objective %d alone undecided, %d steps left", errNoRule, s, j+1, budget)
		}
		a[s] = c.coopValue(ob, s, ch, next)
		best := c.worst()
		for _, d := range c.deviations(j, s, ch) {
			best = c.better(best, c.coopValue(ob, s, d, nextBR))
		}
		aBR[s] = best
		c.noteGain(j, s, t, best, a[s])
	}
	return a, aBR, nil
}

// coopValue is the value of objective ob after choice ch of s, with the
// values x on entering the successors.
func (c *check) coopValue(ob objective, s, ch int, x []float64) float64 {
	v := c.expect(ch, x)
	if ob.accumulates() {
		v += ob.stateRew(s) + ob.transRew(ch)
	}
	return v
}

// deviations lists the choices of s that coalition j can bring about on
// its own when the other coalition plays its part of choice ch.
func (c *check) deviations(j, s, ch int) []int {
	cols := int(c.p.Cols[s])
	k := int(c.p.Cell[ch])
	row, col := k/cols, k%cols
	var out []int
	if j == 0 {
		for r := 0; r < int(c.p.Rows[s]); r++ {
			out = append(out, c.choice(s, r, col))
		}
		return out
	}
	for q := 0; q < cols; q++ {
		out = append(out, c.choice(s, row, q))
	}
	return out
}

// stageStep computes, at step t where both objectives are undecided, each
// coalition's value under the round's stage rule and its best response
// (knowing its own recommendation), from the values on entering states at
// step t+1.
func (c *check) stageStep(t int, next, nextBR [2][]float64) (v, vBR [2][]float64, err error) {
	p := c.p
	r := p.Rounds - t
	for i := range v {
		v[i], vBR[i] = make([]float64, c.n), make([]float64, c.n)
	}
	var u, uBR [2][]float64
	for s := 0; s < c.n; s++ {
		if c.ob[0].status(s, t) != open || c.ob[1].status(s, t) != open {
			continue
		}
		st := p.Stage(s, r)
		if st == nil {
			return v, vBR, fmt.Errorf("%w for state %d at step %d (round %d)", errNoRule, s, t, r)
		}
		rows, cols := int(p.Rows[s]), int(p.Cols[s])
		lo, hi := c.g.Choices(s)
		for i := range u {
			u[i] = grow(u[i], hi-lo)
			uBR[i] = grow(uBR[i], hi-lo)
		}
		for ch := lo; ch < hi; ch++ {
			for i := range u {
				x := c.expect(ch, next[i])
				y := c.expect(ch, nextBR[i])
				if c.ob[i].accumulates() {
					x += c.ob[i].transRew(ch)
					y += c.ob[i].transRew(ch)
				}
				u[i][ch-lo], uBR[i][ch-lo] = x, y
			}
		}
		for i := range v {
			own, other := rows, cols
			if i == 1 {
				own, other = cols, rows
			}
			cell := func(mine, theirs int) (float64, int) {
				ri, ci := mine, theirs
				if i == 1 {
					ri, ci = theirs, mine
				}
				return st.Prob(ri, ci, cols), c.choice(s, ri, ci) - lo
			}
			val, br := 0.0, 0.0
			for q := 0; q < own; q++ {
				// q is the coalition's recommended action; the best
				// response picks the action d that does best against the
				// other's actions given q.
				mass := 0.0
				for a := 0; a < other; a++ {
					pr, k := cell(q, a)
					if pr > 0 {
						mass += pr
						val += pr * u[i][k]
					}
				}
				if mass == 0 {
					continue
				}
				best := c.worst()
				for d := 0; d < own; d++ {
					w := 0.0
					for a := 0; a < other; a++ {
						pr, _ := cell(q, a)
						if pr > 0 {
							_, k := cell(d, a)
							w += pr * uBR[i][k]
						}
					}
					best = c.better(best, w)
				}
				br += best
			}
			if c.ob[i].accumulates() {
				val += c.ob[i].stateRew(s)
				br += c.ob[i].stateRew(s)
			}
			v[i][s], vBR[i][s] = val, br
			c.noteGain(i, s, t, br, val)
		}
	}
	return v, vBR, nil
}

func grow(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n)
	}
	return b[:n]
}
