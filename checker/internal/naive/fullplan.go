package naive

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// ViolatingPlan reports whether some executable full plan of length T that
// agrees with π on the players in K has every history violating ψ (sat
// gives ψ per history of Hist_T). A full plan constrains every player at
// every step: in a csg a step is a joint action (a tuple of action indices,
// idle included); in an smg a step gives every player an action name (a
// label or #k) that applies in the states the player owns. The plans are
// enumerated step by step; a plan prefix is dropped as soon as one of its
// steps is not available in a state it can reach (then no extension of it
// is executable). Steps for players that own none of the states reachable
// at that step are left out: they cannot change the histories.
func (e *Enum) ViolatingPlan(sat []bool, pi []Step, K []bool) bool {
	all := make([]int, len(e.Hist))
	for n := range all {
		all[n] = n
	}
	e.failed = map[string]bool{}
	return e.search(0, all, sat, pi, K)
}

// search reports whether the plan prefixes that lead to the set S of
// histories at step k extend to a plan whose histories all violate ψ. The
// answer depends only on (k, S), so failures are remembered.
func (e *Enum) search(k int, S []int, sat []bool, pi []Step, K []bool) bool {
	b := make([]byte, 0, 4*(len(S)+1))
	for _, v := range append([]int{k}, S...) {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	key := string(b)
	if e.failed[key] {
		return false
	}
	ok := e.search1(k, S, sat, pi, K)
	if !ok {
		e.failed[key] = true
	}
	return ok
}

func (e *Enum) search1(k int, S []int, sat []bool, pi []Step, K []bool) bool {
	if k == e.T {
		for _, n := range S {
			if sat[n] {
				return false
			}
		}
		return true
	}
	var st Step
	if k < len(pi) {
		st = pi[k]
	}
	if e.g.Joint != nil {
		return e.searchCSG(k, S, sat, pi, K, st)
	}
	return e.searchTurns(k, S, sat, pi, K, st)
}

// searchCSG tries every joint action of the first reachable state (a joint
// action missing there is not executable anyway).
func (e *Enum) searchCSG(k int, S []int, sat []bool, pi []Step, K []bool, st Step) bool {
	g := e.g
	np := len(g.Players)
	s0 := e.Hist[S[0]].States[k]
	lo, hi := g.Choices(s0)
	for c := lo; c < hi; c++ {
		tuple := g.Joint[c*np : (c+1)*np]
		ok := true
		for p := range np {
			if K[p] && e.constrains(st, s0, p) && !e.matches(st, s0, c, p) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		next, exec := e.filter(S, k, func(s, c2 int) bool {
			for p := range np {
				if g.Joint[c2*np+p] != tuple[p] {
					return false
				}
			}
			return true
		})
		if exec && e.search(k+1, next, sat, pi, K) {
			return true
		}
	}
	return false
}

// filter keeps the histories of S whose choice at step k satisfies ok, and
// reports whether every state reached at step k has such a choice.
func (e *Enum) filter(S []int, k int, ok func(s, c int) bool) ([]int, bool) {
	avail := map[int]bool{}
	var next []int
	for _, n := range S {
		h := &e.Hist[n]
		s := h.States[k]
		if _, seen := avail[s]; !seen {
			avail[s] = false
			lo, hi := e.g.Choices(s)
			for c := lo; c < hi; c++ {
				if ok(s, c) {
					avail[s] = true
					break
				}
			}
			if !avail[s] {
				return nil, false
			}
		}
		if ok(s, h.Choices[k]) {
			next = append(next, n)
		}
	}
	return next, true
}

// owner is the player choosing in s (0 in an mdp).
func (e *Enum) owner(s int) int {
	if e.g.Owner == nil {
		return 0
	}
	return int(e.g.Owner[s])
}

// searchTurns handles smg (and mdp): one name per player that owns a state
// reachable at step k.
func (e *Enum) searchTurns(k int, S []int, sat []bool, pi []Step, K []bool, st Step) bool {
	np := len(e.g.Players)
	// For each owner, the candidate names: π's step if the player is in K
	// and the step constrains it, else the labels and indices of the first
	// state it owns.
	var owners []int
	cands := make([][]Step, np)
	for _, n := range S {
		s := e.Hist[n].States[k]
		o := e.owner(s)
		if cands[o] != nil {
			continue
		}
		owners = append(owners, o)
		if K[o] && len(st) > 0 {
			cands[o] = []Step{st}
			continue
		}
		lo, hi := e.g.Choices(s)
		seen := map[string]bool{}
		var cs []Step
		for c := lo; c < hi; c++ {
			cs = append(cs, Step{{Index: c - lo}})
			if a := e.g.ChoiceAction[c]; a != 0 && !seen[e.g.Actions[a]] {
				seen[e.g.Actions[a]] = true
				cs = append(cs, Step{{Name: e.g.Actions[a], Index: -1}})
			}
		}
		cands[o] = cs
	}
	// A player's name only decides which of the histories at the states
	// it owns go on; names that keep the same histories are the same step
	// for the rest of the search, and names not available in some state it
	// owns are not executable.
	parts := make([][][]int, np)
	for _, o := range owners {
		seen := map[string]bool{}
		for _, nm := range cands[o] {
			var keep []int
			exec := true
			avail := map[int]bool{}
			for _, n := range S {
				h := &e.Hist[n]
				s := h.States[k]
				if e.owner(s) != o {
					continue
				}
				if _, done := avail[s]; !done {
					lo, hi := e.g.Choices(s)
					avail[s] = false
					for c := lo; c < hi; c++ {
						if e.matches(nm, s, c, o) {
							avail[s] = true
							break
						}
					}
				}
				if !avail[s] {
					exec = false
					break
				}
				if e.matches(nm, s, h.Choices[k], o) {
					keep = append(keep, n)
				}
			}
			key := fmt.Sprint(keep)
			if exec && !seen[key] {
				seen[key] = true
				parts[o] = append(parts[o], keep)
			}
		}
	}
	var rec func(j int, acc []int) bool
	rec = func(j int, acc []int) bool {
		if j == len(owners) {
			next := slices.Clone(acc)
			slices.Sort(next)
			return e.search(k+1, next, sat, pi, K)
		}
		for _, keep := range parts[owners[j]] {
			if rec(j+1, append(acc, keep...)) {
				return true
			}
		}
		return false
	}
	return rec(0, nil)
}
