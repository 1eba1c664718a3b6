package resp

// This file decides a qualitative operator together with its witness
// (SPEC §10.3): the same conditions as Qualitative, in the same order, but
// the plan search returns the plan it finds and a failed "every history of
// Compat_J(π) satisfies ψ" returns the history that violates ψ.

import "github.com/onus-mc/onus/checker/hist"

// Cause says why a coalition's conditions fail.
type Cause int

// The causes of a failed condition.
const (
	NoCause   Cause = iota // the conditions hold
	Violated               // some history of Compat_J(π) violates ψ
	NoAvoider              // no executable full plan agreeing with π on K avoids ψ
)

// Attempt is one coalition J tried by the operator: its conditions
// "Compat_J(π) ⊆ L_ψ" and "some executable full plan agreeing with π on K
// has all its histories violating ψ".
type Attempt struct {
	J, K    uint64 // the coalition whose plan part must force ψ, and whose part the deviation keeps
	Cause   Cause
	History *hist.Path // Violated: the counterexample of Compat_J(π)
	Plan    *Plan      // NoCause: the deviation
}

// Verdict is a qualitative operator's value with its witness. Attempts
// holds, for CAR and CPR, the one condition pair; for CCR, first the
// check of Compat_Ag(π) (only when it fails, with J = Ag and no K), then
// every coalition tried, in increasing mask order, up to the first that
// holds.
type Verdict struct {
	Holds    bool
	Attempts []Attempt
}

// Explain decides the operator like Qualitative and returns its witness.
func (q *Query) Explain() *Verdict {
	i := uint64(1) << uint(q.Agent)
	all := q.all()
	v := &Verdict{}
	switch q.Kind {
	case CAR:
		a := q.attempt(i, 0)
		v.Holds, v.Attempts = a.Cause == NoCause, []Attempt{a}
	case CPR:
		a := q.attempt(all, all&^i)
		v.Holds, v.Attempts = a.Cause == NoCause, []Attempt{a}
	default:
		if !q.Holds(all) {
			v.Attempts = []Attempt{{J: all, K: all, Cause: Violated, History: q.violation(all)}}
			return v
		}
		for _, j := range q.Coalitions() {
			a := q.attempt(j, j&^i)
			v.Attempts = append(v.Attempts, a)
			if a.Cause == NoCause {
				v.Holds = true
				break
			}
		}
	}
	return v
}

// attempt checks Compat_J(π) ⊆ L_ψ, then searches a plan agreeing with π
// on K.
func (q *Query) attempt(j, k uint64) Attempt {
	a := Attempt{J: j, K: k}
	if !q.Holds(j) {
		a.Cause, a.History = Violated, q.violation(j)
		return a
	}
	if a.Plan = q.AvoidingPlan(k); a.Plan == nil {
		a.Cause = NoAvoider
	}
	return a
}

// violation returns the counterexample history of Compat_J(π).
func (q *Query) violation(j uint64) *hist.Path {
	return q.Product.Violation(q.Start, q.Steps, q.T, q.Compat(j))
}
