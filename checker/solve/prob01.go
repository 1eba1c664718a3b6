package solve

// chooserReaches reports whether the chooser of arena state i maximises
// the probability of reaching (exists a good choice) rather than
// minimising it (every choice must be good); turn-based games only.
func (sv *Solver) chooserReaches(i int) bool {
	return sv.v.inCoalition(sv.a.state(i)) == sv.max
}

// Prob1 returns the states from which the maximising side reaches target
// through allowed states with probability 1: the greatest Y such that Y is
// the least X ⊇ target closed under "some (every, for the other side)
// choice stays in Y and may move to X". In a csg the maximising side is
// given a deterministic choice against every response, which finds a
// subset of the almost-sure states (enough to fix their value at 1).
func (sv *Solver) Prob1(allowed, target []bool) []bool {
	n := sv.a.n
	y := make([]bool, n)
	for i := range y {
		y[i] = target[i] || allowed == nil || allowed[i]
	}
	for {
		x := append([]bool(nil), target...)
		sv.a.grow(x, func(i int) bool { return y[i] && sv.almostStep(i, y, x) })
		same := true
		for i := range x {
			if x[i] != y[i] {
				same = false
			}
		}
		if same {
			return y
		}
		y = x
	}
}

func (sv *Solver) almostStep(i int, y, x []bool) bool {
	if sv.v.csg {
		return sv.csgAlmost(i, y, x)
	}
	return sv.pre(i, func(ch int, tg []int32, base int) bool {
		return sv.allIn(ch, tg, base, y) && sv.someIn(ch, tg, base, x)
	})
}

// Positive returns the states from which the maximising side reaches set
// with positive probability.
func (sv *Solver) Positive(set []bool) []bool {
	x := append([]bool(nil), set...)
	sv.a.grow(x, func(i int) bool { return sv.positiveStep(i, x) })
	return x
}

func (sv *Solver) positiveStep(i int, x []bool) bool {
	if sv.v.csg {
		return sv.csgPositive(i, x)
	}
	return sv.pre(i, func(ch int, tg []int32, base int) bool { return sv.someIn(ch, tg, base, x) })
}

// step1 reports whether from i the next state is in set with probability 1
// under the optimisation.
func (sv *Solver) step1(i int, set []bool) bool {
	return sv.pre(i, func(ch int, tg []int32, base int) bool { return sv.allIn(ch, tg, base, set) })
}

// pre applies good to the choices of arena state i: some choice for a
// reaching chooser, every choice otherwise. In a csg the maximising side
// (rows if the coalition maximises, else columns) needs one joint action of
// its own that is good against every response.
func (sv *Solver) pre(i int, good func(ch int, tg []int32, base int) bool) bool {
	g := sv.a.g
	s := sv.a.state(i)
	lo, hi := g.Choices(s)
	if lo == hi {
		return false
	}
	tg, base := sv.a.targets(i)
	if sv.v.csg {
		grid, outer, inner := sv.grid(s)
		for a := 0; a < outer; a++ {
			ok := true
			for b := 0; b < inner && ok; b++ {
				ch := grid[a*inner+b]
				ok = ch < 0 || good(ch, tg, base)
			}
			if ok {
				return true
			}
		}
		return false
	}
	exists := sv.chooserReaches(i)
	for ch := lo; ch < hi; ch++ {
		ok := good(ch, tg, base)
		if exists && ok {
			return true
		}
		if !exists && !ok {
			return false
		}
	}
	return !exists
}

// grid lays out the choices of csg state s with the maximising side's joint
// actions as rows (outer) and the other side's as columns (inner); -1 marks
// a missing combination.
func (sv *Solver) grid(s int) (grid []int, outer, inner int) {
	g := sv.a.g
	lo, hi := g.Choices(s)
	nr, nc := int(sv.v.nrows[s]), int(sv.v.ncols[s])
	outer, inner = nr, nc
	if !sv.max {
		outer, inner = nc, nr
	}
	grid = make([]int, nr*nc)
	for k := range grid {
		grid[k] = -1
	}
	for ch := lo; ch < hi; ch++ {
		r, c := int(sv.v.row[ch]), int(sv.v.col[ch])
		if sv.max {
			grid[r*inner+c] = ch
		} else {
			grid[c*inner+r] = ch
		}
	}
	return grid, outer, inner
}

// csgPositive reports whether, in csg arena state i, the maximising side
// (playing all its joint actions uniformly) moves into set with positive
// probability whatever the other side does.
func (sv *Solver) csgPositive(i int, set []bool) bool {
	s := sv.a.state(i)
	tg, base := sv.a.targets(i)
	grid, outer, inner := sv.grid(s)
	for b := 0; b < inner; b++ {
		hit := false
		for a := 0; a < outer && !hit; a++ {
			if ch := grid[a*inner+b]; ch >= 0 {
				hit = sv.someIn(ch, tg, base, set)
			}
		}
		if !hit {
			return false
		}
	}
	return outer > 0
}

// csgAlmost is one step of almost-sure reachability in a csg (de Alfaro,
// Henzinger and Kupferman): the maximising side mixes uniformly the joint
// actions that keep the play in y against every response, and must reach x
// with positive probability against every response.
func (sv *Solver) csgAlmost(i int, y, x []bool) bool {
	s := sv.a.state(i)
	tg, base := sv.a.targets(i)
	grid, outer, inner := sv.grid(s)
	var safe []int
	for a := 0; a < outer; a++ {
		ok := true
		for b := 0; b < inner && ok; b++ {
			ch := grid[a*inner+b]
			ok = ch < 0 || sv.allIn(ch, tg, base, y)
		}
		if ok {
			safe = append(safe, a)
		}
	}
	if len(safe) == 0 {
		return false
	}
	for b := 0; b < inner; b++ {
		hit := false
		for _, a := range safe {
			if ch := grid[a*inner+b]; ch >= 0 && sv.someIn(ch, tg, base, x) {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	return true
}

func (sv *Solver) allIn(ch int, tg []int32, base int, set []bool) bool {
	tlo, thi := sv.a.g.Transitions(ch)
	for t := tlo; t < thi; t++ {
		if !set[tg[t-base]] {
			return false
		}
	}
	return true
}

func (sv *Solver) someIn(ch int, tg []int32, base int, set []bool) bool {
	tlo, thi := sv.a.g.Transitions(ch)
	for t := tlo; t < thi; t++ {
		if set[tg[t-base]] {
			return true
		}
	}
	return false
}
