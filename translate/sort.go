package translate

import (
	"math/big"
	"slices"

	"github.com/onus-mc/onus/prism"
)

// finish sorts the explored states by valuation (reference §4.12),
// renumbers everything and computes labels and rewards.
func (x *explorer) finish(initial []int32) *Game {
	b := x.b
	st := x.st
	N := st.count
	n := x.n
	order := st.sorted()
	inv := make([]int32, N)
	for newI, old := range order {
		inv[old] = int32(newI)
	}

	g := &Game{Type: b.typ, Vars: b.vars, Actions: b.actions, NumStates: N}
	if b.typ == prism.TypeSMG || b.typ == prism.TypeCSG || b.typ == prism.TypeMDP {
		g.Players = b.players
	}
	if b.typ == prism.TypeCSG {
		g.ActionOwner = make([]int32, len(b.actions))
		for i := range g.ActionOwner {
			g.ActionOwner[i] = int32(b.actionOwner[i])
		}
		g.ActionOwner[0] = -1
	}
	np := len(b.players)
	nch := len(x.chAction)
	ntr := len(x.trTarget)
	g.Values = make([]int32, 0, N*n)
	g.ChoiceStart = make([]int32, 0, N+1)
	g.TransStart = make([]int32, 0, nch+1)
	g.Target = make([]int32, 0, ntr)
	g.Prob = make([]float64, 0, ntr)
	if x.exact {
		g.ProbExact = make([]*big.Rat, 0, ntr)
	}
	if b.typ == prism.TypeCSG {
		g.Joint = make([]int32, 0, nch*np)
	} else {
		g.ChoiceAction = make([]int32, 0, nch)
	}
	if b.typ == prism.TypeSMG {
		g.Owner = make([]int32, N)
	}
	g.Deadlock = NewBitset(N)
	x.chTrans = append(x.chTrans, int32(ntr))
	for s := 0; s < N; s++ {
		old := order[s]
		g.Values = append(g.Values, st.state(old)...)
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		if x.stDead[old] {
			g.Deadlock.Set(s)
		}
		if g.Owner != nil {
			g.Owner[s] = x.stOwner[old]
		}
		for c := x.stChoice[old]; c < x.stChoice[old+1]; c++ {
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			if g.Joint != nil {
				g.Joint = append(g.Joint, x.chJoint[int(c)*np:int(c+1)*np]...)
			} else {
				g.ChoiceAction = append(g.ChoiceAction, x.chAction[c])
			}
			lo := len(g.Target)
			for t := x.chTrans[c]; t < x.chTrans[c+1]; t++ {
				g.Target = append(g.Target, inv[x.trTarget[t]])
				g.Prob = append(g.Prob, x.trProb[t])
				if x.exact {
					g.ProbExact = append(g.ProbExact, x.trRat[t])
				}
			}
			sortTrans(g, lo, len(g.Target))
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	for _, i := range initial {
		g.Initial = append(g.Initial, inv[i])
	}
	slices.Sort(g.Initial)
	g.Initial = slices.Compact(g.Initial)
	x.labelsAndRewards(g, order)
	return g
}

// sortTrans sorts the transitions [lo,hi) by target (insertion sort; the
// ranges are short).
func sortTrans(g *Game, lo, hi int) {
	for i := lo + 1; i < hi; i++ {
		for j := i; j > lo && g.Target[j] < g.Target[j-1]; j-- {
			g.Target[j], g.Target[j-1] = g.Target[j-1], g.Target[j]
			g.Prob[j], g.Prob[j-1] = g.Prob[j-1], g.Prob[j]
			if g.ProbExact != nil {
				g.ProbExact[j], g.ProbExact[j-1] = g.ProbExact[j-1], g.ProbExact[j]
			}
		}
	}
}

func (x *explorer) labelsAndRewards(g *Game, order []int32) {
	b := x.b
	N := g.NumStates
	for _, l := range b.labels {
		bs := NewBitset(N)
		for s := 0; s < N; s++ {
			if l.f(g.State(s)) {
				bs.Set(s)
			}
		}
		g.Labels = append(g.Labels, Label{Name: l.name, States: bs})
	}
	np := len(b.players)
	joint := make([]int32, 0, np)
	for ri := range b.rewards {
		r := &b.rewards[ri]
		rw := Rewards{Name: r.name}
		if r.hasS {
			rw.State = make([]float64, N)
			for s := 0; s < N; s++ {
				rw.State[s] = b.stateReward(r, g.State(s))
			}
		}
		if r.hasT {
			rw.Trans = make([]float64, g.NumChoices())
			for s := 0; s < N; s++ {
				if g.Deadlock.Has(s) {
					continue
				}
				lo, hi := g.Choices(s)
				for c := lo; c < hi; c++ {
					var act int32
					if g.Joint != nil {
						joint = joint[:0]
						for _, a := range g.Joint[c*np : (c+1)*np] {
							if a != 0 {
								joint = append(joint, a)
							}
						}
					} else {
						act = g.ChoiceAction[c]
					}
					if g.Type == prism.TypeDTMC {
						rw.Trans[c] = x.mixedReward(r, g.State(s), order[s])
						continue
					}
					rw.Trans[c] = b.transReward(r, g.State(s), act, joint)
				}
			}
		}
		rw.Negative = r.neg
		g.Rewards = append(g.Rewards, rw)
	}
}

// mixedReward is the transition reward of a dtmc state's one choice: the
// rewards of the commands merged into it, each of its own action,
// weighted by their shares of the probability (PRISM's expected reward of
// the step).
func (x *explorer) mixedReward(r *creward, s []int32, old int32) float64 {
	lo, hi := int(x.mixStart[old]), len(x.mixAct)
	if int(old)+1 < len(x.mixStart) {
		hi = int(x.mixStart[old+1])
	}
	sum := 0.0
	for k := lo; k < hi; k++ {
		if v := x.b.transReward(r, s, x.mixAct[k], nil); v != 0 {
			sum += x.mixW[k] * v
		}
	}
	return sum
}
