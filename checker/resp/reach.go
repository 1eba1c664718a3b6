package resp

import (
	"fmt"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/translate"
)

// This file answers the emptiness questions of the boolean operators —
// does Compat_J(π) hold a history violating ψ, one satisfying it, and
// after which step is it empty — without the passes' counts and
// probabilities: a forward sweep over the sets R_k of product states the
// histories of Compat_J(π) can be in after k steps, with the filter the
// pass uses (so R_k is exactly the set of live entries of the pass's layer
// k). R_{k+1} is a function of R_k, of the plan step at k and of the
// successors of R_k's states, so if R_{k+1} = R_k, every step from k on
// filters alike and no state of R_k has its Due position in [k, T), then
// R_T = R_k and the sweep stops (a horizon of 2^31 on a small model costs
// a few steps).

// Emptiness is what the boolean operators need of Compat_J(π).
type Emptiness struct {
	AnyAcc, AnyRej bool // some history satisfies ψ / violates ψ
	EmptyAt        int  // the first step after which no history is left, or -1
}

// Empty returns the emptiness of Compat_J(π) (of Compat^free_J under Free):
// from its pass if that has run, else by the sweep above.
func (q *Query) Empty(j uint64) Emptiness {
	m := q.shared()
	// No pass runs while coalitions run in parallel: reading them is safe.
	if r, ok := m.passes[j]; ok {
		return Emptiness{AnyAcc: r.AnyAcc, AnyRej: r.AnyRej, EmptyAt: r.EmptyAt}
	}
	j &= q.Planned() // Compat_J depends on J ∩ Planned only
	if r, ok := m.passes[j]; ok {
		return Emptiness{AnyAcc: r.AnyAcc, AnyRej: r.AnyRej, EmptyAt: r.EmptyAt}
	}
	return cell(m, m.reach, j).get(func() Emptiness { return q.sweep(q.Compat(j)) })
}

// sweep computes the emptiness of the histories filtered by mask.
//
// Growing sets. On many models R_k only grows (a robot that may fail to
// move, or wait, can stay where it is), and re-expanding all of R_k at
// every step costs |R_k| per step: k^2 states at step k on the robots'
// grid. If R_{k-1} ⊆ R_k and Post_k = Post_{k-1} on R_{k-1} (the same
// filter at steps k-1 and k, and no state of R_{k-1} with its Due
// position at k-1 or k), then
//
//	R_{k+1} = Post_k(R_k) = Post_k(R_{k-1}) ∪ Post_k(R_k∖R_{k-1})
//	        = R_k ∪ Post_k(R_k∖R_{k-1}),
//
// so only the states new at step k are expanded, and R_k ⊆ R_{k+1}
// again. A step where the conditions fail is computed whole, and tells
// whether its set grew (R_k ⊆ R_{k+1}), from which the next step may
// again expand only the new states. The sets are the same as step by
// step; the cost is the number of states met instead of their sum over
// the steps.
func (q *Query) sweep(mask uint64) Emptiness {
	set, emptyAt := q.reachable(mask)
	e := Emptiness{EmptyAt: emptyAt}
	for _, id := range set {
		if q.Product.Acc[id] {
			e.AnyAcc = true
		} else {
			e.AnyRej = true
		}
	}
	return e
}

// reachable returns R_T, or nil and the step k after which R_{k+1} is
// empty (else -1).
func (q *Query) reachable(mask uint64) ([]int32, int) {
	p := q.Product
	m := p.Model()
	from := q.stationaryFrom(mask)
	meter := m.Meter()
	// seen[id] = i+1 once id was added to R_i (grown as the product is
	// discovered): a set without sorting. The members of R_k are the
	// states with seen ≥ sw.lo (the stamp of the set the last whole step
	// made).
	sw := &sweeper{q: q, seen: make([]int, p.Size()), lo: 1, due: map[int32]int{}}
	sw.seen[q.Start] = 1
	sw.cur = []int32{q.Start} // R_k
	sw.addDue(q.Start)
	grown := false // R_{k-1} ⊆ R_k, and sw.fresh = R_k∖R_{k-1}
	var prevAllow translate.Bitset
	for k := 0; k < q.T; k++ {
		limit.CheckDeadline() // --timeout, Ctrl-C: once a step
		if meter != nil {
			meter.Report(progress.Status{Task: "reachable histories", Step: int64(k), Steps: int64(q.T),
				Detail: withDone(fmt.Sprintf("%d states", len(sw.cur)), q.coalitionsDone())})
		}
		allow := q.allowed(stepAt(q, k), mask)
		if k > 0 && grown && sameFilter(allow, prevAllow) && sw.due[int32(k-1)] == 0 && sw.due[int32(k)] == 0 {
			// R_{k+1} = R_k ∪ Post_k(R_k∖R_{k-1}).
			sw.fresh2 = sw.fresh2[:0]
			for _, id := range sw.fresh {
				sw.expand(id, k, allow, true)
			}
			sw.fresh, sw.fresh2 = sw.fresh2, sw.fresh
			if len(sw.fresh) == 0 && k >= from && q.noDueFrom(sw.due, k) {
				break // R_{k+1} = R_k: stationary from here (see above)
			}
			continue
		}
		// The whole step, R_{k+1} = Post_k(R_k).
		sw.next, sw.fresh, sw.old = sw.next[:0], sw.fresh[:0], 0
		for _, id := range sw.cur {
			sw.expand(id, k, allow, false)
		}
		if len(sw.next) == 0 {
			return nil, k
		}
		grown = sw.old == len(sw.cur)
		stable := grown && len(sw.next) == len(sw.cur) && k >= from && q.noDueIn(sw.cur, k)
		sw.cur, sw.next = sw.next, sw.cur
		sw.lo = k + 2
		prevAllow = allow
		clear(sw.due)
		for _, id := range sw.cur {
			sw.addDue(id)
		}
		if stable {
			break // R_{k+1} = R_k (see above)
		}
	}
	return sw.cur, -1
}

// sweeper holds a sweep's sets.
type sweeper struct {
	q             *Query
	seen          []int
	lo            int
	cur, next     []int32 // R_k; R_{k+1} in a whole step
	fresh, fresh2 []int32 // R_k∖R_{k-1}; R_{k+1}∖R_k
	old           int     // states of R_k met again by a whole step
	due           map[int32]int
	expanded      int // states expanded so far, for the deadline
}

// addDue counts the Due position of a state of the set.
func (sw *sweeper) addDue(id int32) {
	if d := sw.q.Product.Due[id]; d != ltlf.NoDue {
		sw.due[d]++
	}
}

// expand adds the successors of id at step k under allow: to R_k itself
// and fresh2 when grow (the ones not in R_k yet), else to next (the ones
// not in it yet), counting in old those of R_k and listing in fresh the
// others.
func (sw *sweeper) expand(id int32, k int, allow translate.Bitset, grow bool) {
	if sw.expanded++; sw.expanded&1023 == 0 {
		limit.CheckDeadline() // a step may expand millions of states: --timeout, Ctrl-C within it
	}
	p := sw.q.Product
	g := p.Model().Game()
	lo, hi := g.Choices(int(p.S[id]))
	tbase := int(g.TransStart[lo])
	succ := p.Successors(id, k)
	stamp := k + 2 // the stamp of R_{k+1}
	for ch := lo; ch < hi; ch++ {
		if allow != nil && !allow.Has(ch) {
			continue
		}
		for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
			to := succ[t-tbase]
			if int(to) >= len(sw.seen) {
				sw.seen = append(sw.seen, make([]int, max(int(to)+1-len(sw.seen), p.Size()-len(sw.seen)))...)
			}
			switch v := sw.seen[to]; {
			case grow:
				if v < sw.lo {
					sw.seen[to] = stamp
					sw.cur = append(sw.cur, to)
					sw.fresh2 = append(sw.fresh2, to)
					sw.addDue(to)
				}
			case v != stamp:
				if v >= sw.lo {
					sw.old++
				} else {
					sw.fresh = append(sw.fresh, to)
				}
				sw.seen[to] = stamp
				sw.next = append(sw.next, to)
			}
		}
	}
}

// noDueFrom reports whether no Due position counted in due lies in
// [k, T).
func (q *Query) noDueFrom(due map[int32]int, k int) bool {
	for d, n := range due {
		if n > 0 && int(d) >= k && int(d) < q.T {
			return false
		}
	}
	return true
}
