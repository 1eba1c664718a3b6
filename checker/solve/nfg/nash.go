package nfg

import "fmt"

// Nash returns the extreme Nash equilibria of g, at least one, in the
// order rows' vertices then columns' vertices were found.
//
// Strictly dominated actions are removed first (one pass, as PRISM-games
// does; they are never played in an equilibrium). When one player is left
// with a single action the other's best pure responses are the extreme
// equilibria; this case also admits infinite payoffs. Otherwise the
// payoffs must be finite and the equilibria are the completely labelled
// vertex pairs of the best-response polytopes.
func Nash(g *Bimatrix) ([]Profile, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	if g.Rows == 1 || g.Cols == 1 {
		// Pruning leaves the single player's best actions, which is what
		// pureBest finds (the common case: one coalition decides alone).
		return g.pureBest(), nil
	}
	rows, cols := g.undominated()
	h := g.sub(rows, cols)
	var ps []Profile
	var err error
	switch {
	case h.Rows == 1 || h.Cols == 1:
		ps = h.pureBest()
	case !h.finite() && (constant(h.A) || constant(h.B)):
		ps = h.pureReplies()
	case !h.finite():
		return nil, fmt.Errorf("an infinite value reaches a stage game that needs mixed strategies")
	default:
		ps, err = h.extreme()
	}
	if err != nil {
		return nil, err
	}
	for k := range ps {
		ps[k].X = spread(ps[k].X, rows, g.Rows)
		ps[k].Y = spread(ps[k].Y, cols, g.Cols)
	}
	return ps, nil
}

// constant says whether all of p are equal.
func constant(p []float64) bool {
	for _, v := range p {
		if v != p[0] {
			return false
		}
	}
	return true
}

// pureReplies handles a game where one player's payoffs are constant (so
// that it is indifferent): the pure cells where the other player's action
// is a best reply. They include the equilibria that are best for the
// social criterion; this is how infinite payoffs, which mixed strategies
// cannot weigh, are handled.
func (g *Bimatrix) pureReplies() []Profile {
	var ps []Profile
	for i := 0; i < g.Rows; i++ {
		for j := 0; j < g.Cols; j++ {
			a, b := g.At(i, j)
			best := true
			if constant(g.B) {
				for k := 0; k < g.Rows && best; k++ {
					ak, _ := g.At(k, j)
					best = ak <= a
				}
			} else {
				for k := 0; k < g.Cols && best; k++ {
					_, bk := g.At(i, k)
					best = bk <= b
				}
			}
			if best {
				ps = append(ps, g.pure(i, j))
			}
		}
	}
	return ps
}

// pureBest handles a game where one player has a single action: the other
// plays any of its best actions.
func (g *Bimatrix) pureBest() []Profile {
	var ps []Profile
	if g.Rows == 1 {
		best := g.B[0]
		for _, v := range g.B {
			best = max(best, v)
		}
		for j, v := range g.B {
			if v == best {
				ps = append(ps, g.pure(0, j))
			}
		}
		return ps
	}
	best := g.A[0]
	for _, v := range g.A {
		best = max(best, v)
	}
	for i, v := range g.A {
		if v == best {
			ps = append(ps, g.pure(i, 0))
		}
	}
	return ps
}

func (g *Bimatrix) pure(i, j int) Profile {
	x := make([]float64, g.Rows)
	y := make([]float64, g.Cols)
	x[i], y[j] = 1, 1
	a, b := g.At(i, j)
	return Profile{X: x, Y: y, U1: a, U2: b}
}

// extreme pairs the completely labelled vertices of the two polytopes.
func (g *Bimatrix) extreme() ([]Profile, error) {
	px, err := bestResponse(g, true).vertices()
	if err != nil {
		return nil, err
	}
	py, err := bestResponse(g, false).vertices()
	if err != nil {
		return nil, err
	}
	full := uint64(1)<<uint(g.Rows+g.Cols) - 1
	var ps []Profile
	for _, vx := range px {
		for _, vy := range py {
			if vx.labels|vy.labels != full {
				continue
			}
			x, y := normalised(vx.z), normalised(vy.z)
			u1, u2 := g.Payoffs(x, y)
			ps = append(ps, Profile{X: x, Y: y, U1: u1, U2: u2})
		}
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("no Nash equilibrium found in a %d×%d stage game (numerical trouble)", g.Rows, g.Cols)
	}
	return ps, nil
}

// spread maps a strategy over the kept actions back to all n actions.
func spread(z []float64, kept []int, n int) []float64 {
	out := make([]float64, n)
	for k, i := range kept {
		out[i] = z[k]
	}
	return out
}

// BestPure answers a game where one player has a single action without
// building the equilibria: the cell (i, j) that Nash and SelectTol with
// criterion c and tolerance tol choose, the other player's best action
// with ties broken by the criterion. ok is false for a game where both
// players have several actions.
func BestPure(g *Bimatrix, c Criterion, tol float64) (i, j int, ok bool) {
	if g.Rows != 1 && g.Cols != 1 {
		return 0, 0, false
	}
	own := g.B // the column player decides
	if g.Cols == 1 {
		own = g.A
	}
	best := own[0]
	for _, v := range own {
		best = max(best, v)
	}
	k := -1
	for x, v := range own {
		if v != best {
			continue
		}
		if k < 0 || better(Profile{U1: g.A[x], U2: g.B[x]}, Profile{U1: g.A[k], U2: g.B[k]}, c, tol) {
			k = x
		}
	}
	if g.Cols == 1 {
		return k, 0, true
	}
	return 0, k, true
}
