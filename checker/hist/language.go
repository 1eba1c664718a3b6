package hist

import "math/big"

// Language is one set of histories of length Horizon from the initial
// state: those in Compat_J(π) that satisfy (or, if Negated, violate) the
// outcome.
type Language struct {
	Name      string   // file-name safe: L_psi, L_not_psi, L_plus, L_minus, L_plus_J_p1_p2, L_minus_J_p1_p2
	Meaning   string   // e.g. "Compat_{p1}(pi) ∩ L_psi"
	Coalition []string // the players of J (empty: no filter)
	Negated   bool     // violating histories (L_¬ψ side)
	Horizon   int
	Count     *big.Int
	Prob      float64
	ProbExact *big.Rat // only for exact models

	m     *Model
	steps []*Step
	mask  uint64
}

// NewLanguage returns the language of histories of length T whose joint
// actions agree with the plan steps on the players of mask j (the side
// and the measures are the caller's to fill from a Pass of the same
// query).
func NewLanguage(m *Model, steps []*Step, j uint64, T int) *Language {
	return &Language{Horizon: T, m: m, steps: steps, mask: j}
}

// Allowed reports whether the joint action of choice ch (a global choice
// index of the game) agrees with the plan on the coalition at step k
// (0-based); a choice that is not allowed leads to the sink.
func (l *Language) Allowed(k, ch int) bool {
	if k < 0 || k >= len(l.steps) {
		return true
	}
	b := l.m.Allowed(l.steps[k], l.mask)
	return b == nil || b.Has(ch)
}

// Model returns the model the language's histories are taken in.
func (l *Language) Model() *Model { return l.m }
