package hist

import (
	"math"
	"slices"
	"sync/atomic"

	"github.com/onus-mc/onus/translate"
)

// This file prunes the walks that run only to feed Diff lanes.
//
// A loss note of a boolean operator (checker/unavail.go) asks only for the
// histories Compat_J(π) loses: the Diff lane of J, fed by J's plain lane at
// the states and steps where a player of J cannot take its planned action.
// J's plain lane then walks for its feeds alone (its own values are not
// asked for), and its mass in a state matters only if a stuck state can
// still be reached from there before the feeds end.
//
// Soundness: let U be the game states where some step of the plan, for
// some coalition of the walk, feeds a Diff lane (the union over the steps
// of the feed filters' states), d(s) the length of a shortest path from s
// to U in the game graph (every transition of positive probability,
// whatever the filter), and L the last step that feeds plus one. The walk's mass at
// state s after k steps reaches a feed only along a path of the lane's
// filters, which is a path of the game, to a state of U reached at some
// step j ≤ L−1; so it needs d(s) ≤ j−k ≤ L−1−k. A row with d(s) > L−1−k
// can never feed: dropping it changes no feed, and the feeds are all the
// Diff lanes read of the walk. The plain lanes' own sums are then wrong,
// which is why only walks whose every plain coalition was added to feed
// (none of them asked for) are pruned.

// pruneOff switches pruning off for tests; prunedRows counts the rows
// dropped.
var pruneOff = false

var prunedRows atomic.Int64

// reverse is the game graph reversed: the states with a transition into
// state s are from[start[s]:start[s+1]] (with repeats).
type reverse struct {
	start []int32
	from  []int32
}

// reversed returns the game's reversed graph, built once.
func (m *Model) reversed() *reverse {
	if m.rev != nil {
		return m.rev
	}
	g := m.g
	start := make([]int32, g.NumStates+1)
	for t, to := range g.Target {
		if g.Prob[t] > 0 {
			start[to+1]++
		}
	}
	for s := 0; s < g.NumStates; s++ {
		start[s+1] += start[s]
	}
	from := make([]int32, start[g.NumStates])
	fill := slices.Clone(start[:g.NumStates])
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		for t := g.TransStart[lo]; t < g.TransStart[hi]; t++ {
			if g.Prob[t] > 0 {
				to := g.Target[t]
				from[fill[to]] = int32(s)
				fill[to]++
			}
		}
	}
	m.rev = &reverse{start: start, from: from}
	return m.rev
}

// revBytes is the memory the reversed graph holds.
func (m *Model) revBytes() int64 {
	if m.rev == nil {
		return 0
	}
	return 4 * int64(len(m.rev.start)+len(m.rev.from))
}

// distTo returns, per game state, the length of a shortest path into the
// states of u, or math.MaxInt32 for those farther than maxd or never.
func (m *Model) distTo(u translate.Bitset, maxd int) []int32 {
	g := m.g
	dist := make([]int32, g.NumStates)
	var cur []int32
	for s := range dist {
		if u.Has(s) {
			cur = append(cur, int32(s))
		} else {
			dist[s] = math.MaxInt32
		}
	}
	rv := m.reversed()
	for d := int32(1); len(cur) > 0 && int(d) <= maxd; d++ {
		var next []int32
		for _, s := range cur {
			for _, f := range rv.from[rv.start[s]:rv.start[s+1]] {
				if dist[f] == math.MaxInt32 {
					dist[f] = d
					next = append(next, f)
				}
			}
		}
		cur = next
	}
	return dist
}

// setPrune makes main walk r, whose plain lanes only feed the Diff lanes
// of sides (js their masks), drop after each step the rows that can no
// longer feed within the T steps of the walk (see above).
func (r *laneRun) setPrune(sides []*sideRun, steps []*Step, T int, js []uint64) {
	m := r.p.m
	var u translate.Bitset
	last := -1 // the last step that feeds
	seen := map[[2]*uint64]bool{}
	for _, sd := range sides {
		if sd.main != r {
			continue
		}
		for l, fi := range sd.r.feeder {
			if fi < 0 || sd.r.lanes[l] == nil {
				continue
			}
			j := js[fi]
			for k := 0; k < T && k < len(steps); k++ {
				free, plain := m.Allowed(steps[k], j|Free), m.Allowed(steps[k], j)
				if len(free) == 0 || len(plain) == 0 {
					continue
				}
				f := m.feedFilter(free, plain)
				if f == nil {
					continue
				}
				last = max(last, k)
				key := [2]*uint64{&free[0], &plain[0]}
				if seen[key] {
					continue
				}
				seen[key] = true
				if u == nil {
					u = translate.NewBitset(m.g.NumStates)
				}
				for w := range u {
					u[w] |= f.states[w]
				}
			}
		}
	}
	if u == nil {
		u = translate.NewBitset(m.g.NumStates) // nothing to feed: every row goes
	}
	// No feed after the last step that has one: the walk ends there.
	r.prune, r.pruneT = m.distTo(u, last+1), last+1
}

// pruneLayer drops the rows of the current layer, the walk's layer after
// k steps, from which no feed can be reached within the walk's steps.
func (r *laneRun) pruneLayer(k int) {
	if r.prune == nil || pruneOff {
		return
	}
	cur, L, states := r.cur, r.L, r.p.S
	left := int32(r.pruneT - 1 - k)
	out := 0
	for i, pid := range cur.active {
		if r.prune[states[pid]] > left {
			continue
		}
		if out != i {
			cur.active[out] = pid
			cur.has[out] = cur.has[i]
			copy(cur.ent[out*L:out*L+L], cur.ent[i*L:i*L+L])
		}
		out++
	}
	prunedRows.Add(int64(len(cur.active) - out))
	cur.active, cur.has, cur.ent = cur.active[:out], cur.has[:out], cur.ent[:out*L]
}

// feedOnly reports whether every plain coalition of main walk r is one
// that splitWalk added to feed a Diff lane (an index into js from nout
// on), none asked for.
func feedOnly(r *laneRun, nout int) bool {
	any := false
	for l, members := range r.lanes {
		if members == nil || r.feeder[l] >= 0 {
			continue
		}
		for _, i := range members {
			if i < nout {
				return false
			}
			any = true
		}
	}
	return any
}
