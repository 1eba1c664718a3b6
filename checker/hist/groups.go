package hist

import (
	"math"
	"math/bits"

	"github.com/onus-mc/onus/translate"
)

// This file groups every state's transitions by target, for the lanes of
// a walk that are not walked transition by transition: the transitions of
// a state that lead to the same state, from any of its choices the lane's
// filter allows (every choice for a lane without a filter: the plan-free
// pass, and every pass at a free step), add the same source count to the
// same destination, so such a lane adds their number m times the count and
// the sum w of their weights β(ch)·P(t) times the probability, once per
// destination instead of once per transition. Each filter a walk meets
// gets its own groups, built once (Model.filterGroups).

// group is one target of a state: its first transition, the number of
// transitions to it and the sum of their weights (one cache line holds
// four groups).
type group struct {
	first int32
	m     int32
	w     float64
}

// targetGroups holds, per game state s, its distinct transition targets
// (of the allowed choices) in order of first appearance. Every filter's
// groups of s sit where the groups over every choice have theirs, from
// start[s] of those (a product state's node holds the range: a step reads
// it in order), and end before start[s+1] or at the first group with m 0.
type targetGroups struct {
	start []int32 // per state, into g; len = states+1 (the groups over every choice only)
	g     []group
}

// bytes is the memory the groups hold.
func (tg *targetGroups) bytes() int64 {
	return 4*int64(len(tg.start)) + 16*int64(cap(tg.g))
}

// groups returns the model's target groups over every choice, built on
// first use.
func (m *Model) groups() *targetGroups {
	m.groupsOnce.Do(func() { m.tg = m.buildGroups(nil) })
	return m.tg
}

// filterGroups returns the target groups of the choices filter a allows
// (one of Allowed's results, cached as they are, so that a filter met
// again at every step is grouped once). Not safe for concurrent use: the
// walks call it when they set a step's filters (laneRun.prepare).
func (m *Model) filterGroups(a translate.Bitset) *targetGroups {
	if a == nil {
		return m.groups()
	}
	var key *uint64
	if len(a) > 0 {
		key = &a[0]
	}
	if tg, ok := m.fgroups[key]; ok {
		return tg
	}
	tg := m.buildGroups(a)
	m.fgroups[key] = tg
	m.groupBytes += tg.bytes()
	return tg
}

// buildGroups groups the transitions of the choices a allows (nil: all,
// laid out state after state; otherwise where those are).
func (m *Model) buildGroups(a translate.Bitset) *targetGroups {
	g := m.g
	n := g.NumStates
	var all *targetGroups
	tg := &targetGroups{}
	if a == nil {
		tg.start = make([]int32, n+1)
	} else {
		all = m.groups()
		tg.g = make([]group, len(all.g))
	}
	// seen[target] = its group in the current state + 1.
	seen := make([]int32, n)
	for s := 0; s < n; s++ {
		lo, hi := g.Choices(s)
		base, k := int32(len(tg.g)), int32(0)
		if all != nil {
			base = all.start[s]
		}
		for ch := lo; ch < hi; ch++ {
			if a != nil && !a.Has(ch) {
				continue
			}
			for t := g.TransStart[ch]; t < g.TransStart[ch+1]; t++ {
				to := g.Target[t]
				if seen[to] == 0 {
					if all == nil {
						tg.g = append(tg.g, group{})
					}
					tg.g[base+k] = group{first: t}
					k++
					seen[to] = k
				}
				x := &tg.g[base+seen[to]-1]
				x.m++
				x.w += m.beta[ch] * g.Prob[t]
			}
		}
		for _, x := range tg.g[base : base+k] {
			seen[g.Target[x.first]] = 0
		}
		if all == nil {
			tg.start[s+1] = int32(len(tg.g))
		}
	}
	return tg
}

// addGroups adds the entries row of a source's lanes gl (lanes whose
// filter groups its transitions as grp, up to a group with m 0) into next
// (its states in [dlo, dhi) only), once per target group; succ are the
// product successors of the source, by transition from tbase.
func (r *laneRun) addGroups(grp []group, gl uint64, row []entry, succ []int32, tbase int, slot []int32, next *laneLayer, dlo, dhi int32) {
	L, mark := r.L, r.mark
	counting := r.counting
	for _, gx := range grp {
		if gx.m == 0 {
			break // a filter's groups end here
		}
		dst := succ[int(gx.first)-tbase]
		if dst < dlo || dst >= dhi {
			continue
		}
		var d int
		if next.base >= 0 {
			d = int(dst - next.base) // a dense layer (dense.go)
		} else if d = int(slot[dst]); d < 0 {
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
