package translate

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/onus-mc/onus/prism"
)

// evalError is raised (by panic) inside compiled expressions and caught by
// the builder, which turns it into a positioned prism.Error.
type evalError struct {
	pos  prism.Pos
	msg  string
	hint *prism.Hint // the setting the error is about, if any
}

func (e *evalError) Error() string { return e.msg }

// list returns the error as a one-entry prism.ErrorList.
func (e *evalError) list(fset *prism.FileSet) prism.ErrorList {
	var l prism.ErrorList
	l.AddHint(fset.Position(e.pos), e.hint, e.msg)
	return l
}

func fail(pos prism.Pos, format string, args ...any) {
	panic(&evalError{pos: pos, msg: fmt.Sprintf(format, args...)})
}

// PRISM ints are Java ints: 32 bits, overflow is an error.
func checkInt(pos prism.Pos, x int64) int64 {
	if x < math.MinInt32 || x > math.MaxInt32 {
		fail(pos, "integer overflow (%d does not fit in a 32-bit int)", x)
	}
	return x
}

func powInt(pos prism.Pos, b, e int64) int64 {
	if e < 0 {
		fail(pos, "negative exponent not allowed for integer power (%d^%d)", b, e)
	}
	r := int64(1)
	for i := int64(0); i < e; i++ {
		r *= b
		if r < math.MinInt32 || r > math.MaxInt32 {
			fail(pos, "integer overflow in %d^%d", b, e)
		}
		if r == 0 || r == 1 && b == 1 {
			break
		}
		if b == -1 {
			if e%2 == 0 {
				return 1
			}
			return -1
		}
	}
	return r
}

func modInt(pos prism.Pos, a, b int64) int64 {
	if b <= 0 {
		fail(pos, "mod by %d: the divisor must be positive", b)
	}
	r := a % b
	if r < 0 {
		r += b
	}
	return r
}

func toIntChecked(pos prism.Pos, what string, x float64) int64 {
	if math.IsNaN(x) || x < math.MinInt32 || x > math.MaxInt32 {
		fail(pos, "%s: result %v does not fit in a 32-bit int", what, x)
	}
	return int64(x)
}

// javaRound is Java's Math.round: the closest integer, ties towards +inf.
func javaRound(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	f := math.Floor(x)
	if x-f >= 0.5 {
		return f + 1
	}
	return f
}

func prismLog(x, b float64) float64 {
	if b <= 0 || b == 1 || math.IsInf(b, 0) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Log(x) / math.Log(b)
}

// ratFromDecimal parses a decimal literal exactly; nil if it cannot.
func ratFromDecimal(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok {
		return nil
	}
	return r
}

func formatValue(v Value) string {
	switch v.Type {
	case prism.TBool:
		if v.B {
			return "true"
		}
		return "false"
	case prism.TInt:
		return fmt.Sprint(v.I)
	}
	return fmtFloat(v.F)
}

// checkCall fails unless fn is a built-in function (prism.LookupBuiltin)
// that takes n arguments.
func checkCall(pos prism.Pos, fn string, n int) {
	b, ok := prism.LookupBuiltin(fn)
	switch {
	case !ok:
		fail(pos, "unknown function %s", fn)
	case !b.ArityOK(n) && b.Arity < 0:
		fail(pos, "function %s needs at least one argument", fn)
	case !b.ArityOK(n):
		fail(pos, "function %s takes %d argument(s), not %d", fn, b.Arity, n)
	}
}
