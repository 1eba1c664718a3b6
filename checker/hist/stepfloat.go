package hist

import (
	"math"

	"github.com/onus-mc/onus/translate"
)

// This file holds the step of the default passes, which count as Counts
// (or not at all) and carry no exact probabilities: the general step
// (pass.go) with every per-transition test of the count's kind hoisted
// out of the loop, since the loop is nearly all of a pass's time.

// stepFloat is step for a run whose counts are Counts or absent and whose
// model is not exact.
func (r *passRun) stepFloat(allow translate.Bitset, k int, slot []int32) {
	p, cur, next := r.p, r.cur, r.next
	m := p.m
	g := m.g
	counting := cur.w == floatCounts
	next.reset(cur.w)
	beta, prob := m.beta, g.Prob
	transStart, choiceStart := g.TransStart, g.ChoiceStart
	succAll, succStart, due, states := p.Succ, p.SuccStart, p.Due, p.S
	tiny := m.tinyWeights
	ent := cur.ent[:len(cur.active)]
	for i, pid := range cur.active {
		src := ent[i]
		s := states[pid]
		lo, hi := int(choiceStart[s]), int(choiceStart[s+1])
		tbase := int(transStart[lo])
		var succ []int32
		if int(due[pid]) == k {
			succ = p.Successors(pid, k)
		} else {
			succ = succAll[succStart[pid]:succStart[pid+1]]
		}
		for ch := lo; ch < hi; ch++ {
			if allow != nil && allow[ch>>6]&(1<<(uint(ch)&63)) == 0 {
				continue
			}
			b := beta[ch] * src.p
			t0, t1 := int(transStart[ch]), int(transStart[ch+1])
			pr := prob[t0:t1]
			for x, dst := range succ[t0-tbase : t1-tbase] {
				d := slot[dst]
				if d < 0 {
					d = int32(len(next.active))
					slot[dst] = d
					next.active = append(next.active, dst)
					next.ent = append(next.ent, entry{ce: src.ce, pe: src.pe})
				}
				e := &next.ent[d]
				if counting {
					// Double-double addition of the source's count, scaled
					// to the destination's exponent (exact: a power of two).
					if y := src.ce - e.ce + pow2Bias; uint32(y) <= 2*pow2Bias {
						f := pow2[y]
						a, h := src.ch*f, e.ch
						sum := h + a
						bb := sum - h
						e.cl += (h - (sum - bb)) + (a - bb) + src.cl*f
						e.ch = sum
					} else {
						c := Count{e.ch, e.cl, int(e.ce)}.Add(Count{src.ch, src.cl, int(src.ce)})
						e.ch, e.cl, e.ce = c.hi, c.lo, int32(c.exp)
					}
				}
				v, ve := b*pr[x], src.pe
				if tiny && v < 0x1p-960 && b != 0 && pr[x] != 0 {
					// src.p is in [1/2, 1), so only extreme weights get here.
					m1, e1 := math.Frexp(beta[ch])
					m2, e2 := math.Frexp(pr[x])
					v, ve = src.p*m1*m2, src.pe+int32(e1+e2)
				}
				if y := ve - e.pe + pow2Bias; uint32(y) <= 2*pow2Bias {
					e.p += v * pow2[y]
				} else {
					mm, y := addScaled(e.p, int(e.pe), v, int(ve))
					e.p, e.pe = mm, int32(y)
				}
			}
		}
	}
	for _, pid := range next.active {
		slot[pid] = -1
	}
	normalize(next)
	r.cur, r.next = next, cur
}
