package multi

import (
	"encoding/binary"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/translate"
)

// product is the mdp multiplied with the automata of the probability
// objectives, explored from the initial state. A product state u stands
// for game state gs[u] with the automata in their states before reading
// it; res holds their residuals after reading it (k per state), which the
// successors carry.
type product struct {
	g     *translate.Game
	objs  []Objective
	autos []*ltlf.Automaton // per probability objective
	objAt []int             // objective index of each automaton
	k     int
	n     int
	gs    []int32
	res   []int32
	// succ holds, per product state u, one target per transition of its
	// game state's choices, in the game's order, from succStart[u].
	succ      []int32
	succStart []int
	// chStart numbers the (product state, choice) pairs: pair
	// chStart[u]+ch−lo for choice ch of u (lo its first choice).
	chStart []int
}

func newProduct(g *translate.Game, objs []Objective, init, maxStates int) (*product, error) {
	p := &product{g: g, objs: objs}
	for i, o := range objs {
		if o.Auto != nil {
			p.autos = append(p.autos, o.Auto)
			p.objAt = append(p.objAt, i)
		}
	}
	p.k = len(p.autos)
	index := map[string]int32{}
	var qs []int32 // automaton states per product state
	key := make([]byte, 0, 4*(p.k+1))
	add := func(s int32, q []int32) (int32, error) {
		key = binary.LittleEndian.AppendUint32(key[:0], uint32(s))
		for _, x := range q {
			key = binary.LittleEndian.AppendUint32(key, uint32(x))
		}
		if id, ok := index[string(key)]; ok {
			return id, nil
		}
		if maxStates > 0 && p.n >= maxStates {
			return 0, &limit.Error{What: "product states", Limit: maxStates}
		}
		id := int32(p.n)
		p.n++
		index[string(key)] = id
		p.gs = append(p.gs, s)
		qs = append(qs, q...)
		return id, nil
	}
	start := make([]int32, p.k)
	for i, a := range p.autos {
		start[i] = a.Init()
	}
	if _, err := add(int32(init), start); err != nil {
		return nil, err
	}
	r := make([]int32, p.k)
	for u := 0; u < p.n; u++ {
		s := p.gs[u]
		for i, a := range p.autos {
			r[i] = a.Prog(qs[u*p.k+i], a.Letter(int(s)))
		}
		p.res = append(p.res, r...)
		p.succStart = append(p.succStart, len(p.succ))
		lo, hi := g.Choices(int(s))
		if u == 0 {
			p.chStart = append(p.chStart, 0)
		}
		p.chStart = append(p.chStart, p.chStart[u]+hi-lo)
		for ch := lo; ch < hi; ch++ {
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				id, err := add(g.Target[t], r)
				if err != nil {
					return nil, err
				}
				p.succ = append(p.succ, id)
			}
		}
	}
	p.succStart = append(p.succStart, len(p.succ))
	return p, nil
}

// choices returns the game choices [lo, hi) of product state u.
func (p *product) choices(u int) (lo, hi int) { return p.g.Choices(int(p.gs[u])) }

// targets calls f with the product target and probability of each
// transition of choice ch of product state u.
func (p *product) targets(u, ch int, f func(v int, pr float64)) {
	lo, _ := p.choices(u)
	base := int(p.g.TransStart[lo])
	tlo, thi := p.g.Transitions(ch)
	for t := tlo; t < thi; t++ {
		f(int(p.succ[p.succStart[u]+t-base]), p.g.Prob[t])
	}
}

// selfLoop reports whether choice ch of u stays in u for sure: it moves no
// probability, so the programme has no variable for it.
func (p *product) selfLoop(u, ch int) bool {
	only := true
	p.targets(u, ch, func(v int, _ float64) { only = only && v == u })
	return only
}

// satisfied reports whether the probability objective of automaton i holds
// on the runs that settle in product state u's end component.
func (p *product) satisfied(u, i int, safety bool) bool {
	r := p.res[u*p.k+i]
	if safety {
		return r != ltlf.False
	}
	return r == ltlf.True
}

// reward is the reward of choice ch in product state u.
func (p *product) reward(r *translate.Rewards, u, ch int) float64 {
	v := 0.0
	if r.State != nil {
		v = r.State[p.gs[u]]
	}
	if r.Trans != nil {
		v += r.Trans[ch]
	}
	return v
}

// pair returns the number of choice ch of product state u.
func (p *product) pair(u, ch int) int {
	lo, _ := p.choices(u)
	return p.chStart[u] + ch - lo
}

// endComponents returns, per product state, whether it lies in a maximal
// end component made of the choices ok allows, and per (state, choice)
// pair whether that choice stays inside it: choices leaving their
// strongly connected component are dropped until none is.
func (p *product) endComponents(ok func(u, ch int) bool) (in, inside []bool) {
	inside = make([]bool, p.chStart[p.n])
	for u := 0; u < p.n; u++ {
		lo, hi := p.choices(u)
		for ch := lo; ch < hi; ch++ {
			inside[p.pair(u, ch)] = ok(u, ch)
		}
	}
	comp := make([]int, p.n)
	for {
		for k, c := range solve.SCCs(p.n, func(u int, edge func(int)) {
			lo, hi := p.choices(u)
			for ch := lo; ch < hi; ch++ {
				if inside[p.pair(u, ch)] {
					p.targets(u, ch, func(v int, _ float64) { edge(v) })
				}
			}
		}) {
			for _, u := range c {
				comp[u] = k
			}
		}
		changed := false
		for u := 0; u < p.n; u++ {
			lo, hi := p.choices(u)
			for ch := lo; ch < hi; ch++ {
				if !inside[p.pair(u, ch)] {
					continue
				}
				stays := true
				p.targets(u, ch, func(v int, _ float64) { stays = stays && comp[v] == comp[u] })
				if !stays {
					inside[p.pair(u, ch)] = false
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	in = make([]bool, p.n)
	for u := 0; u < p.n; u++ {
		lo, hi := p.choices(u)
		for ch := lo; ch < hi; ch++ {
			in[u] = in[u] || inside[p.pair(u, ch)]
		}
	}
	return in, inside
}

// checkMaxRewards refuses a maximised (or lower-bounded) reward that an
// end component can gather for ever, as PRISM-games does: the programme
// counts only rewards gathered before the play settles.
func (p *product) checkMaxRewards() error {
	var ups []*translate.Rewards
	for _, o := range p.objs {
		if o.Rewards != nil && (o.Sense == Max || o.Sense == AtLeast) {
			ups = append(ups, o.Rewards)
		}
	}
	if len(ups) == 0 {
		return nil
	}
	_, inside := p.endComponents(func(u, ch int) bool { return true })
	for u := 0; u < p.n; u++ {
		lo, hi := p.choices(u)
		for ch := lo; ch < hi; ch++ {
			if !inside[p.pair(u, ch)] {
				continue
			}
			for _, r := range ups {
				if p.reward(r, u, ch) != 0 {
					return refuse("cannot use multi-objective model checking with maximising reward objectives and end components with a non-zero reward (PRISM-games refuses them too)")
				}
			}
		}
	}
	return nil
}
