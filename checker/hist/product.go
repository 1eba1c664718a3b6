package hist

import (
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
// The exported slices are read-only views of the explored part: S and Q
// per product state, Acc its acceptance, and the successors of state i,
// one per transition of S[i] in the game's order, are
// Succ[SuccStart[i]:SuccStart[i+1]].
type Product struct {
	m *Model
	A *ltlf.Automaton

	S, Q      []int32
	Acc       []bool
	SuccStart []int // per explored state; len = explored+1
	Succ      []int32
	index     map[uint64]int32
	// free caches the plan-free pass (Hist_T split by ψ) per (start, T).
	free map[[2]int]*Result

	slot []int32 // scratch for passes: product state → slot in the next layer
}

// NewProduct returns the product of m's game with automaton a, explored
// only as Start asks.
func NewProduct(m *Model, a *ltlf.Automaton) *Product {
	return &Product{m: m, A: a, index: map[uint64]int32{}, SuccStart: []int{0}, free: map[[2]int]*Result{}}
}

// Model returns the model the product's game belongs to.
func (p *Product) Model() *Model { return p.m }

// Size returns the number of explored product states.
func (p *Product) Size() int { return len(p.S) }

func (p *Product) lookup(s int32, q int32) int32 {
	k := uint64(uint32(s))<<32 | uint64(uint32(q))
	if id, ok := p.index[k]; ok {
		return id
	}
	id := int32(len(p.S))
	if len(p.S) >= p.m.maxProduct {
		panic(&limit.Error{What: "product states", Limit: p.m.maxProduct})
	}
	p.S = append(p.S, s)
	p.Q = append(p.Q, q)
	p.index[k] = id
	return id
}

// Start returns the product state (s, ψ) and explores everything reachable
// from it.
func (p *Product) Start(s int) int32 {
	id := p.lookup(int32(s), p.A.Init())
	p.explore()
	return id
}

func (p *Product) explore() {
	g := p.m.g
	maxTrans := 16 * p.m.maxProduct
	for done := len(p.Acc); done < len(p.S); done++ {
		s, q := p.S[done], p.Q[done]
		letter := p.A.Letter(int(s))
		p.Acc = append(p.Acc, p.A.Final(q, letter))
		qn := p.A.Prog(q, letter)
		lo, hi := g.Choices(int(s))
		tlo, thi := int(g.TransStart[lo]), int(g.TransStart[hi])
		if len(p.Succ)+thi-tlo > maxTrans {
			panic(&limit.Error{What: "product transitions", Limit: maxTrans})
		}
		for t := tlo; t < thi; t++ {
			p.Succ = append(p.Succ, p.lookup(g.Target[t], qn))
		}
		p.SuccStart = append(p.SuccStart, len(p.Succ))
	}
	if cap(p.slot) < len(p.S) {
		p.slot = make([]int32, len(p.S), cap(p.S))
		for i := range p.slot {
			p.slot[i] = -1
		}
	} else if len(p.slot) < len(p.S) {
		n := len(p.slot)
		p.slot = p.slot[:len(p.S)]
		for i := n; i < len(p.slot); i++ {
			p.slot[i] = -1
		}
	}
}
