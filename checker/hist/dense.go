package hist

import (
	"math/bits"
	"sync/atomic"
)

// This file walks a step into a dense next layer: when the successors of
// the current layer's states lie in a range of product ids not much wider
// than the layer (a layer that grows ball by ball, as the robots' grid
// does: product ids are given in order of discovery, so the states met
// within k steps are the first ids), the next layer's rows are the whole
// range, a destination's row is found at its id minus the range's start
// instead of through the slot scratch, and the rows are kept in order of
// product state without the mark bits and the sort: the rows no lane
// reached are dropped once the step is walked. The sums are those of the
// sparse layer, term by term, in the same order.

// denseSlack is how much wider than the current layer the range of its
// successors may be for the next layer to be dense.
const denseSlack = 2

// denseMode switches dense layers for tests: 0 as usual, denseOff never,
// denseAlways whatever the range's width; denseParts counts the parts
// walked dense.
var denseMode = 0

var denseParts atomic.Int64

const (
	denseOff    = 1
	denseAlways = 2
)

// succRange sets the range of the current layer's successors, at any step
// (the nodes' smin and smax), for openDense.
func (r *laneRun) succRange() {
	nodes := r.p.nodes
	lo, hi := int32(-1), int32(-1)
	for _, pid := range r.cur.active {
		nd := &nodes[pid]
		if nd.smax < 0 {
			continue // no successor
		}
		if hi < 0 {
			lo, hi = nd.smin, nd.smax+1
			continue
		}
		lo, hi = min(lo, nd.smin), max(hi, nd.smax+1)
	}
	r.slo, r.shi = lo, hi
}

// openDense makes part dense for the destinations in [dlo, dhi), if the
// successors' range there is narrow enough: its rows then stand for the
// states from part.base on, zeroed.
func (r *laneRun) openDense(part *laneLayer, dlo, dhi int32) {
	part.base = -1
	lo, hi := max(dlo, r.slo), min(dhi, r.shi)
	if r.shi < 0 || hi <= lo || denseMode == denseOff {
		return
	}
	span := int(hi - lo)
	if span > denseSlack*len(r.cur.active)+64 && denseMode != denseAlways {
		return
	}
	denseParts.Add(1)
	L := r.L
	part.base = lo
	part.has = grown(part.has, span)
	part.ent = grown(part.ent, span*L)
}

// closeDense keeps, in order, the rows of dense part some lane reached,
// normalised, and lists their states.
func (r *laneRun) closeDense(part *laneLayer) {
	L, out := r.L, 0
	for d, h := range part.has {
		if h == 0 {
			continue
		}
		row := part.ent[out*L : out*L+L]
		if out != d {
			copy(row, part.ent[d*L:d*L+L])
			part.has[out] = h
		}
		for w := h; w != 0; w &= w - 1 {
			normEntry(&row[bits.TrailingZeros64(w)], r.counting)
		}
		part.active = append(part.active, part.base+int32(d))
		out++
	}
	part.has, part.ent = part.has[:out], part.ent[:out*L]
}

// destRow returns the row of destination dst in next, adding it if new
// (slot and mark set for it, unless next is dense).
func (r *laneRun) destRow(next *laneLayer, dst int32, slot []int32) int {
	if next.base >= 0 {
		return int(dst - next.base)
	}
	d := int(slot[dst])
	if d < 0 {
		d = len(next.active)
		slot[dst] = int32(d)
		r.mark[dst>>6] |= 1 << (uint(dst) & 63)
		next.active = append(next.active, dst)
		next.has = append(next.has, 0)
		next.ent = append(next.ent, zeroRow[:r.L]...)
	}
	return d
}

// grown returns s cut or grown to n elements, all zero; grown, it gets
// room for a layer a quarter as big again, as layers that grow do.
func grown[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n, n+n/4)
	}
	s = s[:n]
	clear(s)
	return s
}
