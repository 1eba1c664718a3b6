package checker

import (
	"github.com/onus-mc/onus/checker/locate"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file is the entry of `onus locate` (SPEC §12): it turns the
// objective and the grouping into state sets and hands them to package
// locate, which builds and solves the cooperative games.

// Grouping is a --group argument: its kind and, for labels(…) and
// variables(…), the names with their positions.
type Grouping struct {
	Kind  string // individual, individual-all, labels, variables, players (modules, actions: see cmd)
	Names []prism.Ident
	Pos   prism.Pos
}

// LocateQuery is one run of onus locate.
type LocateQuery struct {
	Objective prism.Expr // P>=1 [F φ], P>=1 [G φ], P>=1 [G F φ], Pmax=? [F φ], Pmax=? [G φ]
	Group     Grouping
	Mode      locate.Mode
	Path      []int32 // the counterexample (backward modes)
	Options   locate.Options
	// Ungrouped and Groups, when set, replace the grouping (the modules
	// and actions groupings, whose games the command rewrites).
	Groups    []locate.Group
	Ungrouped []locate.Owner
}

// LocateResult is the answer of Locate.
type LocateResult struct {
	*locate.Result
	Game      *locate.Game
	Relevant  int // relevant (forward) or significant (backward) states; every state of a rewritten game
	Objective locate.Objective
}

// LocateObjective reads an objective of SPEC §12.2 and evaluates its
// state formula; anything else is an error at its position.
func (c *Checker) LocateObjective(e prism.Expr) (obj locate.Objective, err error) {
	defer settle(&err)
	for {
		p, ok := e.(*prism.Paren)
		if !ok {
			break
		}
		e = p.X
	}
	bad := func(at prism.Expr) (locate.Objective, error) {
		return obj, c.errAt(safePos(at), "onus locate takes P>=1 [F φ], P>=1 [G φ], P>=1 [G F φ] or Pmax=? [F φ], Pmax=? [G φ] as its objective (see docs/guide/locate.md#objectives)")
	}
	po, ok := e.(*prism.ProbOp)
	if !ok || po.Kind != 'P' || po.Filter != nil {
		return bad(e)
	}
	switch po.Rel {
	case prism.RelMaxQuery, prism.RelQuery:
		obj.Value = true
	case prism.RelGe:
		v, err := c.env.EvalConst(po.Bound)
		if err != nil {
			return obj, c.wrapErr(safePos(po.Bound), err)
		}
		if v.Float() != 1 {
			return obj, c.errAt(safePos(po.Bound), "onus locate asks whether the objective holds with probability 1 (P>=1), or its value (Pmax=?), not P>=%v", v.Float())
		}
	default:
		return bad(e)
	}
	path := unparen(po.Path)
	t, ok := path.(*prism.Temporal)
	if !ok || t.Bound.Kind != prism.BoundNone || (t.Op != prism.TempF && t.Op != prism.TempG) {
		return bad(path)
	}
	phi := t.Right
	obj.Kind = locate.Reach
	if t.Op == prism.TempG {
		obj.Kind = locate.Safe
		inner := unparen(t.Right)
		if q, ok := inner.(*prism.ProbOp); ok && q.Rel == prism.RelGe && q.Kind == 'P' {
			if v, err := c.env.EvalConst(q.Bound); err == nil && v.Float() == 1 {
				inner = unparen(q.Path)
			}
		}
		if f, ok := inner.(*prism.Temporal); ok {
			if f.Op != prism.TempF || f.Bound.Kind != prism.BoundNone {
				return bad(f)
			}
			obj.Kind = locate.Buchi
			phi = f.Right
		}
	}
	if obj.Value && obj.Kind == locate.Buchi {
		return obj, c.errAt(safePos(po), "onus locate computes the value of F and G objectives only; G F takes P>=1 (see docs/guide/locate.md#objectives)")
	}
	if tt, ok := unparen(phi).(*prism.Temporal); ok {
		return bad(tt)
	}
	// patlBools evaluates φ once for all states (labels and expressions
	// as sets), nested operators as pATL does.
	if obj.Target, err = c.patlBools(phi); err != nil {
		return obj, err
	}
	return obj, nil
}

func unparen(e prism.Expr) prism.Expr {
	for {
		p, ok := e.(*prism.Paren)
		if !ok {
			return e
		}
		e = p.X
	}
}

// LocateSets evaluates the labels of a labels(…) grouping.
func (c *Checker) LocateSets(names []prism.Ident) (out []locate.NamedSet, err error) {
	defer settle(&err)
	for _, n := range names {
		b, err := c.patlBools(&prism.LabelRef{NamePos: n.NamePos, Name: n.Name})
		if err != nil {
			return nil, err
		}
		out = append(out, locate.NamedSet{Name: n.Name, States: b})
	}
	return out, nil
}

// Locate computes the responsibility of the groups of q (SPEC §12).
func (c *Checker) Locate(q LocateQuery) (res *LocateResult, err error) {
	// Its searches report to Config.Progress; a limit that stops them
	// (--timeout, Ctrl-C) says how far they had got, worded after settle
	// has made a panic the error.
	meter, end := c.trackProgress("locate " + prism.ExprString(q.Objective))
	defer end(&err)
	defer settle(&err)
	g := c.g
	if len(g.Initial) != 1 {
		return nil, c.errAt(safePos(q.Objective), "onus locate needs a model with a single initial state (this one has %d)", len(g.Initial))
	}
	obj, err := c.LocateObjective(q.Objective)
	if err != nil {
		return nil, err
	}
	init := int(g.Initial[0])
	gm := &locate.Game{G: g, Init: init, Obj: obj, Mode: q.Mode, Path: q.Path}
	res = &LocateResult{Game: gm, Objective: obj}
	var keep []bool
	switch {
	case q.Group.Kind == "players" && q.Mode != locate.Forward:
		return nil, c.errAt(q.Group.Pos, "--group players reads the game's own players, which the backward game of a counterexample replaces by states (use individual, labels(...) or variables(...))")
	case q.Group.Kind == "individual-all":
		keep = make([]bool, g.NumStates)
		for s := range keep {
			keep[s] = true
		}
	case q.Mode == locate.Pessimistic:
		keep = locate.Significant(g, obj.Target)
	case q.Mode == locate.Optimistic:
		keep = make([]bool, g.NumStates)
		for _, s := range q.Path {
			keep[s] = true
		}
	default:
		keep = locate.Relevant(g, init, obj)
	}
	for _, k := range keep {
		if k {
			res.Relevant++
		}
	}
	if q.Groups != nil {
		res.Relevant = g.NumStates // the rewritten games group every state
	}
	switch {
	case q.Groups != nil:
		gm.Groups, gm.Ungrouped = q.Groups, q.Ungrouped
	case q.Group.Kind == "labels":
		sets, err := c.LocateSets(q.Group.Names)
		if err != nil {
			return nil, err
		}
		if q.Mode == locate.Forward {
			gm.Groups = locate.ByLabels(g, sets, keep)
		} else {
			gm.Groups = locate.PerLabel(sets, keep)
		}
	case q.Group.Kind == "variables":
		var vars []int
		for _, n := range q.Group.Names {
			i := varIndex(g, n.Name)
			if i < 0 {
				return nil, c.errAt(n.NamePos, "unknown variable %s (the variables are %s)", n.Name, varNames(g))
			}
			vars = append(vars, i)
		}
		gm.Groups = locate.ByVariables(g, vars, keep)
	case q.Group.Kind == "players":
		if !g.Type.IsGame() {
			return nil, c.errAt(q.Group.Pos, "--group players needs a game with players (smg or csg), not a %v", g.Type)
		}
		gm.Groups = locate.Players(g)
		gm.Players = true
	default:
		gm.Groups = locate.Individual(g, keep)
	}
	opt := q.Options
	opt.Meter = meter
	r, err := locate.Run(gm, opt)
	if err != nil {
		if _, ok := err.(*LimitError); ok {
			return nil, err
		}
		return nil, c.errAt(safePos(q.Objective), "%v", err)
	}
	res.Result = r
	return res, nil
}

func varIndex(g *translate.Game, name string) int {
	for i, v := range g.Vars {
		if v.Name == name {
			return i
		}
	}
	return -1
}

func varNames(g *translate.Game) string {
	s := ""
	for i, v := range g.Vars {
		if i > 0 {
			s += ", "
		}
		s += v.Name
	}
	return s
}
