package naive

import (
	"fmt"
	"math/big"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Model is what the enumerator needs besides the game: how to turn an atom
// of an outcome formula into a set of states, how to evaluate a constant
// expression (time bounds, repetition counts, behaviour weights), and the
// behaviour declarations (players without one act uniformly).
type Model struct {
	Game       *translate.Game
	Atom       func(e prism.Expr) (translate.Bitset, error)
	Const      func(e prism.Expr) (translate.Value, error)
	Behaviours []*prism.BehaviourDecl
}

// History is one element of Hist_T: States[0..T] and the choice (a global
// choice index of the game, so a joint action) taken at each step 0..T-1,
// with its probability under the behaviour profile.
type History struct {
	States  []int
	Choices []int
	Prob    float64
	Exact   *big.Rat
}

// Enum holds Hist_T of a model from its initial state.
type Enum struct {
	m    *Model
	g    *translate.Game
	T    int
	Hist []History

	// beta[s][p][c-lo] is the probability that player p picks its part of
	// the local choice c of state s (float and exact).
	beta  [][][]float64
	betaR [][][]*big.Rat

	sat map[satKey][]bool

	failed map[string]bool // ViolatingPlan's memo of (step, history set)

	// Free reads the sets Compat_J(π) as Compat^free_J(π) (SPEC §13): a
	// player whose planned action is not enabled acts freely at that step.
	// ViolatingPlan does not depend on it (full plans must be executable).
	Free bool
}

type satKey struct {
	psi  prism.Expr
	from int
}

// New enumerates Hist_T from the single initial state of the game. It fails
// if there is not exactly one initial state, if T < 1, or if a behaviour
// gives weight 0 to every enabled action of a player in some state.
func New(m *Model, T int) (*Enum, error) {
	g := m.Game
	if len(g.Initial) != 1 {
		return nil, fmt.Errorf("naive: %d initial states, need exactly one", len(g.Initial))
	}
	if T < 1 {
		return nil, fmt.Errorf("naive: horizon %d < 1", T)
	}
	e := &Enum{m: m, g: g, T: T, sat: map[satKey][]bool{}}
	if err := e.behaviour(); err != nil {
		return nil, err
	}
	s0 := int(g.Initial[0])
	var walk func(states, choices []int, p float64, r *big.Rat)
	walk = func(states, choices []int, p float64, r *big.Rat) {
		if len(choices) == T {
			e.Hist = append(e.Hist, History{
				States:  append([]int(nil), states...),
				Choices: append([]int(nil), choices...),
				Prob:    p,
				Exact:   new(big.Rat).Set(r),
			})
			return
		}
		s := states[len(states)-1]
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			pb, rb := e.jointProb(s, c)
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				pt := g.Prob[t]
				rt := e.transExact(t)
				if pt <= 0 {
					continue
				}
				np := p * pb * pt
				nr := new(big.Rat).Mul(r, rb)
				nr.Mul(nr, rt)
				walk(append(states, int(g.Target[t])), append(choices, c), np, nr)
			}
		}
	}
	walk([]int{s0}, nil, 1, big.NewRat(1, 1))
	return e, nil
}

// transExact is the exact probability of transition t: ProbExact if the
// game has it, else the float converted exactly.
func (e *Enum) transExact(t int) *big.Rat {
	if e.g.ProbExact != nil && e.g.ProbExact[t] != nil {
		return e.g.ProbExact[t]
	}
	return new(big.Rat).SetFloat64(e.g.Prob[t])
}

// jointProb is β(s)(α) = Π_p β_p(s)(α_p) for the local choice c of s.
func (e *Enum) jointProb(s, c int) (float64, *big.Rat) {
	lo, _ := e.g.Choices(s)
	p := 1.0
	r := big.NewRat(1, 1)
	for pl := range e.beta[s] {
		p *= e.beta[s][pl][c-lo]
		r.Mul(r, e.betaR[s][pl][c-lo])
	}
	return p, r
}

// PlayerAction returns the action of player p in choice c of state s: in a
// csg the action index from Joint (0 = idle); in an smg the local choice
// index for the owner and -1 (idle) for everybody else; in an mdp the local
// choice index.
func (e *Enum) PlayerAction(s, c, p int) int {
	g := e.g
	lo, _ := g.Choices(s)
	switch {
	case g.Joint != nil:
		return int(g.Joint[c*len(g.Players)+p])
	case g.Owner != nil:
		if int(g.Owner[s]) == p {
			return c - lo
		}
		return -1
	default:
		return c - lo
	}
}

// actionName is the label of an action as PlayerAction returns it.
func (e *Enum) actionName(s, a int) string {
	g := e.g
	if g.Joint != nil {
		return g.Actions[a]
	}
	if a < 0 {
		return ""
	}
	lo, _ := g.Choices(s)
	return g.Actions[g.ChoiceAction[lo+a]]
}

// behaviour fills beta: for each state and player, the distribution over
// the player's enabled actions, spread onto the choices of the state.
func (e *Enum) behaviour() error {
	g := e.g
	np := len(g.Players)
	decl := make([]*prism.BehaviourDecl, np)
	for _, b := range e.m.Behaviours {
		p := g.PlayerIndex(b.Player)
		if p < 0 {
			return fmt.Errorf("naive: behaviour for unknown player %+v", b.Player)
		}
		if decl[p] != nil {
			return fmt.Errorf("naive: two behaviours for player %s", g.Players[p])
		}
		decl[p] = b
	}
	e.beta = make([][][]float64, g.NumStates)
	e.betaR = make([][][]*big.Rat, g.NumStates)
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		e.beta[s] = make([][]float64, np)
		e.betaR[s] = make([][]*big.Rat, np)
		for p := 0; p < np; p++ {
			// The enabled actions of p in s, in order of first appearance.
			var acts []int
			seen := map[int]bool{}
			for c := lo; c < hi; c++ {
				a := e.PlayerAction(s, c, p)
				if !seen[a] {
					seen[a] = true
					acts = append(acts, a)
				}
			}
			wf := map[int]float64{}
			wr := map[int]*big.Rat{}
			idleOnly := len(acts) == 1 && (acts[0] == -1 || (g.Joint != nil && acts[0] == 0))
			if decl[p] == nil || idleOnly {
				for _, a := range acts {
					wf[a] = 1 / float64(len(acts))
					wr[a] = big.NewRat(1, int64(len(acts)))
				}
			} else {
				sumF := 0.0
				sumR := new(big.Rat)
				for _, a := range acts {
					f, r, err := e.weight(decl[p], s, a)
					if err != nil {
						return err
					}
					wf[a], wr[a] = f, r
					sumF += f
					sumR.Add(sumR, r)
				}
				if sumR.Sign() == 0 {
					return fmt.Errorf("naive: behaviour of player %s gives weight 0 to every enabled action in state %d", g.Players[p], s)
				}
				for _, a := range acts {
					wf[a] /= sumF
					wr[a] = new(big.Rat).Quo(wr[a], sumR)
				}
			}
			e.beta[s][p] = make([]float64, hi-lo)
			e.betaR[s][p] = make([]*big.Rat, hi-lo)
			for c := lo; c < hi; c++ {
				a := e.PlayerAction(s, c, p)
				e.beta[s][p][c-lo] = wf[a]
				e.betaR[s][p][c-lo] = wr[a]
			}
		}
	}
	return nil
}

// weight is the weight a behaviour gives to action a of its player in s:
// the listed weight of the action's name; else (smg, mdp) the weight of its
// index #k; 0 if neither is listed.
func (e *Enum) weight(b *prism.BehaviourDecl, s, a int) (float64, *big.Rat, error) {
	name := e.actionName(s, a)
	var found *prism.ActionWeight
	for i, w := range b.Weights {
		if name != "" && w.Action.Name == name {
			found = &b.Weights[i]
			break
		}
	}
	if found == nil && e.g.Joint == nil {
		for i, w := range b.Weights {
			if w.Action.Index == a && w.Action.Name == "" {
				found = &b.Weights[i]
				break
			}
		}
	}
	if found == nil {
		return 0, new(big.Rat), nil
	}
	v, err := e.m.Const(found.Weight)
	if err != nil {
		return 0, nil, err
	}
	r := v.Rat
	if r == nil {
		r = new(big.Rat).SetFloat64(v.Float())
	}
	if v.Float() < 0 {
		return 0, nil, fmt.Errorf("naive: negative weight")
	}
	return v.Float(), r, nil
}
