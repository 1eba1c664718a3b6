package hist

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/translate"
)

// This file runs the passes of several coalitions as lanes of one walk
// (the default passes: counts as Counts or none, probabilities as floats).
// A lane is a layer that some coalitions share while the plan filters them
// alike; the lanes of a walk keep one list of the product states any of
// them has, and per state a row of one entry per lane, so a step reads a
// state's successors and finds each destination's row once for all lanes.
// The passes of a query (the plan-free one, Compat_J(π) and Compat^free_J(π)
// for the loss notes, …) then cost little more than the widest of them.
//
// Each lane's numbers are those of its pass run alone, to the bit: layers
// are kept in order of product state (sortNext), so an entry of the next
// layer sums its terms in order of source state and target group whatever
// lanes walk with it: a lane adds a state's transitions its filter allows
// into one target at once (groups.go), or, when some weight is tiny
// (Model.tinyWeights), transition by transition in order of choice.
//
// The coalitions of a call are split into at most two walks (laneGroups),
// run on two cores at once: the split depends on the coalitions only, never
// on the number of cores, so results do not depend on it either.
//
// A Diff coalition (model.go) has a lane of its own, fed by the lane of
// its plain coalition J (in a side walk, through a stand-in for J's lane:
// sidelanes.go): the histories of Compat_J(π) that reach a state
// where a player of J cannot take its planned action, under each choice
// the free reading allows there (feedFilter), join the Diff lane, which
// carries them on under the free reading. So Compat^free_J(π) is
// Compat_J(π) and the Diff lane, disjoint, and the Diff lane's layers hold
// only the states the stuck histories reach. At a source state the feed's
// terms come after the lane's target groups and before its choices walked
// one by one, in the same order in walkPart and in a recorded pull.

// maxLanes is the most lanes a walk carries (a row's mask is a uint64).
const maxLanes = 64

// laneLayer is one layer of a walk: the product states any lane has, and
// for the i-th of them the mask of the lanes that have it (has[i]) and one
// entry per lane (ent[i*L : i*L+L]; an entry whose lane is absent is 0).
type laneLayer struct {
	active []int32
	has    []uint64
	ent    []entry
	// A dense layer being walked (dense.go): its rows stand for the states
	// from base on (-1: a sparse layer); once walked, closeDense lists its
	// states, in order, its rows normalised (normed).
	base   int32
	normed bool
}

func (l *laneLayer) reset() {
	l.active, l.has, l.ent = l.active[:0], l.has[:0], l.ent[:0]
	l.base, l.normed = -1, false
}

// laneRun is one walk in progress.
type laneRun struct {
	p         *Product
	counting  bool
	L         int                // entries per row
	lanes     [][]int            // per lane its coalitions (indices into js); nil once finished
	allow     []translate.Bitset // per lane, the filter of the current step
	cur, next *laneLayer
	// Diff lanes: per lane, the index into js of the coalition a Diff lane
	// is fed by (-1: a plain lane), and for the current step the lane it
	// is fed by (-1: none) and the feed's filter (nil: nothing to feed).
	feeder     []int
	feed       []int
	fx         []*feedFilter
	feedStates translate.Bitset   // the states where some lane feeds this step
	union      translate.Bitset   // the last union of several feeds' states
	unionOf    []translate.Bitset // and the feeds' states it is the union of
	spare      *laneLayer         // the next layer in order of product state
	next2      *laneLayer         // the second part of a split step
	mark       []uint64           // scratch: a bit per product state reached this step
	slo, shi   int32              // the current layer's successors are in [slo, shi) (shi -1: none)
	// The lanes walked by target groups this step (groups.go): one set of
	// groups per distinct filter, and every such lane's bit in grouped.
	gsets   []groupSet
	grouped uint64

	// The pull step (pull.go): the plan recorded once the layer stopped
	// changing, the last step's filters and the layer's shape before a step.
	pl         *pullPlan
	prevAllow  []translate.Bitset
	prevL      int
	prevN      int
	saveActive []int32
	saveHas    []uint64

	// A walk that runs only to feed Diff lanes (prune.go): per game state
	// its distance to a feed, and the steps of the walk; nil: not pruned.
	prune  []int32
	pruneT int
}

// zeroRow pads new rows.
var zeroRow [maxLanes]entry

// newLaneRun starts a walk of the coalitions members (indices into js):
// lane 0 holds the plain ones, and every distinct Diff mask has an empty
// lane of its own, fed by the lane of its plain coalition, which members
// must hold.
func newLaneRun(p *Product, members []int, js []uint64, counting bool, start int32) *laneRun {
	r := &laneRun{p: p, counting: counting, cur: &laneLayer{}, next: &laneLayer{}, spare: &laneLayer{}}
	var plain []int
	diffs := map[uint64]int{} // Diff mask → its lane
	for _, i := range members {
		j := js[i]
		if j&Diff == 0 {
			plain = append(plain, i)
			continue
		}
		if l, ok := diffs[j]; ok {
			r.lanes[l] = append(r.lanes[l], i)
			continue
		}
		fi := slices.IndexFunc(members, func(k int) bool { return js[k] == j&^Diff })
		if fi < 0 {
			panic(fmt.Sprintf("hist: Diff coalition %x walks without its plain coalition", j))
		}
		diffs[j] = len(r.lanes)
		r.lanes = append(r.lanes, []int{i})
		r.feeder = append(r.feeder, members[fi])
	}
	r.lanes = append([][]int{plain}, r.lanes...)
	r.feeder = append([]int{-1}, r.feeder...)
	r.L = len(r.lanes)
	e := entry{p: 1}
	if counting {
		e.ch, e.ce = countOne.hi, int32(countOne.exp)
	}
	r.cur.active = append(r.cur.active, start)
	r.cur.has = append(r.cur.has, 1)
	r.cur.ent = append(r.cur.ent, e)
	r.cur.ent = append(r.cur.ent, zeroRow[:r.L-1]...)
	return r
}

// split sets every live lane's filter for step st and gives the coalitions
// of a lane whose filters differ lanes of their own, copies of it.
func (r *laneRun) split(st *Step, js []uint64) {
	m := r.p.m
	r.allow = r.allow[:0]
	n := len(r.lanes)
	for l := 0; l < n; l++ {
		members := r.lanes[l]
		if members == nil {
			r.allow = append(r.allow, nil)
			continue
		}
		a := m.Allowed(st, js[members[0]])
		r.allow = append(r.allow, a)
		if r.feeder[l] >= 0 {
			continue // a Diff lane's members are one mask: they never split
		}
		var keep, moved []int
		for _, i := range members[1:] {
			if b := m.Allowed(st, js[i]); !sameBits(a, b) {
				moved = append(moved, i)
			}
		}
		if len(moved) == 0 {
			continue
		}
		for _, i := range members {
			if !slices.Contains(moved, i) {
				keep = append(keep, i)
			}
		}
		r.lanes[l] = keep
		r.lanes = append(r.lanes, moved) // split again at its own turn below
		r.feeder = append(r.feeder, -1)
		r.copyLane(l, len(r.lanes)-1)
		n++
	}
	r.feeds(st, js)
}

// feeds sets, for every live Diff lane, the lane it is fed by at step st
// and the feed's filter.
func (r *laneRun) feeds(st *Step, js []uint64) {
	r.feed, r.fx = r.feed[:0], r.fx[:0]
	defer r.unionFeedStates()
	for l, fi := range r.feeder {
		r.feed, r.fx = append(r.feed, -1), append(r.fx, nil)
		if fi < 0 || r.lanes[l] == nil {
			continue
		}
		from := slices.IndexFunc(r.lanes, func(members []int) bool { return slices.Contains(members, fi) })
		if from < 0 {
			continue // Compat_J(π) has no history left to feed
		}
		j := js[fi]
		if f := r.p.m.feedFilter(r.p.m.Allowed(st, j|Free), r.p.m.Allowed(st, j)); f != nil {
			r.feed[l], r.fx[l] = from, f
		}
	}
}

// unionFeedStates sets feedStates from the step's feeds.
func (r *laneRun) unionFeedStates() {
	var fs []translate.Bitset
	for _, f := range r.fx {
		if f != nil {
			fs = append(fs, f.states)
		}
	}
	switch len(fs) {
	case 0:
		r.feedStates = nil
	case 1:
		r.feedStates = fs[0]
	default:
		// The same feeds as the last step's (a plan that repeats its
		// step) keep their union, so that it is one bitset, step after
		// step (sideRun.stuckPids keeps its states' product ids by it).
		if !slices.EqualFunc(fs, r.unionOf, func(a, b translate.Bitset) bool { return &a[0] == &b[0] }) {
			u := make(translate.Bitset, len(fs[0]))
			for _, b := range fs {
				for w := range b {
					u[w] |= b[w]
				}
			}
			r.union, r.unionOf = u, fs
		}
		r.feedStates = r.union
	}
}

// feedFilter is what a Diff lane takes from its plain lane at a step: the
// choices the free reading allows and the plain one does not (those of a
// player of J who cannot take its planned action, in the states where it
// cannot), and the states that have such a choice.
type feedFilter struct {
	choices translate.Bitset
	states  translate.Bitset
}

// feedFilter returns the feed between filters free and plain of one
// step (Allowed's, cached as they are), or nil when there is none.
func (m *Model) feedFilter(free, plain translate.Bitset) *feedFilter {
	if free == nil || plain == nil || len(free) == 0 {
		return nil // a free step: both readings keep every history
	}
	key := [2]*uint64{&free[0], &plain[0]}
	if f, ok := m.feeds[key]; ok {
		return f
	}
	g := m.g
	var f *feedFilter
	x := make(translate.Bitset, len(free))
	any := false
	for w := range free {
		x[w] = free[w] &^ plain[w]
		any = any || x[w] != 0
	}
	if any {
		f = &feedFilter{choices: x, states: translate.NewBitset(g.NumStates)}
		for s := 0; s < g.NumStates; s++ {
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				if x.Has(ch) {
					f.states.Set(s)
					break
				}
			}
		}
	}
	m.feeds[key] = f
	return f
}

// copyLane makes lane to a copy of lane from in the current layer,
// widening the rows when needed.
func (r *laneRun) copyLane(from, to int) {
	cur := r.cur
	if to >= r.L {
		L := min(maxLanes, max(2*r.L, to+1))
		ent := make([]entry, len(cur.active)*L)
		for i := range cur.active {
			copy(ent[i*L:i*L+r.L], cur.ent[i*r.L:i*r.L+r.L])
		}
		cur.ent, r.L = ent, L
	}
	L := r.L
	for i, h := range cur.has {
		if h&(1<<uint(from)) != 0 {
			cur.has[i] = h | 1<<uint(to)
			cur.ent[i*L+to] = cur.ent[i*L+from]
		}
	}
}

// groupSet is the target groups of one filter and the lanes that have it.
type groupSet struct {
	tg    *productGroups
	lanes uint64
}

// setGroups sets the step's groupSets from the lanes' filters: every lane
// goes by the target groups of its filter, unless some weight is tiny
// (then each goes transition by transition, lanes.go's careful product).
func (r *laneRun) setGroups() {
	r.gsets, r.grouped = r.gsets[:0], 0
	m := r.p.m
	if m.tinyWeights {
		return
	}
	for l, a := range r.allow {
		if r.lanes[l] == nil {
			continue
		}
		bit := uint64(1) << uint(l)
		r.grouped |= bit
		tg := r.p.groupsOf(a)
		if i := slices.IndexFunc(r.gsets, func(gs groupSet) bool { return gs.tg == tg }); i >= 0 {
			r.gsets[i].lanes |= bit
			continue
		}
		r.gsets = append(r.gsets, groupSet{tg: tg, lanes: bit})
	}
}

// explore explores the states of the current layer (the product grows
// only here, before the walks of a step run at once) and sets the step's
// target groups, which Product.fillAll then fills for every walk.
func (r *laneRun) explore() {
	p := r.p
	r.setGroups()
	// The layer is in order of product state: its last state is the
	// highest.
	if n := len(r.cur.active); n > 0 && int(r.cur.active[n-1]) >= p.Explored() {
		p.expandTo(r.cur.active[n-1])
	}
	if n := (len(p.S) + 63) / 64; len(r.mark) < n {
		r.mark = append(r.mark, make([]uint64, n-len(r.mark))...)
	}
}

// step extends every lane's histories by one transition its filter allows
// at step k and makes the next layer the current one. slot is scratch with
// an entry -1 per product state, left so.
func (r *laneRun) step(k int, slot []int32) {
	if r.pullStep(1) {
		return
	}
	if r.pullWatch() {
		defer r.pullSettle(k, slot)
	}
	r.succRange() // on the walk's goroutine: walks run at once
	r.walkPart(k, slot, r.next, 0, math.MaxInt32)
	cur, next, L, mark := r.cur, r.next, r.L, r.mark
	if next.normed {
		r.cur, r.next = next, cur
		return
	}
	if slices.IsSorted(next.active) {
		// Already in order (a layer whose states stay, walked in order,
		// often is): normalise in place.
		for i, pid := range next.active {
			slot[pid] = -1
			mark[pid>>6] = 0
			row := next.ent[i*L : i*L+L]
			for w := next.has[i]; w != 0; w &= w - 1 {
				normEntry(&row[bits.TrailingZeros64(w)], r.counting)
			}
		}
		r.cur, r.next = next, cur
		return
	}
	r.sized(r.spare, len(next.active))
	r.emit(next, r.spare, 0, slot)
	r.cur, r.spare = r.spare, cur
}

// walkPart extends the current layer's histories as step does, but only
// into the product states in [dlo, dhi), into part (unordered; slot and
// mark set for its states). Parts of disjoint ranges, their bounds
// multiples of 64, may be walked at once with one slot and mark: each
// destination's sum is the one step makes, term by term.
func (r *laneRun) walkPart(k int, slot []int32, part *laneLayer, dlo, dhi int32) {
	p, cur, next := r.p, r.cur, part
	m := p.m
	g := m.g
	L := r.L
	counting := r.counting
	next.reset()
	r.openDense(next, dlo, dhi)
	if next.base >= 0 {
		defer r.closeDense(next)
		next.normed = true
	}
	beta, prob := m.beta, g.Prob
	transStart := g.TransStart
	succAll, succStart, due, nodes := p.Succ, p.SuccStart, p.Due, p.nodes
	tiny := m.tinyWeights
	allow := r.allow
	var filtered uint64 // lanes with a filter this step
	for l, a := range allow {
		if a != nil {
			filtered |= 1 << uint(l)
		}
	}
	gsets, grouped := r.gsets, r.grouped // lanes walked by target groups (groups.go)
	var feeding uint64                   // the lanes that feed a Diff lane this step
	for _, from := range r.feed {
		if from >= 0 {
			feeding |= 1 << uint(from)
		}
	}
	feedStates := r.feedStates
	var walking uint64 // the lanes with a coalition
	for l, members := range r.lanes {
		if members != nil {
			walking |= 1 << uint(l)
		}
	}
	if next.base >= 0 && feeding == 0 && len(gsets) == 1 && gsets[0].lanes == grouped && walking == grouped && grouped&(grouped-1) == 0 {
		// One lane, by target groups, into a dense layer (the plan-free
		// pass of a blame, the walks of a degree): the loop below without
		// what it does not need.
		l := bits.TrailingZeros64(grouped)
		tg := gsets[0].tg.g
		for i, pid := range cur.active {
			if cur.has[i]&grouped == 0 {
				continue
			}
			nd := &nodes[pid]
			if nd.smax < dlo || nd.smin >= dhi {
				continue // no successor in this part (stepSplit)
			}
			var succ []int32
			if int(due[pid]) == k {
				succ = p.Successors(pid, k)
			} else {
				succ = succAll[succStart[pid]:succStart[pid+1]]
			}
			r.addGroups1(tg[nd.g0:nd.g1], l, &cur.ent[i*L+l], succ, next, dlo, dhi)
		}
		return
	}
	for i, pid := range cur.active {
		has := cur.has[i]
		row := cur.ent[i*L : i*L+L]
		nd := &nodes[pid]
		if nd.smax < dlo || nd.smin >= dhi {
			continue // no successor in this part (stepSplit)
		}
		s := nd.s
		lo, hi := int(nd.lo), int(nd.hi)
		tbase := int(nd.tbase)
		var succ []int32
		if int(due[pid]) == k {
			succ = p.Successors(pid, k)
		} else {
			succ = succAll[succStart[pid]:succStart[pid+1]]
		}
		for _, gs := range gsets {
			if gl := has & gs.lanes; gl != 0 {
				if gl&(gl-1) == 0 && next.base >= 0 {
					r.addGroups1(gs.tg.g[nd.g0:nd.g1], bits.TrailingZeros64(gl), &row[bits.TrailingZeros64(gl)], succ, next, dlo, dhi)
				} else {
					r.addGroups(gs.tg.g[nd.g0:nd.g1], gl, row, succ, slot, next, dlo, dhi)
				}
			}
		}
		if has&feeding != 0 && feedStates[s>>6]&(1<<(uint(s)&63)) != 0 {
			r.addFeeds(int(s), has, row, succ, tbase, slot, next, dlo, dhi)
		}
		each := has &^ grouped
		if each == 0 {
			continue
		}
		for ch := lo; ch < hi; ch++ {
			lm := each
			for w := each & filtered; w != 0; w &= w - 1 {
				l := bits.TrailingZeros64(w)
				if a := allow[l]; a[ch>>6]&(1<<(uint(ch)&63)) == 0 {
					lm &^= 1 << uint(l)
				}
			}
			if lm == 0 {
				continue
			}
			bch := beta[ch]
			t0, t1 := int(transStart[ch]), int(transStart[ch+1])
			pr := prob[t0:t1]
			for x, dst := range succ[t0-tbase : t1-tbase] {
				if dst < dlo || dst >= dhi {
					continue
				}
				d := r.destRow(next, dst, slot)
				nh := next.has[d]
				next.has[d] = nh | lm
				dr := next.ent[d*L : d*L+L]
				px := pr[x]
				for w := lm; w != 0; w &= w - 1 {
					l := bits.TrailingZeros64(w)
					src := &row[l]
					e := &dr[l]
					if nh&(1<<uint(l)) == 0 {
						e.ce, e.pe = src.ce, src.pe
					}
					addTerm(e, src, bch, px, counting, tiny) // weights this extreme are rare: a call is cheap enough
				}
			}
		}
	}
}

// addFeeds adds, for every Diff lane whose feeding lane has the source
// row (game state s) and is stuck there, the feeding lane's entry into the
// Diff lane's, over each transition of the choices of the feed (eachFeed),
// as walkPart adds a filtered lane's (the same arithmetic: a recorded pull
// adds the same terms).
func (r *laneRun) addFeeds(s int, has uint64, row []entry, succ []int32, tbase int, slot []int32, next *laneLayer, dlo, dhi int32) {
	m := r.p.m
	g := m.g
	L := r.L
	lo, hi := g.Choices(s)
	r.eachFeed(s, has, lo, hi, func(l, from, ch, t int) {
		dst := succ[t-tbase]
		if dst < dlo || dst >= dhi {
			return
		}
		src := &row[from]
		d := r.destRow(next, dst, slot)
		nh := next.has[d]
		next.has[d] = nh | 1<<uint(l)
		e := &next.ent[d*L+l]
		if nh&(1<<uint(l)) == 0 {
			e.ce, e.pe = src.ce, src.pe
		}
		addTerm(e, src, m.beta[ch], g.Prob[t], r.counting, m.tinyWeights)
	})
}

// eachFeed calls f, in order of Diff lane, choice and transition, for
// every term a source row (game state s, choices lo to hi, lanes has)
// feeds into a Diff lane l from its feeding lane from at this step: the
// transitions t of the choices ch of the feed, where the feeding lane has
// the source and is stuck in s. walkPart (addFeeds) and a recorded pull
// (buildPull) take the same terms from it.
func (r *laneRun) eachFeed(s int, has uint64, lo, hi int, f func(l, from, ch, t int)) {
	g := r.p.m.g
	for l, from := range r.feed {
		if from < 0 || has&(1<<uint(from)) == 0 || !r.fx[l].states.Has(s) {
			continue
		}
		for ch := lo; ch < hi; ch++ {
			if !r.fx[l].choices.Has(ch) {
				continue
			}
			for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
				f(l, from, ch, t)
			}
		}
	}
}

// addTerm adds the source entry src times a choice's weight bch and a
// transition's probability px into e, as walkPart's filtered lanes do.
func addTerm(e, src *entry, bch, px float64, counting, tiny bool) {
	if counting {
		if y := src.ce - e.ce + pow2Bias; uint32(y) <= 2*pow2Bias {
			f := pow2[y]
			a, h := src.ch*f, e.ch
			sum := h + a
			bb := sum - h
			e.cl += (h - (sum - bb)) + (a - bb) + src.cl*f
			e.ch = sum
		} else {
			c := Count{e.ch, e.cl, int(e.ce)}.Add(Count{src.ch, src.cl, int(src.ce)})
			e.ch, e.cl, e.ce = c.hi, c.lo, int32(c.exp)
		}
	}
	b := bch * src.p
	v, ve := b*px, src.pe
	if tiny && v < 0x1p-960 && b != 0 && px != 0 {
		m1, e1 := math.Frexp(bch)
		m2, e2 := math.Frexp(px)
		v, ve = src.p*m1*m2, src.pe+int32(e1+e2)
	}
	if y := ve - e.pe + pow2Bias; uint32(y) <= 2*pow2Bias {
		e.p += v * pow2[y]
	} else {
		mm, y := addScaled(e.p, int(e.pe), v, int(ve))
		e.p, e.pe = mm, int32(y)
	}
}

// sized makes out n rows long (their contents to be written).
func (r *laneRun) sized(out *laneLayer, n int) {
	L := r.L
	out.reset()
	out.active = slices.Grow(out.active, n)[:n]
	out.has = slices.Grow(out.has, n)[:n]
	out.ent = slices.Grow(out.ent, n*L)[:n*L]
}

// emit writes part's rows in order of product state, normalised, into out
// from row at on, and clears their slot and mark. The order makes a lane's
// numbers those of its pass run alone, whatever lanes walk with it: every
// entry sums its terms in order of source state, choice and transition.
func (r *laneRun) emit(part, out *laneLayer, at int, slot []int32) {
	L, mark := r.L, r.mark
	put := func(pid int32) {
		d := int(slot[pid])
		slot[pid] = -1
		h := part.has[d]
		out.active[at] = pid
		out.has[at] = h
		row := out.ent[at*L : at*L+L]
		copy(row, part.ent[d*L:d*L+L])
		for w := h; w != 0; w &= w - 1 {
			normEntry(&row[bits.TrailingZeros64(w)], r.counting)
		}
		at++
	}
	n := len(part.active)
	if n == 0 {
		return
	}
	if part.normed { // dense.go: in order, normalised, no slot or mark set
		copy(out.active[at:], part.active)
		copy(out.has[at:], part.has)
		copy(out.ent[at*L:], part.ent)
		return
	}
	lo, hi := part.active[0], part.active[0]
	for _, pid := range part.active {
		lo, hi = min(lo, pid), max(hi, pid)
	}
	if words := int(hi>>6-lo>>6) + 1; words <= 16*n {
		for wi := int(lo >> 6); wi <= int(hi>>6); wi++ {
			for w := mark[wi]; w != 0; w &= w - 1 {
				put(int32(wi<<6 + bits.TrailingZeros64(w)))
			}
			mark[wi] = 0
		}
		return
	}
	pids := slices.Clone(part.active)
	slices.Sort(pids)
	for _, pid := range pids {
		mark[pid>>6] = 0
		put(pid)
	}
}

// stepSplit is step with the destinations split at cut (a multiple of 64)
// into two parts walked by two goroutines, then written out by two: the
// same layer as step's, to the bit.
func (r *laneRun) stepSplit(k int, slot []int32, cut int32) {
	if r.pullStep(2) {
		return
	}
	if r.pullWatch() {
		defer r.pullSettle(k, slot)
	}
	if r.next2 == nil {
		r.next2 = &laneLayer{}
	}
	r.succRange() // before the parts, which read it
	parts := [2]*laneLayer{r.next, r.next2}
	bounds := [3]int32{0, cut, math.MaxInt32}
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r.walkPart(k, slot, parts[w], bounds[w], bounds[w+1])
		}(w)
	}
	wg.Wait()
	n0 := len(parts[0].active)
	r.sized(r.spare, n0+len(parts[1].active))
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r.emit(parts[w], r.spare, w*n0, slot)
		}(w)
	}
	wg.Wait()
	r.cur, r.spare = r.spare, r.cur
}

// busyLanes is the number of lanes still walking, by which the scheduler
// weighs a walk (its row width L also counts finished lanes and room to
// grow; Diff lanes walk in side walks, which it does not schedule).
func (r *laneRun) busyLanes() int {
	n := 0
	for _, members := range r.lanes {
		if members != nil {
			n++
		}
	}
	return max(n, 1)
}

// live returns the mask of the lanes with an entry in the current layer.
func (r *laneRun) live() uint64 {
	var any uint64
	for _, h := range r.cur.has {
		any |= h
	}
	return any
}

// retire finishes the lanes left without histories after step k (or, with
// k < 0, every lane still alive: the horizon is reached) into out.
func (r *laneRun) retire(k int, out []*Result) bool { return r.retireKeep(k, out, 0) }

// retireKeep is retire with the lanes of keep alive, empty or not (the
// stand-ins of a side walk, sidelanes.go).
func (r *laneRun) retireKeep(k int, out []*Result, keep uint64) bool {
	var live uint64 // k < 0: every lane finishes
	if k >= 0 {
		live = r.live() | keep
	}
	if k >= 0 {
		// A Diff lane lives on while the lane feeding it has histories.
		for l, fi := range r.feeder {
			if fi < 0 || r.lanes[l] == nil {
				continue
			}
			for f, members := range r.lanes {
				if live&(1<<uint(f)) != 0 && slices.Contains(members, fi) {
					live |= 1 << uint(l)
				}
			}
		}
	}
	alive := false
	for l, members := range r.lanes {
		if members == nil {
			continue
		}
		if live&(1<<uint(l)) != 0 {
			alive = true
			continue
		}
		for _, i := range members {
			if i >= len(out) {
				continue // a plain coalition that walked only to feed a Diff lane
			}
			res := &Result{EmptyAt: k}
			if r.feeder[l] >= 0 {
				res.EmptyAt = -1 // see Result.EmptyAt
			}
			r.finish(l, res)
			out[i] = res
		}
		r.lanes[l] = nil
	}
	return alive
}

// finish sums lane l of the current layer into res, split by acceptance,
// as passRun.finish does for a pass run alone.
func (r *laneRun) finish(l int, res *Result) { r.finishTimes(l, res, nil, nil) }

// finishTimes is finish with, when c is set, each row split by the
// continuations of its product state (index pos[pid] in c, settled.go):
// its count times VA and VR, its probability times WA and WR, accepted
// and rejected.
func (r *laneRun) finishTimes(l int, res *Result, pos []int32, c *continuation) {
	p, cur, L := r.p, r.cur, r.L
	res.Counted = r.counting
	var pa, pj Scaled
	var na, nj Count
	bit := uint64(1) << uint(l)
	times := func(e *entry, v Count, w float64) (Count, Scaled) {
		var n Count
		if r.counting {
			n = mulCount(Count{e.ch, e.cl, int(e.ce)}, v)
		}
		pm, px := math.Frexp(e.p * w) // normalised, as the layer's entries are
		return n, Scaled{pm, int(e.pe) + px}
	}
	for i, pid := range cur.active {
		if cur.has[i]&bit == 0 {
			continue
		}
		e := &cur.ent[i*L+l]
		if c != nil {
			j := pos[pid]
			if c.VA[j].hi != 0 {
				res.AnyAcc = true
				n, pr := times(e, c.VA[j], c.WA[j])
				na, pa = na.Add(n), pa.add(pr)
			}
			if c.VR[j].hi != 0 {
				res.AnyRej = true
				n, pr := times(e, c.VR[j], c.WR[j])
				nj, pj = nj.Add(n), pj.add(pr)
			}
			continue
		}
		var n Count
		if r.counting {
			n = Count{e.ch, e.cl, int(e.ce)}
		}
		pr := Scaled{e.p, int(e.pe)}
		if p.Acc[pid] {
			res.AnyAcc = true
			na = na.Add(n)
			pa = pa.add(pr)
		} else {
			res.AnyRej = true
			nj = nj.Add(n)
			pj = pj.add(pr)
		}
	}
	res.PAcc, res.PRej = pa.norm(), pj.norm()
	if r.counting {
		res.NAcc, res.NRej = na, nj
		res.CAcc, res.CRej = na.Int(), nj.Int()
	}
}

// bytes estimates the memory of the walk's current layer (the next and
// the sorted one grow to about the same size).
func (r *laneRun) bytes() int64 {
	return int64(len(r.cur.active))*12 + int64(len(r.cur.ent))*32
}

// laneGroups splits the coalitions todo (indices into js) into at most two
// walks: coalitions that differ only in the reading of unavailable
// actions (Free) stay together, since they share their layers up to the
// first step where the plan cannot be followed; the walks get about equal
// numbers of coalitions, and at most maxLanes each.
func laneGroups(js []uint64, todo []int) [][]int {
	order := slices.Clone(todo)
	slices.SortStableFunc(order, func(a, b int) int {
		x, y := js[a]&^(Free|Diff), js[b]&^(Free|Diff)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	// Family boundaries: positions where the coalition (without Free or
	// Diff) changes.
	var cuts []int
	for n := 1; n < len(order); n++ {
		if js[order[n]]&^(Free|Diff) != js[order[n-1]]&^(Free|Diff) {
			cuts = append(cuts, n)
		}
	}
	var groups [][]int
	if len(cuts) == 0 || len(order) <= 1 {
		groups = [][]int{order}
	} else {
		best := cuts[0]
		for _, c := range cuts {
			if abs(2*c-len(order)) < abs(2*best-len(order)) {
				best = c
			}
		}
		groups = [][]int{order[:best], order[best:]}
	}
	var out [][]int
	for _, g := range groups {
		for len(g) > maxLanes {
			out = append(out, g[:maxLanes])
			g = g[maxLanes:]
		}
		out = append(out, g)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// runLanes runs the passes of js[i], i in todo, into out as lanes of at
// most two walks (counts as Counts when counting), stepped together and,
// when a step is large enough, on two goroutines at once.
func (p *Product) runLanes(start int32, steps []*Step, T int, js []uint64, todo []int, counting bool, out []*Result) {
	limit.BeginPass(T) // --max-steps: refuse a horizon the budget cannot walk
	var runs []*laneRun
	var sides []*sideRun // the Diff lanes' walks (sidelanes.go)
	for _, g := range laneGroups(js, todo) {
		plain, side, all := splitWalk(g, js)
		js = all
		main := newLaneRun(p, plain, js, counting, start)
		runs = append(runs, main)
		for _, members := range side {
			sides = append(sides, &sideRun{r: newLaneRun(p, members, js, counting, start), main: main})
		}
	}
	nout := len(out)
	for _, r := range runs {
		if feedOnly(r, nout) {
			r.setPrune(sides, steps, T, js)
		}
	}
	sched := newScheduler(p)
	settle := &settler{p: p, from: freeFrom(steps, T)}
	for k := 0; k < T && len(runs)+len(sides) > 0; k++ {
		all := runs[:len(runs):len(runs)] // every walk, the side walks last
		for _, sd := range sides {
			all = append(all, sd.r)
		}
		if settle.try(all, k, T, out) {
			runs, sides = nil, nil
			break
		}
		p.m.meter.Report(progress.Status{Task: "histories", Step: int64(k), Steps: int64(T), Detail: laneDetail(len(js), runs)})
		var st *Step
		if k < len(steps) {
			st = steps[k]
		}
		for _, r := range runs {
			r.split(st, js)
			r.explore()
		}
		for _, sd := range sides {
			sd.r.split(st, js)
			sd.refill(js)
			sd.r.explore()
		}
		p.fillAll(all)
		// The side walks read their main walks' current layers: they step
		// first, on this goroutine (they hold a handful of states).
		for _, sd := range sides {
			sd.r.step(k, p.slot)
		}
		sched.walks(runs, k)
		for _, r := range runs {
			r.pruneLayer(k + 1)
		}
		p.checkLaneBudget(runs)
		limit.CheckDeadline() // --timeout: a horizon of 10^7 steps takes long
		limit.PassStep()      // --max-steps: one step however many lanes walk it
		alive := runs[:0]
		for _, r := range runs {
			if r.retire(k, out) {
				alive = append(alive, r)
			}
		}
		runs = alive
		live := sides[:0]
		for _, sd := range sides {
			if sd.r.retireKeep(k, out, sd.keep(js)) {
				live = append(live, sd)
			}
		}
		sides = live
	}
	for _, r := range runs {
		r.retire(-1, out)
	}
	for _, sd := range sides {
		sd.r.retire(-1, out)
	}
}

// laneDetail words what the walks carry, for their progress.
func laneDetail(coalitions int, runs []*laneRun) string {
	if coalitions == 1 {
		return ""
	}
	n := 0
	for _, r := range runs {
		for _, m := range r.lanes {
			if m != nil {
				n++
			}
		}
	}
	return fmt.Sprintf("%d coalitions in %d passes", coalitions, n)
}

// checkLaneBudget is checkBudget for walks: the product and the walks'
// layers against MaxMemory (float counts do no count work).
func (p *Product) checkLaneBudget(runs []*laneRun) {
	m := p.m
	if m.maxMemory <= 0 {
		return
	}
	if p.laneBytes(runs) > m.maxMemory {
		panic(p.memoryLimit())
	}
}

// laneBytes estimates what the product and the walks hold.
func (p *Product) laneBytes(runs []*laneRun) int64 {
	mem := p.bytes() + p.groupBytes() + p.m.revBytes()
	for _, r := range runs {
		mem += 3*r.bytes() + r.pullBytes() // current, next and sorted layers; the pull plan
	}
	return mem
}

// memoryLimit is the error of a pass beyond MaxMemory.
func (p *Product) memoryLimit() *limit.Error {
	return &limit.Error{What: "bytes for the product and its passes", Limit: int(p.m.maxMemory), Setting: "MaxMemory"}
}
