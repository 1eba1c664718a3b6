package translate

import (
	"fmt"
	"iter"
	"math"

	"github.com/onus-mc/onus/prism"
)

// MaxRangeValues bounds the values of one --const range: a range is never
// expanded into a list (Len and At compute its values), but its length
// must be an int, and a sweep's length the product of its ranges'.
const MaxRangeValues = 1 << 32

// constRange is the range lo:step:hi of a ConstSpec, n values long: ints
// when isInt, doubles otherwise (lo+i*step, as PRISM computes them, which
// avoids drift).
type constRange struct {
	isInt      bool
	lo, step   int64
	flo, fstep float64
	n          int
}

// Len is the number of values the spec gives its constant.
func (s ConstSpec) Len() int {
	if s.rng != nil {
		return s.rng.n
	}
	return len(s.Values)
}

// At returns value i (0 ≤ i < Len) of the spec, computed from the range
// rather than stored.
func (s ConstSpec) At(i int) Value {
	if s.rng == nil {
		return s.Values[i]
	}
	if s.rng.isInt {
		return Value{Type: prism.TInt, I: s.rng.lo + int64(i)*s.rng.step}
	}
	return Value{Type: prism.TDouble, F: s.rng.flo + float64(i)*s.rng.fstep}
}

// IsRange reports whether the spec is a range lo:hi or lo:step:hi.
func (s ConstSpec) IsRange() bool { return s.rng != nil }

// intRange is lo:step:hi of ints (step > 0, hi ≥ lo).
func intRange(lo, step, hi int64) *constRange {
	return &constRange{isInt: true, lo: lo, step: step, n: int((hi-lo)/step + 1)}
}

// floatRange is lo:step:hi of doubles (step > 0, hi ≥ lo): the values
// lo+i*step up to hi, with a relative tolerance of 1e-12 at hi.
func floatRange(s string, lo, step, hi float64) (*constRange, error) {
	top := hi + 1e-12*math.Max(1, math.Abs(hi))
	q := math.Floor((top - lo) / step)
	if math.IsNaN(q) || q >= MaxRangeValues {
		return nil, fmt.Errorf("range %q has too many values (more than %d)", s, int64(MaxRangeValues))
	}
	// q is right up to rounding: a few steps settle it (a bounded number,
	// so that a step below the precision of lo cannot loop for long).
	n := int(q) + 1
	for k := 0; k < 8 && n > 1 && lo+float64(n-1)*step > top; k++ {
		n--
	}
	for k := 0; k < 8 && lo+float64(n)*step <= top; k++ {
		n++
	}
	if n > MaxRangeValues {
		return nil, fmt.Errorf("range %q has too many values (more than %d)", s, int64(MaxRangeValues))
	}
	return &constRange{flo: lo, fstep: step, n: n}, nil
}

// Sweep is every combination of the values of several ConstSpecs, the
// first spec varying slowest (PRISM's experiment order), computed one
// assignment at a time: a sweep of 10^9 values holds no list of them.
type Sweep struct {
	specs []ConstSpec
	n     int
}

// MaxSweep bounds the assignments of a sweep.
const MaxSweep = math.MaxInt64 / 2

// NewSweep returns the sweep of specs (no specs: one empty assignment).
// It fails when the product of their lengths exceeds MaxSweep.
func NewSweep(specs []ConstSpec) (*Sweep, error) {
	n := 1
	for _, s := range specs {
		l := s.Len()
		if l == 0 {
			return nil, fmt.Errorf("constant %s has no values", s.Name)
		}
		if n > MaxSweep/l {
			return nil, fmt.Errorf("the constants' ranges give more than %d assignments", int64(MaxSweep))
		}
		n *= l
	}
	return &Sweep{specs: specs, n: n}, nil
}

// Len is the number of assignments.
func (w *Sweep) Len() int { return w.n }

// Specs returns the specs of the sweep.
func (w *Sweep) Specs() []ConstSpec { return w.specs }

// At returns assignment i (0 ≤ i < Len), one value per spec, in order.
func (w *Sweep) At(i int) []ConstAssign {
	out := make([]ConstAssign, len(w.specs))
	for k := len(w.specs) - 1; k >= 0; k-- {
		s := w.specs[k]
		l := s.Len()
		out[k] = ConstAssign{Name: s.Name, Value: s.At(i % l)}
		i /= l
	}
	return out
}

// All yields the assignments in order, each computed when its turn comes.
func (w *Sweep) All() iter.Seq[[]ConstAssign] {
	return func(yield func([]ConstAssign) bool) {
		for i := 0; i < w.n; i++ {
			if !yield(w.At(i)) {
				return
			}
		}
	}
}
