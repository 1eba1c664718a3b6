package resp

import (
	"cmp"
	"slices"
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
// order (compareSupports). sets is reordered.
func minimal(sets [][]int32) [][]int32 {
	slices.SortFunc(sets, compareSupports)
	var out [][]int32
next:
	for i, s := range sets {
		if i > 0 && slices.Equal(sets[i-1], s) {
			continue
		}
		// Only a kept support no larger than s can be a subset of it, and
		// every kept one is (sorted by size).
		for _, k := range out {
			if isSubset(k, s) {
				continue next
			}
		}
		out = append(out, s)
	}
	return out
}

// sameAntichain reports whether two antichains in canonical order are equal.
func sameAntichain(a, b [][]int32) bool {
	return slices.EqualFunc(a, b, func(x, y []int32) bool { return slices.Equal(x, y) })
}
