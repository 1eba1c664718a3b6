package hist

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/translate"
)

// This file holds the one dynamic-programming pass that measures a
// language: the histories of length T from a start product state whose
// joint actions agree with a plan on a coalition J at every step, split by
// whether they satisfy the outcome. Layers are indexed by step; only two
// are alive at a time and only their non-zero entries are stored.
//
// Counts are, by default, Counts (count.go): a double-double mantissa and
// a binary exponent per entry, renormalised after each layer, so a count
// of any size costs a few floating-point operations to add and its
// relative error is bounded (count.go). Exact counts (Config.ExactCounts,
// ExactPass) are fixed-width multi-word integers (W 64-bit limbs per entry,
// widened when a layer could overflow), so the common case is plain uint64
// adds; beyond maxLimbs limbs they become big integers, whose long adds run
// in math/big's vector code. Probabilities are scaled floats: every entry is a float64 mantissa
// with its own binary exponent, renormalised after each layer, so that no
// probability underflows however long the horizon. A single shared exponent
// is not enough: the mass of one language (say the few histories of L⁻) can
// be 2^-1100 times the mass of the rest of its layer, and the degrees divide
// two such small masses.

// Result measures a language and its complement within Compat_J.
type Result struct {
	// AnyAcc and AnyRej say whether the language and its complement are
	// non-empty; they are always known (every live entry of a layer holds at
	// least one history).
	AnyAcc, AnyRej bool
	// Counted says whether NAcc and NRej hold the number of histories.
	// Passes for probabilities and emptiness skip them.
	Counted    bool
	NAcc, NRej Count
	// CAcc and CRej are the counts as exact integers: always when the pass
	// counted exactly (CountsExact), else when they are known exactly
	// (below 2^53, Count.Int), else nil.
	CAcc, CRej  *big.Int
	CountsExact bool
	PAcc, PRej  Scaled   // probabilities
	RAcc, RRej  *big.Rat // exact probabilities, when the model is exact
	// EmptyAt is the first step (0-based) after which no history is left,
	// or -1; always -1 for a Diff pass, whose histories may join it at any
	// step its plain coalition still walks (and whose walk may retire
	// early when that coalition's rows are pruned, prune.go).
	EmptyAt int
}

type layer struct {
	active []int32
	// Counts: w limbs per entry in cnt (w = 0: no counts), or, once they
	// outgrow maxLimbs, big integers in big (w = bigCounts), or Counts in
	// ch, cl and ce (w = floatCounts).
	w   int
	cnt []uint64
	big []big.Int // the values are reused from step to step
	// ent holds every entry's probability and, with w = floatCounts, its
	// count, side by side: a step touches both.
	ent []entry
	rat []*big.Rat
}

// entry is one live product state's measures: its count
// (ch + cl)·2^ce when the pass counts as Counts, and its probability
// p·2^pe.
type entry struct {
	ch, cl float64
	p      float64
	ce, pe int32
}

// maxLimbs is the widest count kept in fixed 64-bit limbs: below it an
// inline loop of adds with carry beats math/big's call overhead, above it
// math/big's vector adds are several times faster.
const maxLimbs = 8

// bigCounts is layer.w for counts held as big integers.
const bigCounts = -1

// floatCounts is layer.w for counts held as Counts.
const floatCounts = -2

func (l *layer) reset(w int) {
	l.active = l.active[:0]
	l.cnt = l.cnt[:0]
	l.big = l.big[:0]
	l.ent = l.ent[:0]
	l.rat = l.rat[:0]
	l.w = w
}

// addZero appends a zero count (exact counts only).
func (l *layer) addZero() {
	if l.w != bigCounts {
		for x := 0; x < l.w; x++ {
			l.cnt = append(l.cnt, 0)
		}
		return
	}
	if n := len(l.big); n < cap(l.big) {
		l.big = l.big[:n+1]
		l.big[n].SetInt64(0)
	} else {
		l.big = append(l.big, big.Int{})
	}
}

// count returns the count of entry i as a new big integer.
func (l *layer) count(i int) *big.Int {
	if l.w == bigCounts {
		return new(big.Int).Set(&l.big[i])
	}
	return limbsToInt(l.cnt[i*l.w : (i+1)*l.w])
}

// clone returns a deep copy of the layer.
func (l *layer) clone() *layer {
	c := &layer{
		active: append([]int32(nil), l.active...),
		w:      l.w,
		cnt:    append([]uint64(nil), l.cnt...),
		ent:    append([]entry(nil), l.ent...),
	}
	c.big = make([]big.Int, len(l.big))
	for i := range l.big {
		c.big[i].Set(&l.big[i])
	}
	for _, x := range l.rat {
		c.rat = append(c.rat, new(big.Rat).Set(x))
	}
	return c
}

// widen re-lays the counts with w limbs each, or as big integers when w
// is bigCounts.
func (l *layer) widen(w int) {
	n := len(l.active)
	if w == bigCounts {
		l.big = l.big[:0]
		for i := 0; i < n; i++ {
			l.big = append(l.big, big.Int{})
			l.big[i].Set(limbsToInt(l.cnt[i*l.w : (i+1)*l.w]))
		}
		l.cnt = l.cnt[:0]
		l.w = w
		return
	}
	out := make([]uint64, n*w)
	for i := 0; i < n; i++ {
		copy(out[i*w:], l.cnt[i*l.w:(i+1)*l.w])
	}
	l.cnt = out
	l.w = w
}

// maxBits is the bit length of the largest limb count in the layer.
func (l *layer) maxBits() int {
	best := 0
	w := l.w
	for i := range l.active {
		for k := w - 1; k >= 0; k-- {
			if v := l.cnt[i*w+k]; v != 0 {
				best = max(best, 64*k+bits.Len64(v))
				break
			}
		}
	}
	return best
}

// Pass runs the programme from product state start for T steps; steps[k]
// (nil or beyond the slice: free) constrains step k for the players in j.
// With counts false the result may lack the counts (Counted false); with
// counts true it counts as Counts, or exactly when the model asks for
// exact counts (Config.ExactCounts). Plan-free passes (j = 0) are cached
// per start and T.
func (p *Product) Pass(start int32, steps []*Step, T int, j uint64, counts bool) *Result {
	return p.Passes(start, steps, T, []uint64{j}, counts)[0]
}

// ExactPass is Pass counting exactly, whatever the model's setting: for
// the metric #=?, which prints the integer, and exported languages.
func (p *Product) ExactPass(start int32, steps []*Step, T int, j uint64) *Result {
	return p.passes(start, steps, T, []uint64{j}, countExact)[0]
}

// Passes runs Pass for every coalition of js at once: the passes share
// their layers while their steps' filters agree (a plan's free steps
// filter nobody), and split where they differ. Each result is the one
// Pass gives.
func (p *Product) Passes(start int32, steps []*Step, T int, js []uint64, counts bool) []*Result {
	mode := countNone
	switch {
	case counts && p.m.exactCounts:
		mode = countExact
	case counts:
		mode = countFloat
	}
	return p.passes(start, steps, T, js, mode)
}

// countMode is what a pass counts.
type countMode int

const (
	countNone  countMode = iota // emptiness and probabilities only
	countFloat                  // also counts, as Counts
	countExact                  // also counts, as exact integers
)

// serves reports whether r has what a pass of mode gives.
func (r *Result) serves(mode countMode) bool {
	switch mode {
	case countFloat:
		return r.Counted
	case countExact:
		return r.CountsExact
	}
	return true
}

func (p *Product) passes(start int32, steps []*Step, T int, js []uint64, mode countMode) []*Result {
	out := make([]*Result, len(js))
	var todo []int
	for i, j := range js {
		if j == 0 {
			if r, ok := p.free[[2]int{int(start), T}]; ok && r.serves(mode) {
				out[i] = r
				continue
			}
		} else if r, ok := p.done[keyOf(start, steps, T, j)]; ok && r.serves(mode) {
			out[i] = r
			continue
		}
		todo = append(todo, i)
	}
	if mode == countExact || p.m.exact {
		for _, i := range todo {
			if js[i]&Diff != 0 {
				panic(fmt.Sprintf("hist: a Diff pass (%x) asked of passes that do not run as lanes (DiffPasses)", js[i]))
			}
		}
	}
	switch {
	case len(todo) == 0:
	case mode != countExact && !p.m.exact:
		p.runLanes(start, steps, T, js, todo, mode == countFloat, out)
	default:
		p.runShared(start, steps, T, js, todo, mode, out)
	}
	for _, i := range todo {
		if j := js[i]; j == 0 {
			p.free[[2]int{int(start), T}] = out[i]
		} else {
			p.done[keyOf(start, steps, T, j)] = out[i]
		}
	}
	return out
}

// passKey names a pass that ran: its start, plan, horizon and coalition.
// The plan is its slice's first element's address (which the key keeps
// alive, so no other plan can take it) and length; a plan is not changed
// once resolved.
type passKey struct {
	start int32
	plan  **Step
	n, T  int
	j     uint64
}

func keyOf(start int32, steps []*Step, T int, j uint64) passKey {
	k := passKey{start: start, n: len(steps), T: T, j: j}
	if len(steps) > 0 {
		k.plan = &steps[0]
	}
	return k
}

// branch is a layer that the passes of some coalitions share.
type branch struct {
	r       *passRun
	members []int // indices into js
}

// runShared runs the passes of js[i], i in todo, into out.
func (p *Product) runShared(start int32, steps []*Step, T int, js []uint64, todo []int, mode countMode, out []*Result) {
	limit.BeginPass(T) // --max-steps: refuse a horizon the budget cannot walk
	r := &passRun{p: p, counts: mode, exact: p.m.exact, cur: &layer{}, next: &layer{}, tmp: new(big.Rat)}
	r.begin(start)
	branches := []branch{{r, todo}}
	finish := func(b branch, emptyAt int) {
		for _, i := range b.members {
			res := &Result{EmptyAt: emptyAt}
			b.r.finish(res)
			out[i] = res
		}
	}
	type group struct {
		allow   translate.Bitset
		members []int
	}
	var groups []group
	var tasks []task
	var spare []branch
	sched := newScheduler(p)
	var work int64
	for k := 0; k < T && len(branches) > 0; k++ {
		p.m.meter.Report(progress.Status{Task: "histories", Step: int64(k), Steps: int64(T), Detail: passDetail(len(js), len(branches))})
		var st *Step
		if k < len(steps) {
			st = steps[k]
		}
		tasks = tasks[:0]
		for _, b := range branches {
			groups = groups[:0]
		member:
			for _, i := range b.members {
				a := p.m.Allowed(st, js[i])
				for gi := range groups {
					if sameBits(groups[gi].allow, a) {
						groups[gi].members = append(groups[gi].members, i)
						continue member
					}
				}
				groups = append(groups, group{a, []int{i}})
				if len(b.members) == 1 {
					break
				}
			}
			if len(groups) == 1 {
				groups[0].members = b.members // the common case: the branch goes on whole
			}
			for gi, g := range groups {
				gr := b.r
				if gi < len(groups)-1 {
					gr = b.r.clone()
				}
				tasks = append(tasks, task{gr, g.allow, g.members})
			}
		}
		sched.step(tasks, k)
		p.checkBudget(tasks, &work)
		limit.CheckDeadline() // --timeout: a horizon of 10^7 steps takes long
		limit.PassStep()      // --max-steps: one step however many coalitions share it
		next := spare[:0]
		for _, t := range tasks {
			nb := branch{t.r, t.members}
			if len(t.r.cur.active) == 0 {
				finish(nb, k)
				continue
			}
			next = append(next, nb)
		}
		branches, spare = next, branches
	}
	for _, b := range branches {
		finish(b, -1)
	}
}

// sameBits reports whether two filters are the same one (filters are
// cached, so equal filters are one slice).
func sameBits(a, b translate.Bitset) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// passRun is one pass in progress: two layers, the current and the next.
type passRun struct {
	p         *Product
	counts    countMode
	exact     bool
	cur, next *layer
	tmp       *big.Rat
}

// clone returns a copy of the run, for a branch that continues apart.
func (r *passRun) clone() *passRun {
	c := &passRun{p: r.p, counts: r.counts, exact: r.exact, cur: r.cur.clone(), next: &layer{}, tmp: new(big.Rat)}
	return c
}

// begin lays the single history of length 0, at start.
func (r *passRun) begin(start int32) {
	w0 := 0 // limbs per count; 0 without counts
	switch r.counts {
	case countExact:
		w0 = 1
	case countFloat:
		w0 = floatCounts
	}
	cur := r.cur
	cur.reset(w0)
	cur.active = append(cur.active, start)
	e := entry{p: 1}
	switch r.counts {
	case countExact:
		cur.cnt = append(cur.cnt, 1)
	case countFloat:
		e.ch, e.ce = countOne.hi, int32(countOne.exp)
	}
	cur.ent = append(cur.ent, e)
	if r.exact {
		cur.rat = append(cur.rat, big.NewRat(1, 1))
	}
}

// prepare readies step k: it explores the states of the current layer
// and widens counts that could overflow. Steps of several runs may then
// run at once (the product is only read).
func (r *passRun) prepare() {
	p, cur := r.p, r.cur
	var top int32
	for _, pid := range cur.active {
		top = max(top, pid)
	}
	if int(top) >= p.Explored() {
		p.expandTo(top)
	}
	if cur.w > 0 {
		// Headroom: an entry of the next layer sums at most E entries of this one.
		edges := 0
		for _, pid := range cur.active {
			edges += p.SuccStart[pid+1] - p.SuccStart[pid]
		}
		if need := cur.maxBits() + bits.Len(uint(edges)); need > 64*cur.w {
			w := (need + 63) / 64
			if w > maxLimbs {
				w = bigCounts
			}
			cur.widen(w)
		}
	}
}

// step extends every history by one transition of a choice that allow
// holds (nil: every choice) at step k and makes the next layer the
// current one. The run must be prepared; slot is scratch with an entry
// -1 per product state, left so. With sums set, the big counts are added
// afterwards, spread over goroutines (sums.add).
func (r *passRun) step(allow translate.Bitset, k int, slot []int32, sums *sums) {
	p, cur, next := r.p, r.cur, r.next
	g, m := p.m.g, p.m
	exact, tmp := r.exact, r.tmp
	if cur.w != bigCounts {
		sums = nil
	}
	if sums != nil {
		sums.edges = sums.edges[:0]
	}
	w := cur.w
	next.reset(w)
	beta, prob := m.beta, g.Prob
	for i, pid := range cur.active {
		s := int(p.S[pid])
		lo, hi := g.Choices(s)
		tbase := int(g.TransStart[lo])
		succ := p.Successors(pid, k)
		var src []uint64
		var srcBig *big.Int
		switch {
		case w == bigCounts:
			srcBig = &cur.big[i]
		case w > 0:
			src = cur.cnt[i*w : (i+1)*w]
		}
		ce := cur.ent[i]
		sh, sl, se, pr, pe := ce.ch, ce.cl, ce.ce, ce.p, ce.pe
		var rr *big.Rat
		if exact {
			rr = cur.rat[i]
		}
		for ch := lo; ch < hi; ch++ {
			if allow != nil && allow[ch>>6]&(1<<(uint(ch)&63)) == 0 {
				continue
			}
			b := beta[ch] * pr
			for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
				dst := succ[t-tbase]
				d := slot[dst]
				if d < 0 {
					d = int32(len(next.active))
					slot[dst] = d
					next.active = append(next.active, dst)
					if w != floatCounts {
						next.addZero()
					}
					next.ent = append(next.ent, entry{ce: se, pe: pe})
					if exact {
						next.rat = append(next.rat, new(big.Rat))
					}
				}
				e := &next.ent[d]
				switch {
				case w == floatCounts:
					// Double-double addition of the source's count, scaled
					// to the destination's exponent (exact: a power of two).
					if x := se - e.ce + pow2Bias; uint32(x) <= 2*pow2Bias {
						f := pow2[x]
						a, h := sh*f, e.ch
						sum := h + a
						bb := sum - h
						e.cl += (h - (sum - bb)) + (a - bb) + sl*f
						e.ch = sum
					} else {
						c := Count{e.ch, e.cl, int(e.ce)}.Add(Count{sh, sl, int(se)})
						e.ch, e.cl, e.ce = c.hi, c.lo, int32(c.exp)
					}
				case w == 0: // no counts
				case w == 1:
					next.cnt[d] += src[0]
				case w == bigCounts:
					if sums != nil {
						sums.edges = append(sums.edges, [2]int32{d, int32(i)})
					} else {
						next.big[d].Add(&next.big[d], srcBig)
					}
				default:
					dv := next.cnt[int(d)*w : int(d)*w+w]
					var carry uint64
					for x := 0; x < w; x++ {
						dv[x], carry = bits.Add64(dv[x], src[x], carry)
					}
				}
				v, ve := b*prob[t], pe
				if v < 0x1p-960 && b != 0 && prob[t] != 0 {
					// pr is in [1/2, 1), so only extreme weights get here.
					m1, e1 := math.Frexp(beta[ch])
					m2, e2 := math.Frexp(prob[t])
					v, ve = pr*m1*m2, pe+int32(e1+e2)
				}
				// As for counts: mantissas within 2^±60 add after an exact
				// scaling, so the fast path holds whenever neighbours'
				// probabilities are within 2^60 of each other.
				if x := ve - e.pe + pow2Bias; uint32(x) <= 2*pow2Bias {
					e.p += v * pow2[x]
				} else {
					m, x := addScaled(e.p, int(e.pe), v, int(ve))
					e.p, e.pe = m, int32(x)
				}
				if exact {
					tmp.Mul(rr, m.betaRat[ch])
					tmp.Mul(tmp, m.probRat[t])
					next.rat[d].Add(next.rat[d], tmp)
				}
			}
		}
	}
	for _, pid := range next.active {
		slot[pid] = -1
	}
	if sums != nil {
		sums.add(next, cur)
	}
	next.sortByState()
	normalize(next)
	r.cur, r.next = next, cur
}

// sortByState puts the layer's entries in order of product state, as the
// walks of lanes.go keep theirs: the terms of every entry of the next
// step are then summed in the same order by both, so their floating-point
// numbers agree to the bit.
func (l *layer) sortByState() {
	if slices.IsSorted(l.active) {
		return
	}
	n := len(l.active)
	perm := make([]int32, n)
	for i := range perm {
		perm[i] = int32(i)
	}
	slices.SortFunc(perm, func(a, b int32) int { return int(l.active[a]) - int(l.active[b]) })
	// Apply perm (entry i becomes entry perm[i]) in place by its cycles,
	// with swaps: big integers must not be copied.
	w := max(l.w, 0)
	done := make([]bool, n)
	swap := func(i, j int) {
		l.active[i], l.active[j] = l.active[j], l.active[i]
		l.ent[i], l.ent[j] = l.ent[j], l.ent[i]
		for x := 0; x < w; x++ {
			l.cnt[i*w+x], l.cnt[j*w+x] = l.cnt[j*w+x], l.cnt[i*w+x]
		}
		if l.w == bigCounts {
			l.big[i], l.big[j] = l.big[j], l.big[i]
		}
		if len(l.rat) > 0 {
			l.rat[i], l.rat[j] = l.rat[j], l.rat[i]
		}
	}
	for i := 0; i < n; i++ {
		if done[i] {
			continue
		}
		for j := i; ; {
			done[j] = true
			k := int(perm[j])
			if k == i {
				break
			}
			swap(j, k)
			j = k
		}
	}
}

// pow2[x] is 2^(x−pow2Bias): the factors of the fast double-double adds.
var pow2 = func() (t [2*pow2Bias + 1]float64) {
	for i := range t {
		t[i] = math.Ldexp(1, i-pow2Bias)
	}
	return t
}()

const pow2Bias = 60

// finish sums the last layer into res, split by acceptance.
func (r *passRun) finish(res *Result) {
	p, cur := r.p, r.cur
	counts, exact := r.counts, r.exact
	res.Counted = counts != countNone
	res.CountsExact = counts == countExact
	if counts == countExact {
		res.CAcc, res.CRej = new(big.Int), new(big.Int)
	}
	if exact {
		res.RAcc, res.RRej = new(big.Rat), new(big.Rat)
	}
	var pa, pj Scaled
	var na, nj Count
	for i, pid := range cur.active {
		var v *big.Int
		var n Count
		switch counts {
		case countExact:
			v = cur.count(i)
		case countFloat:
			n = Count{cur.ent[i].ch, cur.ent[i].cl, int(cur.ent[i].ce)}
		}
		if p.Acc[pid] {
			res.AnyAcc = true
			if v != nil {
				res.CAcc.Add(res.CAcc, v)
			}
			na = na.Add(n)
			pa = pa.add(Scaled{cur.ent[i].p, int(cur.ent[i].pe)})
			if exact {
				res.RAcc.Add(res.RAcc, cur.rat[i])
			}
		} else {
			res.AnyRej = true
			if v != nil {
				res.CRej.Add(res.CRej, v)
			}
			nj = nj.Add(n)
			pj = pj.add(Scaled{cur.ent[i].p, int(cur.ent[i].pe)})
			if exact {
				res.RRej.Add(res.RRej, cur.rat[i])
			}
		}
	}
	res.PAcc, res.PRej = pa.norm(), pj.norm()
	switch counts {
	case countExact:
		res.NAcc, res.NRej = CountOf(res.CAcc), CountOf(res.CRej)
	case countFloat:
		res.NAcc, res.NRej = na, nj
		res.CAcc, res.CRej = na.Int(), nj.Int()
	}
}

// forChoices calls f for the choices in [lo, hi) that allow contains (all
// of them when allow is nil).
func forChoices(allow translate.Bitset, lo, hi int, f func(int)) {
	if allow == nil {
		for ch := lo; ch < hi; ch++ {
			f(ch)
		}
		return
	}
	if lo >= hi {
		return
	}
	for wi := lo >> 6; wi <= (hi-1)>>6; wi++ {
		word := allow[wi]
		if base := wi << 6; base < lo {
			word &^= (1 << uint(lo-base)) - 1
		}
		if end := (wi + 1) << 6; end > hi {
			word &= (1 << uint(hi-wi<<6)) - 1
		}
		for word != 0 {
			tz := bits.TrailingZeros64(word)
			f(wi<<6 + tz)
			word &= word - 1
		}
	}
}

// normalize brings every probability of a layer to a mantissa in [1/2, 1)
// (or 0), so that the next step cannot underflow it, and every Count to a
// high part in [1/2, 1] with its low part at most half an ulp of it.
func normalize(l *layer) {
	counts := l.w == floatCounts
	for i := range l.ent {
		normEntry(&l.ent[i], counts)
	}
}

// normEntry normalises one entry: its probability, and its Count when
// counts is set.
func normEntry(e *entry, counts bool) {
	if b := math.Float64bits(e.p); e.p == 0 {
		e.pe = 0
	} else if x := int32(b>>52) & 0x7ff; x != 0 && x != 0x7ff {
		// A normal number: math.Frexp's result, without its call.
		e.p = math.Float64frombits(b&^(0x7ff<<52) | 1022<<52)
		e.pe += x - 1022
	} else {
		m, x := math.Frexp(e.p)
		e.p = m
		e.pe += int32(x)
	}
	if !counts {
		return
	}
	// ch ≥ 1/2: the first count added to an entry set its exponent.
	b := math.Float64bits(e.ch)
	x := int((b>>52)&0x7ff) - 1022
	m := math.Float64frombits(b&^(0x7ff<<52) | 1022<<52)
	lo := e.cl * math.Float64frombits(uint64(1023-x)<<52)
	sum := m + lo
	e.ch, e.cl = sum, lo-(sum-m)
	e.ce += int32(x)
}

func limbsToInt(ls []uint64) *big.Int {
	if bits.UintSize == 64 {
		ws := make([]big.Word, len(ls))
		for i, v := range ls {
			ws[i] = big.Word(v)
		}
		return new(big.Int).SetBits(ws)
	}
	r := new(big.Int)
	for i := len(ls) - 1; i >= 0; i-- {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(ls[i]))
	}
	return r
}

// passDetail words what a shared pass carries, for its progress.
func passDetail(coalitions, branches int) string {
	if coalitions == 1 {
		return ""
	}
	return fmt.Sprintf("%d coalitions in %d passes", coalitions, branches)
}
