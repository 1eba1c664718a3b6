package main

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/trace"
	"github.com/onus-mc/onus/translate"
)

// This file reads the two arguments of `onus locate` that have a syntax
// of their own: --group (groupKinds) and the counterexample file (a PRISM
// simulation path, or a .ce file of one state per line).

// groupKinds are the --group arguments; labels and variables take names.
var groupKinds = []string{"individual", "individual-all", "labels", "variables", "modules", "actions", "players"}

// parseGroup reads a --group argument: a kind, with a list of names in
// parentheses for labels(…) and variables(…) (separated by blanks or
// commas; label names may be quoted). Errors point into the argument.
func parseGroup(fset *prism.FileSet, s string) (checker.Grouping, error) {
	f := fset.AddFile("--group", s)
	var el prism.ErrorList
	fail := func(off int, format string, args ...any) (checker.Grouping, error) {
		el.Addf(fset, f.Pos(off), format, args...)
		return checker.Grouping{}, el
	}
	r := []rune(s)
	i := 0
	skip := func() {
		for i < len(r) && unicode.IsSpace(r[i]) {
			i++
		}
	}
	skip()
	start := i
	for i < len(r) && (unicode.IsLetter(r[i]) || r[i] == '-' || r[i] == '_') {
		i++
	}
	kind := string(r[start:i])
	g := checker.Grouping{Kind: kind, Pos: f.Pos(start)}
	known := false
	for _, k := range groupKinds {
		known = known || k == kind
	}
	if !known {
		return fail(start, "unknown grouping %q (the groupings are %s, labels(...) and variables(...); onus locate --list-groups MODEL lists them)", kind, "individual, individual-all, modules, actions, players")
	}
	skip()
	names := kind == "labels" || kind == "variables"
	if !names {
		if i < len(r) {
			return fail(i, "unexpected %q after %s", string(r[i]), kind)
		}
		return g, nil
	}
	if i >= len(r) || r[i] != '(' {
		return fail(i, "%s takes a list of names in parentheses, e.g. %s(a b)", kind, kind)
	}
	i++
	for {
		skip()
		if i < len(r) && r[i] == ',' {
			i++
			continue
		}
		if i >= len(r) {
			return fail(i, "missing ) after the names of %s(...)", kind)
		}
		if r[i] == ')' {
			i++
			break
		}
		quoted := r[i] == '"'
		if quoted {
			i++
		}
		at := i
		for i < len(r) && (unicode.IsLetter(r[i]) || unicode.IsDigit(r[i]) || r[i] == '_') {
			i++
		}
		if i == at || unicode.IsDigit(r[at]) {
			return fail(at, "expected a %s name", strings.TrimSuffix(kind, "s"))
		}
		g.Names = append(g.Names, prism.Ident{NamePos: f.Pos(at), Name: string(r[at:i])})
		if quoted {
			if i >= len(r) || r[i] != '"' {
				return fail(i, "missing closing \"")
			}
			i++
		}
	}
	skip()
	if i < len(r) {
		return fail(i, "unexpected %q after %s(...)", string(r[i]), kind)
	}
	if len(g.Names) == 0 {
		return fail(int(g.Pos)-f.Base(), "%s() needs at least one name", kind)
	}
	return g, nil
}

// ceState is one state of a counterexample as written, before it is
// looked up in the model.
type ceState struct {
	pos    prism.Pos   // where the state is written
	names  []string    // (x=1,y=3): the variable of each value; nil for (1,3)
	nameAt []prism.Pos // each name's position
	values []string    // the values as written
	at     []prism.Pos // each value's position
}

// parseCE reads a .ce counterexample: one state per line, written (1,3)
// in the model's variable order or (x=1,y=3); blank lines and lines
// starting with // are skipped.
func parseCE(fset *prism.FileSet, name, src string) ([]ceState, error) {
	f := fset.AddFile(name, src)
	var el prism.ErrorList
	var out []ceState
	off := 0
	for _, line := range strings.SplitAfter(src, "\n") {
		lineOff := off
		r := []rune(line)
		off += len(r)
		i := 0
		for i < len(r) && unicode.IsSpace(r[i]) {
			i++
		}
		if i == len(r) || strings.HasPrefix(string(r[i:]), "//") {
			continue
		}
		fail := func(k int, format string, args ...any) ([]ceState, error) {
			el.Addf(fset, f.Pos(lineOff+k), format, args...)
			return nil, el
		}
		if r[i] != '(' {
			return fail(i, "expected a state such as (1,3) or (x=1,y=3)")
		}
		st := ceState{pos: f.Pos(lineOff + i)}
		i++
		for k := 0; ; k++ {
			for i < len(r) && r[i] == ' ' {
				i++
			}
			at := i
			for i < len(r) && !strings.ContainsRune(",)= \t\r\n", r[i]) {
				i++
			}
			tok := string(r[at:i])
			for i < len(r) && r[i] == ' ' {
				i++
			}
			if i < len(r) && r[i] == '=' {
				if k > 0 && st.names == nil {
					return fail(at, "write every value of a state as NAME=VALUE, or none")
				}
				if tok == "" {
					return fail(at, "expected a variable name before =")
				}
				st.names = append(st.names, tok)
				st.nameAt = append(st.nameAt, f.Pos(lineOff+at))
				i++
				for i < len(r) && r[i] == ' ' {
					i++
				}
				at = i
				for i < len(r) && !strings.ContainsRune(",) \t\r\n", r[i]) {
					i++
				}
				tok = string(r[at:i])
				for i < len(r) && r[i] == ' ' {
					i++
				}
			} else if st.names != nil {
				return fail(at, "write every value of a state as NAME=VALUE, or none")
			}
			if tok == "" {
				return fail(at, "expected a value")
			}
			st.values = append(st.values, tok)
			st.at = append(st.at, f.Pos(lineOff+at))
			if i < len(r) && r[i] == ',' {
				i++
				continue
			}
			if i < len(r) && r[i] == ')' {
				i++
				break
			}
			return fail(i, "expected , or ) in the state")
		}
		for i < len(r) && unicode.IsSpace(r[i]) {
			i++
		}
		if i < len(r) {
			return fail(i, "unexpected %q after the state", string(r[i]))
		}
		out = append(out, st)
	}
	if len(out) == 0 {
		el.Addf(fset, f.Pos(0), "the counterexample holds no state")
		return nil, el
	}
	return out, nil
}

// parseValue reads one value of variable v: an integer, or true/false.
func parseValue(v translate.Var, s string) (int32, bool) {
	if v.Bool {
		switch s {
		case "true":
			return 1, true
		case "false":
			return 0, true
		}
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 32)
	return int32(n), err == nil
}

// readCounterexample reads FILE (a simulation path or a .ce file) and
// checks that it is a path of g from its initial state to a state outside
// safe. The first state that is not is an error at its line.
func readCounterexample(fset *prism.FileSet, g *translate.Game, file string, safe []bool) ([]int32, error) {
	src, err := readFile(file)
	if err != nil {
		return nil, err
	}
	index := map[string]int32{}
	nv := len(g.Vars)
	key := func(vals []int32) string {
		b := make([]byte, 0, 4*len(vals))
		for _, x := range vals {
			b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
		}
		return string(b)
	}
	for s := 0; s < g.NumStates; s++ {
		index[key(g.Values[s*nv:(s+1)*nv])] = int32(s)
	}
	var el prism.ErrorList
	fail := func(p prism.Pos, format string, args ...any) ([]int32, error) {
		el.Addf(fset, p, format, args...)
		return nil, el
	}
	type row struct {
		pos  prism.Pos
		vals []int32
	}
	var rows []row
	if first := strings.TrimSpace(src); strings.HasPrefix(first, "(") || first == "" {
		states, err := parseCE(fset, file, src)
		if err != nil {
			return nil, err
		}
		for _, st := range states {
			vals := make([]int32, nv)
			if st.names == nil && len(st.values) != nv {
				return fail(st.pos, "the state has %d values, the model %d variables (%s)", len(st.values), nv, varList(g))
			}
			seen := make([]bool, nv)
			for k, text := range st.values {
				vi := k
				if st.names != nil {
					vi = -1
					for j, v := range g.Vars {
						if v.Name == st.names[k] {
							vi = j
						}
					}
					if vi < 0 {
						return fail(st.nameAt[k], "unknown variable %s (the variables are %s)", st.names[k], varList(g))
					}
					if seen[vi] {
						return fail(st.nameAt[k], "variable %s is given twice", st.names[k])
					}
				}
				seen[vi] = true
				x, ok := parseValue(g.Vars[vi], text)
				if !ok {
					return fail(st.at[k], "%q is no value of variable %s", text, g.Vars[vi].Name)
				}
				vals[vi] = x
			}
			for j, s := range seen {
				if !s {
					return fail(st.pos, "the state gives no value to variable %s", g.Vars[j].Name)
				}
			}
			rows = append(rows, row{st.pos, vals})
		}
	} else {
		p, err := trace.Parse(fset, file, src)
		if err != nil {
			return nil, err
		}
		col := make([]int, nv)
		for j := range col {
			col[j] = -1
		}
		for c, h := range p.Columns[2:] {
			for j, v := range g.Vars {
				if v.Name == h.Name {
					col[j] = c + 2
				}
			}
		}
		for j, c := range col {
			if c < 0 {
				return fail(p.Columns[0].Pos, "the path has no column for variable %s", g.Vars[j].Name)
			}
		}
		for _, r := range p.Rows {
			vals := make([]int32, nv)
			for j, c := range col {
				x, ok := parseValue(g.Vars[j], r.Fields[c].Text)
				if !ok {
					return fail(r.Fields[c].Pos, "%q is no value of variable %s", r.Fields[c].Text, g.Vars[j].Name)
				}
				vals[j] = x
			}
			rows = append(rows, row{r.Pos, vals})
		}
	}
	path := make([]int32, len(rows))
	for k, r := range rows {
		s, ok := index[key(r.vals)]
		if !ok {
			return fail(r.pos, "no reachable state of the model has these values")
		}
		path[k] = s
		if k == 0 {
			if len(g.Initial) == 0 || s != g.Initial[0] {
				return fail(r.pos, "the counterexample must start in the initial state %s", stateText(g, int(g.Initial[0])))
			}
			continue
		}
		if !isSuccessor(g, int(path[k-1]), s) {
			return fail(r.pos, "this state is no successor of %s, the state before it: the counterexample is not a path of the model", stateText(g, int(path[k-1])))
		}
	}
	last := rows[len(rows)-1]
	if safe[path[len(path)-1]] {
		return fail(last.pos, "the counterexample must end in a state violating the objective; this one satisfies it")
	}
	return path, nil
}

func isSuccessor(g *translate.Game, s int, t int32) bool {
	lo, hi := g.Choices(s)
	for c := lo; c < hi; c++ {
		tlo, thi := g.Transitions(c)
		for k := tlo; k < thi; k++ {
			if g.Target[k] == t {
				return true
			}
		}
	}
	return false
}

func varList(g *translate.Game) string {
	var names []string
	for _, v := range g.Vars {
		names = append(names, v.Name)
	}
	return strings.Join(names, ", ")
}
