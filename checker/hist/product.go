package hist

import (
	"math"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
)

// Product is the product of the game and one outcome automaton, explored
// on demand from the pairs (s, ψ) of the start states asked for. A product
// state (s, q) says: the history is in game state s and q must hold from
// here on. Its successors, one per transition of s (in the game's order),
// are (target, prog(q, letter(s))); it accepts a history ending in it when
// final(q, letter(s)).
//
// Deadlines (ltlf.Anchor) tie some bounds to the step counter: a state
// whose Due position is t takes, at step t only, the successors of
// ltlf.Automaton.ProgDue; Successors gives the ones of a step.
//
// The exported slices are read-only views of the part discovered so far:
// S, Q and Acc per discovered state; the successors of an explored state
// i (ids are explored in order, so the explored states are the first
// len(SuccStart)-1), at steps before its Due position, are
// Succ[SuccStart[i]:SuccStart[i+1]]. Start explores everything reachable;
// Root explores nothing, and the passes from it explore the states they
// reach within their horizon only.
type Product struct {
	m *Model
	A *ltlf.Automaton

	S, Q      []int32
	Acc       []bool
	Due       []int32 // the automaton's Due position of Q, per state (ltlf.NoDue: none)
	SuccStart []int   // per explored state; len = explored+1
	Succ      []int32
	closeAt   []int32 // per explored state: offset of its closing successors in closeSucc, or -1
	closeSucc []int32
	// nodes holds per explored state what a step of the walks reads of it
	// (lanes.go), so that a walk in order of product id reads it in order
	// rather than at game states scattered over the game's arrays.
	nodes   []node
	ngroups int32                      // the target groups of the explored states (groups.go)
	groups  map[*uint64]*productGroups // per filter met (its first word), its target groups
	seen    []int32                    // scratch: per game state
	seen2   []int32                    // the second goroutine's of fillAll
	index   map[uint64]int32
	// qs holds, per automaton state met, how its product ids are found:
	// in index, or once it has many, in a table by game state (qIndex).
	// mapped counts the ids in index.
	qs     map[int32]*qIndex
	mapped int
	// free caches the plan-free pass (Hist_T split by ψ) per (start, T).
	free map[[2]int]*Result
	// done caches the other passes by start, plan, horizon and coalition:
	// a query's walks may run, along with its own, the passes its notes
	// ask for later.
	done map[passKey]*Result

	slot []int32 // scratch for passes: product state → slot in the next layer
}

// NewProduct returns the product of m's game with automaton a, explored
// only as Start, Root and the passes ask.
func NewProduct(m *Model, a *ltlf.Automaton) *Product {
	return &Product{m: m, A: a, index: map[uint64]int32{}, SuccStart: []int{0}, free: map[[2]int]*Result{}, done: map[passKey]*Result{}}
}

// Model returns the model the product's game belongs to.
func (p *Product) Model() *Model { return p.m }

// Size returns the number of discovered product states.
func (p *Product) Size() int { return len(p.S) }

// Explored returns the number of explored product states (the first ones).
func (p *Product) Explored() int { return len(p.SuccStart) - 1 }

// qIndex finds the product ids of one automaton state: by its table
// over the game's states (-1: none) once it has one, else in the index
// map, where it has n of them. A lookup by table is one read where the
// map's is a hash and a cache miss or two; the product's exploration runs
// between the walks' steps, on one goroutine, and on the robots' million
// states the map was most of it.
type qIndex struct {
	tab     []int32
	n       int
	noTable bool // refused one (maxTables or maxTableBytes): stays in the map
}

// An automaton state gets a table once it has a twelfth as many product
// states as the game has states (a table of 4 bytes a game state then
// takes less than the map's entries, about 48 bytes each) and at least
// minTable; at most maxTables states get one, and only while all tables
// take at most maxTableBytes.
const (
	minTable      = 1024
	maxTables     = 8
	maxTableBytes = 256 << 20
)

// tablesOff keeps every product id in the map, for tests.
var tablesOff = false

// indexOf returns how automaton state q's product ids are found, moving
// them from the map to a table when they have become many.
func (p *Product) indexOf(q int32) *qIndex {
	qi := p.qs[q]
	if qi == nil {
		if p.qs == nil {
			p.qs = map[int32]*qIndex{}
		}
		qi = &qIndex{}
		p.qs[q] = qi
	}
	n := p.m.g.NumStates
	if qi.tab != nil || qi.noTable || qi.n < max(minTable, n/12) || tablesOff {
		return qi
	}
	tables := 0
	for _, x := range p.qs {
		if x.tab != nil {
			tables++
		}
	}
	if tables >= maxTables || int64(tables+1)*4*int64(n) > maxTableBytes {
		qi.noTable = true
		return qi
	}
	tab := make([]int32, n)
	for i := range tab {
		tab[i] = -1
	}
	for id, x := range p.Q {
		if x == q {
			s := p.S[id]
			tab[s] = int32(id)
			delete(p.index, uint64(uint32(s))<<32|uint64(uint32(q)))
		}
	}
	p.mapped -= qi.n
	qi.tab, qi.n = tab, 0
	return qi
}

// tableBytes is the memory of the product's tables.
func (p *Product) tableBytes() int64 {
	var b int64
	for _, qi := range p.qs {
		b += 4 * int64(len(qi.tab))
	}
	return b
}

func (p *Product) lookup(s int32, q int32) int32 { return p.lookupIn(p.indexOf(q), s, q) }

// lookupIn is lookup with q's index (indexOf) at hand.
func (p *Product) lookupIn(qi *qIndex, s int32, q int32) int32 {
	var k uint64
	if qi.tab != nil {
		if id := qi.tab[s]; id >= 0 {
			return id
		}
	} else {
		k = uint64(uint32(s))<<32 | uint64(uint32(q))
		if id, ok := p.index[k]; ok {
			return id
		}
	}
	id := int32(len(p.S))
	if len(p.S) >= p.m.maxProduct {
		panic(&limit.Error{What: "product states", Limit: p.m.maxProduct})
	}
	if id&1023 == 0 && p.m.maxMemory > 0 && p.bytes() > p.m.maxMemory {
		panic(&limit.Error{What: "bytes for the product and its passes", Limit: int(p.m.maxMemory), Setting: "MaxMemory"})
	}
	letter := p.A.Letter(int(s))
	p.S = append(p.S, s)
	p.Q = append(p.Q, q)
	p.Acc = append(p.Acc, p.A.Final(q, letter))
	p.Due = append(p.Due, p.A.Due(q))
	if qi.tab != nil {
		qi.tab[s] = id
	} else {
		p.index[k] = id
		p.mapped++
		qi.n++
	}
	return id
}

// Start returns the product state (s, ψ) and explores everything reachable
// from it.
func (p *Product) Start(s int) int32 {
	id := p.Root(s)
	for p.Explored() < len(p.S) {
		p.explore()
	}
	p.growSlot()
	return id
}

// Root returns the product state (s, ψ), leaving its exploration to the
// passes that start there.
func (p *Product) Root(s int) int32 {
	id := p.lookup(int32(s), p.A.Init())
	p.growSlot()
	return id
}

// node is what a step reads of an explored product state.
type node struct {
	s, lo, hi, tbase int32 // its game state, its choices [lo, hi), their first transition
	g0, g1           int32 // its target groups, the same in every productGroups (groups.go)
	smin, smax       int32 // its least and greatest successor, at any step
}

// Successors returns the successors of state id at step t (0-based), one
// per transition of S[id] in the game's order, exploring id if needed.
// The slice is the product's: do not modify it.
func (p *Product) Successors(id int32, t int) []int32 {
	if int(id) >= p.Explored() {
		p.expandTo(id)
	}
	if int(p.Due[id]) == t {
		if c := p.closeAt[id]; c >= 0 {
			n := p.SuccStart[id+1] - p.SuccStart[id]
			return p.closeSucc[int(c) : int(c)+n]
		}
	}
	return p.Succ[p.SuccStart[id]:p.SuccStart[id+1]]
}

// expandTo explores the states up to id, in order.
func (p *Product) expandTo(id int32) {
	for p.Explored() <= int(id) {
		p.explore()
	}
	p.growSlot()
}

// explore explores the next state in order: its successors at steps before
// its Due position and, if it has one, at that step. (The product ids are
// given in order of discovery, which depends on the automaton and the
// game alone, not on the walks: a walk's sums, in order of product id,
// are the same whatever walks beside it. A deadline at or past the
// horizon has no closing successors to explore: the checker anchors the
// outcome for its horizon, ltlf.Factory.AnchorWithin.)
func (p *Product) explore() {
	g := p.m.g
	maxTrans := limit.MulSatInt(16, p.m.maxProduct)
	done := p.Explored()
	s, q := p.S[done], p.Q[done]
	letter := p.A.Letter(int(s))
	lo, hi := g.Choices(int(s))
	tlo, thi := int(g.TransStart[lo]), int(g.TransStart[hi])
	if len(p.Succ)+len(p.closeSucc)+thi-tlo > maxTrans {
		panic(&limit.Error{What: "product transitions", Limit: maxTrans})
	}
	qn := p.A.Prog(q, letter)
	qi := p.indexOf(qn)
	for t := tlo; t < thi; t++ {
		p.Succ = append(p.Succ, p.lookupIn(qi, g.Target[t], qn))
	}
	p.SuccStart = append(p.SuccStart, len(p.Succ))
	c := int32(-1)
	if p.Due[done] != ltlf.NoDue {
		c = int32(len(p.closeSucc))
		qc := p.A.ProgDue(q, letter)
		qi := p.indexOf(qc)
		for t := tlo; t < thi; t++ {
			p.closeSucc = append(p.closeSucc, p.lookupIn(qi, g.Target[t], qc))
		}
	}
	p.closeAt = append(p.closeAt, c)
	nd := node{s: s, lo: int32(lo), hi: int32(hi), tbase: int32(tlo), smin: math.MaxInt32, smax: -1, g0: p.ngroups}
	for _, to := range p.Succ[p.SuccStart[done]:] {
		nd.smin, nd.smax = min(nd.smin, to), max(nd.smax, to)
	}
	// The groups: as many as distinct targets (distinct successors),
	// numbered by int32 as the successors are.
	if int(p.ngroups) > math.MaxInt32-(thi-tlo) {
		panic(&limit.Error{What: "product transitions", Limit: math.MaxInt32})
	}
	if len(p.seen) < g.NumStates {
		p.seen = make([]int32, g.NumStates)
	}
	for t := tlo; t < thi; t++ {
		if to := g.Target[t]; p.seen[to] == 0 {
			p.seen[to] = 1
			p.ngroups++
		}
	}
	for t := tlo; t < thi; t++ {
		p.seen[g.Target[t]] = 0
	}
	nd.g1 = p.ngroups
	if c >= 0 {
		for _, to := range p.closeSucc[c:] {
			nd.smin, nd.smax = min(nd.smin, to), max(nd.smax, to)
		}
	}
	p.nodes = append(p.nodes, nd)
}

// growSlot extends the passes' scratch to every discovered state.
func (p *Product) growSlot() {
	if len(p.slot) >= len(p.S) {
		return
	}
	n := len(p.slot)
	if cap(p.slot) < len(p.S) {
		p.slot = append(p.slot[:cap(p.slot)], make([]int32, cap(p.S)-cap(p.slot))...)
	}
	p.slot = p.slot[:len(p.S)]
	for i := n; i < len(p.slot); i++ {
		p.slot[i] = -1
	}
}
