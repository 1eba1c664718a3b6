package onus

import (
	"errors"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// Result is the value of one property under one assignment of the
// constants. The embedded checker.Result holds the value: Kind says which
// of its fields does (Bool, Number and Exact, Count, Degrees, Power,
// Range), Horizon the horizon T of a finite-history query, Explain the
// justification asked for by Options.Explain.
type Result struct {
	// Property is the property as written, after its name if it has one
	// ("name": text).
	Property string
	// Constants is the assignment it was checked under.
	Constants Constants
	checker.Result
	// Notes say how the value was judged where that may surprise: an
	// unbounded operator judged within the horizon the plan's length set.
	Notes []Note
	// Err is the reason the property could not be checked (the value
	// fields are then zero). The Check methods also return it.
	Err error
	// Seconds is the time the check took.
	Seconds float64
	// Syntax is the property's syntax tree; Build the model it was
	// checked on.
	Syntax *prism.Property
	Build  *Build

	exact bool // Options.Exact: String shows exact values
}

// The kinds of results (Result.Kind).
const (
	KindBool    = checker.KindBool
	KindNumber  = checker.KindNumber
	KindCount   = checker.KindCount
	KindDegrees = checker.KindDegrees
	KindPower   = checker.KindPower
	KindRange   = checker.KindRange
)

// String prints the value as onus check does after "Result:", with the
// exact values when Options.Exact asked for them: "true",
// "0.3333333333333333", "count 0.5, prob 0.25, entropy 0.75".
func (r *Result) String() string {
	if r.Err != nil {
		return "error: " + r.Err.Error()
	}
	return r.Format(r.exact)
}

// Format prints the value, with the exact values where known if exact
// is set.
func (r *Result) Format(exact bool) string {
	switch r.Kind {
	case checker.KindBool:
		return strconv.FormatBool(r.Bool)
	case checker.KindCount:
		return r.Count.String()
	case checker.KindRange:
		return "[" + FormatFloat(r.Range.Lo) + "," + FormatFloat(r.Range.Hi) + "]"
	case checker.KindDegrees, checker.KindPower:
		var parts, ex []string
		for _, m := range r.Measures() {
			parts = append(parts, m.Name+" "+FormatFloat(m.Value))
			if exact && m.Exact != nil {
				ex = append(ex, m.Name+" "+m.Exact.RatString())
			}
		}
		s := strings.Join(parts, ", ")
		if len(ex) > 0 {
			s += " (exact: " + strings.Join(ex, ", ") + ")"
		}
		return s
	}
	s := FormatFloat(r.Number)
	if exact && r.Exact != nil {
		s += " (exact: " + r.Exact.RatString() + ")"
	}
	return s
}

// Results are the results of several properties, or of one under several
// assignments of the constants: grouped by property, each property's
// results in the order of the assignments.
type Results []*Result

// String prints one line per result: the property, the constants when
// they differ between the results, and the value.
func (rs Results) String() string {
	sweep := false
	for _, r := range rs {
		sweep = sweep || !r.Constants.equal(rs[0].Constants)
	}
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(r.Property)
		if sweep {
			b.WriteString(" (" + r.Constants.String() + ")")
		}
		b.WriteString(": " + r.String() + "\n")
	}
	return b.String()
}

// Err returns the errors of the results that have one: one
// prism.ErrorList of every position when all have positions, else the
// errors joined (errors.Join); nil if none failed.
func (rs Results) Err() error {
	var list prism.ErrorList
	var all []error
	positioned := true
	for _, r := range rs {
		if r.Err == nil {
			continue
		}
		all = append(all, r.Err)
		var el prism.ErrorList
		if errors.As(r.Err, &el) {
			list = append(list, el...)
		} else {
			positioned = false
		}
	}
	switch {
	case len(all) == 0:
		return nil
	case positioned:
		return list
	}
	return errors.Join(all...)
}
