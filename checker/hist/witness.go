package hist

// This file finds one history of Compat_J(π) that violates the outcome:
// the counterexample of SPEC §10.3. It is a variant of the layered pass
// used only when a verdict is explained: the forward sweep keeps every
// layer's product states (no counts or probabilities), a backward sweep
// marks the entries that can still end in a rejecting state at step T, and
// a forward walk follows the first choice and transition, in PRISM's
// order, that stays on marked entries. Nothing is enumerated: each sweep
// visits every layer entry and edge once.

import "github.com/onus-mc/onus/checker/limit"

// Path is one history s_0 α_0 s_1 … s_T: the game states and, per step,
// the choice (joint action) taken.
type Path struct {
	States  []int // s_0 … s_T
	Choices []int // the choice taken in States[k], k < T
	// Settled is the first step k such that every history of length T
	// beginning with s_0 α_0 … s_k violates the outcome, whatever the plan;
	// T when only the last state decides.
	Settled int
}

// Violation returns the counterexample of Compat_J(π) (the histories of
// length T from start agreeing with steps on coalition j) that settles the
// violation earliest, the first in PRISM's order among those, or nil when
// every history satisfies the outcome. See Path for Settled.
func (p *Product) Violation(start int32, steps []*Step, T int, j uint64) *Path {
	layers := p.reachLayers(start, steps, T, j)
	if layers == nil {
		return nil
	}
	allow := func(k int) func(int) bool {
		var st *Step
		if k < len(steps) {
			st = steps[k]
		}
		b := p.m.Allowed(st, j)
		return func(ch int) bool { return b == nil || b.Has(ch) }
	}
	// good[k][i]: entry i of layer k has a continuation rejected at T.
	good := make([][]bool, T+1)
	good[T] = make([]bool, len(layers[T]))
	for i, id := range layers[T] {
		good[T][i] = !p.Acc[id]
	}
	for k := T - 1; k >= 0; k-- {
		good[k] = p.backStep(k, layers[k], layers[k+1], good[k+1], allow(k))
	}
	if !good[0][0] {
		return nil
	}
	// The earliest step k at which a good entry is doomed: no history of
	// Hist_T through it (plan or not) satisfies the outcome.
	doomed := p.doomed(start, layers, T)
	settled := T
	for k := 0; k < T && settled == T; k++ {
		for i := range layers[k] {
			if good[k][i] && doomed[k][i] {
				settled = k
				break
			}
		}
	}
	// ok[k]: entries from which the walk can go on; up to the settling
	// step they must lead to a doomed entry of that step.
	ok := good
	if settled < T {
		ok = make([][]bool, T+1)
		copy(ok[settled+1:], good[settled+1:])
		ok[settled] = make([]bool, len(layers[settled]))
		for i := range layers[settled] {
			ok[settled][i] = good[settled][i] && doomed[settled][i]
		}
		for k := settled - 1; k >= 0; k-- {
			ok[k] = p.backStep(k, layers[k], layers[k+1], ok[k+1], allow(k))
		}
	}
	return p.walk(layers, ok, allow, T, settled)
}

// doomed marks, per entry of layers (those of Compat_J(π)), whether no
// history of Hist_T through it satisfies the outcome: a backward sweep
// over the plan-free layers from start.
func (p *Product) doomed(start int32, layers [][]int32, T int) [][]bool {
	free := p.reachLayers(start, nil, T, 0)
	every := func(int) bool { return true }
	live := make([]bool, len(free[T]))
	for i, id := range free[T] {
		live[i] = p.Acc[id]
	}
	out := make([][]bool, T+1)
	pos := p.slot
	for k := T; ; k-- {
		for i, id := range free[k] {
			if live[i] {
				pos[id] = 0
			}
		}
		out[k] = make([]bool, len(layers[k]))
		for i, id := range layers[k] {
			out[k][i] = pos[id] < 0
		}
		for _, id := range free[k] {
			pos[id] = -1
		}
		if k == 0 {
			return out
		}
		live = p.backStep(k-1, free[k-1], free[k], live, every)
	}
}

// maxLayers bounds the horizon of a counterexample history, whose layers
// are all held at once.
const maxLayers = 1 << 30

// reachLayers returns the product states of Compat_J(π) at each step 0..T
// (each layer in the order the pass meets them), or nil when some layer is
// empty.
func (p *Product) reachLayers(start int32, steps []*Step, T int, j uint64) [][]int32 {
	// The layers are held whole (the counterexample is read backwards
	// from them): T steps of the --max-steps budget, and never more than
	// a slice can index, whatever the budget.
	limit.BeginPass(T)
	if T >= maxLayers {
		panic(&limit.Error{What: "steps of a counterexample history (--explain)", Limit: maxLayers - 1})
	}
	g := p.m.g
	layers := make([][]int32, T+1)
	layers[0] = []int32{start}
	for k := 0; k < T; k++ {
		limit.PassStep()
		var st *Step
		if k < len(steps) {
			st = steps[k]
		}
		allow := p.m.Allowed(st, j)
		var top int32
		for _, id := range layers[k] {
			top = max(top, id)
		}
		p.expandTo(top) // the layer's successors discovered
		seen := p.slot  // -1 everywhere between passes
		var next []int32
		for _, id := range layers[k] {
			lo, hi := g.Choices(int(p.S[id]))
			tbase := int(g.TransStart[lo])
			succ := p.Successors(id, k)
			forChoices(allow, lo, hi, func(ch int) {
				for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
					dst := succ[t-tbase]
					if seen[dst] < 0 {
						seen[dst] = 0
						next = append(next, dst)
					}
				}
			})
		}
		for _, id := range next {
			seen[id] = -1
		}
		if len(next) == 0 {
			return nil
		}
		layers[k+1] = next
	}
	return layers
}

// backStep marks the entries of layer cur (step k) with an allowed choice
// and a transition into a marked entry of layer next.
func (p *Product) backStep(k int, cur, next []int32, mark []bool, allow func(int) bool) []bool {
	g := p.m.g
	pos := p.slot
	for i, id := range next {
		if mark[i] {
			pos[id] = int32(i)
		}
	}
	out := make([]bool, len(cur))
	for i, id := range cur {
		lo, hi := g.Choices(int(p.S[id]))
		tbase := int(g.TransStart[lo])
		succ := p.Successors(id, k)
		for ch := lo; ch < hi && !out[i]; ch++ {
			if !allow(ch) {
				continue
			}
			for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
				if pos[succ[t-tbase]] >= 0 {
					out[i] = true
					break
				}
			}
		}
	}
	for _, id := range next {
		pos[id] = -1
	}
	return out
}

// walk follows, from the start, the first allowed choice and transition
// that keep to entries marked in ok.
func (p *Product) walk(layers [][]int32, ok [][]bool, allow func(int) func(int) bool, T, settled int) *Path {
	g := p.m.g
	path := &Path{Settled: settled}
	pos := p.slot
	id := layers[0][0]
	for k := 0; k < T; k++ {
		path.States = append(path.States, int(p.S[id]))
		for i, x := range layers[k+1] {
			if ok[k+1][i] {
				pos[x] = int32(i)
			}
		}
		lo, hi := g.Choices(int(p.S[id]))
		tbase := int(g.TransStart[lo])
		succ := p.Successors(id, k)
		a := allow(k)
		next := int32(-1)
		for ch := lo; ch < hi && next < 0; ch++ {
			if !a(ch) {
				continue
			}
			for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
				if dst := succ[t-tbase]; pos[dst] >= 0 {
					next = dst
					path.Choices = append(path.Choices, ch)
					break
				}
			}
		}
		for _, x := range layers[k+1] {
			pos[x] = -1
		}
		id = next
	}
	path.States = append(path.States, int(p.S[id]))
	return path
}
