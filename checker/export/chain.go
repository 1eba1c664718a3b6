package export

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file builds the chain of one language (outcome.go describes it) in
// three steps: the layers of reachable game states with their rows of
// transitions (explore), the states' valuations and labels (states), and
// the transitions renumbered into the chain (transitions).

// Marks of the absorbing targets in rows before renumbering.
const sinkMark, endMark = -1, -2

// row is the transitions of one chain state: to a game state of the next
// layer (renumbered later), or to sinkMark or endMark.
type row struct {
	to []int32
	p  []float64
	r  []*big.Rat
}

// add adds probability p (exactly r, if known) of going to to.
func (rw *row) add(to int32, p float64, r *big.Rat) {
	for i, t := range rw.to {
		if t == to {
			rw.p[i] += p
			if r != nil {
				rw.r[i].Add(rw.r[i], r)
			}
			return
		}
	}
	rw.to = append(rw.to, to)
	rw.p = append(rw.p, p)
	if r != nil {
		rw.r = append(rw.r, new(big.Rat).Set(r))
	}
}

// chainBuild is one chain in construction.
type chainBuild struct {
	l      *hist.Language
	m      *hist.Model
	g      *translate.Game
	T      int
	exact  bool
	layers [][]int32          // reachable game states per step, sorted
	id     map[[2]int32]int32 // (game state, step) → chain state
	n      int32              // chain states numbered so far
	rows   []row              // by chain state
	ch     *translate.Game
}

// outcomeChain builds the chain of one language.
func outcomeChain(l *hist.Language, tr *outcomeTr) *translate.Game {
	m := l.Model()
	_, betaRat := m.Beta()
	b := &chainBuild{l: l, m: m, g: m.Game(), T: l.Horizon, exact: betaRat != nil}
	b.explore()
	b.states(tr)
	b.transitions()
	b.labels(tr)
	return b.ch
}

// one returns an exact 1 when the chain is exact.
func (b *chainBuild) one() *big.Rat {
	if b.exact {
		return big.NewRat(1, 1)
	}
	return nil
}

// explore finds the layers of game states reachable with positive
// probability through allowed joint actions, and the row of each.
func (b *chainBuild) explore() {
	g, T, exact := b.g, b.T, b.exact
	beta, betaRat := b.m.Beta()
	probRat := b.m.ProbRat()
	init := int(g.Initial[0])
	b.layers = [][]int32{{int32(init)}}
	b.id = map[[2]int32]int32{{int32(init), 0}: 0}
	b.n = 1
	tmp := new(big.Rat)
	for k := 0; k <= T; k++ {
		var next []int32
		for _, s := range b.layers[k] {
			var rw row
			if k == T {
				rw.add(endMark, 1, b.one())
				b.rows = append(b.rows, rw)
				continue
			}
			lo, hi := g.Choices(int(s))
			if lo == hi {
				rw.add(sinkMark, 1, b.one())
			}
			for ch := lo; ch < hi; ch++ {
				bc := beta[ch]
				if bc == 0 && (!exact || betaRat[ch].Sign() == 0) {
					continue
				}
				ok := b.l.Allowed(k, ch)
				tlo, thi := g.Transitions(ch)
				for t := tlo; t < thi; t++ {
					p := bc * g.Prob[t]
					var pr *big.Rat
					if exact {
						pr = tmp.Mul(betaRat[ch], probRat[t])
						if pr.Sign() == 0 {
							continue
						}
					} else if p == 0 {
						continue
					}
					dst := int32(sinkMark)
					if ok {
						key := [2]int32{g.Target[t], int32(k + 1)}
						if _, seen := b.id[key]; !seen {
							b.id[key] = -1 // numbered when the layer is complete
							next = append(next, g.Target[t])
						}
						dst = g.Target[t] // game state for now
					}
					rw.add(dst, p, pr)
				}
			}
			b.rows = append(b.rows, rw)
		}
		if k < T {
			slices.Sort(next)
			if lim := b.m.MaxProduct(); int(b.n)+len(next) > lim {
				panic(&limit.Error{What: "states in an exported chain", Limit: lim})
			}
			for _, s := range next {
				b.id[[2]int32{s, int32(k + 1)}] = b.n
				b.n++
			}
			b.layers = append(b.layers, next)
		}
	}
}

// states lays out the chain's states: the layers, then onus_sink and
// onus_end; valuations are the game's with the step appended.
func (b *chainBuild) states(tr *outcomeTr) {
	g, T := b.g, b.T
	init := int(g.Initial[0])
	N := int(b.n) + 2
	b.ch = &translate.Game{
		Type:      prism.TypeDTMC,
		Vars:      append(append([]translate.Var(nil), g.Vars...), translate.Var{Name: tr.kvar, Lo: 0, Hi: int32(T + 2)}),
		NumStates: N,
		Initial:   []int32{0},
		Deadlock:  translate.NewBitset(N),
	}
	ch := b.ch
	ch.Values = make([]int32, 0, N*(len(g.Vars)+1))
	for k, layer := range b.layers {
		for _, s := range layer {
			ch.Values = append(ch.Values, g.State(int(s))...)
			ch.Values = append(ch.Values, int32(k))
		}
	}
	ch.Values = append(ch.Values, g.State(init)...)
	ch.Values = append(ch.Values, int32(T+2))
	ch.Values = append(ch.Values, g.State(init)...)
	ch.Values = append(ch.Values, int32(T+1))
}

// transitions renumbers the rows' targets into chain states and writes one
// choice per state, targets ascending.
func (b *chainBuild) transitions() {
	ch := b.ch
	N := ch.NumStates
	sink, end := int32(b.n), int32(b.n+1)
	rows := b.rows
	st := 0
	for k, layer := range b.layers {
		for range layer {
			rw := rows[st]
			for i, t := range rw.to {
				switch t {
				case sinkMark:
					rw.to[i] = sink
				case endMark:
					rw.to[i] = end
				default:
					rw.to[i] = b.id[[2]int32{t, int32(k + 1)}]
				}
			}
			rows[st] = rw
			st++
		}
	}
	rows = append(rows, row{to: []int32{sink}, p: []float64{1}, r: []*big.Rat{big.NewRat(1, 1)}},
		row{to: []int32{end}, p: []float64{1}, r: []*big.Rat{big.NewRat(1, 1)}})
	for s, rw := range rows {
		ch.ChoiceStart = append(ch.ChoiceStart, int32(s))
		ch.TransStart = append(ch.TransStart, int32(len(ch.Target)))
		idx := make([]int, len(rw.to))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return int(rw.to[a] - rw.to[b]) })
		for _, i := range idx {
			ch.Target = append(ch.Target, rw.to[i])
			if b.exact {
				f, _ := rw.r[i].Float64()
				ch.Prob = append(ch.Prob, f)
				ch.ProbExact = append(ch.ProbExact, rw.r[i])
			} else {
				ch.Prob = append(ch.Prob, rw.p[i])
			}
		}
	}
	ch.ChoiceStart = append(ch.ChoiceStart, int32(N))
	ch.TransStart = append(ch.TransStart, int32(len(ch.Target)))
}

// labels gives the chain the model's labels where they hold of the game
// state, onus_sink, onus_end and the outcome's atoms.
func (b *chainBuild) labels(tr *outcomeTr) {
	g, ch := b.g, b.ch
	N := ch.NumStates
	labelSets := make([]translate.Bitset, len(g.Labels))
	for i := range labelSets {
		labelSets[i] = translate.NewBitset(N)
	}
	atomSets := make([]translate.Bitset, len(tr.atoms))
	for i := range atomSets {
		atomSets[i] = translate.NewBitset(N)
	}
	st := 0
	for _, layer := range b.layers {
		for _, s := range layer {
			for i, lb := range g.Labels {
				if lb.States.Has(int(s)) {
					labelSets[i].Set(st)
				}
			}
			for i, a := range tr.atoms {
				if a.Has(int(s)) {
					atomSets[i].Set(st)
				}
			}
			st++
		}
	}
	for i, lb := range g.Labels {
		ch.Labels = append(ch.Labels, translate.Label{Name: lb.Name, States: labelSets[i]})
	}
	sinkSet, endSet := translate.NewBitset(N), translate.NewBitset(N)
	sinkSet.Set(N - 2)
	endSet.Set(N - 1)
	ch.Labels = append(ch.Labels, translate.Label{Name: SinkLabel, States: sinkSet}, translate.Label{Name: EndLabel, States: endSet})
	for i, a := range atomSets {
		ch.Labels = append(ch.Labels, translate.Label{Name: AtomPrefix + fmt.Sprint(i+1), States: a})
	}
}
