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
	closeAt   []int32 // per explored state: offset of its closing successors in closeSucc, -1 none, closeLater not yet explored
	closeSucc []int32
	dues      map[int32]bool // the Due positions of the discovered states
	// nodes holds per explored state what a step of the walks reads of it
	// (lanes.go), so that a walk in order of product id reads it in order
	// rather than at game states scattered over the game's arrays.
	nodes   []node
	ngroups int32                      // the target groups of the explored states (groups.go)
	groups  map[*uint64]*productGroups // per filter met (its first word), its target groups
	seen    []int32                    // scratch: per game state
	seen2   []int32                    // the second goroutine's of fillAll
	index   map[uint64]int32
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

func (p *Product) lookup(s int32, q int32) int32 {
	k := uint64(uint32(s))<<32 | uint64(uint32(q))
	if id, ok := p.index[k]; ok {
		return id
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
	due := p.A.Due(q)
	p.Due = append(p.Due, due)
	if due != ltlf.NoDue && !p.dues[due] {
		if p.dues == nil {
			p.dues = map[int32]bool{}
		}
		p.dues[due] = true
	}
	p.index[k] = id
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
		c := p.closeAt[id]
		if c == closeLater {
			c = p.exploreClose(id)
		}
		if c >= 0 {
			n := p.SuccStart[id+1] - p.SuccStart[id]
			return p.closeSucc[int(c) : int(c)+n]
		}
	}
	return p.Succ[p.SuccStart[id]:p.SuccStart[id+1]]
}

// closeLater marks, in closeAt, a state whose successors at its Due
// position are not explored yet: only a history that is in the state at
// that step needs them, and a horizon that ends at the deadline (F<=T ψ
// judged at T) has none, so exploring them with the state would give
// the product a second copy of the game's states that no step reaches,
// interleaved with the states the steps walk (product ids are given in
// order of discovery, and the walks' layers are dense in them, dense.go).
const closeLater = -2

// exploreClose explores the successors of explored state id at its Due
// position and returns their offset in closeSucc. Not safe for
// concurrent use: the passes that step at once call ExploreDue first.
func (p *Product) exploreClose(id int32) int32 {
	g := p.m.g
	s, q := p.S[id], p.Q[id]
	lo, hi := g.Choices(int(s))
	tlo, thi := int(g.TransStart[lo]), int(g.TransStart[hi])
	if maxTrans := limit.MulSatInt(16, p.m.maxProduct); len(p.Succ)+len(p.closeSucc)+thi-tlo > maxTrans {
		panic(&limit.Error{What: "product transitions", Limit: maxTrans})
	}
	c := int32(len(p.closeSucc))
	qc := p.A.ProgDue(q, p.A.Letter(int(s)))
	for t := tlo; t < thi; t++ {
		p.closeSucc = append(p.closeSucc, p.lookup(g.Target[t], qc))
	}
	p.closeAt[id] = c
	nd := &p.nodes[id]
	for _, to := range p.closeSucc[c:] {
		nd.smin, nd.smax = min(nd.smin, to), max(nd.smax, to)
	}
	p.growSlot()
	return c
}

// ExploreDue explores the successors at step k of the states in ids whose
// Due position is k (explored or not), so that Successors(id, k) then
// only reads the product and steps may run at once.
func (p *Product) ExploreDue(ids []int32, k int) {
	if !p.dues[int32(k)] {
		return
	}
	for _, id := range ids {
		if int(p.Due[id]) != k {
			continue
		}
		if int(id) >= p.Explored() {
			p.expandTo(id)
		}
		if p.closeAt[id] == closeLater {
			p.exploreClose(id)
		}
	}
}

// expandTo explores the states up to id, in order.
func (p *Product) expandTo(id int32) {
	for p.Explored() <= int(id) {
		p.explore()
	}
	p.growSlot()
}

// explore explores the next state in order: its successors at steps before
// its Due position (those at that step wait for exploreClose).
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
	for t := tlo; t < thi; t++ {
		p.Succ = append(p.Succ, p.lookup(g.Target[t], qn))
	}
	p.SuccStart = append(p.SuccStart, len(p.Succ))
	c := int32(-1)
	if p.Due[done] != ltlf.NoDue {
		c = closeLater // exploreClose, at the step that needs them
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
