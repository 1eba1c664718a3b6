package resp

import (
	"encoding/binary"
	"fmt"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/progress"
)

// This file holds the depth-first form of the plan search, the reference
// the tests compare the forward antichain search of search.go with: it
// tries the joint actions of each (step, set) in PRISM's order and
// memoises the sets that failed. The verdicts and the witnesses
// (witness.go) use the forward search, which needs no memo of every set
// met.

// maxWitnessSteps bounds the steps a witness plan keeps (witness.go: the
// steps the search took before its level repeated, and the walk of the
// repeated level's links up to its cycle) and the depth of the
// depth-first search (one frame a step).
const maxWitnessSteps = 100000

func (s *searcher) run(step int, set []int32) bool {
	q := s.q
	p := q.Product
	for _, id := range set {
		if p.Q[id] == ltlf.True {
			return false // every continuation satisfies ψ
		}
	}
	if step == q.T {
		for _, id := range set {
			if p.Acc[id] {
				return false
			}
		}
		return true
	}
	if step >= maxWitnessSteps {
		// The search recurses once per step: a witness of a huge horizon
		// (--explain at --horizon 2^31) would overflow the stack and
		// could not be printed anyway.
		panic(&limit.Error{What: "steps of a witness plan (--explain)", Limit: maxWitnessSteps})
	}
	k := binary.LittleEndian.AppendUint32(s.key[:0], uint32(step))
	for _, id := range set {
		k = binary.LittleEndian.AppendUint32(k, uint32(id))
	}
	s.key = k
	if r, ok := s.memo[string(k)]; ok {
		return r
	}
	if lim := q.Product.Model().MaxProduct(); len(s.memo) >= lim {
		panic(&limit.Error{What: "plan-search states", Limit: lim})
	}
	key := string(k)
	if len(s.memo)&1023 == 0 {
		q.Product.Model().Meter().Report(progress.Status{Task: "witness plan search", Step: int64(step), Steps: int64(q.T),
			Detail: fmt.Sprintf("%d sets tried", len(s.memo))})
	}
	s.memo[key] = false // cycles are impossible (step grows); placeholder
	var st *hist.Step
	if step < len(q.Steps) {
		st = q.Steps[step]
	}
	allow := q.Product.Model().Allowed(st, s.k)
	found := false
	s.candidates(set, st, allow, func(choices [][]int) bool {
		if s.run(step+1, s.successors(step, set, choices)) {
			found = true
			return false
		}
		return true
	})
	s.memo[key] = found
	return found
}

// AvoidableDepthFirst decides Avoidable(k) by the depth-first search of
// this file, without the antichain pruning and without the stationarity
// shortcut: the reference the tests compare the forward search with.
func (q *Query) AvoidableDepthFirst(k uint64) bool {
	s := &searcher{q: q, k: k, memo: map[string]bool{}}
	return s.run(0, []int32{q.Start})
}
