package certify

import "github.com/onus-mc/onus/checker/equil"

// status is where an objective stands on entering a state.
type status int8

const (
	open   status = iota // still undecided
	done                 // met (or, for bounded rewards, its bound reached)
	failed               // can no longer be met
)

// objective reads an equil.Objective by its definition.
type objective struct {
	o *equil.Objective
}

// bounded says whether the objective ends at a step bound.
func (b objective) bounded() bool {
	switch b.o.Kind {
	case equil.Next, equil.Inst, equil.Cumul:
		return true
	}
	return b.o.Bounded
}

// bound is the step at which a bounded objective is decided at the latest.
func (b objective) bound() int {
	if b.o.Kind == equil.Next {
		return 1
	}
	return b.o.Bound
}

func (b objective) target(s int) bool { return b.o.Target != nil && b.o.Target.Has(s) }

func (b objective) left(s int) bool { return b.o.Left == nil || b.o.Left.Has(s) }

// accumulates says whether the objective collects rewards step by step
// while it is undecided.
func (b objective) accumulates() bool { return b.o.Kind == equil.Cumul || b.o.Kind == equil.Reach }

func (b objective) stateRew(s int) float64 {
	if b.o.StateRew == nil {
		return 0
	}
	return b.o.StateRew[s]
}

func (b objective) transRew(c int) float64 {
	if b.o.TransRew == nil {
		return 0
	}
	return b.o.TransRew[c]
}

// status says where the objective stands on entering s after t steps:
//
//   - P[l U≤k φ] (k = ∞ without a bound): met on entering a φ state, failed
//     on entering a state outside l and φ or at step k outside φ;
//   - P[X φ]: decided at step 1 by φ;
//   - R[I=k], R[C≤k]: decided at step k;
//   - R[F φ]: met on entering a φ state.
func (b objective) status(s, t int) status {
	switch b.o.Kind {
	case equil.Until:
		switch {
		case b.target(s):
			return done
		case !b.left(s), b.o.Bounded && t >= b.o.Bound:
			return failed
		}
	case equil.Next:
		switch {
		case t == 0:
			return open
		case b.target(s):
			return done
		}
		return failed
	case equil.Inst, equil.Cumul:
		if t >= b.o.Bound {
			return done
		}
	case equil.Reach:
		if b.target(s) {
			return done
		}
	}
	return open
}

// payoff is what the objective pays on being decided in s: 1 for a met
// probability objective, the state reward of s for R[I=k], nothing else
// (rewards accumulate before).
func (b objective) payoff(s int, st status) float64 {
	switch b.o.Kind {
	case equil.Until, equil.Next:
		if st == done {
			return 1
		}
	case equil.Inst:
		return b.stateRew(s)
	}
	return 0
}
