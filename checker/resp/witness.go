package resp

import (
	"maps"
	"slices"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/prism"
)

// This file returns the plan the forward search of search.go finds, for
// the explanations of SPEC §10.3: run again with links, the search notes,
// for every support it keeps, the support of the level before and the
// joint action that first reached it, and the plan is read off backwards
// from a support of the last level that has no accepting state.
//
// The plan avoids ψ: each link is a step of the search, so the supports
// along it are S_0 = {start}, …, S_T with S_{k+1} = Post_k(S_k, a_k), the
// joint action a_k executable on S_k (candidates), no S_k with an
// ltlf.True state (step drops those) and S_T without an accepting state.
// (A link a run of grown steps keeps from an earlier step is a step of
// the search at the later one too: same plan step, same successors; see
// witRun.) Where the search stopped at a stationary level (min F_{m} =
// min F_{m-1} in canonical order, search.go), the level's links map it
// onto itself, index for index (id for id in a run), and the steps m …
// T-1 follow them: a walk backwards through a map of a finite set into
// itself, which after at most the level's size comes round to a support
// it met and from there repeats, so the plan is kept as a Plan (plan.go)
// of the search's steps, that walk's first round and its cycle repeated.

// witTrail is what a witness search records: for each step t, how the
// supports of level t+1 were first reached, as the links of a full step
// (full[t], by canonical index in level t+1) or by the run of grown steps
// that took step t (run[t]).
type witTrail struct {
	full [][]witLink
	run  []*witRun
}

// witRun is how the supports of a run of grown steps (search.go,
// grownStep) were first reached, by their ids in the run's antichain
// (growing.go): a support's links, each from the step it holds from, and
// the support of the parent of its last one. The ids of the run's first
// level are its canonical indices, and its supports' links up to the
// run's first step are those of the full step before it.
//
// Why a grown step needs only its new supports' links. Let the run take
// step t from level L_t = min F_t = L_{t-1} ∪ fresh (nothing dropped),
// with the plan step and successors of the supports of L_{t-1} those of
// step t-1. A full step would link each support S of L_{t+1} to the first
// pair (parent P ∈ L_t in canonical order, joint action a in PRISM's
// order) with Post_t(P, a) = S. The pairs with P ∈ L_{t-1} reach at t
// what they reached at t-1: if S is new, none (S would be in ↑L_t, so
// some S' ∈ L_t with S' ⊊ S, which S ∈ min F_{t+1} leaves out, since
// S' or a support below it is in L_{t+1}); if S ∈ L_t, the first of them
// is S's link at t. So S's link at t+1 is the first of its link at t and
// the first pair with P ∈ fresh: fresh expanded in canonical order, each
// successor's first pair is the one expand records, and it replaces the
// link if P comes before the old parent. The levels of a run are not kept
// in canonical order, but the link names its parent by id, which is what
// the next link back is read by.
type witRun struct {
	recs   [][]witRec // by id
	parent [][]int32  // by id: the parent of its last link
	ids    []int      // the ids of the run's last level, in canonical order
}

// witRec is a link of a support of a run from step on (parent: an id).
type witRec struct {
	step int
	link witLink
}

// startRun starts the links of a run of grown steps whose first level,
// level, was reached from prev (a subset of it, grown) by the trail's
// last step, a full one: each support of level keeps that link from then
// on, its parent named by its index in level, which is its id.
func (tr *witTrail) startRun(prev, level [][]int32) *witRun {
	in := make([]int, len(prev)) // prev's indices in level: both in canonical order
	j := 0
	for i, set := range prev {
		for !slices.Equal(level[j], set) {
			j++
		}
		in[i] = j
	}
	last := tr.full[len(tr.full)-1]
	wr := &witRun{recs: make([][]witRec, len(last)), parent: make([][]int32, len(last))}
	for id, l := range last {
		wr.recs[id] = []witRec{{step: -1, link: witLink{parent: in[l.parent], step: l.step}}}
		wr.parent[id] = prev[l.parent]
	}
	return wr
}

// reach records the links of a grown step: from[n] is how the step's n-th
// candidate was first reached (parent: an index into fresh), at[n] the id
// of the support equal to it (-1: none), base the first id the step gave.
func (wr *witRun) reach(run *growing, step, base int, fresh []int, from []witLink, at []int) {
	for len(wr.recs) < len(run.sets) {
		wr.recs, wr.parent = append(wr.recs, nil), append(wr.parent, nil)
	}
	for n, id := range at {
		if id < 0 {
			continue
		}
		p := fresh[from[n].parent]
		if id < base && compareSupports(run.sets[p], wr.parent[id]) >= 0 {
			continue // reached first from the level before
		}
		wr.recs[id] = append(wr.recs[id], witRec{step: step, link: witLink{parent: p, step: from[n].step}})
		wr.parent[id] = run.sets[p]
	}
}

// link returns how support id of level t+1 was first reached, by a run
// step t (or, for the run's first level, by the full step before it).
func (wr *witRun) link(id, t int) witLink {
	recs := wr.recs[id]
	i := len(recs) - 1
	for i > 0 && recs[i].step > t {
		i--
	}
	return recs[i].link
}

// FullStep is one step of a full plan: what every player does.
type FullStep struct {
	// Joint is, in a csg, the action index of every player (0: idle).
	Joint []int32
	// Names is, in an smg or mdp, the name each player takes in the
	// states it owns (nil for a player that owns no state the histories
	// can be in at that step).
	Names [][]hist.Opt
}

// witLink is how the search first reached a support it kept: the index
// of a support of the level before (its id, in a run of grown steps:
// witRun), and the joint action taken there.
type witLink struct {
	parent int
	step   FullStep
}

// fullStep is the joint action whose choices (per state of the set; in
// an smg, the names of the owners) the search took.
func (s *searcher) fullStep(choices [][]int, names map[int][]hist.Opt) FullStep {
	g := s.q.Product.Model().Game()
	if g.Type == prism.TypeCSG {
		n := len(g.Players)
		ch := choices[0][0]
		return FullStep{Joint: slices.Clone(g.Joint[ch*n : ch*n+n])}
	}
	st := FullStep{Names: make([][]hist.Opt, len(g.Players))}
	for _, o := range slices.Sorted(maps.Keys(names)) {
		st.Names[o] = slices.Clone(names[o])
	}
	return st
}

// AvoidingPlan returns an executable full plan that Avoidable(k) finds —
// one that agrees with π on coalition k and has every history violating
// the outcome — over the horizon, or nil if there is none. It is the plan
// that first reached, in the search's order (the supports of a level in
// canonical order, each one's joint actions in PRISM's order), the first
// support of the last level, in canonical order, that has no accepting
// state. Where the search stopped at a stationary level, the plan repeats
// a cycle of that level's links up to the horizon, which the Plan keeps
// as its Loop: the steps kept are the search's, and at most about twice
// the stationary level's supports.
//
// In an smg a plan step names actions for whoever owns the state, so a
// step where owners of different states take different names cannot be
// written; when the plan has such a step, the search is run again with
// one name for every owner at each step, and its plan, if any, is
// returned instead.
func (q *Query) AvoidingPlan(k uint64) *Plan {
	if !q.Avoidable(k) {
		return nil // the antichain search says no plan exists: no search for one
	}
	plan := q.avoidingPlan(k, false)
	if plan != nil && !plan.Writable() {
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

func (q *Query) avoidingPlan(k uint64, oneName bool) *Plan {
	s := &searcher{q: q, k: k, reuse: true, oneName: oneName}
	var tr witTrail
	level := s.forward("witness plan search", false, &tr)
	i := slices.IndexFunc(level, func(set []int32) bool { return !s.anyAcc(set) })
	if i < 0 {
		return nil
	}
	m := len(tr.full) // the steps the search took (at most maxWitnessSteps): m = T unless stationary
	if m > 0 && tr.run[m-1] != nil {
		i = tr.run[m-1].ids[i] // i: an index in the level, or an id in a run
	}
	link := func(k, i int) witLink { // how support i of level k+1 was reached
		if wr := tr.run[k]; wr != nil {
			return wr.link(i, k)
		}
		return tr.full[k][i]
	}
	p := &Plan{}
	if n := q.T - m; n > 0 {
		// Steps m … T-1 follow the stationary level's links, a map of its
		// supports into themselves: read backwards from support i, its
		// walk meets a support twice within the level's size, and from
		// there repeats the cycle between the two.
		var back []FullStep // back[j]: the step T-1-j
		var idx []int       // idx[j]: the support of level T-j
		seen := map[int]int{}
		cyc := -1
		for j := 0; j < n; j++ {
			if at, ok := seen[i]; ok {
				cyc = at
				break
			}
			if m+len(back) >= maxWitnessSteps {
				panic(&limit.Error{What: "steps of a witness plan (--explain)", Limit: maxWitnessSteps})
			}
			seen[i] = j
			idx = append(idx, i)
			l := link(m-1, i)
			back = append(back, l.step)
			i = l.parent
		}
		if cyc < 0 {
			p.Prefix = reversed(back)
		} else {
			// back = tail (cyc steps, the last ones of the plan), then the
			// cycle (c steps) repeated over the n-cyc steps left: forward,
			// r steps of it, then Times whole cycles, then the tail.
			c := len(back) - cyc
			r := (n - cyc) % c
			p.Prefix = reversed(back[cyc : cyc+r])
			p.Loop = reversed(back[cyc : cyc+c])
			p.Times = (n - cyc) / c
			p.Suffix = reversed(back[:cyc])
			i = idx[cyc+r] // the support of level m
		}
	}
	head := make([]FullStep, m)
	for t := m; t > 0; t-- {
		l := link(t-1, i)
		head[t-1] = l.step
		i = l.parent
		if t > 1 && tr.run[t-1] == nil && tr.run[t-2] != nil {
			i = tr.run[t-2].ids[i] // level t-1, in canonical order, was a run's last
		}
	}
	p.Prefix = append(head, p.Prefix...)
	p.fold()
	return p
}

// reversed returns the steps of xs in reverse order, in a new slice.
func reversed(xs []FullStep) []FullStep {
	out := slices.Clone(xs)
	slices.Reverse(out)
	return out
}

// Replays reports whether plan, a full plan over the horizon, is
// executable from the start, agrees with π on coalition k, and has every
// history violating the outcome: it follows the plan's supports forward,
// as the search does, without searching. The tests check witnesses
// beyond the literal enumerator's horizons with it.
func (q *Query) Replays(k uint64, plan *Plan) bool {
	if plan == nil || plan.Len() != q.T {
		return false
	}
	g := q.Product.Model().Game()
	p := q.Product
	s := &searcher{q: q, k: k & q.Planned()}
	set := []int32{q.Start}
	for step, fs := range plan.All() {
		if s.hasTrue(set) {
			return false
		}
		allow := q.allowed(stepAt(q, step), s.k)
		choices := make([][]int, len(set))
		for i, id := range set {
			st := int(p.S[id])
			if g.Type == prism.TypeCSG {
				if ch := findJoint(g, st, fs.Joint); ch >= 0 && (allow == nil || allow.Has(ch)) {
					choices[i] = []int{ch}
				}
			} else if o := hist.Owner(g, st); o < len(fs.Names) && fs.Names[o] != nil {
				lo, hi := g.Choices(st)
				named := hist.Step{Opts: fs.Names[o]}
				for ch := lo; ch < hi; ch++ {
					if named.Matches(g, ch, ch-lo) && (allow == nil || allow.Has(ch)) {
						choices[i] = append(choices[i], ch)
					}
				}
			}
			if len(choices[i]) == 0 {
				return false // not executable, or not π's action on k
			}
		}
		set = s.successors(step, set, choices)
	}
	return !s.hasTrue(set) && !s.anyAcc(set)
}
