package resp

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// walkPlan is the reference of the compact witness: the plan read off the
// trail backwards one step per position of the horizon, following the
// stationary level's links from the step the search stopped at to the
// horizon, as the witness search did before it kept its plan as a Plan.
func (q *Query) walkPlan(k uint64, oneName bool) []FullStep {
	s := &searcher{q: q, k: k, reuse: true, oneName: oneName}
	var tr witTrail
	level := s.forward("witness plan search", false, &tr)
	i := slices.IndexFunc(level, func(set []int32) bool { return !s.anyAcc(set) })
	if i < 0 {
		return nil
	}
	plan := make([]FullStep, q.T)
	m := len(tr.full)
	if m > 0 && tr.run[m-1] != nil {
		i = tr.run[m-1].ids[i]
	}
	for t := q.T; t > 0; t-- {
		k := min(t, m) - 1
		var l witLink
		if wr := tr.run[k]; wr != nil {
			l = wr.link(i, k)
		} else {
			l = tr.full[k][i]
		}
		plan[t-1] = l.step
		i = l.parent
		if k > 0 && tr.run[k] == nil && tr.run[k-1] != nil && min(t-1, m)-1 == k-1 {
			i = tr.run[k-1].ids[i]
		}
	}
	return plan
}

// TestWitnessCompact compares the compact witness plan (prefix, repeated
// part, suffix) with the plan read off one step per position, on the
// random smgs of TestWitnessGrown at their horizon and at horizons 50
// and 300 steps longer: the same plan step by step, and a repeated part
// often enough to test it.
func TestWitnessCompact(t *testing.T) {
	r := rand.New(rand.NewSource(31))
	plans, loops := 0, 0
	for i := 0; i < 600; i++ {
		q := randomGrownQuery(r, i%2 == 0)
		for _, extra := range []int{0, 50, 300} {
			for mask := uint64(0); mask < 4; mask++ {
				for _, one := range []bool{false, true} {
					mk := func() *Query { x := q(); x.T += extra; return x }
					got, want := mk().avoidingPlan(mask, one), mk().walkPlan(mask, one)
					if (got == nil) != (want == nil) {
						t.Fatalf("game %d, +%d, mask %d, one %v: compact %v, walked %v", i, extra, mask, one, got, want)
					}
					if got == nil {
						continue
					}
					plans++
					if got.Times > 0 {
						loops++
					}
					if !slices.EqualFunc(got.Expand(), want, func(a, b FullStep) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
						t.Fatalf("game %d, +%d, mask %d, one %v: compact %v expands to %v, walked %v", i, extra, mask, one, got, got.Expand(), want)
					}
				}
			}
		}
	}
	t.Logf("%d plans, %d with a repeated part", plans, loops)
	if plans < 1000 || loops < 300 {
		t.Fatalf("%d plans, %d with a repeated part: the games do not test them", plans, loops)
	}
}
