package trace

import (
	"strconv"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file maps the header's columns to the model's variables and reads a
// row's cells into a valuation.

// ignoredColumns are PRISM's columns that are no variable: the time of
// continuous-time paths.
var ignoredColumns = map[string]bool{"time": true, "time_in_state": true}

// layout gives, for each variable of the model, the column holding it.
type layout struct {
	varCol []int // per variable of the game
	order  []int // variable indices in column order
}

// newLayout matches the header to the variables of g. Every variable needs
// exactly one column; a column naming no variable is an error unless every
// variable's column came before it (PRISM prints reward columns last).
func newLayout(e *errs, g *translate.Game, p *Path) (*layout, error) {
	byName := map[string]int{}
	for i, v := range g.Vars {
		byName[v.Name] = i
	}
	l := &layout{varCol: make([]int, len(g.Vars))}
	for i := range l.varCol {
		l.varCol[i] = -1
	}
	for c := 2; c < len(p.Columns); c++ {
		col := p.Columns[c]
		if ignoredColumns[col.Name] {
			continue
		}
		vi, ok := byName[col.Name]
		if !ok {
			if len(l.order) == len(g.Vars) {
				continue
			}
			return nil, e.at(col.Pos, "column %q is no variable of the model", col.Name)
		}
		if l.varCol[vi] >= 0 {
			return nil, e.at(col.Pos, "variable %s has two columns", col.Name)
		}
		l.varCol[vi] = c
		l.order = append(l.order, vi)
	}
	for i, v := range g.Vars {
		if l.varCol[i] < 0 {
			return nil, e.at(p.Columns[0].Pos, "the header has no column for variable %s", v.Name)
		}
	}
	return l, nil
}

// valuation reads the variables of a row.
func (l *layout) valuation(e *errs, g *translate.Game, r Row) ([]int32, error) {
	vals := make([]int32, len(g.Vars))
	for _, vi := range l.order {
		v := g.Vars[vi]
		c := r.Fields[l.varCol[vi]]
		if v.Bool {
			switch c.Text {
			case "true":
				vals[vi] = 1
			case "false":
			default:
				return nil, e.at(c.Pos, "%s is a boolean: expected true or false, not %q", v.Name, c.Text)
			}
			continue
		}
		x, err := strconv.ParseInt(c.Text, 10, 32)
		if err != nil {
			return nil, e.at(c.Pos, "%s is an integer: %q is not one", v.Name, c.Text)
		}
		if int32(x) < v.Lo || int32(x) > v.Hi {
			return nil, e.at(c.Pos, "value %d of %s is outside its range %d..%d", x, v.Name, v.Lo, v.Hi)
		}
		vals[vi] = int32(x)
	}
	return vals, nil
}

// errs positions errors in the trace file.
type errs struct{ fset *prism.FileSet }

func (e *errs) at(p prism.Pos, format string, args ...any) error {
	var l prism.ErrorList
	l.Addf(e.fset, p, format, args...)
	return l
}
