package resp

import (
	"encoding/binary"
	"maps"
	"slices"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/prism"
)

// This file returns the plan the search of search.go finds, for the
// explanations of SPEC §10.3: the search records, for every (step, set)
// from which it found a plan, the joint action it took and the set it led
// to, and the plan is read off by following those records from the start.

// FullStep is one step of a full plan: what every player does.
type FullStep struct {
	// Joint is, in a csg, the action index of every player (0: idle).
	Joint []int32
	// Names is, in an smg or mdp, the name each player takes in the
	// states it owns (nil for a player that owns no state the histories
	// can be in at that step).
	Names [][]hist.Opt
}

// witStep is what the search records for a (step, set) it solved.
type witStep struct {
	step FullStep
	next []int32
}

// record notes the joint action whose choices (per state of the set; in
// an smg, the names of the owners) led to next.
func (s *searcher) record(choices [][]int, names map[int][]hist.Opt, next []int32) witStep {
	g := s.q.Product.Model().Game()
	w := witStep{next: slices.Clone(next)}
	if g.Type == prism.TypeCSG {
		n := len(g.Players)
		ch := choices[0][0]
		w.step.Joint = slices.Clone(g.Joint[ch*n : ch*n+n])
		return w
	}
	w.step.Names = make([][]hist.Opt, len(g.Players))
	for _, o := range slices.Sorted(maps.Keys(names)) {
		w.step.Names[o] = slices.Clone(names[o])
	}
	return w
}

// AvoidingPlan returns the executable full plan that Avoidable(k) finds —
// one that agrees with π on coalition k and has every history violating
// the outcome — one FullStep per step of the horizon, or nil if there is
// none. Candidates are tried in PRISM's order (csg: joint actions of the
// first state of the set; smg: choice indices before labels), so the plan
// is the first the search meets.
//
// In an smg a plan step names actions for whoever owns the state, so a
// step where owners of different states take different names cannot be
// written; when the first plan has such a step, the search is run again
// with one name for every owner at each step, and its plan, if any, is
// returned instead.
func (q *Query) AvoidingPlan(k uint64) []FullStep {
	if !q.Avoidable(k) {
		return nil // the antichain search says no plan exists: no search for one
	}
	plan := q.avoidingPlan(k, false)
	if plan != nil && !Writable(plan) {
		if one := q.avoidingPlan(k, true); one != nil {
			return one
		}
	}
	return plan
}

// Writable reports whether every step of a full plan can be written as
// one plan step: in an smg, every player named at a step takes the same
// name.
func Writable(plan []FullStep) bool {
	for _, st := range plan {
		var first []hist.Opt
		for _, nm := range st.Names {
			if nm == nil {
				continue
			}
			if first != nil && !slices.Equal(first, nm) {
				return false
			}
			first = nm
		}
	}
	return true
}

// sameNames reports whether the owners all take the same name.
func sameNames(owners []int, names map[int][]hist.Opt) bool {
	for _, o := range owners[1:] {
		if !slices.Equal(names[o], names[owners[0]]) {
			return false
		}
	}
	return true
}

func (q *Query) avoidingPlan(k uint64, oneName bool) []FullStep {
	s := &searcher{q: q, k: k, memo: map[string]bool{}, wit: map[string]witStep{}, oneName: oneName}
	set := []int32{q.Start}
	if !s.run(0, set) {
		return nil
	}
	plan := make([]FullStep, 0, q.T)
	var key []byte
	for step := 0; step < q.T; step++ {
		key = binary.LittleEndian.AppendUint32(key[:0], uint32(step))
		for _, id := range set {
			key = binary.LittleEndian.AppendUint32(key, uint32(id))
		}
		w := s.wit[string(key)]
		plan = append(plan, w.step)
		set = w.next
	}
	return plan
}
