package resp

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/progress"
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
//
// The verdict is decided forward, step by step, on antichains of supports.
// The support of a plan prefix a_0 … a_{k-1} is the set S_k of product
// states its histories can be in after k steps: S_0 = {start} and S_{k+1}
// = Post_k(S_k, a_k), the targets of the choices a_k selects in each state
// of S_k (a_k must select at least one in every state: executability). A
// plan avoids ψ iff no S_k holds a state whose obligation is already met
// (ltlf.True: every continuation satisfies ψ) and S_T holds no accepting
// state. F_k is the set of supports of the prefixes that are still alive
// (no ltlf.True state so far), and the search keeps only its ⊆-minimal
// elements, min F_k.
//
// Soundness of that pruning. Let S ⊆ S' be supports at step k. (1) Every
// joint action executable on S' is executable on S: it selects a choice in
// every state of S', hence of S (in a csg the same action tuple, in an smg
// the same name per owner, and the owners of S are owners of S'). (2)
// Post_k(S, a) ⊆ Post_k(S', a), since Post_k is a union over the states.
// (3) "No ltlf.True state" and "no accepting state" hold of every subset
// of a set they hold of. So if a continuation a_k … a_{T-1} avoids ψ from
// S' it avoids ψ from S, by induction on the remaining steps with (1)–(3);
// dropping S' when S is kept loses no answer. Hence "some plan avoids ψ"
// iff some support of min F_T has no accepting state, and min F_{k+1} =
// min { Post_k(S, a) : S ∈ min F_k, a executable on S, no ltlf.True in
// the result }, which is what step computes.
//
// Stationarity. min F_{k+1} is a function of min F_k, of the plan step at
// k (its filter for K) and of the successors of the states involved, which
// differ between steps only at a state's Due position (package hist). If
// min F_{k+1} = min F_k, every plan step from k on is the same, and no
// state of min F_k has its Due position in [k, T), then by induction min
// F_j = min F_k for every j in [k, T], and the answer is read off min F_k
// at once: a horizon of 2^31 costs what the first steps cost.

type searcher struct {
	q    *Query
	k    uint64
	memo map[string]bool
	key  []byte
	// names holds the names of the smg candidate being tried.
	names   map[int][]hist.Opt
	oneName bool // smg: every owner of a set takes the same name (witness.go)
	// stateNames caches the names (choice indices, then labels) of an smg
	// state, read only once made; reuse lets candidates keep its scratch
	// (names, choices) from call to call, which only the forward search
	// may: its f does not call candidates again, nor keep what it gets.
	stateNames map[int][][]hist.Opt
	reuse      bool
	namesBuf   map[int][]hist.Opt
	choiceBuf  [][]int
}

// Avoidable reports whether some executable full plan that agrees with π on
// coalition k has every history violating the outcome.
func (q *Query) Avoidable(k uint64) bool {
	k &= q.Planned() // the players the plan never constrains change nothing
	return cell(q.shared(), q.shared().avoid, k).get(func() bool { return q.avoidForward(k) })
}

// avoidForward decides Avoidable(k) by the forward antichain search.
func (q *Query) avoidForward(k uint64) bool {
	s := &searcher{q: q, k: k, reuse: true}
	level := s.forward(fmt.Sprintf("plan search (coalition %s)", maskText(k, q.Players)), true, nil)
	for _, set := range level {
		if !s.anyAcc(set) {
			return true
		}
	}
	return false
}

// forward runs the search from the start up to the horizon, or up to the
// step where its antichain becomes stationary (see above), and returns
// the last level, min F_T (nil when some level is empty: no plan is
// executable and avoids ψ that long), in canonical order. With trail not
// nil it records how each support of each level was first reached
// (witness.go). task names the search in its progress, with the
// coalitions done when coalitions is set.
func (s *searcher) forward(task string, coalitions bool, trail *witTrail) [][]int32 {
	q := s.q
	level := [][]int32{{q.Start}}
	if s.hasTrue(level[0]) {
		return nil
	}
	from := q.stationaryFrom(s.k)
	meter := q.Product.Model().Meter()
	var prev [][]int32 // the level before level (see grown)
	// Along a run of grown steps the level is run (level is then stale),
	// fresh the ids of the supports its last step added, and wr the
	// run's links (witness searches).
	var run *growing
	var fresh []int
	var wr *witRun
	for step := 0; step < q.T; step++ {
		limit.CheckDeadline() // --timeout, Ctrl-C: once a step, and within a long one (step)
		if trail != nil && step >= maxWitnessSteps {
			// A witness keeps the steps taken before the level repeats.
			panic(&limit.Error{What: "steps of a witness plan (--explain)", Limit: maxWitnessSteps})
		}
		if meter != nil {
			alive := len(level)
			if run != nil {
				alive = run.n
			}
			detail := fmt.Sprintf("%d supports alive", alive)
			if coalitions {
				detail = withDone(detail, q.coalitionsDone())
			}
			meter.Report(progress.Status{Task: task, Step: int64(step), Steps: int64(q.T), Detail: detail})
		}
		if run == nil && !grownOff {
			if f, ok := s.grown(step, from, prev, level); ok {
				run, fresh = newGrowing(level), f
				if trail != nil {
					wr = trail.startRun(prev, level)
				}
			}
		}
		if run != nil {
			freshSteps.Add(1)
			if trail != nil {
				trail.full, trail.run = append(trail.full, nil), append(trail.run, wr)
			}
			added, dropped, due := s.grownStep(step, run, fresh, wr)
			if dropped == 0 && due {
				if len(added) == 0 {
					break // stationary (see grownStep)
				}
				fresh = added
				continue
			}
			// The next step is not a grown one (see grownStep): grown
			// would find prev not a subset of level, or a Due position.
			var ids []int
			level, ids = run.sorted()
			if wr != nil {
				wr.ids = ids
			}
			prev, run, fresh, wr = nil, nil, nil, nil
			continue
		}
		var ls *[]witLink
		if trail != nil {
			trail.full, trail.run = append(trail.full, nil), append(trail.run, nil)
			ls = &trail.full[len(trail.full)-1]
		}
		next := s.step(step, level, ls)
		if len(next) == 0 {
			return nil
		}
		stable := step >= from && sameAntichain(next, level) && q.noDue(level, step)
		prev, level = level, next
		if stable {
			break // min F_T = min F_step (see above)
		}
	}
	if run != nil {
		var ids []int
		level, ids = run.sorted()
		if wr != nil {
			wr.ids = ids
		}
	}
	return level
}

// step returns min F_{step+1} from level = min F_step, expanding every
// support of level. With links not nil it sets *links to how each support
// of the result was first reached (witness.go).
func (s *searcher) step(step int, level [][]int32, links *[]witLink) [][]int32 {
	var from []witLink
	var fp *[]witLink
	if links != nil {
		fp = &from
	}
	out := s.expand(step, level, 0, fp)
	keep := minimalIndices(out)
	kept := make([][]int32, len(keep))
	for n, i := range keep {
		kept[n] = out[i]
	}
	if links != nil {
		*links = make([]witLink, len(keep))
		for n, i := range keep {
			(*links)[n] = from[i]
		}
	}
	return kept
}

// grownStep is the step of a grown level (grown): run holds level = min
// F_step, whose supports not in min F_{step-1} have the ids fresh, and it
// merges into run the successors of fresh's supports, making it min
// F_{step+1}. It returns the ids of the supports added (min F_{step+1} ∖
// min F_step), how many of level's it dropped, and whether no state of
// fresh has its Due position in [step, T). With wr not nil (a witness
// search) it records how the supports were first reached (witRun.reach).
//
// The conditions of grown at step+1 are then read off these, with no
// pass over the level: min F_step ⊆ min F_{step+1} iff nothing was
// dropped, and the supports new at step+1 are those added; the plan step
// at step is that at step-1 (step-1 ≥ from); and no state of min F_step
// has its Due position in [step, T) iff none of fresh has (due): the
// others are min F_{step-1}'s, which have none in [step-1, T) (checked by
// grown at the run's first step, by grownStep at the later ones). With
// nothing added nor dropped min F_{step+1} = min F_step, so with due the
// level is stationary (forward's stable).
func (s *searcher) grownStep(step int, run *growing, fresh []int, wr *witRun) (added []int, dropped int, due bool) {
	if wr != nil {
		// In canonical order, as a full step expands them (witRun.reach).
		slices.SortFunc(fresh, func(x, y int) int { return compareSupports(run.sets[x], run.sets[y]) })
	}
	sets := make([][]int32, len(fresh))
	due = true
	for n, id := range fresh {
		sets[n] = run.sets[id]
		if due && !s.q.noDueIn(sets[n], step) {
			due = false
		}
	}
	if wr == nil {
		added, dropped = run.merge(s.expand(step, sets, run.n, nil), nil)
		return added, dropped, due
	}
	var from []witLink
	cands := s.expand(step, sets, run.n, &from)
	at := make([]int, len(cands))
	base := len(run.sets)
	added, dropped = run.merge(cands, at)
	wr.reach(run, step, base, fresh, from, at)
	return added, dropped, due
}

// expand returns the distinct successors at step of the supports of sets
// that hold no ltlf.True state, in the order found (each support's joint
// actions in PRISM's order). With from not nil it appends to *from how
// each was first reached: the index of its support in sets and the joint
// action. had is how many supports the level keeps besides these (grown
// steps), counted against the limit on supports.
func (s *searcher) expand(step int, sets [][]int32, had int, from *[]witLink) [][]int32 {
	q := s.q
	st := stepAt(q, step)
	allow := q.allowed(st, s.k)
	lim := q.Product.Model().MaxProduct()
	var out [][]int32
	seen := make(map[string]bool, len(sets)) // about as many as it expands: no rehash
	var key []byte
	tried := 0
	for li, set := range sets {
		s.candidates(set, st, allow, func(choices [][]int) bool {
			// A level may hold many supports, each with many joint
			// actions: the deadline is read every deadlineEvery of them.
			if tried++; tried%deadlineEvery == 0 {
				limit.CheckDeadline()
			}
			next := s.successors(step, set, choices)
			if s.hasTrue(next) {
				return true
			}
			key = appendKey(key[:0], next)
			if !seen[string(key)] {
				seen[string(key)] = true
				out = append(out, next)
				if from != nil {
					*from = append(*from, witLink{parent: li, step: s.fullStep(choices, s.names)})
				}
				if had+len(out) > lim {
					panic(&limit.Error{What: "plan-search supports", Limit: lim})
				}
			}
			return true
		})
	}
	return out
}

// grownOff switches the steps of grown levels off, for tests; freshSteps
// counts them.
var grownOff = false

var freshSteps atomic.Int64

// grown reports whether level = min F_step only grew from prev = min
// F_{step-1} under the same plan step, with no Due position of prev's
// states at step-1 or later, and returns the supports of level not in
// prev, by their indices in level. Then min F_{step+1} = min(level ∪ Post(level ∖ prev)): the
// successors of prev's supports at step are their successors at step-1
// (same filter, same successors), whose minimal ones are level, and
// min(X ∪ Y) = min(min X ∪ Y). The search then expands only the new
// supports (a deterministic game's level of single states grows for
// many steps before it repeats), and merges their successors into the
// level kept as it is (growing.go), and grownStep says whether the next
// step is a grown one too, with no pass over the level: along such a run
// a step costs its new supports only. Witness searches take these steps
// too: a support's first link changes only where a new support reaches
// it first (witness.go, witRun).
func (s *searcher) grown(step, from int, prev, level [][]int32) ([]int, bool) {
	q := s.q
	if prev == nil || step-1 < from || !q.noDue(prev, step-1) || len(prev) > len(level) {
		return nil, false
	}
	// Both in canonical order (compareSupports): prev ⊆ level by a merge.
	var fresh []int
	i := 0
	for n, set := range level {
		if i < len(prev) && slices.Equal(prev[i], set) {
			i++
			continue
		}
		if i < len(prev) && compareSupports(prev[i], set) < 0 {
			return nil, false // prev[i] is not in level
		}
		fresh = append(fresh, n)
	}
	return fresh, i == len(prev)
}

// deadlineEvery is how many joint actions (or supports) the search tries
// between two readings of the deadline (--timeout, Ctrl-C): each costs at
// least a sort of its successors, far more than a reading.
const deadlineEvery = 256

// hasTrue reports whether some state of set has its obligation met.
func (s *searcher) hasTrue(set []int32) bool {
	for _, id := range set {
		if s.q.Product.Q[id] == ltlf.True {
			return true
		}
	}
	return false
}

// anyAcc reports whether some state of set accepts a history ending there.
func (s *searcher) anyAcc(set []int32) bool {
	for _, id := range set {
		if s.q.Product.Acc[id] {
			return true
		}
	}
	return false
}

// noDue reports whether no state of the antichain has its Due position in
// [step, T): their successors are the same at every step from step on.
func (q *Query) noDue(level [][]int32, step int) bool {
	for _, set := range level {
		if !q.noDueIn(set, step) {
			return false
		}
	}
	return true
}

// noDueIn reports whether no state of set has its Due position in [step, T).
func (q *Query) noDueIn(set []int32, step int) bool {
	for _, id := range set {
		if d := q.Product.Due[id]; d != ltlf.NoDue && int(d) >= step && int(d) < q.T {
			return false
		}
	}
	return true
}

// stepAt returns the plan's step at position k (nil: free).
func stepAt(q *Query, k int) *hist.Step {
	if k < len(q.Steps) {
		return q.Steps[k]
	}
	return nil
}

// appendKey appends the states of set to b, as a map key.
func appendKey(b []byte, set []int32) []byte {
	for _, id := range set {
		b = append(b, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
	}
	return b
}

// maskText words a coalition mask for progress lines: "{0,2}".
func maskText(k uint64, n int) string {
	b := []byte{'{'}
	for i := 0; i < n; i++ {
		if k&(1<<uint(i)) != 0 {
			if len(b) > 1 {
				b = append(b, ',')
			}
			b = fmt.Appendf(b, "%d", i)
		}
	}
	return string(append(b, '}'))
}

// stationaryFrom returns the first step from which every step of the plan
// up to the horizon filters coalition k alike (T if none).
func (q *Query) stationaryFrom(k uint64) int {
	at := func(j int) *hist.Step { return stepAt(q, j) }
	if q.T == 0 {
		return 0
	}
	last := at(q.T - 1)
	lastAllow := q.allowed(last, k)
	from := q.T - 1
	if len(q.Steps) < from {
		from = len(q.Steps) // every step from there is free, as the last is
	}
	for from > 0 && q.sameStep(at(from-1), last, q.allowed(at(from-1), k), lastAllow, k) {
		from--
	}
	return from
}

// sameStep reports whether steps a and b (with their filters for k) let
// the search take the same joint actions.
func (q *Query) sameStep(a, b *hist.Step, fa, fb translate.Bitset, k uint64) bool {
	if a == b {
		return true
	}
	if !sameFilter(fa, fb) {
		return false
	}
	if q.Product.Model().Game().Type == prism.TypeCSG {
		return true // the filter is the whole constraint
	}
	ca := a != nil && !a.Free()
	cb := b != nil && !b.Free()
	if !ca && !cb {
		return true
	}
	return ca && cb && slices.Equal(a.Opts, b.Opts)
}

// sameFilter reports whether two filters are equal.
func sameFilter(a, b translate.Bitset) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return slices.Equal(a, b)
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
	var choices [][]int
	if sr.reuse {
		for len(sr.choiceBuf) < len(set) {
			sr.choiceBuf = append(sr.choiceBuf, nil)
		}
		choices = sr.choiceBuf[:len(set)]
	} else {
		choices = make([][]int, len(set))
	}
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
		cands[o] = sr.namesOf(s)
	}
	names := map[int][]hist.Opt{}
	if sr.reuse {
		if sr.namesBuf == nil {
			sr.namesBuf = map[int][]hist.Opt{}
		}
		names = sr.namesBuf
		clear(names)
	}
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
				step := hist.Step{Opts: names[hist.Owner(g, s)]}
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

// namesOf returns the names an owner may take in smg state s: each choice
// index #k, and after the first choice carrying a label, that label.
func (sr *searcher) namesOf(s int) [][]hist.Opt {
	if cs, ok := sr.stateNames[s]; ok {
		return cs
	}
	cs := sr.q.stateNames(s, func() [][]hist.Opt {
		g := sr.q.Product.Model().Game()
		lo, hi := g.Choices(s)
		var cs [][]hist.Opt
		var seen []int32
		for ch := lo; ch < hi; ch++ {
			cs = append(cs, []hist.Opt{{Label: -1, Index: int32(ch - lo)}})
			if g.ChoiceAction != nil {
				if a := g.ChoiceAction[ch]; a != 0 && !slices.Contains(seen, a) {
					seen = append(seen, a)
					cs = append(cs, []hist.Opt{{Label: a, Index: -1}})
				}
			}
		}
		return cs
	})
	if sr.stateNames == nil {
		sr.stateNames = map[int][][]hist.Opt{}
	}
	sr.stateNames[s] = cs
	return cs
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
