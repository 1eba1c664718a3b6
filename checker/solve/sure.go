package solve

import (
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// CPre reports whether the coalition can make sure, with one deterministic
// joint action and against every response and every probabilistic
// outcome, that the next arena state is in z.
func (sv *Solver) CPre(i int, z []bool) bool {
	g := sv.a.g
	s := sv.a.state(i)
	lo, hi := g.Choices(s)
	if lo == hi {
		return false
	}
	tg, base := sv.a.targets(i)
	safe := func(ch int) bool {
		tlo, thi := g.Transitions(ch)
		for t := tlo; t < thi; t++ {
			if !z[tg[t-base]] {
				return false
			}
		}
		return true
	}
	if sv.v.csg {
		bad := make([]bool, sv.v.nrows[s])
		for ch := lo; ch < hi; ch++ {
			if !safe(ch) {
				bad[sv.v.row[ch]] = true
			}
		}
		for _, b := range bad {
			if !b {
				return true
			}
		}
		return false
	}
	exists := sv.v.inCoalition(s)
	for ch := lo; ch < hi; ch++ {
		ok := safe(ch)
		if exists && ok {
			return true
		}
		if !exists && !ok {
			return false
		}
	}
	return !exists
}

// SureReach is the least fixpoint Z = target ∪ (allowed ∩ CPre(Z)), after k
// rounds or to the fixpoint when k is unbounded.
func (sv *Solver) SureReach(allowed, target []bool, k int64) []bool {
	z := append([]bool(nil), target...)
	f := func(i int, z []bool) bool { return target[i] || (allowed[i] && sv.CPre(i, z)) }
	if k == Unbounded {
		sv.a.grow(z, func(i int) bool { return f(i, z) })
		return z
	}
	return sv.iterateSets(z, k, f)
}

// SureWeak is the greatest fixpoint Z = b ∪ (a ∩ CPre(Z)) of a W b (bounded:
// k rounds from a ∪ b).
func (sv *Solver) SureWeak(a, b []bool, k int64) []bool {
	z := make([]bool, len(a))
	for i := range z {
		z[i] = a[i] || b[i]
	}
	f := func(i int, z []bool) bool { return b[i] || (a[i] && sv.CPre(i, z)) }
	if k == Unbounded {
		sv.a.shrink(z, func(i int) bool { return f(i, z) })
		return z
	}
	return sv.iterateSets(z, k, f)
}

// iterateSets applies f to every state k times (bounded operators), or
// until the set stops changing.
func (sv *Solver) iterateSets(z []bool, k int64, f func(int, []bool) bool) []bool {
	y := make([]bool, len(z))
	var reached int64 // to the meter every 64 steps and at the end (a limit's panic too)
	defer func() { sv.meter.Report(progress.Status{Task: "bounded iteration", Step: reached, Steps: k}) }()
	for step := int64(0); step < k; step++ {
		limit.Step()
		if reached = step + 1; reached&63 == 0 {
			sv.meter.Report(progress.Status{Task: "bounded iteration", Step: reached, Steps: k})
		}
		changed := false
		for i := range z {
			y[i] = f(i, z)
			changed = changed || y[i] != z[i]
		}
		z, y = y, z
		if !changed {
			break
		}
	}
	return z
}
