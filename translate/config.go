package translate

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/onus-mc/onus/prism"
)

// DefaultMaxStates is the state limit used when Config.MaxStates is 0.
const DefaultMaxStates = 10_000_000

// Config controls Build.
type Config struct {
	Consts         []ConstAssign // values for undefined constants (model and props)
	Exact          bool          // also fill Game.ProbExact (big.Rat)
	MaxStates      int           // 0 means DefaultMaxStates
	MaxTransitions int           // 0 means DefaultMaxTransitions
	// MaxMemory bounds the bytes of the arrays that model construction
	// builds (the explored states and transitions plus the sorted game),
	// counted as they grow; 0 means no limit. See limits.go.
	MaxMemory int64
	// Poll, if set, is called during model construction every 4096
	// states expanded (and every 4096 transitions of one state), in the
	// one place where the limits above are checked (explorer.checkLimits).
	// A non-nil error stops construction; Build returns it as it is.
	Poll func() error
	// Progress, if set, is called as often as Poll with how far
	// construction has got (its first pass finds the states, its second,
	// for a model of more than about 2·10^6 transitions, lays them out in
	// PRISM's order).
	Progress func(BuildStatus)
}

// BuildStatus is how far model construction has got: in pass 1 the states
// expanded and found so far; in pass 2 the states laid out of Found.
type BuildStatus struct {
	Pass            int
	Expanded, Found int
}

// Words says what construction is doing, and how far it has got as a
// detail (pass 1, whose end is not known) or as a step of steps (pass 2).
func (st BuildStatus) Words() (task, detail string, step, steps int64) {
	if st.Pass == 1 {
		return "building the model", fmt.Sprintf("%d states found, %d expanded", st.Found, st.Expanded), 0, 0
	}
	return "building the model in PRISM's order", "", int64(st.Expanded), int64(st.Found)
}

// ConstAssign gives one undefined constant its value.
type ConstAssign struct {
	Name  string
	Value Value
}

// ConstSpec is NAME=V or a range NAME=LO:HI or NAME=LO:STEP:HI. A range
// is not expanded: Len and At give its values (PRISM's -const order), so
// that 1:1000000000 costs no memory; Values holds the value of NAME=V (nil
// for a range). See constrange.go.
type ConstSpec struct {
	Name   string
	Values []Value
	rng    *constRange
}

// ParseConstSpecs parses "k=2,t=1:20,x=0.5,b=true". Ranges are lo:hi or
// lo:step:hi, of ints or doubles. A value is an int if it parses as one,
// a bool for true/false, a double otherwise. An error is a *ConstSpecError
// that says where in s it lies.
func ParseConstSpecs(s string) ([]ConstSpec, error) {
	var out []ConstSpec
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	at := 0 // byte offset of the part in s
	for _, raw := range strings.Split(s, ",") {
		start := at + len(raw) - len(strings.TrimLeft(raw, " \t"))
		at += len(raw) + 1
		fail := func(off int, format string, args ...any) error {
			return &ConstSpecError{Col: utf8.RuneCountInString(s[:off]) + 1, Msg: fmt.Sprintf(format, args...)}
		}
		part := strings.TrimSpace(raw)
		eq := strings.IndexByte(part, '=')
		if eq <= 0 {
			return nil, fail(start, "invalid constant definition %q: expected NAME=VALUE", part)
		}
		name := strings.TrimSpace(part[:eq])
		if !isIdent(name) {
			return nil, fail(start, "invalid constant name %q", name)
		}
		val := strings.TrimSpace(part[eq+1:])
		valAt := start + eq + 1 + len(part[eq+1:]) - len(strings.TrimLeft(part[eq+1:], " \t"))
		vals, rng, err := parseConstValues(val)
		if err != nil {
			return nil, fail(valAt, "invalid value for constant %s: %v", name, err)
		}
		for _, o := range out {
			if o.Name == name {
				return nil, fail(start, "constant %s is given twice", name)
			}
		}
		out = append(out, ConstSpec{Name: name, Values: vals, rng: rng})
	}
	return out, nil
}

// ConstSpecError is an error in a list of constant values: Col is the
// column (in characters, from 1) where the faulty definition or value
// starts.
type ConstSpecError struct {
	Col int
	Msg string
}

func (e *ConstSpecError) Error() string { return e.Msg }

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9') {
			continue
		}
		return false
	}
	return true
}

func parseScalar(s string) (Value, error) {
	switch s {
	case "true":
		return Value{Type: prism.TBool, B: true}, nil
	case "false":
		return Value{Type: prism.TBool}, nil
	}
	if i, err := strconv.ParseInt(s, 10, 32); err == nil {
		return Value{Type: prism.TInt, I: i}, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return Value{}, fmt.Errorf("%q is not a number or boolean", s)
	}
	v := Value{Type: prism.TDouble, F: f}
	v.Rat = ratFromDecimal(s)
	return v, nil
}

// parseConstValues reads a value, or a range (nil values, the range).
func parseConstValues(s string) ([]Value, *constRange, error) {
	parts := strings.Split(s, ":")
	if len(parts) == 1 {
		v, err := parseScalar(s)
		if err != nil {
			return nil, nil, err
		}
		return []Value{v}, nil, nil
	}
	if len(parts) > 3 {
		return nil, nil, fmt.Errorf("range %q has too many parts", s)
	}
	var nums []Value
	for _, p := range parts {
		v, err := parseScalar(strings.TrimSpace(p))
		if err != nil {
			return nil, nil, err
		}
		if v.Type == prism.TBool {
			return nil, nil, fmt.Errorf("range %q of booleans", s)
		}
		nums = append(nums, v)
	}
	lo, hi := nums[0], nums[len(nums)-1]
	step := Value{Type: prism.TInt, I: 1}
	if len(nums) == 3 {
		step = nums[1]
	}
	allInt := lo.Type == prism.TInt && hi.Type == prism.TInt && step.Type == prism.TInt
	if allInt {
		if step.I <= 0 {
			return nil, nil, fmt.Errorf("range %q: step must be positive", s)
		}
		if hi.I < lo.I {
			return nil, nil, fmt.Errorf("range %q is empty", s)
		}
		return nil, intRange(lo.I, step.I, hi.I), nil
	}
	l, st, h := lo.Float(), step.Float(), hi.Float()
	if st <= 0 {
		return nil, nil, fmt.Errorf("range %q: step must be positive", s)
	}
	if h < l {
		return nil, nil, fmt.Errorf("range %q is empty", s)
	}
	r, err := floatRange(s, l, st, h)
	return nil, r, err
}
