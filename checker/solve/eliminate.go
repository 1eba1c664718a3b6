package solve

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/onus-mc/onus/checker/limit"
)

// This file solves the linear systems of a Markov chain directly, by
// sparse Gaussian elimination (state elimination): for the variables of a
// set of states V,
//
//	x_i = Σ_{j∈V} P(i,j)·x_j + c_i
//
// where c_i gathers what the states outside V contribute (their fixed
// values, or a reward per step) and the chain leaves V with positive
// probability from every state of V, so that the system has one solution.
// A variable k is eliminated by dividing its row by 1 − P(k,k) and
// substituting it into the rows that use it; the divisor is computed as
// the probability of leaving k to another state (the "exit" mass the rows
// carry plus the remaining coefficients), as in the GTH algorithm, so
// that no subtraction of nearly equal numbers occurs in floating point.
// The same code runs over exact rationals (--exact) and over float64.

// MaxExactChainStates bounds the states an exact chain solve eliminates:
// beyond it the values come from value iteration (and are not exact).
const MaxExactChainStates = 5000

// maxFloatChainStates and maxFloatWork bound a direct solve in floating
// point, which is only worth it while it is cheap: beyond them value
// iteration runs instead. The work counts coefficient updates.
const (
	maxFloatChainStates = 100_000
	maxFloatWork        = 1 << 24
)

// maxElimFill bounds the coefficients an elimination holds at once (the
// fill-in of eliminating states with many predecessors and successors).
const maxElimFill = 1 << 21

// ChainLimitError says why a chain was not solved directly.
type ChainLimitError struct {
	States int    // the states to solve
	Limit  int    // the limit exceeded
	What   string // "states", "coefficients" or "updates"
}

func (e *ChainLimitError) Error() string {
	switch e.What {
	case "coefficients":
		return fmt.Sprintf("eliminating the %d states fills more than %d coefficients", e.States, e.Limit)
	case "updates":
		return fmt.Sprintf("eliminating the %d states takes more than %d updates", e.States, e.Limit)
	}
	return fmt.Sprintf("%d states to solve, more than the limit of %d", e.States, e.Limit)
}

// field is the arithmetic an elimination runs on. Results are new values
// (operands are never modified).
type field[T any] interface {
	zero() T
	one() T
	isZero(T) bool
	add(a, b T) T
	sub(a, b T) T
	mul(a, b T) T
	div(a, b T) T
}

type floats struct{}

func (floats) zero() float64            { return 0 }
func (floats) one() float64             { return 1 }
func (floats) isZero(a float64) bool    { return a == 0 }
func (floats) add(a, b float64) float64 { return a + b }
func (floats) sub(a, b float64) float64 { return a - b }
func (floats) mul(a, b float64) float64 { return a * b }
func (floats) div(a, b float64) float64 { return a / b }

type rats struct{}

func (rats) zero() *big.Rat             { return new(big.Rat) }
func (rats) one() *big.Rat              { return big.NewRat(1, 1) }
func (rats) isZero(a *big.Rat) bool     { return a.Sign() == 0 }
func (rats) add(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func (rats) sub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func (rats) mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func (rats) div(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }

// linSys is a system x_i = Σ_j coef[i][j]·x_j + rhs[i][r] over m
// variables with len(rhs[i]) right-hand sides, and exit[i] = 1 − Σ_j
// coef[i][j] (the probability of leaving the variables from i, plus what
// a row of the chain lacks of 1).
type linSys[T any] struct {
	f    field[T]
	m    int
	coef []map[int32]T
	exit []T
	rhs  [][]T
	work int // the coefficient updates allowed (0: no bound)
	used int // the coefficient updates solve made
}

// solve returns x[i][r]; an error when the fill-in grows beyond
// maxElimFill or a row has no way out (a singular system).
//
// The next variable eliminated is one of least Markowitz cost (the
// coefficients its row keeps times the rows that use it, the fill-in it
// can cause at most), lowest index first among equals: a variable whose
// successors are all eliminated costs 0, so acyclic parts fill nothing,
// and on a grid the order keeps the fill (and the rationals' growth) far
// below that of the states' order.
func (s *linSys[T]) solve() ([][]T, error) {
	f, m := s.f, s.m
	pred := make([][]int32, m)
	cols := make([]int64, m) // rows other than j, not eliminated, that use j
	fill := 0
	for i := 0; i < m; i++ {
		for j := range s.coef[i] {
			pred[j] = append(pred[j], int32(i))
			if int(j) != i {
				cols[j]++
			}
		}
		fill += len(s.coef[i])
	}
	done := make([]bool, m)
	cost := func(k int32) int64 {
		r := int64(len(s.coef[k]))
		if _, ok := s.coef[k][k]; ok {
			r--
		}
		return r * cols[k]
	}
	h := &markowitz{}
	for k := 0; k < m; k++ {
		h.push(cost(int32(k)), int32(k))
	}
	order := make([]int, 0, m)
	work := 0
	for len(order) < m {
		c, k32 := h.pop()
		if done[k32] || c != cost(k32) {
			continue // a stale entry: a newer one holds the current cost
		}
		k := int(k32)
		if len(order)&63 == 63 {
			limit.CheckDeadline() // --timeout
		}
		order = append(order, k)
		row := s.coef[k]
		self, hasSelf := row[k32]
		if hasSelf {
			delete(row, k32)
			fill--
		}
		for j := range row {
			cols[j]--
			h.push(cost(j), j)
		}
		if hasSelf && !f.isZero(self) {
			out := s.exit[k]
			for _, j := range sortedKeys(row) { // a fixed order: the same float every run
				out = f.add(out, row[j])
			}
			if f.isZero(out) {
				return nil, &OperatorError{Msg: "a chain solve found states the chain never leaves"}
			}
			for j, v := range row {
				row[j] = f.div(v, out)
			}
			s.exit[k] = f.div(s.exit[k], out)
			for r := range s.rhs[k] {
				s.rhs[k][r] = f.div(s.rhs[k][r], out)
			}
		}
		done[k] = true
		for _, i := range pred[k] {
			if done[i] {
				continue
			}
			ri := s.coef[i]
			a, ok := ri[k32]
			if !ok {
				continue // a stale entry
			}
			delete(ri, k32)
			fill--
			for j, v := range row {
				if old, ok := ri[j]; ok {
					ri[j] = f.add(old, f.mul(a, v))
					continue
				}
				ri[j] = f.mul(a, v)
				pred[j] = append(pred[j], i)
				fill++
				if j != i {
					cols[j]++
					h.push(cost(j), j)
				}
			}
			work += len(row) + 1
			s.exit[i] = f.add(s.exit[i], f.mul(a, s.exit[k]))
			for r := range s.rhs[i] {
				s.rhs[i][r] = f.add(s.rhs[i][r], f.mul(a, s.rhs[k][r]))
			}
			h.push(cost(i), i)
		}
		if fill > maxElimFill {
			return nil, &ChainLimitError{States: m, Limit: maxElimFill, What: "coefficients"}
		}
		if s.work > 0 && work > s.work {
			return nil, &ChainLimitError{States: m, Limit: s.work, What: "updates"}
		}
		pred[k] = nil
	}
	s.used = work
	// Back substitution: a row refers only to variables eliminated after it.
	x := make([][]T, m)
	for n := m - 1; n >= 0; n-- {
		k := order[n]
		xk := make([]T, len(s.rhs[k]))
		keys := sortedKeys(s.coef[k])
		for r := range xk {
			v := s.rhs[k][r]
			for _, j := range keys {
				v = f.add(v, f.mul(s.coef[k][j], x[j][r]))
			}
			xk[r] = v
		}
		x[k] = xk
	}
	return x, nil
}

// sortedKeys returns the variables of a row in increasing order.
func sortedKeys[T any](row map[int32]T) []int32 {
	keys := make([]int32, 0, len(row))
	for j := range row {
		keys = append(keys, j)
	}
	slices.Sort(keys)
	return keys
}

// markowitz is a min-heap of (cost, variable), lowest variable first
// among equal costs.
type markowitz struct {
	c []int64
	k []int32
}

func (h *markowitz) less(a, b int) bool {
	return h.c[a] < h.c[b] || h.c[a] == h.c[b] && h.k[a] < h.k[b]
}

func (h *markowitz) swap(a, b int) {
	h.c[a], h.c[b] = h.c[b], h.c[a]
	h.k[a], h.k[b] = h.k[b], h.k[a]
}

func (h *markowitz) push(c int64, k int32) {
	h.c, h.k = append(h.c, c), append(h.k, k)
	for i := len(h.c) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h.swap(i, p)
		i = p
	}
}

func (h *markowitz) pop() (int64, int32) {
	c, k := h.c[0], h.k[0]
	n := len(h.c) - 1
	h.swap(0, n)
	h.c, h.k = h.c[:n], h.k[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && h.less(l, m) {
			m = l
		}
		if r < n && h.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		h.swap(i, m)
		i = m
	}
	return c, k
}
