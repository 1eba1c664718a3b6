package solve

import (
	"math/bits"
	"slices"

	"github.com/onus-mc/onus/checker/limit"
)

// This file holds the elimination of a system modulo a prime: the same
// elimination as linSys.solve (eliminate.go), in the same order, with the
// same updates counted and the same limits, but on rows kept as sorted
// arrays of (variable, residue) merged on elimination instead of maps,
// and with the order and the rows each step updates found once: the
// pattern of an elimination does not depend on the values (an entry that
// becomes 0 stays), so every prime repeats the first one's steps.

// modRow is a sparse row: variables in increasing order and their
// coefficients.
type modRow struct {
	j []int32
	v []uint64
}

// find returns the position of variable k in the row, -1 if absent.
func (r *modRow) find(k int32) int {
	lo, hi := 0, len(r.j)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if r.j[h] < k {
			lo = h + 1
		} else {
			hi = h
		}
	}
	if lo < len(r.j) && r.j[lo] == k {
		return lo
	}
	return -1
}

// remove deletes the entry at position n.
func (r *modRow) remove(n int) {
	r.j = append(r.j[:n], r.j[n+1:]...)
	r.v = append(r.v[:n], r.v[n+1:]...)
}

// modSys is a system x_i = Σ_j rows[i]·x_j + rhs[i·nr+r] modulo p, with
// exit[i] as in linSys; its values in Montgomery form (a·2^64 mod p).
type modSys struct {
	p    uint64
	mont mont // the arithmetic: values are kept in Montgomery form
	m    int
	nr   int
	rows []modRow
	exit []uint64
	rhs  []uint64
	work int // the coefficient updates allowed (0: no bound)
}

// modPlan is the pattern of an elimination: the variables in the order
// eliminated, for each the rows it was substituted into (steps between
// stepEnd of the previous variable and its own), and the updates made.
type modPlan struct {
	order   []int32
	steps   []int32
	stepEnd []int
	used    int
	rest    [][]int32 // per variable, its row's variables when eliminated

	// The layout of the rows for the primes that follow the plan: row i
	// keeps the positions (in order) of every variable it ever holds, in
	// lay[start[i]:start[i+1]]: those substituted into it, in order, then
	// its own at self[i], then rest[i].
	pos   []int32
	lay   []int32
	start []int
	self  []int
}

// layout finds the plan's row layout once.
func (pl *modPlan) layout() {
	if pl.lay != nil {
		return
	}
	m := len(pl.order)
	pl.pos = make([]int32, m)
	for n, k := range pl.order {
		pl.pos[k] = int32(n)
	}
	subst := make([][]int32, m)
	from := 0
	for n, k := range pl.order {
		for _, i := range pl.steps[from:pl.stepEnd[n]] {
			subst[i] = append(subst[i], pl.pos[k])
		}
		from = pl.stepEnd[n]
	}
	pl.start, pl.self = make([]int, m+1), make([]int, m)
	pl.lay = make([]int32, 0, len(pl.steps)+m)
	for i := 0; i < m; i++ {
		pl.start[i] = len(pl.lay)
		pl.lay = append(pl.lay, subst[i]...)
		pl.self[i] = len(pl.lay)
		pl.lay = append(pl.lay, pl.pos[i])
		for _, j := range pl.rest[i] {
			pl.lay = append(pl.lay, pl.pos[j])
		}
		slices.Sort(pl.lay[pl.self[i]+1:])
	}
	pl.start[m] = len(pl.lay)
}

// solve eliminates the system following plan, or finds the order (by
// least Markowitz cost, as linSys.solve) when plan is nil and returns the
// plan it followed. An *OperatorError when a pivot is 0 modulo p (the
// system is singular there), a *ChainLimitError past the limits.
func (s *modSys) solve(plan *modPlan) ([][]uint64, *modPlan, error) {
	var x [][]uint64
	var err error
	if plan != nil {
		x, err = s.eliminatePlan(plan)
		return x, plan, err
	}
	if plan, err = s.eliminateOrdering(); err != nil {
		return nil, nil, err
	}
	x = s.backSubstitute(plan.order)
	return x, plan, nil
}

// pivot divides row k (its self-loop removed, self its coefficient) by
// its exit mass when self is not 0.
func (s *modSys) pivot(k int, self uint64, hasSelf bool) error {
	if !hasSelf || self == 0 {
		return nil
	}
	f := s.mont
	row := &s.rows[k]
	out := s.exit[k]
	for _, v := range row.v {
		out = f.add(out, v)
	}
	if out == 0 {
		return &OperatorError{Msg: "a chain solve found states the chain never leaves"}
	}
	inv := f.inv(out)
	for n, v := range row.v {
		row.v[n] = f.mul(v, inv)
	}
	s.exit[k] = f.mul(s.exit[k], inv)
	for r := k * s.nr; r < (k+1)*s.nr; r++ {
		s.rhs[r] = f.mul(s.rhs[r], inv)
	}
	return nil
}

// substitute replaces x_k in row i (at position at, coefficient a) by
// row k, calling added for each variable new in row i.
func (s *modSys) substitute(i, k, at int, buf *modRow, added func(j int32)) {
	f := s.mont
	ri, rk := &s.rows[i], &s.rows[k]
	a := ri.v[at]
	ri.remove(at)
	buf.j, buf.v = buf.j[:0], buf.v[:0]
	n := 0
	for t, j := range rk.j {
		for n < len(ri.j) && ri.j[n] < j {
			buf.j, buf.v = append(buf.j, ri.j[n]), append(buf.v, ri.v[n])
			n++
		}
		av := f.mul(a, rk.v[t])
		if n < len(ri.j) && ri.j[n] == j {
			buf.j, buf.v = append(buf.j, j), append(buf.v, f.add(ri.v[n], av))
			n++
			continue
		}
		buf.j, buf.v = append(buf.j, j), append(buf.v, av)
		if added != nil {
			added(j)
		}
	}
	buf.j, buf.v = append(buf.j, ri.j[n:]...), append(buf.v, ri.v[n:]...)
	ri.j, ri.v = append(ri.j[:0], buf.j...), append(ri.v[:0], buf.v...)
	s.exit[i] = f.add(s.exit[i], f.mul(a, s.exit[k]))
	for r := 0; r < s.nr; r++ {
		s.rhs[i*s.nr+r] = f.add(s.rhs[i*s.nr+r], f.mul(a, s.rhs[k*s.nr+r]))
	}
}

// eliminateOrdering eliminates in least Markowitz cost order, lowest
// variable first among equals, and records the plan.
func (s *modSys) eliminateOrdering() (*modPlan, error) {
	m := s.m
	pred := make([][]int32, m)
	cols := make([]int64, m)
	fill := 0
	for i := 0; i < m; i++ {
		for _, j := range s.rows[i].j {
			pred[j] = append(pred[j], int32(i))
			if int(j) != i {
				cols[j]++
			}
		}
		fill += len(s.rows[i].j)
	}
	done := make([]bool, m)
	cost := func(k int32) int64 {
		r := int64(len(s.rows[k].j))
		if s.rows[k].find(k) >= 0 {
			r--
		}
		return r * cols[k]
	}
	h := &markowitz{}
	for k := 0; k < m; k++ {
		h.push(cost(int32(k)), int32(k))
	}
	plan := &modPlan{order: make([]int32, 0, m), stepEnd: make([]int, 0, m), rest: make([][]int32, m)}
	var buf modRow
	work := 0
	for len(plan.order) < m {
		c, k32 := h.pop()
		if done[k32] || c != cost(k32) {
			continue // a stale entry: a newer one holds the current cost
		}
		k := int(k32)
		if len(plan.order)&63 == 63 {
			limit.CheckDeadline() // --timeout
		}
		plan.order = append(plan.order, k32)
		row := &s.rows[k]
		var self uint64
		at := row.find(k32)
		if at >= 0 {
			self = row.v[at]
			row.remove(at)
			fill--
		}
		for _, j := range row.j {
			cols[j]--
			h.push(cost(j), j)
		}
		if err := s.pivot(k, self, at >= 0); err != nil {
			return nil, err
		}
		plan.rest[k] = slices.Clone(row.j)
		done[k] = true
		for _, i := range pred[k] {
			if done[i] {
				continue
			}
			at := s.rows[i].find(k32)
			if at < 0 {
				continue // a stale entry
			}
			fill--
			s.substitute(int(i), k, at, &buf, func(j int32) {
				pred[j] = append(pred[j], i)
				fill++
				if j != i {
					cols[j]++
					h.push(cost(j), j)
				}
			})
			plan.steps = append(plan.steps, i)
			work += len(row.j) + 1
			h.push(cost(i), i)
		}
		plan.stepEnd = append(plan.stepEnd, len(plan.steps))
		if fill > maxElimFill {
			return nil, &ChainLimitError{States: m, Limit: maxElimFill, What: "coefficients"}
		}
		if s.work > 0 && work > s.work {
			return nil, &ChainLimitError{States: m, Limit: s.work, What: "updates"}
		}
		pred[k] = nil
	}
	plan.used = work
	return plan, nil
}

// eliminatePlan eliminates following a plan found for another prime,
// on rows laid out once for all the entries they will hold (no merging:
// the entries of the row substituted are found in order in the other),
// and returns the solution.
func (s *modSys) eliminatePlan(pl *modPlan) ([][]uint64, error) {
	pl.layout()
	f := s.mont
	lay, pos := pl.lay, pl.pos
	val := make([]uint64, len(lay))
	for i := range s.rows {
		row := lay[pl.start[i]:pl.start[i+1]]
		for t, j := range s.rows[i].j {
			at, _ := slices.BinarySearch(row, pos[j])
			val[pl.start[i]+at] = s.rows[i].v[t]
		}
	}
	head := slices.Clone(pl.start[:len(pl.start)-1]) // the next variable substituted into each row
	from := 0
	for n, k32 := range pl.order {
		k := int(k32)
		if n&63 == 63 {
			limit.CheckDeadline() // --timeout
		}
		rest := pl.self[k] + 1
		if self := val[pl.self[k]]; self != 0 {
			out := s.exit[k]
			for _, v := range val[rest:pl.start[k+1]] {
				out = f.add(out, v)
			}
			if out == 0 {
				return nil, &OperatorError{Msg: "a chain solve found states the chain never leaves"}
			}
			inv := f.inv(out)
			for t := rest; t < pl.start[k+1]; t++ {
				val[t] = f.mul(val[t], inv)
			}
			s.exit[k] = f.mul(s.exit[k], inv)
			for r := k * s.nr; r < (k+1)*s.nr; r++ {
				s.rhs[r] = f.mul(s.rhs[r], inv)
			}
		}
		for _, i := range pl.steps[from:pl.stepEnd[n]] {
			a := val[head[i]]
			head[i]++
			t := head[i]
			for u := rest; u < pl.start[k+1]; u++ {
				for lay[t] < lay[u] {
					t++
				}
				val[t] = f.add(val[t], f.mul(a, val[u]))
			}
			s.exit[i] = f.add(s.exit[i], f.mul(a, s.exit[k]))
			for r := 0; r < s.nr; r++ {
				s.rhs[int(i)*s.nr+r] = f.add(s.rhs[int(i)*s.nr+r], f.mul(a, s.rhs[k*s.nr+r]))
			}
		}
		from = pl.stepEnd[n]
	}
	// Back substitution: a row refers only to variables eliminated after it.
	x := make([][]uint64, s.m)
	for n := s.m - 1; n >= 0; n-- {
		k := int(pl.order[n])
		xk := make([]uint64, s.nr)
		for r := range xk {
			v := s.rhs[k*s.nr+r]
			for t := pl.self[k] + 1; t < pl.start[k+1]; t++ {
				v = f.add(v, f.mul(val[t], x[pl.order[lay[t]]][r]))
			}
			xk[r] = v
		}
		x[k] = xk
	}
	for _, xk := range x {
		for r, v := range xk {
			xk[r] = f.from(v)
		}
	}
	return x, nil
}

// backSubstitute returns the solution once every variable is eliminated:
// a row refers only to variables eliminated after it.
func (s *modSys) backSubstitute(order []int32) [][]uint64 {
	f := s.mont
	x := make([][]uint64, s.m)
	for n := s.m - 1; n >= 0; n-- {
		k := int(order[n])
		xk := make([]uint64, s.nr)
		row := &s.rows[k]
		for r := range xk {
			v := s.rhs[k*s.nr+r]
			for t, j := range row.j {
				v = f.add(v, f.mul(row.v[t], x[j][r]))
			}
			xk[r] = v
		}
		x[k] = xk
	}
	for _, xk := range x {
		for r, v := range xk {
			xk[r] = f.from(v)
		}
	}
	return x
}

// mont is the arithmetic modulo an odd p < 2^62 on values in Montgomery
// form (a·2^64 mod p): a product costs two multiplications and no
// division.
type mont struct {
	p    uint64
	pinv uint64 // −p⁻¹ mod 2^64
}

func newMont(p uint64) mont {
	inv := p // p·p ≡ 1 (mod 8): 3 bits, each Newton step doubles them
	for range 5 {
		inv *= 2 - p*inv
	}
	return mont{p: p, pinv: -inv}
}

func (m mont) add(a, b uint64) uint64 { return modAdd(a, b, m.p) }

// mul returns a·b·2^-64 mod p (Montgomery reduction): the form of the
// product of the values a and b stand for.
func (m mont) mul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	q := lo * m.pinv
	h2, l2 := bits.Mul64(q, m.p)
	_, c := bits.Add64(lo, l2, 0) // lo + l2 ≡ 0 (mod 2^64)
	t := hi + h2 + c              // < 2p: a, b < p < 2^62
	if t >= m.p {
		t -= m.p
	}
	return t
}

// to returns the form of a < p.
func (m mont) to(a uint64) uint64 {
	_, r := bits.Div64(a, 0, m.p)
	return r
}

// from returns the value a form stands for.
func (m mont) from(a uint64) uint64 { return m.mul(a, 1) }

// inv returns the form of the inverse of the value a (not 0) stands for.
func (m mont) inv(a uint64) uint64 { return m.to(modInv(m.from(a), m.p)) }
