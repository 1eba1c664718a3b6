package solve

import (
	"fmt"
	"math/big"

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
	maxFloatWork        = 1 << 22
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
	succ [][]int32 // the variables of each row's coefficients at the start (for the order)
	work int       // the coefficient updates allowed (0: no bound)
}

// solve returns x[i][r]; an error when the fill-in grows beyond
// maxElimFill or a row has no way out (a singular system).
func (s *linSys[T]) solve() ([][]T, error) {
	f, m := s.f, s.m
	// Eliminate the bottom components of the variables' graph first:
	// states whose successors are all eliminated cause no fill-in.
	var order []int
	for _, c := range SCCs(m, func(i int, edge func(j int)) {
		for _, j := range s.succ[i] {
			edge(int(j))
		}
	}) {
		order = append(order, c...)
	}
	pred := make([][]int32, m)
	fill := 0
	for i := 0; i < m; i++ {
		for j := range s.coef[i] {
			pred[j] = append(pred[j], int32(i))
		}
		fill += len(s.coef[i])
	}
	done := make([]bool, m)
	work := 0
	for n, k := range order {
		if n&63 == 63 {
			limit.CheckDeadline() // --timeout
		}
		row := s.coef[k]
		self, hasSelf := row[int32(k)]
		if hasSelf {
			delete(row, int32(k))
			fill--
		}
		if hasSelf && !f.isZero(self) {
			out := s.exit[k]
			for _, v := range row {
				out = f.add(out, v)
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
		for _, i := range pred[k] {
			if done[i] || int(i) == k {
				continue
			}
			ri := s.coef[i]
			a, ok := ri[int32(k)]
			if !ok {
				continue // a stale entry
			}
			delete(ri, int32(k))
			fill--
			for j, v := range row {
				if old, ok := ri[j]; ok {
					ri[j] = f.add(old, f.mul(a, v))
					continue
				}
				ri[j] = f.mul(a, v)
				pred[j] = append(pred[j], i)
				fill++
			}
			work += len(row) + 1
			s.exit[i] = f.add(s.exit[i], f.mul(a, s.exit[k]))
			for r := range s.rhs[i] {
				s.rhs[i][r] = f.add(s.rhs[i][r], f.mul(a, s.rhs[k][r]))
			}
		}
		if fill > maxElimFill {
			return nil, &ChainLimitError{States: m, Limit: maxElimFill, What: "coefficients"}
		}
		if s.work > 0 && work > s.work {
			return nil, &ChainLimitError{States: m, Limit: s.work, What: "updates"}
		}
		pred[k] = nil
		done[k] = true
	}
	// Back substitution: a row refers only to variables eliminated after it.
	x := make([][]T, m)
	for n := m - 1; n >= 0; n-- {
		k := order[n]
		xk := make([]T, len(s.rhs[k]))
		for r := range xk {
			v := s.rhs[k][r]
			for j, c := range s.coef[k] {
				v = f.add(v, f.mul(c, x[j][r]))
			}
			xk[r] = v
		}
		x[k] = xk
	}
	return x, nil
}
