package multi

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// simplexTol is the reduced cost below which gonum's simplex (the fallback)
// stops.
const simplexTol = 1e-10

// solve builds and solves the programme: the optimum of objective numeric
// (−1: none, feasibility only) over the strategies meeting the bounds of
// the others; ok is false when no strategy meets them. With relax, the
// numeric objective (a minimised reward) is left out altogether: the
// bounds alone decide.
func (p *product) solve(numeric int, objs []Objective, relax bool) (value float64, ok bool, err error) {
	counted := func(i int) bool { return !(relax && i == numeric) }
	var zeroRews []int
	for i, o := range objs {
		if o.Rewards != nil && counted(i) {
			zeroRews = append(zeroRews, i)
		}
	}
	// The play may settle where it gathers no counted reward.
	settle, _ := p.endComponents(func(u, ch int) bool {
		for _, i := range zeroRews {
			if p.reward(objs[i].Rewards, u, ch) != 0 {
				return false
			}
		}
		return true
	})
	alive := p.alive(settle)
	if !alive[0] {
		return 0, false, nil
	}
	// Columns: y per kept (state, choice), z per settling state, one
	// slack per bounded objective. Rows: the flow of each live state,
	// then one per bounded objective.
	row := make([]int, p.n)
	rows := 0
	for u := 0; u < p.n; u++ {
		row[u] = -1
		if alive[u] {
			row[u] = rows
			rows++
		}
	}
	type yvar struct{ u, ch int }
	var ys []yvar
	for u := 0; u < p.n; u++ {
		if !alive[u] {
			continue
		}
		lo, hi := p.choices(u)
		for ch := lo; ch < hi; ch++ {
			if p.keep(u, ch, alive) {
				ys = append(ys, yvar{u, ch})
			}
		}
	}
	var zs []int
	for u := 0; u < p.n; u++ {
		if alive[u] && settle[u] {
			zs = append(zs, u)
		}
	}
	var bounded []int
	for i, o := range objs {
		if !o.Sense.Numeric() && counted(i) {
			bounded = append(bounded, i)
		}
	}
	cols := len(ys) + len(zs) + len(bounded)
	nrows := rows + len(bounded)
	if err := checkSize(nrows, cols); err != nil {
		return 0, false, err
	}
	a := newDense(nrows, cols)
	b := make([]float64, nrows)
	b[row[0]] = 1
	for j, y := range ys {
		a.Set(row[y.u], j, a.At(row[y.u], j)+1)
		p.targets(y.u, y.ch, func(v int, pr float64) {
			a.Set(row[v], j, a.At(row[v], j)-pr)
		})
	}
	for k, u := range zs {
		a.Set(row[u], len(ys)+k, 1)
	}
	// coef returns objective i's coefficient in each column.
	autoOf := map[int]int{}
	for j, i := range p.objAt {
		autoOf[i] = j
	}
	coef := func(i int) []float64 {
		c := make([]float64, cols)
		o := objs[i]
		if o.Auto != nil {
			for k, u := range zs {
				if p.satisfied(u, autoOf[i], o.Safety) {
					c[len(ys)+k] = 1
				}
			}
			return c
		}
		for j, y := range ys {
			c[j] = p.reward(o.Rewards, y.u, y.ch)
		}
		return c
	}
	for k, i := range bounded {
		r := rows + k
		for j, v := range coef(i) {
			a.Set(r, j, v)
		}
		slack := 1.0
		if objs[i].Sense == AtLeast {
			slack = -1
		}
		a.Set(r, len(ys)+len(zs)+k, slack)
		b[r] = objs[i].Bound
	}
	// gonum's phase one starts from b ≥ 0.
	for r := range b {
		if b[r] < 0 {
			b[r] = -b[r]
			for j := 0; j < cols; j++ {
				a.Set(r, j, -a.At(r, j))
			}
		}
	}
	c := make([]float64, cols)
	sign := 1.0
	if numeric >= 0 && !relax {
		c = coef(numeric)
		if objs[numeric].Sense == Max {
			sign = -1
			for j := range c {
				c[j] = -c[j]
			}
		}
	}
	opt, _, err := simplex(c, a.data, nrows, cols, b)
	if errors.Is(err, errStalled) {
		// The tableau failed numerically: gonum's simplex, slower, from
		// scratch.
		opt, _, err = lp.Simplex(c, mat.NewDense(nrows, cols, a.data), b, simplexTol, nil)
	}
	switch {
	case errors.Is(err, errInfeasible), errors.Is(err, lp.ErrInfeasible):
		return 0, false, nil
	case errors.Is(err, errUnbounded), errors.Is(err, lp.ErrUnbounded):
		return math.Inf(int(-sign)), true, nil
	case err != nil:
		return 0, false, fmt.Errorf("multi-objective linear programme: %v", err)
	}
	return sign * opt, true, nil
}

// dense is a row-major matrix.
type dense struct {
	n    int
	data []float64
}

func newDense(m, n int) *dense { return &dense{n: n, data: make([]float64, m*n)} }

func (d *dense) At(i, j int) float64     { return d.data[i*d.n+j] }
func (d *dense) Set(i, j int, v float64) { d.data[i*d.n+j] = v }

// keep reports whether choice ch of live state u gets a variable: it moves
// some probability and stays among the live states.
func (p *product) keep(u, ch int, alive []bool) bool {
	if p.selfLoop(u, ch) {
		return false
	}
	in := true
	p.targets(u, ch, func(v int, _ float64) { in = in && alive[v] })
	return in
}

// alive returns the product states from which some strategy makes the play
// settle in the settle states with probability 1 (the others must carry
// no probability): the greatest Y such that Y is the least X ⊇ settle∩Y
// closed under "some choice stays in Y and may move to X".
func (p *product) alive(settle []bool) []bool {
	y := make([]bool, p.n)
	for u := range y {
		y[u] = true
	}
	for {
		x := make([]bool, p.n)
		for u := range x {
			x[u] = settle[u] && y[u]
		}
		for changed := true; changed; {
			changed = false
			for u := 0; u < p.n; u++ {
				if x[u] || !y[u] {
					continue
				}
				lo, hi := p.choices(u)
				for ch := lo; ch < hi; ch++ {
					stays, moves := true, false
					p.targets(u, ch, func(v int, _ float64) {
						stays = stays && y[v]
						moves = moves || x[v]
					})
					if stays && moves {
						x[u], changed = true, true
						break
					}
				}
			}
		}
		same := true
		for u := range x {
			same = same && x[u] == y[u]
		}
		if same {
			return y
		}
		y = x
	}
}
