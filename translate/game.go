package translate

import (
	"math/big"
	"math/bits"

	"github.com/onus-mc/onus/prism"
)

// Game is the explicit game built from a model: the interface between the
// translator and the checker. It is compact (CSR-style arrays) and read-only
// once built.
//
// States are numbered as PRISM numbers them: sorted by valuation (§4.12 of
// the reference). The choices of state s are ChoiceStart[s] ..
// ChoiceStart[s+1]-1, in PRISM's order (csg: by joint action, see Joint).
// The transitions of choice c are TransStart[c] .. TransStart[c+1]-1,
// sorted by target, one per distinct target.
type Game struct {
	Type prism.ModelType // TypeDTMC, TypeMDP, TypeSMG (also for stpg) or TypeCSG

	Vars []Var // variable order: globals, then module locals in module order

	// Players are the player names in declaration order (smg/csg). An mdp
	// has the single player "1"; a dtmc has none.
	Players []string

	// Actions lists the action labels by PRISM's 1-based action index;
	// Actions[0] is "" and stands for "unlabelled" (mdp/smg) or "idle" (csg).
	Actions []string
	// ActionOwner gives, in a csg, the 0-based player that owns each action
	// (-1 for index 0 and for actions no player owns). nil for other types.
	ActionOwner []int32

	NumStates int
	// Values holds the valuation of state s at Values[s*len(Vars) : (s+1)*len(Vars)];
	// booleans are 0 and 1.
	Values []int32
	// Initial lists the initial states, ascending.
	Initial []int32

	ChoiceStart []int32 // len NumStates+1
	// Owner is, in an smg, the 0-based player owning each state. nil otherwise.
	Owner []int32
	// ChoiceAction is, in dtmc/mdp/smg, the action index of each choice
	// (0 for unlabelled choices and deadlock loops). nil in a csg.
	ChoiceAction []int32
	// Joint is, in a csg, the joint action of each choice: len(Players)
	// entries per choice, the action index each player takes (0 = idle).
	// Choices of a state are ordered lexicographically by this tuple. nil
	// for other types.
	Joint []int32

	TransStart []int32 // len NumChoices+1
	Target     []int32
	Prob       []float64
	// ProbExact holds the exact probability of each transition when the
	// model was built with Config.Exact; nil otherwise. Transitions with
	// the same probability share one big.Rat: read them, never modify.
	ProbExact []*big.Rat

	// Labels are the model's labels in file order (not "init"/"deadlock").
	Labels []Label
	// Deadlock marks states that had no choice before deadlock fixing.
	Deadlock Bitset

	Rewards []Rewards
}

// Var describes one state variable.
type Var struct {
	Name   string
	Bool   bool
	Lo, Hi int32 // declared range (for bool: 0..1; unbounded int: math.MinInt32..MaxInt32)
}

// Label is a named set of states.
type Label struct {
	Name   string
	States Bitset
}

// Rewards is one reward structure: State per state (nil if it has no state
// items), Trans per choice (nil if it has no transition items).
type Rewards struct {
	Name  string // "" if unnamed
	State []float64
	Trans []float64
	// StateExact and TransExact are State and Trans as exact rationals
	// (Config.Exact only; nil entries are 0, nil slices: none or not
	// exact). A value is evaluated with big.Rat as written (a decimal
	// literal is its decimal fraction), a function of doubles is the
	// float's exact value. On a dtmc a choice merged from several
	// commands weighs each command's transition reward by its exact
	// share of the step. The entries are shared: do not modify them.
	StateExact []*big.Rat
	TransExact []*big.Rat
	// Negative is the positioned error of the first negative value where
	// the model type forbids one; a property that uses the structure
	// reports it.
	Negative error
}

// NumChoices returns the total number of choices.
func (g *Game) NumChoices() int { return len(g.TransStart) - 1 }

// NumTransitions returns the total number of transitions (distinct targets
// summed over choices), PRISM's "Transitions".
func (g *Game) NumTransitions() int { return len(g.Target) }

// Choices returns the range [lo, hi) of the choice indices of state s.
func (g *Game) Choices(s int) (lo, hi int) { return int(g.ChoiceStart[s]), int(g.ChoiceStart[s+1]) }

// Transitions returns the range [lo, hi) of the transitions of choice c.
func (g *Game) Transitions(c int) (lo, hi int) { return int(g.TransStart[c]), int(g.TransStart[c+1]) }

// State returns the valuation of state s (a slice of Values; do not modify).
func (g *Game) State(s int) []int32 {
	n := len(g.Vars)
	return g.Values[s*n : (s+1)*n : (s+1)*n]
}

// Label returns the label with the given name (including the built-in
// "init" and "deadlock"), or nil.
func (g *Game) Label(name string) Bitset {
	switch name {
	case "init":
		b := NewBitset(g.NumStates)
		for _, s := range g.Initial {
			b.Set(int(s))
		}
		return b
	case "deadlock":
		return g.Deadlock
	}
	for _, l := range g.Labels {
		if l.Name == name {
			return l.States
		}
	}
	return nil
}

// PlayerIndex resolves a player by name or 1-based index; -1 if unknown.
func (g *Game) PlayerIndex(ref prism.PlayerRef) int {
	if ref.Name == "" {
		if ref.Index >= 1 && ref.Index <= len(g.Players) {
			return ref.Index - 1
		}
		return -1
	}
	for i, p := range g.Players {
		if p == ref.Name {
			return i
		}
	}
	return -1
}

// Bitset is a set of small non-negative integers (state indices).
type Bitset []uint64

// NewBitset returns an empty set able to hold 0..n-1.
func NewBitset(n int) Bitset { return make(Bitset, (n+63)/64) }

// Has reports whether i is in the set.
func (b Bitset) Has(i int) bool {
	w := i >> 6
	return w < len(b) && b[w]&(1<<(uint(i)&63)) != 0
}

// Set adds i (which must be below the capacity).
func (b Bitset) Set(i int) { b[i>>6] |= 1 << (uint(i) & 63) }

// Clear removes i.
func (b Bitset) Clear(i int) { b[i>>6] &^= 1 << (uint(i) & 63) }

// Count returns the number of members.
func (b Bitset) Count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// Value is the value of a constant expression. Rat is set, in exact mode,
// for int and double values that are rational; it is nil otherwise.
type Value struct {
	Type prism.ConstType
	I    int64
	F    float64
	B    bool
	Rat  *big.Rat
}

// Float returns the value as a float64 (ints converted).
func (v Value) Float() float64 {
	if v.Type == prism.TInt {
		return float64(v.I)
	}
	return v.F
}
