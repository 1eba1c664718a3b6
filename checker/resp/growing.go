package resp

import (
	"slices"

	"github.com/onus-mc/onus/checker/limit"
)

// This file holds the level of the plan search along a run of grown steps
// (search.go, searcher.grown): an antichain into which the new supports of
// each step are merged one by one, through an index by state, so that a
// step costs what its new supports cost instead of a sort and a
// minimisation of the whole level (the level of a deterministic game holds
// some N^2 single states for some N steps).
//
// Correctness of the merge. Let A be an antichain and c a support. If some
// k ∈ A has k ⊆ c, then min(A ∪ {c}) = A: c is k or above it. Otherwise
// min(A ∪ {c}) = {l ∈ A : not c ⊊ l} ∪ {c}: c is minimal (nothing of A is
// below it), an l ∈ A stays minimal unless c is below it (nothing else of
// A is), and the l with c ⊊ l are above c. Merging the candidates c_1 …
// c_m one after another thus leaves min(A ∪ {c_1, …, c_m}) — whatever
// their order, as that set does not depend on it. The search is then as
// the one that minimises from scratch: its level is the same set of
// supports, and sorted (canonical order) it is the same list.
//
// The index. A support k is below c only if c holds k's least state, so
// "some k ⊆ c" compares c with the supports whose least state is in c
// (least), as minimalIndices does. A support l is above c only if l holds
// every state of c, so "the l with c ⊊ l" compares c with the supports
// holding the state of c that the fewest supports hold (all). The empty
// support is below every other: while it is kept it is the only one.
// Dropped supports leave the lists lazily: a list is compacted when read.

// growing is an antichain of supports, each with an id (the order in
// which it was added), dropped ones marked.
type growing struct {
	sets    [][]int32 // by id; nil once dropped
	live    []bool    // by id
	byState map[int32]*holders
	n       int // the supports kept
	empty   int // the id of the empty support while it is kept, else -1
}

// holders lists the ids of the supports that hold a state (all), and of
// those whose least state it is (least); either may still list dropped
// ones.
type holders struct {
	least, all []int
}

// newGrowing returns the antichain of the supports of level, which must
// be an antichain: their ids are their indices in level.
func newGrowing(level [][]int32) *growing {
	a := &growing{byState: make(map[int32]*holders, len(level)), empty: -1}
	for _, set := range level {
		a.insert(set)
	}
	return a
}

// merge adds the supports of cands, distinct from one another, to the
// antichain, keeping it the ⊆-minimal supports of the two (see above). It
// returns the ids of the supports of cands it keeps, in the order of
// cands, and how many supports of the antichain from before it dropped.
// With at not nil (len(cands) long), at[n] is set to the id of the
// support equal to cands[n] once merged, or to -1 if a proper subset of
// it is kept.
func (a *growing) merge(cands [][]int32, at []int) (added []int, dropped int) {
	base := len(a.sets) // the ids of the supports from before
	var ids []int
	for n, c := range cands {
		if n%deadlineEvery == deadlineEvery-1 {
			limit.CheckDeadline() // --timeout, Ctrl-C
		}
		if k, ok := a.covered(c); ok {
			if at != nil {
				at[n] = -1
				if len(a.sets[k]) == len(c) {
					at[n] = k // c itself
				}
			}
			continue
		}
		dropped += a.dropAbove(c, base)
		id := a.insert(c)
		ids = append(ids, id)
		if at != nil {
			at[n] = id
		}
	}
	for _, id := range ids {
		if a.live[id] { // a later candidate may have been below it
			added = append(added, id)
		}
	}
	return added, dropped
}

// covered returns the id of a support of the antichain that is a subset
// of c, if there is one.
func (a *growing) covered(c []int32) (int, bool) {
	if a.empty >= 0 {
		return a.empty, true
	}
	for _, x := range c {
		h := a.byState[x]
		if h == nil {
			continue
		}
		h.least = a.compact(h.least)
		for _, id := range h.least {
			if isSubset(a.sets[id], c) {
				return id, true
			}
		}
	}
	return 0, false
}

// dropAbove drops the supports of which c is a proper subset, and returns
// how many of them have an id below base.
func (a *growing) dropAbove(c []int32, base int) int {
	n := 0
	drop := func(id int) {
		a.sets[id], a.live[id] = nil, false
		a.n--
		if id < base {
			n++
		}
	}
	if len(c) == 0 {
		for id, ok := range a.live {
			if ok {
				drop(id)
			}
		}
		clear(a.byState) // every list would name only dropped ones
		return n
	}
	var fewest *holders
	for _, x := range c {
		h := a.byState[x]
		if h == nil {
			return 0 // no support holds x
		}
		if fewest == nil || len(h.all) < len(fewest.all) {
			fewest = h
		}
	}
	fewest.all = a.compact(fewest.all)
	for _, id := range fewest.all {
		if l := a.sets[id]; len(l) > len(c) && isSubset(c, l) {
			drop(id)
		}
	}
	return n
}

// insert adds set to the antichain and returns its id.
func (a *growing) insert(set []int32) int {
	id := len(a.sets)
	a.sets = append(a.sets, set)
	a.live = append(a.live, true)
	a.n++
	if len(set) == 0 {
		a.empty = id
		return id
	}
	for i, x := range set {
		h := a.byState[x]
		if h == nil {
			h = &holders{}
			a.byState[x] = h
		}
		h.all = append(h.all, id)
		if i == 0 {
			h.least = append(h.least, id)
		}
	}
	return id
}

// compact drops the ids of dropped supports from ids, in place.
func (a *growing) compact(ids []int) []int {
	return slices.DeleteFunc(ids, func(id int) bool { return !a.live[id] })
}

// sorted returns the supports kept, in canonical order (compareSupports),
// and their ids in that order.
func (a *growing) sorted() ([][]int32, []int) {
	ids := make([]int, 0, a.n)
	for id, ok := range a.live {
		if ok {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(x, y int) int { return compareSupports(a.sets[x], a.sets[y]) })
	out := make([][]int32, len(ids))
	for n, id := range ids {
		out[n] = a.sets[id]
	}
	return out, ids
}
