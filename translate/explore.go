package translate

import (
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/onus-mc/onus/prism"
)

// sumRoundOff is PRISM's default tolerance for probabilities summing to 1.
const sumRoundOff = 1e-5

// branch is one branch of a command evaluated in a state.
type branch struct {
	p float64
	x xrat // exact only
	u *update
}

// participant is a command taking part in a choice, with its branches.
type participant struct {
	c  *command
	br []branch
}

// explorer holds the state of the exploration, which runs in two passes
// over the same code (expand). The first, breadth-first, only discovers
// the states: the arrays of choices and transitions hold one state's at a
// time and are then emptied, their lengths added to running totals. The
// states are then renumbered in PRISM's order (by valuation, §4.12), and
// the second pass expands them in that order into arrays allocated once
// at their final sizes, which become the game's: no array grows, none is
// copied into another order, and what exploration holds at its peak is
// about the game itself.
type explorer struct {
	b  *builder
	st *store
	n  int
	s2 []int32 // old state in [0,n), new state in [n,2n)

	// discover is set in the first pass. Its totals count the choices,
	// transitions and dtmc mixes of the states expanded so far; polls
	// counts the calls of checkLimits.
	discover bool
	// keep is set while the first pass keeps every state's choices and
	// transitions, as long as they are fewer than keepTransitions: a small
	// model is then put in PRISM's order by permuting them (permute.go)
	// instead of a second pass.
	keep bool
	// countOnly is set in the first pass of a csg once it keeps nothing:
	// only the targets of a choice are found (its size), not their
	// probabilities, which a csg needs for nothing else there (an mdp's
	// duplicate choices and a dtmc's mixing do).
	countOnly bool
	totCh     int64
	totTr     int64
	totMix    int64
	polls     int

	// per explored state
	stChoice []int32 // start of its choices
	stOwner  []int32
	stDead   []bool
	// per choice
	chAction []int32
	chJoint  []int32
	chTrans  []int32
	// per transition
	trTarget []int32
	trProb   []float64
	trRat    []*big.Rat

	// per state scratch
	cur      int32
	curKey   uint64  // the current state's packed key (when it fits)
	curOwner []int32 // owner of each choice of the current state (smg)
	curPos   []prism.Pos
	curAct   []int32
	brCache  [][]branch
	brStamp  []int32
	cmds     []*command // all commands, by global id
	actMods  [][]int    // per action: modules whose alphabet has it
	enabled  [][]*command
	combo    []int
	parts    []participant
	elemIdx  []int
	assigned []bool
	pend     []*assign
	done     []bool
	exact    bool
	// exact: the distinct probabilities, each update's memo, scratch
	rats  ratTable
	memo  map[*update]*valMemo[xrat]
	chRat []xrat // the exact probabilities of the choice emit makes
	// keepElems keeps every element of a choice (dtmc: targets are merged
	// only after normalisation, as PRISM adds them one by one).
	keepElems bool
	// dtmc: the commands merged into each state's one choice, as their
	// action and share of the probability (mixStart per explored state),
	// so that a transition reward is the expected reward of the step.
	mixStart []int32
	mixAct   []int32
	mixW     []float64
	mixWRat  []xrat // mixW exactly (Config.Exact only)

	// csg: the enabled commands of each module by action, and scratch
	csgIdx     []actionIndex
	seenPlayer []bool
	moves      [][]int32 // per player, the current state's moves
	tuple      []int32   // the joint action being enumerated
	tuplePos   []int     // its position in moves
	used       [][]bool  // per player and move: in a surviving joint action
	matched    [][]*command
	shapes     *csgShapes
	joint      *jointTables
}

func (b *builder) explore() (g *Game, err error) {
	x := &explorer{b: b, n: len(b.vars), exact: b.cfg.Exact, keepElems: b.typ == prism.TypeDTMC}
	x.st = newStore(b.vars, b.cfg.MaxStates)
	x.s2 = make([]int32, 2*x.n)
	x.assigned = make([]bool, x.n)
	for _, m := range b.modules {
		for _, c := range m.cmds {
			c.gid = len(x.cmds)
			x.cmds = append(x.cmds, c)
		}
	}
	x.brCache = make([][]branch, len(x.cmds))
	x.brStamp = make([]int32, len(x.cmds))
	for i := range x.brStamp {
		x.brStamp[i] = -1
	}
	x.actMods = make([][]int, len(b.actions))
	for a := 1; a < len(b.actions); a++ {
		for mi, m := range b.modules {
			if m.alpha[a] {
				x.actMods[a] = append(x.actMods[a], mi)
			}
		}
	}
	x.enabled = make([][]*command, len(b.modules))

	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case *LimitError:
				g, err = nil, e
			case *pollError:
				g, err = nil, e.err
			case *evalError:
				b.addEvalErr(e)
				g, err = nil, b.errs.Err()
			default:
				panic(r)
			}
		}
	}()
	initial := x.initialStates()
	x.discover, x.keep = true, true
	for i := int32(0); int(i) < x.st.count; i++ {
		x.expand(i)
		if x.keep && len(x.trTarget) > keepTransitions {
			x.keep = false
			x.countOnly = b.typ == prism.TypeCSG
		}
		if !x.keep {
			x.forget()
		}
	}
	x.discover, x.countOnly = false, false
	if firstPassDone != nil {
		firstPassDone(x.memory())
	}
	order := x.st.renumber()
	if x.keep {
		x.permute(order)
		return x.finish(initial, order), nil
	}
	x.allocate()
	for i := range x.brStamp {
		x.brStamp[i] = -1
	}
	for s := int32(0); int(s) < x.st.count; s++ {
		x.expand(s)
		x.sortState()
	}
	return x.finish(initial, order), nil
}

// firstPassDone, if set (by tests), is given the memory estimate at the
// end of the first pass.
var firstPassDone func(estimate int64)

// keepTransitions is the most transitions the first pass keeps for a
// permutation (about 25 MB of arrays, and as much again for the copy).
var keepTransitions = 1 << 21

// forget adds the current state's choices and transitions to the totals
// and empties the arrays (first pass).
func (x *explorer) forget() {
	x.totCh += int64(len(x.chTrans))
	x.totTr += int64(len(x.trTarget))
	x.totMix += int64(len(x.mixAct))
	x.stChoice, x.stDead, x.stOwner, x.mixStart = x.stChoice[:0], x.stDead[:0], x.stOwner[:0], x.mixStart[:0]
	x.chAction, x.chJoint, x.chTrans = x.chAction[:0], x.chJoint[:0], x.chTrans[:0]
	x.trTarget, x.trProb = x.trTarget[:0], x.trProb[:0]
	if x.exact {
		clear(x.trRat)
		x.trRat = x.trRat[:0]
	}
	x.mixAct, x.mixW, x.mixWRat = x.mixAct[:0], x.mixW[:0], x.mixWRat[:0]
}

// allocate makes the arrays of the second pass at the sizes the first
// counted.
func (x *explorer) allocate() {
	b := x.b
	N := x.st.count
	x.stChoice = make([]int32, 0, N+1)
	x.stDead = make([]bool, 0, N)
	if b.typ == prism.TypeSMG {
		x.stOwner = make([]int32, 0, N)
	}
	if b.typ != prism.TypeCSG {
		x.chAction = make([]int32, 0, x.totCh)
	}
	if b.typ == prism.TypeCSG {
		x.chJoint = make([]int32, 0, x.totCh*int64(len(b.players)))
	}
	x.chTrans = make([]int32, 0, x.totCh+1)
	x.trTarget = make([]int32, 0, x.totTr)
	x.trProb = make([]float64, 0, x.totTr)
	if x.exact {
		x.trRat = make([]*big.Rat, 0, x.totTr)
	}
	if b.typ == prism.TypeDTMC {
		x.mixStart = make([]int32, 0, N)
		x.mixAct = make([]int32, 0, x.totMix)
		x.mixW = make([]float64, 0, x.totMix)
		if x.exact {
			x.mixWRat = make([]xrat, 0, x.totMix)
		}
	}
}

// sortState sorts the transitions of each choice of the current state by
// target (second pass).
func (x *explorer) sortState() {
	first := int(x.stChoice[len(x.stChoice)-1])
	for c := first; c < len(x.chTrans); c++ {
		lo := int(x.chTrans[c])
		hi := len(x.trTarget)
		if c+1 < len(x.chTrans) {
			hi = int(x.chTrans[c+1])
		}
		sortTrans(x.trTarget, x.trProb, x.trRat, lo, hi)
	}
}

// initialStates adds the initial states and returns their indices.
func (x *explorer) initialStates() []int32 {
	b := x.b
	if b.mf.Init == nil {
		i, _ := x.st.find(b.init)
		return []int32{i}
	}
	for _, d := range b.varDecls {
		if d.Init != nil {
			fail(d.Init.Position(), "initial values of variables cannot be combined with an init...endinit block")
		}
	}
	pred := (&compiler{b: b}).bool(b.mf.Init.Expr).b
	s := make([]int32, x.n)
	total := 1.0
	for i, v := range b.vars {
		if b.varDecls[i].Kind == prism.VarInt {
			fail(b.mf.Init.Pos, "an init...endinit block cannot be used with unbounded variable %s", v.Name)
		}
		s[i] = v.Lo
		total *= float64(v.Hi) - float64(v.Lo) + 1
	}
	if total > 1e7 {
		fail(b.mf.Init.Pos, "the init...endinit block ranges over %g valuations; too many to enumerate", total)
	}
	var out []int32
	for {
		if pred(s) {
			i, _ := x.st.find(s)
			out = append(out, i)
		}
		k := x.n - 1
		for ; k >= 0; k-- {
			if s[k] < b.vars[k].Hi {
				s[k]++
				break
			}
			s[k] = b.vars[k].Lo
		}
		if k < 0 {
			break
		}
	}
	if len(out) == 0 {
		fail(b.mf.Init.Pos, "no state satisfies the init...endinit predicate")
	}
	return out
}

func (x *explorer) stateString(s []int32) string { return x.b.stateString(s) }

// stateString formats a valuation as in .sta: (v1,v2,...).
func (b *builder) stateString(s []int32) string {
	var sb strings.Builder
	sb.WriteByte('(')
	for i, v := range b.vars {
		if i > 0 {
			sb.WriteByte(',')
		}
		writeVal(&sb, v, s[i])
	}
	sb.WriteByte(')')
	return sb.String()
}

func writeVal(sb *strings.Builder, v Var, x int32) {
	if v.Bool {
		if x != 0 {
			sb.WriteString("true")
		} else {
			sb.WriteString("false")
		}
		return
	}
	var buf [12]byte
	sb.Write(appendInt(buf[:0], int64(x)))
}

func appendInt(b []byte, x int64) []byte {
	if x < 0 {
		b = append(b, '-')
		x = -x
	}
	var tmp [20]byte
	i := len(tmp)
	for {
		i--
		tmp[i] = byte('0' + x%10)
		x /= 10
		if x == 0 {
			break
		}
	}
	return append(b, tmp[i:]...)
}

// expand builds the choices of state i.
func (x *explorer) expand(i int32) {
	x.cur = i
	copy(x.s2, x.st.state(i))
	if x.st.fits {
		x.curKey = x.st.key64(x.s2)
	}
	x.stChoice = append(x.stChoice, int32(len(x.chTrans)))
	x.curOwner = x.curOwner[:0]
	x.curPos = x.curPos[:0]
	x.curAct = x.curAct[:0]
	first := len(x.chTrans)
	switch x.b.typ {
	case prism.TypeCSG:
		x.csgChoices()
	default:
		x.syncChoices()
	}
	nc := len(x.chTrans) - first
	if x.b.typ == prism.TypeDTMC {
		x.mixStart = append(x.mixStart, int32(len(x.mixAct)))
		if nc > 0 {
			x.mergeDTMC(first)
			nc = 1
		}
	}
	dead := nc == 0
	x.stDead = append(x.stDead, dead)
	if dead {
		if x.b.typ == prism.TypeCSG {
			for range x.b.players {
				x.chJoint = append(x.chJoint, 0)
			}
		} else {
			x.chAction = append(x.chAction, 0)
		}
		x.chTrans = append(x.chTrans, int32(len(x.trTarget)))
		x.trTarget = append(x.trTarget, i)
		x.trProb = append(x.trProb, 1)
		if x.exact {
			x.trRat = append(x.trRat, x.rats.get(xratOne))
		}
	}
	if x.b.typ == prism.TypeSMG {
		x.stOwner = append(x.stOwner, x.smgOwner(dead))
	}
	x.checkLimits()
}

// branches evaluates the branches of command c in the current state
// (cached per state, and for every state when its probabilities are
// constants and not exact).
func (x *explorer) branches(c *command) []branch {
	id := c.gid
	if st := x.brStamp[id]; st == x.cur || st == everyState {
		return x.brCache[id]
	}
	s := x.s2
	br := x.brCache[id][:0]
	sum := 0.0
	for _, u := range c.updates {
		p := 1.0
		if u.probConst {
			p = u.probK
		} else if u.prob != nil {
			p = u.prob(s)
		}
		if math.IsNaN(p) || math.IsInf(p, 0) || p < 0 {
			fail(u.pos, "invalid probability %v in state %s", p, x.stateString(s[:x.n]))
		}
		sum += p
		if p == 0 {
			continue
		}
		var r xrat
		if x.exact {
			r = x.exactProb(u, p)
		}
		br = append(br, branch{p: p, x: r, u: u})
	}
	if len(br) == 0 {
		fail(c.pos, "all probabilities of this command are zero in state %s", x.stateString(s[:x.n]))
	}
	// PRISM checks each command's sum against its sumRoundOff setting,
	// an absolute 1e-5 by default (simulator/Updater).
	if math.Abs(sum-1) > sumRoundOff {
		fail(c.pos, "probabilities sum to %v, not 1, in state %s", sum, x.stateString(s[:x.n]))
	}
	x.brCache[id] = br
	x.brStamp[id] = x.cur
	if constProbs(c) {
		x.brStamp[id] = everyState
	}
	return br
}

// everyState is the stamp of branches that hold in every state.
const everyState = math.MinInt32

// constProbs reports whether every probability of command c is a
// constant.
func constProbs(c *command) bool {
	for _, u := range c.updates {
		if !u.probConst && u.prob != nil {
			return false
		}
	}
	return true
}

// emit adds one choice made of the given participants (in module order):
// the product of their distributions, targets merged. It returns false
// (and adds nothing) if the choice duplicates an earlier one of the state
// with the same action (mdp/smg).
func (x *explorer) emit(action int32, parts []participant) bool {
	if x.countOnly {
		x.emitCount(parts)
		return true
	}
	cs := len(x.trTarget)
	idx := x.firstCombination(len(parts))
	x.chRat = x.chRat[:0]
	for {
		// probability: p_k * (... (p_2 * p_1)), as PRISM's product builds it
		p := parts[0].br[idx[0]].p
		var r xrat
		if x.exact {
			r = parts[0].br[idx[0]].x
		}
		for k := 1; k < len(parts); k++ {
			p = parts[k].br[idx[k]].p * p
			if x.exact {
				r = parts[k].br[idx[k]].x.mul(r)
			}
		}
		t := x.target(parts, idx)
		found := false
		for j := cs; j < len(x.trTarget) && !x.keepElems; j++ {
			if x.trTarget[j] == t {
				x.trProb[j] += p
				if x.exact {
					x.chRat[j-cs] = x.chRat[j-cs].add(r)
				}
				found = true
				break
			}
		}
		if !found {
			x.trTarget = grow(x.trTarget, 1)
			x.trProb = grow(x.trProb, 1)
			x.trTarget = append(x.trTarget, t)
			x.trProb = append(x.trProb, p)
			if x.exact {
				x.chRat = append(x.chRat, r)
			}
			if len(x.trTarget)%4096 == 0 {
				x.checkLimits() // one state's choices can be huge
			}
		}
		if !nextCombination(idx, parts) {
			break
		}
	}
	if x.exact {
		for _, r := range x.chRat {
			x.trRat = append(x.trRat, x.rats.get(r))
		}
	}
	if x.b.typ == prism.TypeMDP || x.b.typ == prism.TypeSMG {
		if x.isDuplicate(action, cs) {
			x.trTarget = x.trTarget[:cs]
			x.trProb = x.trProb[:cs]
			if x.exact {
				x.trRat = x.trRat[:cs]
			}
			return false
		}
	}
	if x.b.typ != prism.TypeCSG {
		x.chAction = grow(x.chAction, 1)
		x.chAction = append(x.chAction, action)
	}
	x.chTrans = grow(x.chTrans, 1)
	x.chTrans = append(x.chTrans, int32(cs))
	return true
}

// emitCount is emit for the first pass of a csg (countOnly): it adds the
// choice's distinct targets, without probabilities.
func (x *explorer) emitCount(parts []participant) {
	cs := len(x.trTarget)
	idx := x.firstCombination(len(parts))
	for {
		t := x.target(parts, idx)
		if !slices.Contains(x.trTarget[cs:], t) {
			x.trTarget = grow(x.trTarget, 1)
			x.trTarget = append(x.trTarget, t)
			if len(x.trTarget)%4096 == 0 {
				x.checkLimits() // one state's choices can be huge
			}
		}
		if !nextCombination(idx, parts) {
			break
		}
	}
	x.chTrans = grow(x.chTrans, 1)
	x.chTrans = append(x.chTrans, int32(cs))
}

// isDuplicate reports whether the distribution at trTarget[cs:] with the
// given action equals one of the current state's earlier choices
// (relative tolerance 1e-12).
func (x *explorer) isDuplicate(action int32, cs int) bool {
	first := int(x.stChoice[len(x.stChoice)-1])
	n := len(x.trTarget) - cs
	for c := first; c < len(x.chAction); c++ {
		if x.chAction[c] != action {
			continue
		}
		lo := int(x.chTrans[c])
		hi := cs
		if c+1 < len(x.chAction) {
			hi = int(x.chTrans[c+1])
		}
		if hi-lo != n {
			continue
		}
		same := true
		for j := lo; j < hi && same; j++ {
			found := false
			for k := cs; k < cs+n; k++ {
				if x.trTarget[k] == x.trTarget[j] {
					found = close12(x.trProb[k], x.trProb[j])
					break
				}
			}
			same = found
		}
		if same {
			return true
		}
	}
	return false
}

func close12(a, b float64) bool {
	if a == b {
		return true
	}
	d := math.Abs(a - b)
	return d <= 1e-12*math.Max(math.Abs(a), math.Abs(b))
}

// target computes the successor for one combination of branches and
// returns its state index. Without primed reads, when the packed key fits
// in 64 bits, the successor is found by its key alone: the current
// state's with the assigned fields replaced (a later assignment of a
// variable overrides an earlier one, as in s2).
func (x *explorer) target(parts []participant, idx []int) int32 {
	n := x.n
	s := x.s2
	primed := false
	for k := range parts {
		if parts[k].br[idx[k]].u.primed {
			primed = true
			break
		}
	}
	if !primed && x.st.fits {
		key := x.curKey
		for k := range parts {
			u := parts[k].br[idx[k]].u
			for ai := range u.assigns {
				a := &u.assigns[ai]
				key = x.st.setField(key, a.v, x.eval(a))
			}
		}
		if key == x.curKey {
			return x.cur
		}
		return x.st.findKey(key, s[n:])
	}
	copy(s[n:], s[:n])
	if !primed {
		for k := range parts {
			u := parts[k].br[idx[k]].u
			for ai := range u.assigns {
				a := &u.assigns[ai]
				x.set(a, x.eval(a))
			}
		}
	} else {
		x.primedUpdate(parts, idx)
	}
	t, _ := x.st.find(s[n:])
	return t
}

func (x *explorer) eval(a *assign) int32 {
	if a.isBool {
		if a.b(x.s2) {
			return 1
		}
		return 0
	}
	return int32(checkRange(x, a, a.i(x.s2)))
}

func checkRange(x *explorer, a *assign, v int64) int64 {
	vr := x.b.vars[a.v]
	if v < int64(vr.Lo) || v > int64(vr.Hi) {
		fail(a.pos, "variable %s would take value %d, outside its range [%d..%d], in state %s", vr.Name, v, vr.Lo, vr.Hi, x.stateString(x.s2[:x.n]))
	}
	return v
}

func (x *explorer) set(a *assign, v int32) { x.s2[x.n+a.v] = v }

// primedUpdate performs the assignments of a combination in dependency
// order (reference §4.4).
func (x *explorer) primedUpdate(parts []participant, idx []int) {
	pend := x.pend[:0]
	for k := range parts {
		u := parts[k].br[idx[k]].u
		for ai := range u.assigns {
			pend = append(pend, &u.assigns[ai])
		}
	}
	x.pend = pend
	defer func() {
		for _, a := range pend {
			x.assigned[a.v] = false
		}
	}()
	for _, a := range pend {
		if x.assigned[a.v] {
			fail(a.pos, "multiple updates of variable %s in one transition", x.b.vars[a.v].Name)
		}
		x.assigned[a.v] = true
	}
	done := x.done[:0]
	for range pend {
		done = append(done, false)
	}
	x.done = done
	left := len(pend)
	for left > 0 {
		progress := false
		for i, a := range pend {
			if done[i] {
				continue
			}
			ready := true
			for _, d := range a.primes {
				if x.assigned[d] && !x.isDone(pend, done, d) {
					ready = false
					break
				}
			}
			if !ready {
				continue
			}
			x.set(a, x.eval(a))
			done[i] = true
			left--
			progress = true
		}
		if !progress {
			var names []string
			var pos prism.Pos
			for i, a := range pend {
				if !done[i] {
					names = append(names, x.b.vars[a.v].Name)
					if pos == prism.NoPos {
						pos = a.pos
					}
				}
			}
			fail(pos, "cyclic updates with variables [%s] in state %s", strings.Join(names, ", "), x.stateString(x.s2[:x.n]))
		}
	}
}

func (x *explorer) isDone(pend []*assign, done []bool, v int) bool {
	for i, a := range pend {
		if a.v == v {
			return done[i]
		}
	}
	return true
}

// mergeDTMC replaces the choices of the current state (from index first)
// by one distribution: PRISM scales every element by 1/(sum of all
// probabilities), which gives each choice an equal share, then adds the
// elements into the target distribution one by one.
func (x *explorer) mergeDTMC(first int) {
	nc := len(x.chAction) - first
	cs := int(x.chTrans[first])
	end := len(x.trTarget)
	sum := 0.0
	rsum := xrat{n: 0, d: 1}
	for c := 0; c < nc; c++ {
		lo := int(x.chTrans[first+c])
		hi := end
		if first+c+1 < len(x.chTrans) {
			hi = int(x.chTrans[first+c+1])
		}
		cSum := 0.0
		cRat := xrat{n: 0, d: 1}
		for j := lo; j < hi; j++ {
			cSum += x.trProb[j]
			if x.exact {
				cRat = cRat.add(xratOf(x.trRat[j]))
			}
		}
		sum += cSum
		x.mixAct = append(x.mixAct, x.chAction[first+c])
		x.mixW = append(x.mixW, cSum)
		if x.exact {
			rsum = rsum.add(cRat)
			x.mixWRat = append(x.mixWRat, cRat)
		}
	}
	scale := 1.0 / sum
	for k := len(x.mixW) - nc; k < len(x.mixW); k++ {
		x.mixW[k] *= scale
	}
	rscale := xrat{n: 0, d: 1}
	if x.exact && rsum.sign() != 0 {
		rscale = rsum.inv()
	}
	if x.exact {
		for k := len(x.mixWRat) - nc; k < len(x.mixWRat); k++ {
			x.mixWRat[k] = x.mixWRat[k].mul(rscale)
		}
	}
	var tg []int32
	var pr []float64
	var rt []xrat
	for j := cs; j < end; j++ {
		t := x.trTarget[j]
		p := x.trProb[j] * scale
		var r xrat
		if x.exact {
			r = xratOf(x.trRat[j]).mul(rscale)
		}
		found := false
		for k := range tg {
			if tg[k] == t {
				pr[k] += p
				if x.exact {
					rt[k] = rt[k].add(r)
				}
				found = true
				break
			}
		}
		if !found {
			tg = append(tg, t)
			pr = append(pr, p)
			if x.exact {
				rt = append(rt, r)
			}
		}
	}
	x.trTarget = append(x.trTarget[:cs], tg...)
	x.trProb = append(x.trProb[:cs], pr...)
	if x.exact {
		x.trRat = x.trRat[:cs]
		for _, r := range rt {
			x.trRat = append(x.trRat, x.rats.get(r))
		}
	}
	x.chAction = append(x.chAction[:first], 0)
	x.chTrans = x.chTrans[:first+1]
}

// firstCombination returns the explorer's index scratch holding n zeros,
// the first combination of branches of n participants.
func (x *explorer) firstCombination(n int) []int {
	idx := x.elemIdx[:0]
	for range n {
		idx = append(idx, 0)
	}
	x.elemIdx = idx
	return idx
}

// nextCombination moves idx, one branch index per participant, to the
// next combination of branches, the first participant fastest; it reports
// false (idx back to all zeros) after the last.
func nextCombination(idx []int, parts []participant) bool {
	for k := range parts {
		idx[k]++
		if idx[k] < len(parts[k].br) {
			return true
		}
		idx[k] = 0
	}
	return false
}
