package checker

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// This file evaluates PRISM's filters, filter(op, φ, states)
// (prism-games-equilibria.md §2): φ is evaluated at every state and op
// combines its values over the states where `states` holds (all states
// when it is left out), and the default filter PRISM puts around a
// property whose value is a vector.

// stateNamer is the optional part of Env that prints a state as
// (v1,v2,…) (translate.Model has it).
type stateNamer interface {
	StateString(s int) string
}

func (c *Checker) stateTuple(s int) string {
	if sn, ok := c.env.(stateNamer); ok {
		return sn.StateString(s)
	}
	return fmt.Sprintf("(%d)", s)
}

// logf adds a line to the log of the property being checked.
func (c *Checker) logf(format string, args ...any) {
	c.log = append(c.log, fmt.Sprintf(format, args...))
}

// filterVec evaluates a filter. Most operators give one value (a vector
// marked single); argmin and argmax give a truth value per state, print
// and printall pass φ through after logging it; range gives an interval.
func (c *Checker) filterVec(x *prism.FilterExpr) (*vec, error) {
	op := prism.FilterName(x.Op)
	if op == "" {
		return nil, c.errAt(x.FilterPos, "Unknown filter type %q", x.Op)
	}
	if x.X == nil {
		return nil, c.errAt(x.FilterPos, "missing operand of filter")
	}
	v, err := c.vecOf(x.X)
	if err != nil {
		return nil, err
	}
	if v.rng != nil {
		return nil, c.errAt(x.X.Position(), "a range of values cannot be filtered")
	}
	n := c.g.NumStates
	in := make([]bool, n)
	for s := range in {
		in[s] = true
	}
	where := "all states"
	fname := "true"
	if x.States != nil {
		sv, err := c.vecOf(x.States)
		if err != nil {
			return nil, err
		}
		if sv.t != vBool {
			return nil, c.errAt(x.States.Position(), "Type error: Second argument of filter is not a Boolean")
		}
		in = sv.b
		where = "states satisfying filter"
		fname = prism.ExprString(x.States)
		if isInit(x.States) {
			where = "initial states"
		}
	}
	var set []int
	for s, ok := range in {
		if ok {
			set = append(set, s)
		}
	}
	if len(set) == 0 {
		return nil, c.errAt(x.FilterPos, "Filter satisfies no states")
	}
	switch op {
	case "count", "forall", "exists":
		if v.t != vBool {
			return nil, c.errAt(x.X.Position(), "Type error: Operand for filter of type %q must be Boolean", op)
		}
	case "min", "max", "argmin", "argmax", "sum", "avg", "range":
		if v.t == vBool {
			return nil, c.errAt(x.X.Position(), "Type error: Boolean argument not allowed as operand for filter of type %q", op)
		}
	}
	switch op {
	case "min", "max":
		best := c.extremum(v, set, op == "max")
		var exact *big.Rat
		over := set // the states the extremum is among
		if op == "min" && !math.IsInf(best, 1) {
			// a state of value +∞ (no exact value) is never a finite minimum
			over = slices.DeleteFunc(slices.Clone(set), func(s int) bool { return math.IsInf(v.f[s], 1) })
		}
		if v.r != nil && v.exactOver(over) {
			exact = ratExtremum(v, over, op == "max")
			best = resp.RatFloat(exact)
		}
		c.logf("%s value over %s: %s", map[bool]string{true: "Maximum", false: "Minimum"}[op == "max"], where, formatNum(best, v.t))
		c.logStatesWith(v, set, best)
		if exact != nil {
			return c.singleRat(best, exact), nil
		}
		return c.single(v.t, best), nil
	case "argmin", "argmax":
		best := c.extremum(v, set, op == "argmax")
		out := newVec(vBool, n)
		count := 0
		for _, s := range set {
			if nearly(v.f[s], best) {
				out.b[s] = true
				count++
			}
		}
		word := map[bool]string{true: "Maximum", false: "Minimum"}[op == "argmax"]
		c.logf("%s value over %s: %s", word, where, formatNum(best, v.t))
		c.logf("Number of states with %s value: %d", strings.ToLower(word), count)
		return out, nil
	case "count", "forall", "exists":
		count := 0
		for _, s := range set {
			if v.b[s] {
				count++
			}
		}
		switch op {
		case "count":
			c.logf("Count of satisfying states%s: %d", map[bool]string{true: " also in filter", false: ""}[x.States != nil], count)
			return c.single(vInt, float64(count)), nil
		case "forall":
			of := map[string]string{"all states": "all %d states", "initial states": "%d initial states"}[where]
			if of == "" {
				of = "%d filter states"
			}
			c.logf("Property satisfied in %d of "+of+".", count, len(set))
			out := c.single(vBool, 0)
			for s := range out.b {
				out.b[s] = count == len(set)
			}
			return out, nil
		}
		if count > 0 {
			c.logf("Property satisfied in at least one %s", map[bool]string{true: "filter state", false: "state"}[x.States != nil])
		} else {
			c.logf("Property satisfied in no %s", map[bool]string{true: "filter states", false: "states"}[x.States != nil])
		}
		out := c.single(vBool, 0)
		for s := range out.b {
			out.b[s] = count > 0
		}
		return out, nil
	case "sum", "avg":
		sum := 0.0
		for _, s := range set {
			sum += v.f[s]
		}
		var exact *big.Rat
		if v.r != nil && v.exactOver(set) {
			exact = ratSum(v, set)
			sum = resp.RatFloat(exact)
		}
		if op == "avg" {
			avg := sum / float64(len(set))
			if exact != nil {
				exact.Quo(exact, new(big.Rat).SetInt64(int64(len(set))))
				avg = resp.RatFloat(exact)
			}
			c.logf("Average over %s: %s", where, formatNum(avg, vDouble))
			return c.singleRat(avg, exact), nil
		}
		c.logf("Sum over %s: %s", where, formatNum(sum, v.t))
		if v.t == vDouble {
			return c.singleRat(sum, exact), nil
		}
		return c.single(v.t, sum), nil
	case "first":
		return c.pick(v, set[0]), nil
	case "state":
		if len(set) != 1 {
			return nil, c.errAt(x.FilterPos, "Filter should be satisfied in exactly 1 state (but %q is true in %d states)", fname, len(set))
		}
		return c.pick(v, set[0]), nil
	case "range":
		lo, hi := c.extremum(v, set, false), c.extremum(v, set, true)
		c.logf("Range of values over %s: [%s,%s]", where, formatNum(lo, v.t), formatNum(hi, v.t))
		out := c.single(v.t, lo)
		out.rng = &[2]float64{lo, hi}
		return out, nil
	}
	// print, printall
	if v.t == vBool {
		c.logf("Satisfying states%s:", map[bool]string{true: " that are also in filter " + fname, false: ""}[x.States != nil])
		for _, s := range set {
			if v.b[s] {
				c.logf("%d:%s", s, c.stateTuple(s))
			}
		}
		return v, nil
	}
	c.logf("Results (%s) for filter %s:", map[bool]string{true: "including zeros", false: "non-zero only"}[op == "printall"], fname)
	for _, s := range set {
		if op == "printall" || v.f[s] != 0 {
			c.logf("%d:%s=%s", s, c.stateTuple(s), formatNum(v.f[s], v.t))
		}
	}
	return v, nil
}

// extremum returns the least (or greatest) value of v over set; NaN is
// skipped as PRISM's comparisons skip it.
func (c *Checker) extremum(v *vec, set []int, max bool) float64 {
	best := math.Inf(1)
	if max {
		best = math.Inf(-1)
	}
	for _, s := range set {
		if x := v.f[s]; (max && x > best) || (!max && x < best) {
			best = x
		}
	}
	return best
}

// logStatesWith logs how many states of set have value best (up to
// accuracy), and the first ten of them.
func (c *Checker) logStatesWith(v *vec, set []int, best float64) {
	var with []int
	for _, s := range set {
		if nearly(v.f[s], best) {
			with = append(with, s)
		}
	}
	word := "this value"
	if v.t == vDouble {
		word = "(approximately) this value"
	}
	c.logf("There are %d states with %s:", len(with), word)
	for _, s := range with[:min(len(with), 10)] {
		c.logf("%d:%s", s, c.stateTuple(s))
	}
}

// nearly compares two values of a filter with the accuracy of value
// iteration (relative 1e-6).
func nearly(a, b float64) bool {
	if a == b {
		return true
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsNaN(a) || math.IsNaN(b) {
		return false
	}
	return math.Abs(a-b) <= 1e-6*math.Max(math.Abs(a), math.Abs(b))
}

// single returns a vector holding x (a number, or false) at every state.
func (c *Checker) single(t vtype, x float64) *vec {
	out := newVec(t, c.g.NumStates)
	out.single = true
	for s := range out.f {
		out.f[s] = x
	}
	return out
}

// pick returns the value of v at state s as a filter's single value.
func (c *Checker) pick(v *vec, s int) *vec {
	out := c.single(v.t, 0)
	if v.t == vBool {
		for i := range out.b {
			out.b[i] = v.b[s]
		}
		return out
	}
	for i := range out.f {
		out.f[i] = v.f[s]
	}
	if v.r != nil {
		return c.singleRat(v.f[s], v.r[s])
	}
	return out
}

// isInit reports whether e is the label "init".
func isInit(e prism.Expr) bool {
	l, ok := prism.Unparen(e).(*prism.LabelRef)
	return ok && l.Name == "init"
}

// formatNum formats a value as onus prints results: ints without a
// fraction, doubles in the shortest form that reads back exactly.
func formatNum(x float64, t vtype) string {
	if t == vInt {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// checkVector checks a property that needs values at every state — a
// filter, arithmetic over queries, or a model with several initial
// states — and applies PRISM's default filter to the result: a single
// value (a filter's) is the result as it is; otherwise a truth value is
// judged in all initial states (forall), and a number is taken in the
// initial state, or as the range over several.
func (c *Checker) checkVector(e prism.Expr) (*Result, error) {
	c.log = nil
	v, err := c.vecOf(e)
	if err != nil {
		return nil, err
	}
	init := make([]int, len(c.g.Initial))
	for i, s := range c.g.Initial {
		init[i] = int(s)
	}
	if len(init) == 0 {
		return nil, c.errAt(safePos(e), "the model has no initial state")
	}
	res := &Result{}
	switch {
	case v.rng != nil:
		res.Kind, res.Range = KindRange, &Range{Lo: v.rng[0], Hi: v.rng[1], Int: v.t == vInt}
	case v.single || len(init) == 1:
		res = resultOf(v, init[0])
	case v.t == vBool:
		count := 0
		for _, s := range init {
			if v.b[s] {
				count++
			}
		}
		c.logf("Property satisfied in %d of %d initial states.", count, len(init))
		res = &Result{Kind: KindBool, Bool: count == len(init)}
	default:
		lo, hi := c.extremum(v, init, false), c.extremum(v, init, true)
		res = &Result{Kind: KindRange, Range: &Range{Lo: lo, Hi: hi, Int: v.t == vInt}}
	}
	res.Log = c.log
	c.log = nil
	return res, nil
}

// resultOf returns the value of v at state s as a Result.
func resultOf(v *vec, s int) *Result {
	switch v.t {
	case vBool:
		return &Result{Kind: KindBool, Bool: v.b[s]}
	case vInt:
		return &Result{Kind: KindCount, Count: big.NewInt(int64(v.f[s]))}
	}
	res := &Result{Kind: KindNumber, Number: v.f[s]}
	if v.r != nil {
		res.Exact = v.r[s]
	}
	return res
}

// needsVectors reports whether e is checked by checkVector: it holds a
// filter, it is arithmetic, a comparison or a function over the value of
// a query, or the model has several initial states (where onus's own
// operators, judged from one state, are refused with their own errors).
func (c *Checker) needsVectors(e prism.Expr) bool {
	e = prism.Unparen(e)
	if hasFilter(e) {
		return true
	}
	switch e.(type) {
	case *prism.Resp, *prism.Metric:
		return false
	case *prism.Unary, *prism.Binary, *prism.Cond, *prism.Call:
		if hasQuery(e) {
			return true
		}
	}
	return len(c.g.Initial) > 1 && !hasOnusOperator(e)
}

func hasFilter(e prism.Expr) bool {
	found := false
	prism.Inspect(e, func(x prism.Expr) bool {
		if _, ok := x.(*prism.FilterExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// hasQuery reports whether e holds an operator that asks for a value
// (=?, min=?, max=?) outside a path formula.
func hasQuery(e prism.Expr) bool {
	found := false
	prism.Inspect(e, func(x prism.Expr) bool {
		switch y := x.(type) {
		case *prism.ProbOp:
			found = found || y.Rel.IsQuery()
			return false
		case *prism.RewardOp:
			found = found || y.Rel.IsQuery()
			return false
		case *prism.Strategy:
			found = found || !y.Certain && hasQuery(y.Op)
			return false
		case *prism.MultiNash:
			found = found || y.Rel.IsQuery()
			return false
		case *prism.Resp:
			found = found || (y.Degree != prism.DegNone && y.Rel.IsQuery())
			return false
		case *prism.Metric:
			found = true
			return false
		}
		return !found
	})
	return found
}

// hasOnusOperator reports whether e holds a responsibility or metric
// operator, or P=? on histories, which onus judges from one initial state.
func hasOnusOperator(e prism.Expr) bool {
	found := false
	prism.Inspect(e, func(x prism.Expr) bool {
		switch y := x.(type) {
		case *prism.Resp, *prism.Metric:
			found = true
		case *prism.ProbOp:
			found = found || y.Rel == prism.RelQuery
		}
		return !found
	})
	return found
}
