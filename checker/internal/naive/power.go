package naive

import (
	"fmt"
	"math/big"

	"github.com/onus-mc/onus/prism"
)

// This file computes the power indices of SPEC §10.1 literally: for every
// coalition J the set Compat_J(π) is filtered history by history, v_C and
// v_P are shares of it, and a(J) enumerates the full plans agreeing with π
// on Ag∖J. The Shapley value is averaged over every order of the players
// (the marginal contribution of i to the players before it), the Banzhaf
// value summed over the coalitions without i, as the definitions read.

// Power is one agent's index under v_C (Count), v_P (Prob) and a (Avoid).
type Power struct {
	Count, Prob, Avoid                float64
	CountExact, ProbExact, AvoidExact *big.Rat
}

// Coalition is the characteristic functions of one coalition.
type Coalition struct {
	Members           []bool
	CountExact        *big.Rat // v_C(J)
	ProbExact         *big.Rat // v_P(J)
	Prob              float64  // v_P(J) in float64
	Avoid, Forces     bool     // a(J); Compat_J(π) ⊆ L_ψ
	Compat, CompatPsi int      // |Compat_J(π)|, |Compat_J(π) ∩ L_ψ|
}

// Coalitions returns v_C, v_P and a of every J ⊆ Ag, indexed by mask (bit
// p for player p), for plan π and the satisfaction vector of ψ.
func (e *Enum) Coalitions(pi []Step, sat []bool) []Coalition {
	np := len(e.g.Players)
	full := make([]bool, np)
	for p := range full {
		full[p] = true
	}
	holds := allOf(e.CompatSet(pi, full), sat, true)
	out := make([]Coalition, 1<<np)
	for mask := range out {
		J := make([]bool, np)
		rest := make([]bool, np)
		for p := range J {
			J[p] = mask&(1<<p) != 0
			rest[p] = !J[p]
		}
		compat := e.CompatSet(pi, J)
		plus := intersect(compat, sat)
		pAll, rAll := e.prob(compat)
		pPlus, rPlus := e.prob(plus)
		out[mask] = Coalition{
			Members:    J,
			CountExact: divR(big.NewRat(int64(len(plus)), 1), big.NewRat(int64(len(compat)), 1)),
			ProbExact:  divR(rPlus, rAll),
			Prob:       div(pPlus, pAll),
			Avoid:      mask != 0 && holds && e.ViolatingPlan(sat, pi, rest),
			Forces:     allOf(compat, sat, true),
			Compat:     len(compat),
			CompatPsi:  len(plus),
		}
	}
	return out
}

// power evaluates SHAPLEY and BANZHAF for the agent of r.
func (e *Enum) power(r *prism.Resp, pi []Step, sat []bool) (*Answer, error) {
	i := e.g.PlayerIndex(r.Agent)
	cs := e.Coalitions(pi, sat)
	var p *Power
	if r.Kind == prism.SHAPLEY {
		p = shapley(cs, len(e.g.Players), i)
	} else {
		p = banzhaf(cs, len(e.g.Players), i)
	}
	switch r.Degree {
	case prism.DegAll:
		return &Answer{Power: p}, nil
	case prism.DegCount:
		return &Answer{Number: p.Count, Exact: p.CountExact}, nil
	case prism.DegProb:
		return &Answer{Number: p.Prob, Exact: p.ProbExact}, nil
	}
	return nil, fmt.Errorf("naive: %v takes =?, #=? or P=?", r.Kind)
}

// shapley averages i's marginal contribution v(B∪{i}) − v(B) over the n!
// orders of the players, B being the players before i.
func shapley(cs []Coalition, n, i int) *Power {
	sumC, sumP, sumA := new(big.Rat), new(big.Rat), new(big.Rat)
	sumF := 0.0
	orders := 0
	perm := make([]int, n)
	used := make([]bool, n)
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			orders++
			before := 0
			for _, p := range perm {
				if p == i {
					break
				}
				before |= 1 << p
			}
			with, without := cs[before|1<<i], cs[before]
			sumC.Add(sumC, new(big.Rat).Sub(with.CountExact, without.CountExact))
			sumP.Add(sumP, new(big.Rat).Sub(with.ProbExact, without.ProbExact))
			sumA.Add(sumA, big.NewRat(int64(b2i(with.Avoid)-b2i(without.Avoid)), 1))
			sumF += with.Prob - without.Prob
			return
		}
		for p := 0; p < n; p++ {
			if !used[p] {
				used[p] = true
				perm[k] = p
				rec(k + 1)
				used[p] = false
			}
		}
	}
	rec(0)
	return finish(sumC, sumP, sumA, sumF, big.NewRat(int64(orders), 1))
}

// banzhaf sums v(J∪{i}) − v(J) over J ⊆ Ag∖{i} and divides by 2^(n−1).
func banzhaf(cs []Coalition, n, i int) *Power {
	sumC, sumP, sumA := new(big.Rat), new(big.Rat), new(big.Rat)
	sumF := 0.0
	for mask := range cs {
		if mask&(1<<i) != 0 {
			continue
		}
		with, without := cs[mask|1<<i], cs[mask]
		sumC.Add(sumC, new(big.Rat).Sub(with.CountExact, without.CountExact))
		sumP.Add(sumP, new(big.Rat).Sub(with.ProbExact, without.ProbExact))
		sumA.Add(sumA, big.NewRat(int64(b2i(with.Avoid)-b2i(without.Avoid)), 1))
		sumF += with.Prob - without.Prob
	}
	return finish(sumC, sumP, sumA, sumF, big.NewRat(int64(1)<<(n-1), 1))
}

// finish divides the sums by d; Count and Avoid are exact, Prob the float
// sum (the exact one in ProbExact).
func finish(c, p, a *big.Rat, pf float64, d *big.Rat) *Power {
	out := &Power{
		CountExact: new(big.Rat).Quo(c, d),
		ProbExact:  new(big.Rat).Quo(p, d),
		AvoidExact: new(big.Rat).Quo(a, d),
	}
	df, _ := d.Float64()
	out.Count, _ = out.CountExact.Float64()
	out.Avoid, _ = out.AvoidExact.Float64()
	out.Prob = pf / df
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
