package translate

import "github.com/onus-mc/onus/prism"

// The closures of this file compile the commonest guards and updates, an
// int variable against or plus an int constant (x<N, x=0, x+1, N-x), into
// one closure that reads the variable itself, instead of one closure per
// operand: model construction evaluates them once per state or transition.

// varConstCmp returns the closure of the comparison op between x and y
// when one is an int variable and the other an int constant; nil
// otherwise.
func varConstCmp(op prism.Op, x, y cexpr) func([]int32) bool {
	if x.t != prism.TInt || y.t != prism.TInt {
		return nil
	}
	if x.k && y.slot > 0 {
		// k op v is v op' k, op' the mirrored relation
		switch op {
		case prism.OpLt:
			op = prism.OpGt
		case prism.OpLe:
			op = prism.OpGe
		case prism.OpGt:
			op = prism.OpLt
		case prism.OpGe:
			op = prism.OpLe
		}
		x, y = y, x
	}
	if x.slot == 0 || !y.k {
		return nil
	}
	i, k := x.slot-1, y.kv.I
	switch op {
	case prism.OpEq:
		return func(s []int32) bool { return int64(s[i]) == k }
	case prism.OpNe:
		return func(s []int32) bool { return int64(s[i]) != k }
	case prism.OpLt:
		return func(s []int32) bool { return int64(s[i]) < k }
	case prism.OpLe:
		return func(s []int32) bool { return int64(s[i]) <= k }
	case prism.OpGt:
		return func(s []int32) bool { return int64(s[i]) > k }
	case prism.OpGe:
		return func(s []int32) bool { return int64(s[i]) >= k }
	}
	return nil
}

// varConstAdd returns the closure of x+y or x-y when one operand is an int
// variable and the other an int constant; nil otherwise. The result is
// range-checked as the general closure does.
func varConstAdd(op prism.Op, pos prism.Pos, x, y cexpr) func([]int32) int64 {
	switch {
	case op == prism.OpAdd && x.slot > 0 && y.k:
		i, k := x.slot-1, y.kv.I
		return func(s []int32) int64 { return checkInt(pos, int64(s[i])+k) }
	case op == prism.OpAdd && x.k && y.slot > 0:
		i, k := y.slot-1, x.kv.I
		return func(s []int32) int64 { return checkInt(pos, k+int64(s[i])) }
	case op == prism.OpSub && x.slot > 0 && y.k:
		i, k := x.slot-1, y.kv.I
		return func(s []int32) int64 { return checkInt(pos, int64(s[i])-k) }
	case op == prism.OpSub && x.k && y.slot > 0:
		i, k := y.slot-1, x.kv.I
		return func(s []int32) int64 { return checkInt(pos, k-int64(s[i])) }
	}
	return nil
}
