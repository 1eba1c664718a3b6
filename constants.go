package onus

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Constants is one assignment of values to undefined constants, in order.
type Constants []translate.ConstAssign

// String prints the assignment as PRISM does: "t=3,q=0.25".
func (cs Constants) String() string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Name + "=" + FormatValue(c.Value)
	}
	return strings.Join(parts, ",")
}

// Map returns the assignment as a map from names to Go values: int64,
// float64 or bool.
func (cs Constants) Map() map[string]any {
	out := make(map[string]any, len(cs))
	for _, c := range cs {
		switch c.Value.Type {
		case prism.TBool:
			out[c.Name] = c.Value.B
		case prism.TInt:
			out[c.Name] = c.Value.I
		default:
			out[c.Name] = c.Value.F
		}
	}
	return out
}

// equal reports whether two assignments give the same names the same
// values.
func (cs Constants) equal(ds Constants) bool {
	return slices.EqualFunc(cs, ds, func(a, b translate.ConstAssign) bool {
		return a.Name == b.Name && a.Value.Type == b.Value.Type && a.Value.I == b.Value.I &&
			a.Value.B == b.Value.B && a.Value.F == b.Value.F && ratEqual(a.Value.Rat, b.Value.Rat)
	})
}

func ratEqual(a, b *big.Rat) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Cmp(b) == 0
}

// FormatValue prints a constant's value as PRISM does: 3, 0.25, true.
func FormatValue(v translate.Value) string {
	switch v.Type {
	case prism.TBool:
		return strconv.FormatBool(v.B)
	case prism.TInt:
		return strconv.FormatInt(v.I, 10)
	}
	return FormatFloat(v.F)
}

// FormatFloat prints a double as briefly as it round-trips, and the
// infinities and NaN as PRISM prints them (Infinity, -Infinity, NaN).
func FormatFloat(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case math.IsNaN(x):
		return "NaN"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// sweep returns the assignments that values (Options.Const) describe:
// every combination, the names in order, the first varying slowest. A
// range is not expanded: the sweep computes each assignment when asked.
func sweep(values map[string]any) (*translate.Sweep, error) {
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	slices.Sort(names)
	specs := make([]translate.ConstSpec, 0, len(names))
	for _, n := range names {
		s, err := constSpec(n, values[n])
		if err != nil {
			return nil, err
		}
		specs = append(specs, s)
	}
	return translate.NewSweep(specs)
}

// single returns the one assignment that values describe, refusing a
// sweep.
func single(values map[string]any) (Constants, error) {
	all, err := sweep(values)
	if err != nil {
		return nil, err
	}
	if all.Len() != 1 {
		return nil, fmt.Errorf("%d assignments of the constants where one was expected (give single values)", all.Len())
	}
	return all.At(0), nil
}

// constSpec converts the Go value given for constant name into the
// values it takes: one, a list, or a range (a string "lo:hi").
func constSpec(name string, v any) (translate.ConstSpec, error) {
	listed := func(vs []translate.Value, err error) (translate.ConstSpec, error) {
		return translate.ConstSpec{Name: name, Values: vs}, err
	}
	switch x := v.(type) {
	case string:
		specs, err := translate.ParseConstSpecs(name + "=" + x)
		if err != nil {
			return translate.ConstSpec{}, fmt.Errorf("constant %s: %v", name, err)
		}
		return specs[0], nil
	case []int:
		return listed(list(name, x))
	case []float64:
		return listed(list(name, x))
	case []any:
		return listed(list(name, x))
	}
	x, err := scalar(name, v)
	return listed([]translate.Value{x}, err)
}

// list converts the values of a sweep.
func list[T any](name string, xs []T) ([]translate.Value, error) {
	if len(xs) == 0 {
		return nil, fmt.Errorf("constant %s: the list of values is empty", name)
	}
	out := make([]translate.Value, len(xs))
	for i, x := range xs {
		v, err := scalar(name, x)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// scalar converts one Go value. Floats are read as PRISM reads the
// shortest decimal that prints them, so that 0.1 is exactly 1/10 under
// Options.Exact.
func scalar(name string, v any) (translate.Value, error) {
	switch x := v.(type) {
	case translate.Value:
		return x, nil
	case bool:
		return translate.Value{Type: prism.TBool, B: x}, nil
	case int:
		return intValue(name, int64(x))
	case int32:
		return intValue(name, int64(x))
	case int64:
		return intValue(name, x)
	case float32:
		return scalar(name, strconv.FormatFloat(float64(x), 'g', -1, 32))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return translate.Value{}, fmt.Errorf("constant %s: %v is not a value PRISM can hold", name, x)
		}
		return scalar(name, strconv.FormatFloat(x, 'g', -1, 64))
	case *big.Rat:
		if x == nil {
			break
		}
		f, _ := x.Float64()
		return translate.Value{Type: prism.TDouble, F: f, Rat: new(big.Rat).Set(x)}, nil
	case string:
		s, err := constSpec(name, x)
		if err != nil {
			return translate.Value{}, err
		}
		if s.IsRange() {
			return translate.Value{}, fmt.Errorf("constant %s: %q is a range inside a list", name, x)
		}
		return s.At(0), nil
	}
	return translate.Value{}, fmt.Errorf("constant %s: a value of type %T (give an int, float64, bool, *big.Rat or string)", name, v)
}

func intValue(name string, x int64) (translate.Value, error) {
	if x < math.MinInt32 || x > math.MaxInt32 {
		return translate.Value{}, fmt.Errorf("constant %s: %d is outside PRISM's 32-bit ints", name, x)
	}
	return translate.Value{Type: prism.TInt, I: x}, nil
}
