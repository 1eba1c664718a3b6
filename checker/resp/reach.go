package resp

import (
	"fmt"

	"github.com/onus-mc/onus/checker/progress"
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
func (q *Query) sweep(mask uint64) Emptiness {
	p := q.Product
	m := p.Model()
	g := m.Game()
	from := q.stationaryFrom(mask)
	meter := m.Meter()
	cur := []int32{q.Start}
	var next []int32
	// seen[id] = k+1 once id is in R_{k+1} (grown as the product is
	// discovered): a set without sorting.
	var seen []int
	for k := 0; k < q.T; k++ {
		if meter != nil {
			meter.Report(progress.Status{Task: "reachable histories", Step: int64(k), Steps: int64(q.T),
				Detail: withDone(fmt.Sprintf("%d states", len(cur)), q.coalitionsDone())})
		}
		st := stepAt(q, k)
		allow := q.allowed(st, mask)
		next = next[:0]
		for _, id := range cur {
			lo, hi := g.Choices(int(p.S[id]))
			tbase := int(g.TransStart[lo])
			succ := p.Successors(id, k)
			for ch := lo; ch < hi; ch++ {
				if allow != nil && !allow.Has(ch) {
					continue
				}
				for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
					to := succ[t-tbase]
					if int(to) >= len(seen) {
						seen = append(seen, make([]int, max(int(to)+1-len(seen), p.Size()-len(seen)))...)
					}
					if seen[to] != k+1 {
						seen[to] = k + 1
						next = append(next, to)
					}
				}
			}
		}
		if len(next) == 0 {
			return Emptiness{EmptyAt: k}
		}
		// R_{k+1} = R_k iff they are as large and R_k ⊆ R_{k+1}.
		stable := k >= from && len(next) == len(cur) && q.noDueIn(cur, k)
		for _, id := range cur {
			if !stable {
				break
			}
			stable = int(id) < len(seen) && seen[id] == k+1
		}
		cur, next = next, cur
		if stable {
			break
		}
	}
	e := Emptiness{EmptyAt: -1}
	for _, id := range cur {
		if p.Acc[id] {
			e.AnyAcc = true
		} else {
			e.AnyRej = true
		}
	}
	return e
}
