package resp

import (
	"encoding/binary"
	"slices"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file decides "some executable full plan, agreeing with π on the
// players of K where π constrains them, has all its histories violating ψ"
// (SPEC §5, §6). A full plan is open-loop: one joint action per step, fixed
// in advance, so the search runs over (step, set of product states the
// histories may be in). A joint action is executable at a step if it is
// available in every state of the set. In a deterministic game every set is
// a single state.
//
// A joint action is, in a csg, a tuple of action indices (one per player);
// in an smg or mdp, a name for each player (an action label or a choice
// index #k), which counts in the states that player owns.

type searcher struct {
	q    *Query
	k    uint64
	memo map[string]bool
	key  []byte
	// wit, when not nil, records the joint action and the next set of
	// every (step, set) that succeeds (witness.go); names holds the names
	// of the smg candidate being tried.
	wit     map[string]witStep
	names   map[int][]hist.Opt
	oneName bool // smg: every owner of a set takes the same name (witness.go)
}

// Avoidable reports whether some executable full plan that agrees with π on
// coalition k has every history violating the outcome.
func (q *Query) Avoidable(k uint64) bool {
	m := q.shared()
	if r, ok := m.avoid[k]; ok {
		return r
	}
	s := &searcher{q: q, k: k, memo: map[string]bool{}}
	r := s.run(0, []int32{q.Start})
	m.avoid[k] = r
	return r
}

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
	s.memo[key] = false // cycles are impossible (step grows); placeholder
	var st *hist.Step
	if step < len(q.Steps) {
		st = q.Steps[step]
	}
	allow := q.Product.Model().Allowed(st, s.k)
	found := false
	s.candidates(set, st, allow, func(choices [][]int) bool {
		next := s.successors(step, set, choices)
		names := s.names // deeper steps replace s.names
		if s.run(step+1, next) {
			found = true
			if s.wit != nil {
				s.wit[key] = s.record(choices, names, next)
			}
			return false
		}
		return true
	})
	s.memo[key] = found
	return found
}

// successors is the sorted set of product states reached at step when
// state set[i] takes any of the choices choices[i].
func (s *searcher) successors(step int, set []int32, choices [][]int) []int32 {
	g := s.q.Product.Model().Game()
	p := s.q.Product
	var out []int32
	for i, id := range set {
		lo, _ := g.Choices(int(p.S[id]))
		tbase := int(g.TransStart[lo])
		succ := p.Successors(id, step)
		for _, ch := range choices[i] {
			for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
				if g.Prob[t] > 0 {
					out = append(out, succ[t-tbase])
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// candidates calls f, for each executable joint action of the full plans
// agreeing with π on K (allow: the csg filter), with the choices it allows
// in each state of set; f returns false to stop.
func (sr *searcher) candidates(set []int32, st *hist.Step, allow translate.Bitset, f func([][]int) bool) {
	g := sr.q.Product.Model().Game()
	p := sr.q.Product
	choices := make([][]int, len(set))
	if g.Type == prism.TypeCSG {
		n := len(g.Players)
		s0 := int(p.S[set[0]])
		lo, hi := g.Choices(s0)
		one := make([]int, len(set))
		for i := range choices {
			choices[i] = one[i : i+1 : i+1]
		}
	next:
		for ch := lo; ch < hi; ch++ {
			if allow != nil && !allow.Has(ch) {
				continue
			}
			tuple := g.Joint[ch*n : ch*n+n]
			one[0] = ch
			for i := 1; i < len(set); i++ {
				other := findJoint(g, int(p.S[set[i]]), tuple)
				if other < 0 {
					continue next
				}
				one[i] = other
			}
			if !f(choices) {
				return
			}
		}
		return
	}
	// smg/mdp: each player owning a state of the set names one action — a
	// label or a choice index #k — that applies in the states it owns; a
	// label allows every choice carrying it. A player of K whom π's step
	// constrains takes π's step.
	var owners []int
	cands := map[int][][]hist.Opt{}
	for _, id := range set {
		s := int(p.S[id])
		o := hist.Owner(g, s)
		if _, seen := cands[o]; seen {
			continue
		}
		owners = append(owners, o)
		if sr.k&(1<<uint(o)) != 0 && !st.Free() {
			cands[o] = [][]hist.Opt{st.Opts}
			continue
		}
		lo, hi := g.Choices(s)
		var cs [][]hist.Opt
		seen := map[int32]bool{}
		for ch := lo; ch < hi; ch++ {
			cs = append(cs, []hist.Opt{{Label: -1, Index: int32(ch - lo)}})
			if g.ChoiceAction != nil {
				if a := g.ChoiceAction[ch]; a != 0 && !seen[a] {
					seen[a] = true
					cs = append(cs, []hist.Opt{{Label: a, Index: -1}})
				}
			}
		}
		cands[o] = cs
	}
	names := map[int][]hist.Opt{}
	var rec func(j int) bool
	rec = func(j int) bool {
		if j == len(owners) {
			if sr.oneName && !sameNames(owners, names) {
				return true
			}
			for i, id := range set {
				s := int(p.S[id])
				lo, hi := g.Choices(s)
				choices[i] = choices[i][:0]
				step := &hist.Step{Opts: names[hist.Owner(g, s)]}
				for ch := lo; ch < hi; ch++ {
					if step.Matches(g, ch, ch-lo) {
						choices[i] = append(choices[i], ch)
					}
				}
				if len(choices[i]) == 0 {
					return true // not executable: try the next names
				}
			}
			sr.names = names // for witness.go's record
			return f(choices)
		}
		o := owners[j]
		for _, nm := range cands[o] {
			names[o] = nm
			if !rec(j + 1) {
				return false
			}
		}
		return true
	}
	rec(0)
}

// findJoint returns the choice of state s with the given joint action, or -1.
// The choices of a csg state are sorted by joint action.
func findJoint(g *translate.Game, s int, tuple []int32) int {
	n := len(g.Players)
	lo, hi := g.Choices(s)
	a, b := lo, hi
	for a < b {
		m := int(uint(a+b) >> 1)
		if slices.Compare(g.Joint[m*n:m*n+n], tuple) < 0 {
			a = m + 1
		} else {
			b = m
		}
	}
	if a < hi && slices.Equal(g.Joint[a*n:a*n+n], tuple) {
		return a
	}
	// Fall back to a scan if the choices are not sorted.
	for ch := lo; ch < hi; ch++ {
		if slices.Equal(g.Joint[ch*n:ch*n+n], tuple) {
			return ch
		}
	}
	return -1
}
