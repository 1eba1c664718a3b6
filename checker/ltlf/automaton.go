package ltlf

import "encoding/binary"

// Automaton is the deterministic automaton of one outcome formula over the
// letters (truth vectors of its atoms) that occur in the game. Its states
// are the formula's residuals, explored on demand by Prog; two automata of
// one Factory share their residual ids.
type Automaton struct {
	fac       *Factory
	init      int32   // the formula
	letterOf  []int32 // per game state
	letters   [][]uint64
	progMemo  map[uint64]int32
	closeMemo map[uint64]int32 // ProgDue
	finMemo   map[uint64]bool
	dueMemo   map[int32]int32
}

// StateSet is a set of game states, the meaning of one atom.
type StateSet interface{ Has(s int) bool }

// NewAutomaton returns the automaton of formula (an id of f whose atom i
// means atoms[i]) over a game of nstates states: each state's letter is the
// truth vector of the atoms there, and states with equal vectors share one
// letter.
func NewAutomaton(f *Factory, formula int32, atoms []StateSet, nstates int) *Automaton {
	a := &Automaton{
		fac:       f,
		init:      formula,
		letterOf:  make([]int32, nstates),
		progMemo:  map[uint64]int32{},
		closeMemo: map[uint64]int32{},
		finMemo:   map[uint64]bool{},
		dueMemo:   map[int32]int32{},
	}
	nw := (len(atoms) + 63) / 64
	index := map[string]int32{}
	word := make([]uint64, nw)
	kb := make([]byte, 0, 8*nw)
	for s := 0; s < nstates; s++ {
		clear(word)
		for i, set := range atoms {
			if set.Has(s) {
				word[i>>6] |= 1 << (uint(i) & 63)
			}
		}
		kb = kb[:0]
		for _, w := range word {
			kb = binary.LittleEndian.AppendUint64(kb, w)
		}
		id, ok := index[string(kb)]
		if !ok {
			id = int32(len(a.letters))
			a.letters = append(a.letters, append([]uint64(nil), word...))
			index[string(kb)] = id
		}
		a.letterOf[s] = id
	}
	if len(a.letters) == 0 {
		a.letters = append(a.letters, make([]uint64, nw))
	}
	return a
}

// Init returns the automaton's initial state: the formula itself.
func (a *Automaton) Init() int32 { return a.init }

// Letter returns the letter game state s reads.
func (a *Automaton) Letter(s int) int32 { return a.letterOf[s] }

// Factory returns the factory the automaton's states belong to.
func (a *Automaton) Factory() *Factory { return a.fac }

func memoKey(id, letter int32) uint64 { return uint64(uint32(id))<<32 | uint64(uint32(letter)) }

func (a *Automaton) has(letter int32, atom int32) bool {
	w := a.letters[letter]
	return w[atom>>6]&(1<<(uint(atom)&63)) != 0
}

// Prog returns the residual of id after reading letter, at a position
// before Due(id) (every deadline of id is still ahead).
func (a *Automaton) Prog(id, letter int32) int32 { return a.prog(id, letter, false) }

// prog is Prog, or with closing ProgDue: the deadlines equal to Due(id)
// are reached at this position.
func (a *Automaton) prog(id, letter int32, closing bool) int32 {
	if id == True || id == False {
		return id
	}
	memo := a.progMemo
	if closing {
		memo = a.closeMemo
	}
	mk := memoKey(id, letter)
	if r, ok := memo[mk]; ok {
		return r
	}
	f := a.fac
	n := f.nodes[id]
	// sub progresses an operand of a boolean node, which closes with id
	// only if it holds a deadline equal to id's Due.
	sub := func(x int32) int32 {
		return a.prog(x, letter, closing && a.Due(x) == a.Due(id))
	}
	var r int32
	switch n.kind {
	case fAtom:
		r = False
		if a.has(letter, n.a) {
			r = True
		}
	case fNot:
		r = f.Not(a.Prog(n.a, letter))
	case fAnd, fOr:
		xs := make([]int32, len(n.list))
		for i, x := range n.list {
			xs[i] = sub(x)
		}
		if n.kind == fAnd {
			r = f.And(xs...)
		} else {
			r = f.Or(xs...)
		}
	case fX, fWX:
		r = n.a
	default:
		r = a.progTemporal(n, id, letter, closing)
	}
	memo[mk] = r
	return r
}

// progTemporal progresses a temporal node: what holds now, and the rest
// of the window from the next position. A relative bound shrinks by one;
// a deadline stays (the node itself) until it closes, when the window is
// the current position only.
func (a *Automaton) progTemporal(n fnode, id, letter int32, closing bool) int32 {
	f := a.fac
	if closing {
		if n.kind == F || n.kind == G {
			return a.Prog(f.Temporal(n.kind, 0, 0, n.a), letter)
		}
		return a.Prog(f.Temporal(n.kind, 0, n.a, n.b), letter)
	}
	rest := id
	if !n.abs {
		if n.kind == F || n.kind == G {
			rest = f.Temporal(n.kind, dec(n.k), 0, n.a)
		} else {
			rest = f.Temporal(n.kind, dec(n.k), n.a, n.b)
		}
	}
	switch n.kind {
	case F:
		return f.Or(a.Prog(n.a, letter), rest)
	case G:
		return f.And(a.Prog(n.a, letter), rest)
	case U, W:
		return f.Or(a.Prog(n.b, letter), f.And(a.Prog(n.a, letter), rest))
	}
	// R
	return f.And(a.Prog(n.b, letter), f.Or(a.Prog(n.a, letter), rest))
}

// dec lowers a bound by one step (k ≥ 1 here; Unbounded stays).
func dec(k int32) int32 {
	if k == Unbounded {
		return k
	}
	return k - 1
}

// Final reports whether id holds at the last position of a history, where
// that position reads letter.
func (a *Automaton) Final(id, letter int32) bool {
	switch id {
	case True:
		return true
	case False:
		return false
	}
	mk := memoKey(id, letter)
	if r, ok := a.finMemo[mk]; ok {
		return r
	}
	n := a.fac.nodes[id]
	var r bool
	switch n.kind {
	case fAtom:
		r = a.has(letter, n.a)
	case fNot:
		r = !a.Final(n.a, letter)
	case fAnd:
		r = true
		for _, x := range n.list {
			if !a.Final(x, letter) {
				r = false
				break
			}
		}
	case fOr:
		for _, x := range n.list {
			if a.Final(x, letter) {
				r = true
				break
			}
		}
	case fX:
		r = false
	case fWX:
		r = true
	case F, G:
		r = a.Final(n.a, letter)
	case U, R:
		r = a.Final(n.b, letter)
	case W:
		r = a.Final(n.b, letter) || a.Final(n.a, letter)
	}
	a.finMemo[mk] = r
	return r
}
