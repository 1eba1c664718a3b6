package translate

import (
	"math"

	"github.com/onus-mc/onus/prism"
)

func (b *builder) compileLabels() {
	seen := map[string]bool{}
	for _, l := range b.mf.Labels {
		if l.Name.Name == "init" || l.Name.Name == "deadlock" {
			b.errs.Addf(b.fset, l.Name.NamePos, "label \"%s\" is built in and cannot be redefined", l.Name.Name)
			continue
		}
		if seen[l.Name.Name] {
			b.errs.Addf(b.fset, l.Name.NamePos, "label \"%s\" is defined twice", l.Name.Name)
			continue
		}
		seen[l.Name.Name] = true
		var f func([]int32) bool
		if err := b.catch(func() { f = (&compiler{b: b}).bool(l.Expr).b }); err != nil {
			b.addEvalErr(err)
			continue
		}
		b.labels = append(b.labels, clabel{name: l.Name.Name, f: f})
	}
}

func (b *builder) compileRewards() {
	names := map[string]bool{}
	for _, r := range b.mf.Rewards {
		if r.Name != "" {
			if names[r.Name] {
				b.errs.Addf(b.fset, r.Pos, "reward structure \"%s\" is defined twice", r.Name)
			}
			names[r.Name] = true
		}
		cr := creward{name: r.Name, pos: r.Pos, allowN: b.typ == prism.TypeCSG}
		for _, it := range r.Items {
			err := b.catch(func() {
				cp := &compiler{b: b}
				ri := rewItem{pos: it.Pos, guard: cp.bool(it.Guard).b, value: cp.num(it.Value).fl(), expr: it.Value}
				for _, l := range it.Labels {
					a, ok := b.actionIndex[l.Name]
					if !ok {
						fail(l.NamePos, "unknown action %s in reward structure item", l.Name)
					}
					ri.labels = append(ri.labels, a)
				}
				if it.Trans {
					cr.trans = append(cr.trans, ri)
					cr.hasT = true
				} else {
					cr.state = append(cr.state, ri)
					cr.hasS = true
				}
			})
			if err != nil {
				b.addEvalErr(err)
			}
		}
		b.rewards = append(b.rewards, cr)
	}
}

// rewardValue evaluates an item's value and checks it. A negative value
// where the model type forbids it (PRISM-games allows them in csg only) is
// recorded on r, not raised: PRISM builds a structure when a property uses
// it, so a negative structure that is never used checks fine.
func (b *builder) rewardValue(it *rewItem, r *creward, allowNeg, trans bool, s []int32) float64 {
	v := it.value(s)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		fail(it.pos, "reward value %v in state %s is not finite", v, b.stateString(s))
	}
	if v < 0 && !allowNeg && r.neg == nil {
		what := ""
		if trans {
			what = " (a transition reward)"
		}
		var l prism.ErrorList
		l.Addf(b.fset, it.pos, "Reward structure is negative (%v) at state %s%s", v, b.stateString(s), what)
		r.neg = l
	}
	return v
}

// stateReward is the state reward of structure r in state s.
func (b *builder) stateReward(r *creward, s []int32) float64 {
	sum := 0.0
	for i := range r.state {
		it := &r.state[i]
		if it.guard(s) {
			sum += b.rewardValue(it, r, r.allowN, false, s)
		}
	}
	return sum
}

// transReward is the transition reward of a choice with the given action
// (mdp/smg/dtmc) or joint action set (csg; joint holds action indices of
// acting players).
func (b *builder) transReward(r *creward, s []int32, action int32, joint []int32) float64 {
	sum := 0.0
	for i := range r.trans {
		if it := &r.trans[i]; b.transApplies(it, s, action, joint) {
			sum += b.rewardValue(it, r, r.allowN, true, s)
		}
	}
	return sum
}

// transApplies reports whether transition reward item it counts for a
// choice with the given action (mdp/smg/dtmc; unlabelled items go with
// the unlabelled action 0) or joint action set (csg) in state s: its
// labels match and its guard holds.
func (b *builder) transApplies(it *rewItem, s []int32, action int32, joint []int32) bool {
	if b.typ == prism.TypeCSG {
		if !subsetOf(it.labels, joint) {
			return false
		}
	} else {
		a := int32(0)
		if len(it.labels) > 0 {
			a = int32(it.labels[0])
		}
		if a != action {
			return false
		}
	}
	return it.guard(s)
}

func subsetOf(labels []int, joint []int32) bool {
	for _, l := range labels {
		found := false
		for _, j := range joint {
			if int(j) == l {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
