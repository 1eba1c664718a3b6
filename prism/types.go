package prism

// This file holds the value types the semantic checker infers for
// expressions, and the rules of reference §3.3 for combining them.

// valType is the inferred type of an expression. tyUnknown marks an
// expression whose type could not be found (an earlier error); it is
// compatible with everything so that one mistake gives one message.
type valType int

const (
	tyUnknown valType = iota
	tyInt
	tyDouble
	tyBool
)

func (t valType) String() string {
	return [...]string{"unknown", "int", "double", "bool"}[t]
}

// article gives "an int", "a double", "a bool".
func (t valType) article() string {
	if t == tyInt {
		return "an int"
	}
	return "a " + t.String()
}

// isNum reports whether t is int or double (or unknown).
func (t valType) isNum() bool { return t == tyInt || t == tyDouble || t == tyUnknown }

// isBool reports whether t is bool (or unknown).
func (t valType) isBool() bool { return t == tyBool || t == tyUnknown }

// constValType maps a declared constant type to a value type.
func constValType(t ConstType) valType {
	switch t {
	case TDouble:
		return tyDouble
	case TBool:
		return tyBool
	}
	return tyInt
}

// varValType maps a variable kind to a value type.
func varValType(k VarKind) valType {
	if k == VarBool {
		return tyBool
	}
	return tyInt
}

// assignable reports whether a value of type from may be stored in a
// variable or constant of type to: int flows into double, nothing else
// changes type.
func assignable(to, from valType) bool {
	if to == tyUnknown || from == tyUnknown || to == from {
		return true
	}
	return to == tyDouble && from == tyInt
}

// arith is the result type of + - * and ^ on numeric operands.
func arith(a, b valType) valType {
	if a == tyUnknown || b == tyUnknown {
		return tyUnknown
	}
	if a == tyInt && b == tyInt {
		return tyInt
	}
	return tyDouble
}

// comparable reports whether = and != accept the two operand types.
func comparable(a, b valType) bool {
	if a == tyUnknown || b == tyUnknown {
		return true
	}
	return (a == tyBool) == (b == tyBool)
}

// join is the type of `c ? a : b` for branch types a and b, and whether the
// branches are castable to each other.
func join(a, b valType) (valType, bool) {
	switch {
	case a == tyUnknown:
		return b, true
	case b == tyUnknown:
		return a, true
	case a == b:
		return a, true
	case a.isNum() && b.isNum() && a != tyBool && b != tyBool:
		return tyDouble, true
	}
	return tyUnknown, false
}
