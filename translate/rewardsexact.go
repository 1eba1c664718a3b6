package translate

import (
	"math"
	"math/big"
)

// Exact rewards (Config.Exact, Rewards.StateExact and TransExact): each
// item's value is evaluated again with big.Rat, as the probabilities are
// (exactmemo.go), in the states where its guard holds.

// ratZero is the shared exact 0 of the reward vectors.
var ratZero = new(big.Rat)

// rewardMemo remembers a reward item's exact values (exactmemo.go).
type rewardMemo = valMemo[*big.Rat]

// rewardRat is the exact value of item it in state s: the expression
// evaluated with big.Rat, or its float's exact value where it is not
// rational (a function of doubles).
func (b *builder) rewardRat(it *rewItem, s []int32) *big.Rat {
	// the memo (exactmemo.go): a constant is evaluated once, and equal
	// values share one big.Rat
	m := it.memo
	if m == nil {
		m = newValMemo[*big.Rat](b.exprDeps(it.expr, nil))
		it.memo = m
	}
	if !m.ok {
		return b.evalRewardRat(it, s)
	}
	if r, ok := m.lookup(s); ok {
		return r
	}
	r := b.evalRewardRat(it, s)
	m.store(r)
	return r
}

func (b *builder) evalRewardRat(it *rewItem, s []int32) *big.Rat {
	if it.expr != nil {
		in := &interp{b: b, exact: true, state: s}
		if v := in.eval(it.expr); v.Rat != nil {
			return v.Rat
		}
	}
	r := new(big.Rat)
	if f := it.value(s); !math.IsInf(f, 0) && !math.IsNaN(f) {
		r.SetFloat64(f)
	}
	return r
}

// stateRewardRat is stateReward exactly.
func (b *builder) stateRewardRat(r *creward, s []int32) *big.Rat {
	var sum *big.Rat
	for i := range r.state {
		it := &r.state[i]
		if it.guard(s) {
			sum = addRat(sum, b.rewardRat(it, s))
		}
	}
	return orZero(sum)
}

// transRewardRat is transReward exactly.
func (b *builder) transRewardRat(r *creward, s []int32, action int32, joint []int32) *big.Rat {
	var sum *big.Rat
	for i := range r.trans {
		if it := &r.trans[i]; b.transApplies(it, s, action, joint) {
			sum = addRat(sum, b.rewardRat(it, s))
		}
	}
	return orZero(sum)
}

// mixedRewardRat is mixedReward exactly: each merged command's
// transition reward weighed by its exact share of the step.
func (x *explorer) mixedRewardRat(r *creward, s []int32, i int32) *big.Rat {
	lo, hi := int(x.mixStart[i]), len(x.mixAct)
	if int(i)+1 < len(x.mixStart) {
		hi = int(x.mixStart[i+1])
	}
	var sum *big.Rat
	for j := lo; j < hi; j++ {
		v := x.b.transRewardRat(r, s, x.mixAct[j], nil)
		if v.Sign() == 0 {
			continue
		}
		if w := x.mixWRat[j]; w.sign() == 0 || w.d != 1 || w.n != 1 {
			v = new(big.Rat).Mul(v, w.rat())
		}
		sum = addRat(sum, v)
	}
	return orZero(sum)
}

// addRat returns sum+v in a new big.Rat (v when sum is nil).
func addRat(sum, v *big.Rat) *big.Rat {
	if sum == nil {
		return v
	}
	return new(big.Rat).Add(sum, v)
}

func orZero(r *big.Rat) *big.Rat {
	if r == nil || r.Sign() == 0 {
		return ratZero
	}
	return r
}
