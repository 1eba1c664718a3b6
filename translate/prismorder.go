package translate

import (
	"math/big"
	"sort"
)

// This file orders the choices of a csg state as PRISM-games' explicit
// engine does (reference §4.9), so that exports can match its files byte
// for byte. PRISM collects a state's joint actions in a java.util.HashSet
// of BitSets (the set of action indices the acting players take) and
// numbers the choices in the set's iteration order: by hash bucket, and in
// a bucket by generation order (player 1's actions outermost, ascending
// action index), which is the order onus keeps its choices in.

// PrismOrder returns g with the choices of each csg state reordered into
// PRISM-games' order; g itself for other model types. Only the order of
// choices changes (with their transitions and transition rewards): states,
// their numbering and every value stay the same.
func PrismOrder(g *Game) *Game {
	if g.Joint == nil {
		return g
	}
	np := len(g.Players)
	out := *g
	out.Joint = make([]int32, 0, len(g.Joint))
	out.TransStart = make([]int32, 1, len(g.TransStart))
	out.Target = make([]int32, 0, len(g.Target))
	out.Prob = make([]float64, 0, len(g.Prob))
	if g.ProbExact != nil {
		out.ProbExact = make([]*big.Rat, 0, len(g.ProbExact))
	}
	out.Rewards = make([]Rewards, len(g.Rewards))
	for r, rw := range g.Rewards {
		out.Rewards[r] = rw
		if rw.Trans != nil {
			out.Rewards[r].Trans = make([]float64, 0, len(rw.Trans))
		}
		if rw.TransExact != nil {
			out.Rewards[r].TransExact = make([]*big.Rat, 0, len(rw.TransExact))
		}
	}
	for _, ch := range PrismChoiceOrder(g) {
		out.Joint = append(out.Joint, g.Joint[ch*np:(ch+1)*np]...)
		tlo, thi := g.Transitions(ch)
		out.Target = append(out.Target, g.Target[tlo:thi]...)
		out.Prob = append(out.Prob, g.Prob[tlo:thi]...)
		if g.ProbExact != nil {
			out.ProbExact = append(out.ProbExact, g.ProbExact[tlo:thi]...)
		}
		out.TransStart = append(out.TransStart, int32(len(out.Target)))
		for r, rw := range g.Rewards {
			if rw.Trans != nil {
				out.Rewards[r].Trans = append(out.Rewards[r].Trans, rw.Trans[ch])
			}
			if rw.TransExact != nil {
				out.Rewards[r].TransExact = append(out.Rewards[r].TransExact, rw.TransExact[ch])
			}
		}
	}
	return &out
}

// PrismChoiceOrder returns, for each choice position of PrismOrder(g),
// the choice of g it holds (global indices; the identity for types other
// than csg).
func PrismChoiceOrder(g *Game) []int {
	order := make([]int, 0, g.NumChoices())
	if g.Joint == nil {
		for ch := 0; ch < g.NumChoices(); ch++ {
			order = append(order, ch)
		}
		return order
	}
	np := len(g.Players)
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		for _, c := range javaHashOrder(g.Joint[lo*np:hi*np], np) {
			order = append(order, lo+c)
		}
	}
	return order
}

// javaHashOrder returns the positions of a state's choices (joint actions,
// np entries each, in generation order) in the iteration order of a
// java.util.HashSet built from them: ascending bucket of the BitSet's
// spread hash, generation order within a bucket. The table has Java's
// initial capacity for a copied collection and doubles, up to 64 buckets,
// while a bucket holds more than 8 entries (Java 8-17's HashMap; beyond 64
// buckets Java turns a crowded bucket into a tree, whose order this does not
// follow).
func javaHashOrder(joint []int32, np int) []int {
	n := len(joint) / np
	spread := make([]uint32, n)
	for c := 0; c < n; c++ {
		var words []uint64
		for _, a := range joint[c*np : (c+1)*np] {
			if a <= 0 {
				continue
			}
			w := int(a) / 64
			for len(words) <= w {
				words = append(words, 0)
			}
			words[w] |= 1 << (uint(a) % 64)
		}
		h := uint64(1234)
		for i, w := range words {
			h ^= w * uint64(i+1)
		}
		hash := uint32(int32(int64(h)>>32 ^ int64(h)))
		spread[c] = hash ^ hash>>16
	}
	size := 16
	for size < n*4/3+1 {
		size *= 2
	}
	for size < 64 && crowded(spread, size) {
		size *= 2
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	mask := uint32(size - 1)
	sort.SliceStable(order, func(i, j int) bool { return spread[order[i]]&mask < spread[order[j]]&mask })
	return order
}

// crowded reports whether some bucket of a table of size buckets holds
// more than 8 of the hashes.
func crowded(spread []uint32, size int) bool {
	count := make(map[uint32]int)
	for _, h := range spread {
		b := h & uint32(size-1)
		count[b]++
		if count[b] > 8 {
			return true
		}
	}
	return false
}
