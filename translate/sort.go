package translate

import (
	"math/big"
	"slices"

	"github.com/onus-mc/onus/prism"
)

// finish makes the game of the second pass's arrays (states in PRISM's
// order already) and computes labels and rewards. order[new] is the first
// pass's index of each state, for the initial states.
func (x *explorer) finish(initial, order []int32) *Game {
	b := x.b
	st := x.st
	N := st.count
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
	g.Values = st.vals
	g.ChoiceStart = append(x.stChoice, int32(len(x.chTrans)))
	g.TransStart = append(x.chTrans, int32(len(x.trTarget)))
	g.Target = x.trTarget
	g.Prob = x.trProb
	if x.exact {
		g.ProbExact = x.trRat
	}
	if b.typ == prism.TypeCSG {
		g.Joint = x.chJoint
	} else {
		g.ChoiceAction = x.chAction
	}
	if b.typ == prism.TypeSMG {
		g.Owner = x.stOwner
	}
	g.Deadlock = NewBitset(N)
	for s, dead := range x.stDead {
		if dead {
			g.Deadlock.Set(s)
		}
	}
	inv := make([]int32, N)
	for newI, old := range order {
		inv[old] = int32(newI)
	}
	for _, i := range initial {
		g.Initial = append(g.Initial, inv[i])
	}
	slices.Sort(g.Initial)
	g.Initial = slices.Compact(g.Initial)
	x.labelsAndRewards(g)
	return g
}

// sortTrans sorts the transitions [lo,hi) by target (insertion sort; the
// ranges are short).
func sortTrans(target []int32, prob []float64, rat []*big.Rat, lo, hi int) {
	for i := lo + 1; i < hi; i++ {
		for j := i; j > lo && target[j] < target[j-1]; j-- {
			target[j], target[j-1] = target[j-1], target[j]
			prob[j], prob[j-1] = prob[j-1], prob[j]
			if rat != nil {
				rat[j], rat[j-1] = rat[j-1], rat[j]
			}
		}
	}
}

func (x *explorer) labelsAndRewards(g *Game) {
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
			if x.exact {
				rw.StateExact = make([]*big.Rat, N)
			}
			for s := 0; s < N; s++ {
				rw.State[s] = b.stateReward(r, g.State(s))
				if x.exact {
					rw.StateExact[s] = b.stateRewardRat(r, g.State(s))
				}
			}
		}
		if r.hasT {
			rw.Trans = make([]float64, g.NumChoices())
			if x.exact {
				rw.TransExact = make([]*big.Rat, g.NumChoices())
			}
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
						rw.Trans[c] = x.mixedReward(r, g.State(s), int32(s))
						if x.exact {
							rw.TransExact[c] = x.mixedRewardRat(r, g.State(s), int32(s))
						}
						continue
					}
					rw.Trans[c] = b.transReward(r, g.State(s), act, joint)
					if x.exact {
						rw.TransExact[c] = b.transRewardRat(r, g.State(s), act, joint)
					}
				}
			}
			for c, v := range rw.TransExact {
				if v == nil { // the choices of deadlock states
					rw.TransExact[c] = ratZero
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
func (x *explorer) mixedReward(r *creward, s []int32, i int32) float64 {
	lo, hi := int(x.mixStart[i]), len(x.mixAct)
	if int(i)+1 < len(x.mixStart) {
		hi = int(x.mixStart[i+1])
	}
	sum := 0.0
	for k := lo; k < hi; k++ {
		if v := x.b.transReward(r, s, x.mixAct[k], nil); v != 0 {
			sum += x.mixW[k] * v
		}
	}
	return sum
}
