package nfg

import (
	"fmt"
	"math"
)

// Bimatrix is a two-player game in normal form: Rows actions for player 1,
// Cols for player 2, payoffs row-major (A[i*Cols+j] is player 1's payoff
// when 1 plays i and 2 plays j). Both players maximise.
type Bimatrix struct {
	Rows, Cols int
	A, B       []float64
}

// NewBimatrix returns an all-zero rows×cols game.
func NewBimatrix(rows, cols int) *Bimatrix {
	return &Bimatrix{Rows: rows, Cols: cols, A: make([]float64, rows*cols), B: make([]float64, rows*cols)}
}

// At returns both payoffs of cell (i, j).
func (g *Bimatrix) At(i, j int) (a, b float64) {
	k := i*g.Cols + j
	return g.A[k], g.B[k]
}

// Set sets both payoffs of cell (i, j).
func (g *Bimatrix) Set(i, j int, a, b float64) {
	k := i*g.Cols + j
	g.A[k], g.B[k] = a, b
}

// Profile is an equilibrium: the players' mixed strategies (Nash) or a
// distribution over cells (correlated: Joint, row-major, X and Y nil), and
// the expected payoffs U1, U2.
type Profile struct {
	X, Y   []float64
	Joint  []float64
	U1, U2 float64
}

// Payoffs returns the expected payoffs of the mixed profile (x, y).
func (g *Bimatrix) Payoffs(x, y []float64) (u1, u2 float64) {
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		for j, yj := range y {
			if yj == 0 {
				continue
			}
			a, b := g.At(i, j)
			u1 += xi * yj * a
			u2 += xi * yj * b
		}
	}
	return u1, u2
}

func (g *Bimatrix) check() error {
	if g.Rows < 1 || g.Cols < 1 || len(g.A) != g.Rows*g.Cols || len(g.B) != g.Rows*g.Cols {
		return fmt.Errorf("nfg: malformed %d×%d game", g.Rows, g.Cols)
	}
	return nil
}

// finite says whether every payoff is a finite number.
func (g *Bimatrix) finite() bool {
	for k := range g.A {
		if math.IsInf(g.A[k], 0) || math.IsNaN(g.A[k]) || math.IsInf(g.B[k], 0) || math.IsNaN(g.B[k]) {
			return false
		}
	}
	return true
}

// sub returns the game restricted to the given rows and columns.
func (g *Bimatrix) sub(rows, cols []int) *Bimatrix {
	h := NewBimatrix(len(rows), len(cols))
	for i, r := range rows {
		for j, c := range cols {
			a, b := g.At(r, c)
			h.Set(i, j, a, b)
		}
	}
	return h
}

// undominated returns the rows and columns that no other pure action of
// the same player strictly dominates, judged on the whole game in one pass
// (PRISM-games' pruning; it never removes an equilibrium action).
func (g *Bimatrix) undominated() (rows, cols []int) {
	for i := 0; i < g.Rows; i++ {
		if !g.rowDominated(i) {
			rows = append(rows, i)
		}
	}
	for j := 0; j < g.Cols; j++ {
		if !g.colDominated(j) {
			cols = append(cols, j)
		}
	}
	return rows, cols
}

func (g *Bimatrix) rowDominated(i int) bool {
	return dominated(i, g.Rows, g.Cols, func(own, other int) float64 { return g.A[own*g.Cols+other] })
}

func (g *Bimatrix) colDominated(j int) bool {
	return dominated(j, g.Cols, g.Rows, func(own, other int) float64 { return g.B[other*g.Cols+own] })
}

// dominated says whether action i of a player with n actions (against m
// of the opponent's, paying pay(own, other)) is strictly worse than some
// other single action against every opponent action.
func dominated(i, n, m int, pay func(own, other int) float64) bool {
	for k := 0; k < n; k++ {
		if k == i {
			continue
		}
		strict := true
		for j := 0; j < m && strict; j++ {
			strict = pay(k, j) > pay(i, j)
		}
		if strict {
			return true
		}
	}
	return false
}
