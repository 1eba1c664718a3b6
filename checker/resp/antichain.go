package resp

import (
	"cmp"
	"slices"

	"github.com/onus-mc/onus/checker/limit"
)

// This file holds the antichains of the plan search (search.go): sets of
// supports — sorted sets of product states — none of which contains
// another.

// isSubset reports whether the sorted set a is a subset of the sorted set b.
func isSubset(a, b []int32) bool {
	if len(a) > len(b) {
		return false
	}
	i := 0
	for _, x := range a {
		for i < len(b) && b[i] < x {
			i++
		}
		if i == len(b) || b[i] != x {
			return false
		}
		i++
	}
	return true
}

// compareSupports orders supports by size, then lexicographically: a
// subset comes before its supersets, and an antichain has one canonical
// order.
func compareSupports(a, b []int32) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return slices.Compare(a, b)
}

// minimal returns the ⊆-minimal supports of sets, each once, in canonical
// order (compareSupports).
func minimal(sets [][]int32) [][]int32 {
	var out [][]int32
	for _, i := range minimalIndices(sets) {
		out = append(out, sets[i])
	}
	return out
}

// minimalIndices returns the indices into sets of its ⊆-minimal supports,
// each once (the first of equal ones), in canonical order
// (compareSupports).
func minimalIndices(sets [][]int32) []int {
	idx := make([]int, len(sets))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return compareSupports(sets[a], sets[b]) })
	var out []int
	// The kept supports by their least state: a kept support k is a
	// subset of s only if s holds k's least state, so s is compared with
	// the kept supports whose least state it holds, not with all (the
	// supports of a deterministic game are single states, thousands of
	// them at a step).
	byLeast := map[int32][]int{}
next:
	for n, i := range idx {
		if n%deadlineEvery == deadlineEvery-1 {
			limit.CheckDeadline() // quadratic in the supports at worst: --timeout, Ctrl-C
		}
		s := sets[i]
		if n > 0 && slices.Equal(sets[idx[n-1]], s) {
			continue
		}
		// Only a kept support no larger than s can be a subset of it, and
		// every kept one is (sorted by size).
		for _, x := range s {
			for _, k := range byLeast[x] {
				if isSubset(sets[k], s) {
					continue next
				}
			}
		}
		out = append(out, i)
		if len(s) == 0 {
			break // the empty support, first in order, is a subset of every other
		}
		byLeast[s[0]] = append(byLeast[s[0]], i)
	}
	return out
}

// sameAntichain reports whether two antichains in canonical order are equal.
func sameAntichain(a, b [][]int32) bool {
	return slices.EqualFunc(a, b, func(x, y []int32) bool { return slices.Equal(x, y) })
}
