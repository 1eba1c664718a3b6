package hist

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/onus-mc/onus/translate"
)

// This file groups every state's transitions by target, for the lanes of
// a walk that are not walked transition by transition: the transitions of
// a state that lead to the same state, from any of its choices the lane's
// filter allows (every choice for a lane without a filter: the plan-free
// pass, and every pass at a free step), add the same source count to the
// same destination, so such a lane adds their number m times the count and
// the sum w of their weights β(ch)·P(t) times the probability, once per
// destination instead of once per transition.
//
// The groups are laid out in order of product state, as the walks read
// them (a walk's layer is in that order; game states, in PRISM's order,
// would be read at random): each explored product state's node holds the
// range of its groups, the same in the groups of every filter, as wide as
// its distinct targets, and a filter's groups of the state end at the
// range's end or at the first group with m 0. Each filter a product's
// walks meet gets its groups once, extended as the product is explored.

// group is one target of a state: its first transition (counted from the
// state's first), the number of transitions to it and the sum of their
// weights (one cache line holds four groups).
type group struct {
	first int32
	m     int32
	w     float64
}

// productGroups is the target groups of one filter, per explored product
// state (node.g0 to node.g1), for the first filled states.
type productGroups struct {
	a      translate.Bitset // the filter (nil: every choice)
	g      []group
	filled int
}

// groupsOf returns the product's target groups of filter a (one of
// Allowed's results, cached as they are, so that a filter met again at
// every step is grouped once), to be filled (fillGroups) before use. Not
// safe for concurrent use: the walks call it when they set a step's
// filters (laneRun.explore).
func (p *Product) groupsOf(a translate.Bitset) *productGroups {
	var key *uint64
	if len(a) > 0 {
		key = &a[0]
	}
	if pg, ok := p.groups[key]; ok {
		return pg
	}
	pg := &productGroups{a: a}
	if p.groups == nil {
		p.groups = map[*uint64]*productGroups{}
	}
	p.groups[key] = pg
	return pg
}

// fillGroups extends pg to every explored product state; *scratch is an
// all-zero slice per game state, made on first use and left zero.
func (p *Product) fillGroups(pg *productGroups, scratch *[]int32) {
	if pg.filled == len(p.nodes) {
		return
	}
	m := p.m
	g := m.g
	a := pg.a
	if n := int(p.ngroups); cap(pg.g) < n {
		// Half as much again: the groups of every filter grow with the
		// product at every step, and slices.Grow's quarter copied each
		// filter's groups about five times over (100 MB each on a
		// 3·10^5-state csg).
		g := make([]group, n, max(n, cap(pg.g)*3/2))
		copy(g, pg.g)
		pg.g = g
	} else if len(pg.g) < n {
		pg.g = pg.g[:n]
	}
	if len(*scratch) < g.NumStates {
		*scratch = make([]int32, g.NumStates)
	}
	// seen[target] = its group in the current state + 1.
	seen := *scratch
	for i := pg.filled; i < len(p.nodes); i++ {
		nd := &p.nodes[i]
		out := pg.g[nd.g0:nd.g1]
		k := int32(0)
		for ch := int(nd.lo); ch < int(nd.hi); ch++ {
			if a != nil && !a.Has(ch) {
				continue
			}
			for t := g.TransStart[ch]; t < g.TransStart[ch+1]; t++ {
				to := g.Target[t]
				if seen[to] == 0 {
					out[k] = group{first: t - nd.tbase}
					k++
					seen[to] = k
				}
				x := &out[seen[to]-1]
				x.m++
				x.w += m.beta[ch] * g.Prob[t]
			}
		}
		for _, x := range out[:k] {
			seen[g.Target[nd.tbase+x.first]] = 0
		}
		clear(out[k:])
	}
	pg.filled = len(p.nodes)
}

// fillAll fills the target groups the walks' next step reads, those of
// distinct filters at once on two goroutines (each its own scratch).
func (p *Product) fillAll(runs []*laneRun) {
	var todo []*productGroups
	for _, r := range runs {
		for _, gs := range r.gsets {
			if gs.tg.filled < len(p.nodes) && !slices.Contains(todo, gs.tg) {
				todo = append(todo, gs.tg)
			}
		}
	}
	if len(todo) < 2 {
		for _, pg := range todo {
			p.fillGroups(pg, &p.seen)
		}
		return
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 1; i < len(todo); i += 2 {
			p.fillGroups(todo[i], &p.seen2)
		}
	}()
	for i := 0; i < len(todo); i += 2 {
		p.fillGroups(todo[i], &p.seen)
	}
	wg.Wait()
}

// groupBytes is the memory the product's target groups hold.
func (p *Product) groupBytes() int64 {
	var b int64
	for _, pg := range p.groups {
		b += 16 * int64(cap(pg.g))
	}
	return b
}

// addGroups adds the entries row of a source's lanes gl (lanes whose
// filter groups its transitions as grp, up to a group with m 0) into next
// (its states in [dlo, dhi) only), once per target group; succ are the
// product successors of the source, by transition.
func (r *laneRun) addGroups(grp []group, gl uint64, row []entry, succ []int32, slot []int32, next *laneLayer, dlo, dhi int32) {
	L := r.L
	counting := r.counting
	for _, gx := range grp {
		if gx.m == 0 {
			break // a filter's groups end here
		}
		dst := succ[gx.first]
		if dst < dlo || dst >= dhi {
			continue
		}
		d := r.destRow(next, dst, slot)
		nh := next.has[d]
		next.has[d] = nh | gl
		dr := next.ent[d*L : d*L+L]
		mx, wx := float64(gx.m), gx.w
		for w := gl; w != 0; w &= w - 1 {
			l := bits.TrailingZeros64(w)
			src := &row[l]
			e := &dr[l]
			if nh&(1<<uint(l)) == 0 {
				e.ce, e.pe = src.ce, src.pe
			}
			if counting {
				// m times the source's count: the high part's product is
				// exact (its error by FMA), the low part's rounded.
				ah, al := src.ch, src.cl
				if mx != 1 {
					ah = src.ch * mx
					al = math.FMA(src.ch, mx, -ah) + src.cl*mx
				}
				if y := src.ce - e.ce + pow2Bias; uint32(y) <= 2*pow2Bias {
					f := pow2[y]
					a, h := ah*f, e.ch
					sum := h + a
					bb := sum - h
					e.cl += (h - (sum - bb)) + (a - bb) + al*f
					e.ch = sum
				} else {
					c := Count{e.ch, e.cl, int(e.ce)}.Add(Count{ah, al, int(src.ce)})
					e.ch, e.cl, e.ce = c.hi, c.lo, int32(c.exp)
				}
			}
			v := src.p * wx
			if y := src.pe - e.pe + pow2Bias; uint32(y) <= 2*pow2Bias {
				e.p += v * pow2[y]
			} else {
				mm, y := addScaled(e.p, int(e.pe), v, int(src.pe))
				e.p, e.pe = mm, int32(y)
			}
		}
	}
}

// addGroups1 is addGroups for one lane l of a dense next layer: the same
// sums, term by term, with the source's entry read once.
func (r *laneRun) addGroups1(grp []group, l int, src *entry, succ []int32, next *laneLayer, dlo, dhi int32) {
	L := r.L
	bit := uint64(1) << uint(l)
	base := next.base
	has, ent := next.has, next.ent
	counting := r.counting
	sce, spe, sch, scl, sp := src.ce, src.pe, src.ch, src.cl, src.p
	for _, gx := range grp {
		if gx.m == 0 {
			break // a filter's groups end here
		}
		dst := succ[gx.first]
		if dst < dlo || dst >= dhi {
			continue
		}
		d := int(dst - base)
		nh := has[d]
		has[d] = nh | bit
		e := &ent[d*L+l]
		if nh&bit == 0 {
			e.ce, e.pe = sce, spe
		}
		if counting {
			mx := float64(gx.m)
			ah, al := sch, scl
			if mx != 1 {
				ah = sch * mx
				al = math.FMA(sch, mx, -ah) + scl*mx
			}
			if y := sce - e.ce + pow2Bias; uint32(y) <= 2*pow2Bias {
				f := pow2[y]
				a, h := ah*f, e.ch
				sum := h + a
				bb := sum - h
				e.cl += (h - (sum - bb)) + (a - bb) + al*f
				e.ch = sum
			} else {
				c := Count{e.ch, e.cl, int(e.ce)}.Add(Count{ah, al, int(sce)})
				e.ch, e.cl, e.ce = c.hi, c.lo, int32(c.exp)
			}
		}
		v := sp * gx.w
		if y := spe - e.pe + pow2Bias; uint32(y) <= 2*pow2Bias {
			e.p += v * pow2[y]
		} else {
			mm, y := addScaled(e.p, int(e.pe), v, int(spe))
			e.p, e.pe = mm, int32(y)
		}
	}
}
