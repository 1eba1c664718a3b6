package equil

import "github.com/onus-mc/onus/translate"

// mixed solves a query with one bounded and one unbounded objective
// (reference §1.8): on the product of the game with a step counter for the
// bounded objective, that objective becomes the reachability of the
// counter's "yes" state, and the infinite-horizon iteration runs there.
func mixed(g *translate.Game, q *Query, cfg Config) (*Result, error) {
	bi := 0
	if !q.Objectives[0].bounded() {
		bi = 1
	}
	if b := q.Objectives[bi].Bound; cfg.MaxStates > 0 && (b+3) > cfg.MaxStates/max(g.NumStates, 1) {
		return nil, &LimitError{States: (b + 3) * g.NumStates, Limit: cfg.MaxStates}
	}
	p := newProduct(g, &q.Objectives[bi])
	pq := *q
	pq.Objectives[bi] = p.counted()
	pq.Objectives[1-bi] = p.lift(&q.Objectives[1-bi])
	e, err := newEngine(p.game, &pq, cfg)
	if err != nil {
		return nil, err
	}
	r, err := e.infinite()
	if err != nil {
		return nil, err
	}
	out := &Result{Profile: r.Profile}
	if pr := r.Profile; pr != nil {
		pr.Start, pr.Orig, pr.Step, pr.Base = p.start, p.state, p.mode, g
	}
	for i := range out.Values {
		out.Values[i] = make([]float64, g.NumStates)
		for s, ps := range p.start {
			out.Values[i][s] = r.Values[i][ps]
		}
	}
	return out, nil
}

// product is the game times a step counter for the bounded objective o.
// Counter states are 0..k−1 (the step count so far), then yes and fail.
type product struct {
	g     *translate.Game
	o     *Objective
	k     int // number of counting states
	yes   int32
	fail  int32
	game  *translate.Game
	state []int32 // product state → game state
	mode  []int32 // product state → counter state
	orig  []int32 // product choice → game choice
	start []int32 // game state → its product state at step 0
}

// entry is the counter state on entering game state s at step t.
func (p *product) entry(s int, t int) int32 {
	o := p.o
	switch o.Kind {
	case Until:
		switch {
		case o.target(s):
			return p.yes
		case o.left(s) && t < o.Bound:
			return int32(t)
		}
		return p.fail
	case Next:
		switch {
		case t == 0:
			return 0
		case o.target(s):
			return p.yes
		}
		return p.fail
	}
	if t == p.k {
		return p.yes
	}
	return int32(t)
}

func newProduct(g *translate.Game, o *Objective) *product {
	p := &product{g: g, o: o}
	switch o.Kind {
	case Until, Cumul:
		p.k = o.Bound
	case Next:
		p.k = 1
	case Inst:
		p.k = o.Bound + 1
	}
	p.yes, p.fail = int32(p.k), int32(p.k+1)
	nq := p.k + 2
	n := g.NumStates
	np := len(g.Players)
	index := make([]int32, nq*n)
	for i := range index {
		index[i] = -1
	}
	pg := &translate.Game{Type: g.Type, Players: g.Players, Actions: g.Actions, ActionOwner: g.ActionOwner, ChoiceStart: []int32{0}, TransStart: []int32{0}}
	visit := func(s int, q int32) int32 {
		k := int(q)*n + s
		if index[k] < 0 {
			index[k] = int32(len(p.state))
			p.state = append(p.state, int32(s))
			p.mode = append(p.mode, q)
		}
		return index[k]
	}
	for s := 0; s < n; s++ {
		p.start = append(p.start, visit(s, p.entry(s, 0)))
	}
	for ps := 0; ps < len(p.state); ps++ {
		s, q := int(p.state[ps]), p.mode[ps]
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			p.orig = append(p.orig, int32(c))
			pg.Joint = append(pg.Joint, g.Joint[c*np:(c+1)*np]...)
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				s2 := int(g.Target[t])
				q2 := q
				if q < p.yes {
					q2 = p.entry(s2, int(q)+1)
				}
				pg.Target = append(pg.Target, visit(s2, q2))
				pg.Prob = append(pg.Prob, g.Prob[t])
			}
			pg.TransStart = append(pg.TransStart, int32(len(pg.Target)))
		}
		pg.ChoiceStart = append(pg.ChoiceStart, int32(len(p.orig)))
	}
	pg.NumStates = len(p.state)
	for _, s := range g.Initial {
		pg.Initial = append(pg.Initial, p.start[s])
	}
	p.game = pg
	return p
}

// counted returns the bounded objective on the product: reach yes,
// collecting (for C<=k) the game's rewards while counting, or (for I=k)
// the state reward of the state at step k.
func (p *product) counted() Objective {
	n := p.game.NumStates
	yes := translate.NewBitset(n)
	for ps, q := range p.mode {
		if q == p.yes {
			yes.Set(ps)
		}
	}
	o := p.o
	switch o.Kind {
	case Until, Next:
		return Objective{Kind: Until, Target: yes}
	}
	out := Objective{Kind: Reach, Target: yes, StateRew: make([]float64, n), TransRew: make([]float64, len(p.orig))}
	for ps, q := range p.mode {
		s := int(p.state[ps])
		switch {
		case o.Kind == Cumul && q < p.yes:
			out.StateRew[ps] = o.stateRew(s)
			lo, hi := p.game.Choices(ps)
			for c := lo; c < hi; c++ {
				out.TransRew[c] = o.transRew(int(p.orig[c]))
			}
		case o.Kind == Inst && int(q) == o.Bound:
			out.StateRew[ps] = o.stateRew(s)
		}
	}
	return out
}

// lift returns objective o read on the product's game-state component.
func (p *product) lift(o *Objective) Objective {
	n := p.game.NumStates
	out := Objective{Kind: o.Kind, Bounded: o.Bounded, Bound: o.Bound}
	liftSet := func(b translate.Bitset) translate.Bitset {
		if b == nil {
			return nil
		}
		l := translate.NewBitset(n)
		for ps, s := range p.state {
			if b.Has(int(s)) {
				l.Set(ps)
			}
		}
		return l
	}
	out.Left, out.Target = liftSet(o.Left), liftSet(o.Target)
	if o.StateRew != nil {
		out.StateRew = make([]float64, n)
		for ps, s := range p.state {
			out.StateRew[ps] = o.StateRew[s]
		}
	}
	if o.TransRew != nil {
		out.TransRew = make([]float64, len(p.orig))
		for c, oc := range p.orig {
			out.TransRew[c] = o.TransRew[oc]
		}
	}
	return out
}
