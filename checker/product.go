package checker

// product is the product of the game and one outcome automaton, explored
// on demand from the pairs (s, ψ) of the start states asked for. A product
// state (s, q) says: the history is in game state s and q must hold from
// here on. Its successors, one per transition of s (in the game's order),
// are (target, prog(q, letter(s))); it accepts a history ending in it when
// final(q, letter(s)).
type product struct {
	c *Checker
	a *automaton

	s, q      []int32
	acc       []bool
	succStart []int // per explored state; len = explored+1
	succ      []int32
	index     map[uint64]int32

	slot []int32 // scratch for passes: product state → slot in the next layer
}

func newProduct(c *Checker, a *automaton) *product {
	return &product{c: c, a: a, index: map[uint64]int32{}, succStart: []int{0}}
}

func (p *product) size() int { return len(p.s) }

func (p *product) lookup(s int32, q int32) int32 {
	k := uint64(uint32(s))<<32 | uint64(uint32(q))
	if id, ok := p.index[k]; ok {
		return id
	}
	id := int32(len(p.s))
	if len(p.s) >= p.c.cfg.MaxProduct {
		panic(&LimitError{What: "product states", Limit: p.c.cfg.MaxProduct})
	}
	p.s = append(p.s, s)
	p.q = append(p.q, q)
	p.index[k] = id
	return id
}

// start returns the product state (s, ψ) and explores everything reachable
// from it.
func (p *product) start(s int) int32 {
	id := p.lookup(int32(s), p.a.Init())
	p.explore()
	return id
}

func (p *product) explore() {
	g := p.c.g
	limit := 16 * p.c.cfg.MaxProduct
	for done := len(p.acc); done < len(p.s); done++ {
		s, q := p.s[done], p.q[done]
		letter := p.a.Letter(int(s))
		p.acc = append(p.acc, p.a.Final(q, letter))
		qn := p.a.Prog(q, letter)
		lo, hi := g.Choices(int(s))
		tlo, thi := int(g.TransStart[lo]), int(g.TransStart[hi])
		if len(p.succ)+thi-tlo > limit {
			panic(&LimitError{What: "product transitions", Limit: limit})
		}
		for t := tlo; t < thi; t++ {
			p.succ = append(p.succ, p.lookup(g.Target[t], qn))
		}
		p.succStart = append(p.succStart, len(p.succ))
	}
	if cap(p.slot) < len(p.s) {
		p.slot = make([]int32, len(p.s), cap(p.s))
		for i := range p.slot {
			p.slot[i] = -1
		}
	} else if len(p.slot) < len(p.s) {
		n := len(p.slot)
		p.slot = p.slot[:len(p.s)]
		for i := n; i < len(p.slot); i++ {
			p.slot[i] = -1
		}
	}
}
