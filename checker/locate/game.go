package locate

import (
	"fmt"

	"github.com/onus-mc/onus/translate"
)

// Kind is the shape of an objective (SPEC §12.2).
type Kind uint8

// Objective kinds over a state set φ.
const (
	Reach Kind = iota // F φ
	Safe              // G φ
	Buchi             // G F φ
)

func (k Kind) String() string {
	switch k {
	case Reach:
		return "F"
	case Safe:
		return "G"
	}
	return "G F"
}

// Objective is what P1 wants, over the states of the model: Target holds φ.
// Value asks for the game's value (Pmax=?) instead of whether P1 wins with
// probability 1 (P>=1); it applies to Reach and Safe only.
type Objective struct {
	Kind   Kind
	Target []bool
	Value  bool
}

// Mode says which cooperative game is played.
type Mode uint8

// Modes: the forward game, and the backward game of a counterexample with
// the states off it held by the adversary (pessimistic) or by P1
// (optimistic).
const (
	Forward Mode = iota
	Pessimistic
	Optimistic
)

func (m Mode) String() string {
	switch m {
	case Pessimistic:
		return "pessimistic"
	case Optimistic:
		return "optimistic"
	}
	return "forward"
}

// Owner is who holds a state that belongs to no group of the coalition.
type Owner int8

// Owners of the two-player games.
const (
	P1 Owner = 0 // the objective player
	P2 Owner = 1 // the adversary
)

// Group is one player of the cooperative game: a named set of states.
type Group struct {
	Name   string
	States []int32
}

// Game is one cooperative game: the model, its players and the objective.
type Game struct {
	G    *translate.Game
	Init int
	Obj  Objective
	Mode Mode
	// Path is the counterexample ρ (backward modes): states from the
	// initial state to a state violating Obj (a Safe objective).
	Path []int32
	// Groups are the players. A state may lie in several groups (backward
	// label groups); it belongs to P1 when one of them is in the coalition.
	Groups []Group
	// Players makes the groups the game's own players (smg, csg, mdp), in
	// order: Groups[p] is player p, and a coalition of players is P1 as in
	// <<C>> (in a csg the coalition's actions, not whole states).
	Players bool
	// Ungrouped holds, per state, the owner of a state in no group (nil:
	// P1 everywhere, the dummies of SPEC §12.1). Backward games decide
	// themselves (ρ and the mode).
	Ungrouped []Owner
}

// check reports an inconsistent game (a caller's bug or bad input the
// entry should have refused).
func (gm *Game) check() error {
	g := gm.G
	n := g.NumStates
	if gm.Init < 0 || gm.Init >= n {
		return fmt.Errorf("initial state %d out of range", gm.Init)
	}
	if len(gm.Obj.Target) != n {
		return fmt.Errorf("objective set has %d states, the model %d", len(gm.Obj.Target), n)
	}
	if gm.Obj.Value && gm.Obj.Kind == Buchi {
		return fmt.Errorf("the value of G F objectives is not supported")
	}
	for _, gr := range gm.Groups {
		for _, s := range gr.States {
			if s < 0 || int(s) >= n {
				return fmt.Errorf("group %s: state %d out of range", gr.Name, s)
			}
		}
	}
	if gm.Mode != Forward {
		if gm.Obj.Kind != Safe || gm.Obj.Value {
			return fmt.Errorf("a counterexample explains a P>=1 [G φ] objective only")
		}
		if len(gm.Path) == 0 {
			return fmt.Errorf("empty counterexample")
		}
	}
	return nil
}
