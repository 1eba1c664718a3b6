package checker

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/prism"
)

// This file builds the behaviour profile β (SPEC §2): per choice of the
// game, the probability β(s)(α) = Π_i β_i(s)(α_i) that the players pick
// that joint action, from uniform defaults or `behaviour` weights.

type weightTable struct {
	decl    *prism.BehaviourDecl
	byLabel map[int32]weight
	byIndex map[int]weight
}

type weight struct {
	f float64
	r *big.Rat
}

// lookupLabel returns the weight of an action; an unlisted action has 0.
func (t *weightTable) lookupLabel(a int32) weight {
	if w, ok := t.byLabel[a]; ok {
		return w
	}
	return weight{r: new(big.Rat)}
}

// ownsChoice reports whether player p owns a state with a choice #k (in
// an mdp the one player owns every state).
func (c *Checker) ownsChoice(p, k int) bool {
	g := c.g
	for s := 0; s < g.NumStates; s++ {
		if hist.Owner(c.g, s) == p {
			if lo, hi := g.Choices(s); k < hi-lo {
				return true
			}
		}
	}
	return false
}

func (c *Checker) initBehaviour() error {
	g := c.g
	tables := make([]*weightTable, c.nplayers)
	for _, d := range c.cfg.Behaviours {
		if d == nil {
			continue
		}
		p := g.PlayerIndex(d.Player)
		if p < 0 {
			name := d.Player.Name
			if name == "" {
				name = fmt.Sprint(d.Player.Index)
			}
			return c.errAt(d.Player.Pos, "behaviour for unknown player %s", name)
		}
		if tables[p] != nil {
			return c.errAt(d.Pos, "a second behaviour for player %s", g.Players[p])
		}
		t := &weightTable{decl: d, byLabel: map[int32]weight{}, byIndex: map[int]weight{}}
		for _, aw := range d.Weights {
			w, err := c.weightValue(aw.Weight)
			if err != nil {
				return err
			}
			if aw.Action.Name == "" {
				if g.Type == prism.TypeCSG {
					return c.errAt(aw.Action.Pos, "choice indices (#%d) name choices only in smg and mdp models", aw.Action.Index)
				}
				if !c.ownsChoice(p, aw.Action.Index) {
					return c.errAt(aw.Action.Pos, "#%d names no choice of player %s: no state it owns has %d choices", aw.Action.Index, g.Players[p], aw.Action.Index+1)
				}
				t.byIndex[aw.Action.Index] = w
				continue
			}
			ai := c.actionIndex(aw.Action.Name)
			if ai < 0 {
				return c.errAt(aw.Action.Pos, "unknown action %q", aw.Action.Name)
			}
			if g.Type == prism.TypeCSG && int(ai) < len(g.ActionOwner) && int(g.ActionOwner[ai]) != p {
				return c.errAt(aw.Action.Pos, "action %q is not an action of player %s", aw.Action.Name, g.Players[p])
			}
			t.byLabel[ai] = w
		}
		tables[p] = t
	}
	nc := g.NumChoices()
	c.beta = make([]float64, nc)
	if c.cfg.Exact {
		c.betaRat = make([]*big.Rat, nc)
		c.probRat = make([]*big.Rat, g.NumTransitions())
		for t := range c.probRat {
			pollEvery(t)
			if g.ProbExact != nil && g.ProbExact[t] != nil {
				c.probRat[t] = g.ProbExact[t]
			} else {
				c.probRat[t] = ratOf(g.Prob[t])
			}
		}
	}
	switch {
	case g.Type == prism.TypeCSG:
		return c.csgBehaviour(tables)
	case c.nplayers > 0:
		return c.ownerBehaviour(tables)
	}
	// dtmc: one choice per state, taken with probability 1.
	for s := 0; s < g.NumStates; s++ {
		pollEvery(s)
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			c.beta[ch] = 1 / float64(hi-lo)
			if c.betaRat != nil {
				c.betaRat[ch] = big.NewRat(1, int64(hi-lo))
			}
		}
	}
	return nil
}

func ratOf(f float64) *big.Rat {
	r := new(big.Rat)
	if r.SetFloat64(f) == nil {
		return new(big.Rat)
	}
	return r
}

func (c *Checker) weightValue(e prism.Expr) (weight, error) {
	if e == nil {
		return weight{}, c.errAt(prism.NoPos, "missing behaviour weight")
	}
	if c.env == nil {
		return weight{}, c.errAt(e.Position(), "cannot evaluate a weight: no environment")
	}
	v, err := c.env.EvalConst(e)
	if err != nil {
		return weight{}, c.wrapErr(e.Position(), err)
	}
	var w weight
	switch v.Type {
	case prism.TInt:
		w.f = float64(v.I)
		w.r = new(big.Rat).SetInt64(v.I)
	case prism.TDouble:
		w.f = v.F
		if v.Rat != nil {
			w.r = v.Rat
		} else if !math.IsNaN(v.F) && !math.IsInf(v.F, 0) {
			w.r = ratOf(v.F)
		}
	default:
		return w, c.errAt(e.Position(), "a behaviour weight must be a number, not a boolean")
	}
	if math.IsNaN(w.f) || math.IsInf(w.f, 0) || w.f < 0 {
		return w, c.errAt(e.Position(), "a behaviour weight must be a finite number >= 0, not %v", w.f)
	}
	return w, nil
}

// stateName describes a state for messages: its index and valuation.
func (c *Checker) stateName(s int) string {
	g := c.g
	var b strings.Builder
	fmt.Fprintf(&b, "%d", s)
	if len(g.Vars) > 0 && len(g.Values) >= (s+1)*len(g.Vars) {
		b.WriteString(" (")
		for i, v := range g.State(s) {
			if i > 0 {
				b.WriteString(", ")
			}
			val := fmt.Sprint(v)
			if g.Vars[i].Bool {
				val = fmt.Sprint(v != 0)
			}
			b.WriteString(g.Vars[i].Name + "=" + val)
		}
		b.WriteByte(')')
	}
	return b.String()
}

// csgBehaviour: each player draws its action independently.
func (c *Checker) csgBehaviour(tables []*weightTable) error {
	g := c.g
	n := c.nplayers
	type entry struct {
		act int32
		w   weight
	}
	per := make([][]entry, n)
	for s := 0; s < g.NumStates; s++ {
		pollEvery(s)
		lo, hi := g.Choices(s)
		for p := 0; p < n; p++ {
			per[p] = per[p][:0]
			for ch := lo; ch < hi; ch++ {
				a := g.Joint[ch*n+p]
				seen := false
				for _, e := range per[p] {
					if e.act == a {
						seen = true
						break
					}
				}
				if !seen {
					w := weight{f: 1}
					if c.betaRat != nil { // exact weights only when asked: a Rat per action is slow on big games
						w.r = big.NewRat(1, 1)
					}
					if t := tables[p]; t != nil && a != 0 {
						w = t.lookupLabel(a)
					}
					per[p] = append(per[p], entry{a, w})
				}
			}
			var sumR *big.Rat
			if c.betaRat != nil {
				sumR = new(big.Rat)
			}
			sum, scale := weightSum(len(per[p]), func(i int) float64 { return per[p][i].w.f })
			for _, e := range per[p] {
				if sumR != nil && e.w.r != nil {
					sumR.Add(sumR, e.w.r)
				}
			}
			if sum == 0 {
				return c.errAt(tables[p].decl.Pos, "behaviour of player %s gives weight 0 to every enabled action in state %s", g.Players[p], c.stateName(s))
			}
			for i := range per[p] {
				per[p][i].w.f = per[p][i].w.f / scale / sum
				if sumR != nil && sumR.Sign() != 0 && per[p][i].w.r != nil {
					per[p][i].w.r = new(big.Rat).Quo(per[p][i].w.r, sumR)
				}
			}
		}
		for ch := lo; ch < hi; ch++ {
			b := 1.0
			var br *big.Rat
			if c.betaRat != nil {
				br = big.NewRat(1, 1)
			}
			for p := 0; p < n; p++ {
				a := g.Joint[ch*n+p]
				for _, e := range per[p] {
					if e.act == a {
						b *= e.w.f
						if br != nil && e.w.r != nil {
							br.Mul(br, e.w.r)
						}
						break
					}
				}
			}
			c.beta[ch] = b
			if br != nil {
				c.betaRat[ch] = br
			}
		}
	}
	return nil
}

// ownerBehaviour: in an smg (and an mdp) the owner of a state picks one of
// its choices; the other players idle.
func (c *Checker) ownerBehaviour(tables []*weightTable) error {
	g := c.g
	exact := c.betaRat != nil
	var ws []weight
	for s := 0; s < g.NumStates; s++ {
		pollEvery(s)
		lo, hi := g.Choices(s)
		o := hist.Owner(c.g, s)
		var t *weightTable
		if o >= 0 && o < len(tables) {
			t = tables[o]
		}
		// A deadlock state's fixed self-loop is nobody's choice: it is
		// taken with probability 1 whatever the weights.
		if g.Deadlock.Has(s) {
			t = nil
		}
		ws = slices.Grow(ws[:0], hi-lo)[:hi-lo]
		var sumR *big.Rat // exact weights only when asked: a Rat per choice is slow on big games
		if exact {
			sumR = new(big.Rat)
		}
		unlabelled := false
		for ch := lo; ch < hi; ch++ {
			w := weight{f: 1}
			if exact {
				w.r = big.NewRat(1, 1)
			}
			if g.ChoiceAction == nil || g.ChoiceAction[ch] == 0 {
				unlabelled = true
			}
			if t != nil {
				// The weight of the choice's label if the behaviour lists
				// it, else the weight of its index #k, else 0: an index
				// weight reaches unlabelled choices (and labels the
				// behaviour leaves out) without overriding a label's weight.
				w = weight{r: new(big.Rat)}
				var lw weight
				listed := false
				if g.ChoiceAction != nil && g.ChoiceAction[ch] != 0 {
					lw, listed = t.byLabel[g.ChoiceAction[ch]]
				}
				if listed {
					w = lw
				} else if x, ok := t.byIndex[ch-lo]; ok {
					w = x
				}
			}
			ws[ch-lo] = w
			if exact && w.r != nil {
				sumR.Add(sumR, w.r)
			}
		}
		sum, scale := weightSum(len(ws), func(i int) float64 { return ws[i].f })
		if sum == 0 && hi > lo {
			hint := ""
			if unlabelled {
				hint = " (unlabelled choices are weighted by index, #k)"
			}
			return c.errAt(t.decl.Pos, "behaviour of player %s gives weight 0 to every enabled action in state %s%s", g.Players[o], c.stateName(s), hint)
		}
		for ch := lo; ch < hi; ch++ {
			w := ws[ch-lo]
			c.beta[ch] = w.f / scale / sum
			if exact {
				r := new(big.Rat)
				if w.r != nil && sumR.Sign() != 0 {
					r.Quo(w.r, sumR)
				}
				c.betaRat[ch] = r
			}
		}
	}
	return nil
}

// pollEvery reads the deadline (--timeout, Ctrl-C) at every 4096th state
// or transition i of the profile's loops: at 10^6 states the profile takes
// about a second.
func pollEvery(i int) {
	if i&4095 == 4095 {
		limit.CheckDeadline()
	}
}

// weightSum sums n finite weights for normalisation: a weight w becomes
// w / scale / sum. The scale is 1 unless the plain sum overflows (weights of
// 1e308 each), in which case the weights are first divided by the largest,
// so that they do not all normalise to 0.
func weightSum(n int, w func(int) float64) (sum, scale float64) {
	for i := 0; i < n; i++ {
		sum += w(i)
	}
	if !math.IsInf(sum, 1) {
		return sum, 1
	}
	scale = 0
	for i := 0; i < n; i++ {
		scale = max(scale, w(i))
	}
	sum = 0
	for i := 0; i < n; i++ {
		sum += w(i) / scale
	}
	return sum, scale
}
