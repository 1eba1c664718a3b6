package hist

import (
	"math"
	"math/bits"
)

// This file groups every state's transitions by target, for the lanes of
// a walk that no filter constrains at a step (the plan-free pass, and
// every pass at a free step): the transitions of a state that lead to the
// same state, from any of its choices, add the same source count to the
// same destination, so such a lane adds their number m times the count
// and the sum w of their weights β(ch)·P(t) times the probability, once
// per destination instead of once per transition.

// targetGroups holds, per game state s, its distinct transition targets
// in order of first appearance: groups start[s] to start[s+1]−1, each
// with its first transition, its number of transitions and their weight.
type targetGroups struct {
	start []int32 // per state, into the groups; len = states+1
	first []int32 // per group, its first transition
	m     []int32 // per group, its number of transitions
	w     []float64
}

// groups returns the model's target groups, built on first use.
func (m *Model) groups() *targetGroups {
	m.groupsOnce.Do(func() {
		g := m.g
		n := g.NumStates
		tg := &targetGroups{start: make([]int32, n+1)}
		// seen[target] = its group in the current state + 1.
		seen := make([]int32, n)
		for s := 0; s < n; s++ {
			lo, hi := g.Choices(s)
			base := int32(len(tg.first))
			for ch := lo; ch < hi; ch++ {
				for t := g.TransStart[ch]; t < g.TransStart[ch+1]; t++ {
					to := g.Target[t]
					if seen[to] == 0 {
						tg.first = append(tg.first, t)
						tg.m = append(tg.m, 0)
						tg.w = append(tg.w, 0)
						seen[to] = int32(len(tg.first)) - base
					}
					x := base + seen[to] - 1
					tg.m[x]++
					tg.w[x] += m.beta[ch] * g.Prob[t]
				}
			}
			for x := base; x < int32(len(tg.first)); x++ {
				seen[g.Target[tg.first[x]]] = 0
			}
			tg.start[s+1] = int32(len(tg.first))
		}
		m.tg = tg
	})
	return m.tg
}

// addGroups adds the entries row of state s's lanes gl (lanes without a
// filter) into next (its states in [dlo, dhi) only), once per target group of s; succ are the
// product successors of the source, by transition from tbase.
func (r *laneRun) addGroups(tg *targetGroups, s int, gl uint64, row []entry, succ []int32, tbase int, slot []int32, next *laneLayer, dlo, dhi int32) {
	L, mark := r.L, r.mark
	counting := r.counting
	for x := int(tg.start[s]); x < int(tg.start[s+1]); x++ {
		dst := succ[int(tg.first[x])-tbase]
		if dst < dlo || dst >= dhi {
			continue
		}
		d := int(slot[dst])
		if d < 0 {
			d = len(next.active)
			slot[dst] = int32(d)
			mark[dst>>6] |= 1 << (uint(dst) & 63)
			next.active = append(next.active, dst)
			next.has = append(next.has, 0)
			next.ent = append(next.ent, zeroRow[:L]...)
		}
		nh := next.has[d]
		next.has[d] = nh | gl
		dr := next.ent[d*L : d*L+L]
		mx, wx := float64(tg.m[x]), tg.w[x]
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
