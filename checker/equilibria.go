package checker

import (
	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/checker/equil/certify"
	"github.com/onus-mc/onus/checker/solve/nfg"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// checkEquilibrium answers an equilibrium query `<<C1:C2>>{opts}max=?(O1+O2)`
// on a csg (SPEC §11): it translates the property into package equil's
// plain data and returns the sum of the coalitions' values at init. Under
// Config.Explain the answer carries its strategy profile and the
// certificate of the independent best-response check (Result.Equilibrium).
func (c *Checker) checkEquilibrium(x *prism.Strategy, m *prism.MultiNash, init int) (*Result, error) {
	q, err := c.equilQuery(x, m)
	if err != nil {
		return nil, err
	}
	r, err := equil.Solve(c.g, q, equil.Config{Meter: c.hist.Meter(), MaxStates: c.cfg.MaxProduct, Profile: c.cfg.Explain || c.cfg.Strategies})
	if le, ok := err.(*equil.LimitError); ok {
		return nil, &LimitError{What: "product states", Limit: le.Limit}
	}
	if err != nil {
		return nil, c.errAt(m.OpPos, "%v", err)
	}
	eq := &Equilibrium{Values: [2]float64{r.Values[0][init], r.Values[1][init]}, Profile: r.Profile}
	for i, coal := range q.Coalitions {
		for _, p := range coal {
			eq.Coalitions[i] = append(eq.Coalitions[i], c.g.Players[p])
		}
	}
	if c.cfg.Explain {
		if eq.Certificate, err = certify.Check(c.g, r, init, certify.Config{}); err != nil {
			return nil, c.errAt(m.OpPos, "%v", err)
		}
	}
	v := r.Sum(init)
	if m.Rel.IsQuery() {
		return &Result{Kind: KindNumber, Number: v, Equilibrium: eq}, nil
	}
	bound, err := c.numConst(m.Bound, "bound")
	if err != nil {
		return nil, err
	}
	return &Result{Kind: KindBool, Bool: compare(v, nil, m.Rel, bound), Equilibrium: eq}, nil
}

// Equilibrium describes the answer to an equilibrium query.
type Equilibrium struct {
	// Coalitions holds each coalition's players by name.
	Coalitions [2][]string
	// Values are the coalitions' values at the initial state; the query's
	// value is their sum.
	Values [2]float64
	// Profile is the strategy profile that attains them (Config.Explain
	// or Config.Strategies) and Certificate the independent check of it
	// (Config.Explain).
	Profile     *equil.Profile
	Certificate *certify.Report
}

// equilQuery checks the property's form, in PRISM-games' order and words
// (reference §1.10), and builds the query.
func (c *Checker) equilQuery(x *prism.Strategy, m *prism.MultiNash) (*equil.Query, error) {
	q := &equil.Query{Min: !m.Max}
	if err := c.equilOptions(x, q); err != nil {
		return nil, err
	}
	if c.g.Joint == nil {
		return nil, c.errAt(x.OpPos, "The <<>> operator can only contain one coalition.")
	}
	if x.Dual {
		return nil, c.errAt(x.OpPos, "The [[]] operator is not yet supported.")
	}
	if len(x.Coalitions) != len(m.Terms) {
		return nil, c.errAt(x.OpPos, "The number of coalitions and objectives must be equal.")
	}
	coals, err := c.equilCoalitions(x)
	if err != nil {
		return nil, err
	}
	objs := make([]equil.Objective, len(m.Terms))
	for i, t := range m.Terms {
		if objs[i], err = c.equilObjective(t); err != nil {
			return nil, err
		}
		if i > 0 && objs[i].IsProb() != objs[0].IsProb() {
			return nil, c.errAt(safePos(t), "Mixing P and R operators is not yet supported.")
		}
	}
	if len(coals) > 2 {
		return nil, c.errAt(x.OpPos, "Equilibria-based properties with more than two coalitions are not yet supported.")
	}
	q.Coalitions = [2][]int{coals[0], coals[1]}
	q.Objectives = [2]equil.Objective{objs[0], objs[1]}
	return q, nil
}

// equilOptions reads {nash|corr|correlated, social|fair}; a later option
// overrides an earlier one of the same kind.
func (c *Checker) equilOptions(x *prism.Strategy, q *equil.Query) error {
	for _, o := range x.Options {
		n, ok := prism.Unparen(o).(*prism.Name)
		if !ok {
			return c.errAt(safePos(o), "an option of the <<>> operator must be nash, corr, social or fair")
		}
		switch n.Name {
		case "nash":
			q.Correlated = false
		case "corr", "correlated":
			q.Correlated = true
		case "social":
			q.Criterion = nfg.Social
		case "fair":
			q.Criterion = nfg.Fair
		default:
			return c.errAt(n.NamePos, "Unknown option %q for <<>> operator", n.Name)
		}
	}
	return nil
}

// equilCoalitions resolves the coalitions: every player in exactly one.
func (c *Checker) equilCoalitions(x *prism.Strategy) ([][]int, error) {
	seen := make([]int, c.nplayers)
	coals := make([][]int, len(x.Coalitions))
	for i, refs := range x.Coalitions {
		if i < len(x.AllPlayers) && x.AllPlayers[i] {
			for p := range seen {
				coals[i] = append(coals[i], p)
				seen[p]++
			}
			continue
		}
		for _, ref := range refs {
			p := c.g.PlayerIndex(ref)
			if p < 0 {
				if ref.Name == "" {
					return nil, c.errAt(ref.Pos, "there is no player %d (the model has %d)", ref.Index, c.nplayers)
				}
				return nil, c.errAt(ref.Pos, "unknown player %q", ref.Name)
			}
			coals[i] = append(coals[i], p)
			seen[p]++
		}
	}
	for _, n := range seen {
		if n != 1 {
			return nil, c.errAt(x.OpPos, "All players must be in a coalition.")
		}
	}
	return coals, nil
}

// equilObjective translates one objective P[ψ] or R{r}[ρ].
func (c *Checker) equilObjective(t prism.Expr) (equil.Objective, error) {
	switch op := prism.Unparen(t).(type) {
	case *prism.ProbOp:
		return c.equilPath(op)
	case *prism.RewardOp:
		return c.equilReward(op)
	}
	return equil.Objective{}, c.errAt(safePos(t), "an equilibrium objective must be P[...] or R{...}[...]")
}

// equilPath translates P[F φ], P[φ U ψ] (optionally bounded) and P[X φ].
func (c *Checker) equilPath(op *prism.ProbOp) (equil.Objective, error) {
	tp, ok := prism.Unparen(op.Path).(*prism.Temporal)
	if !ok || (tp.Op != prism.TempF && tp.Op != prism.TempU && tp.Op != prism.TempX) {
		return equil.Objective{}, c.errAt(op.OpPos, "equilibrium objectives P[...] take F, U or X (G, W, R and negations are not supported)")
	}
	var o equil.Objective
	var err error
	if o.Target, err = c.simpleSet(tp.Right); err != nil {
		return o, err
	}
	if tp.Op == prism.TempU {
		if o.Left, err = c.simpleSet(tp.Left); err != nil {
			return o, err
		}
	}
	if tp.Op == prism.TempX {
		if tp.Bound.Kind != prism.BoundNone {
			return o, c.errAt(tp.Bound.Pos, "X takes no time bound in equilibrium objectives")
		}
		o.Kind, o.Bounded, o.Bound = equil.Next, true, 1
		return o, nil
	}
	o.Kind = equil.Until
	switch tp.Bound.Kind {
	case prism.BoundNone:
		return o, nil
	case prism.BoundLe, prism.BoundLt:
		k, err := c.intConst(tp.Bound.Lo, "time bound")
		if err != nil {
			return o, err
		}
		if tp.Bound.Kind == prism.BoundLt {
			k--
		}
		if k < 0 {
			return o, c.errAt(tp.Bound.Pos, "the time bound must be at least 0 (F<0 holds nowhere)")
		}
		o.Bounded, o.Bound = true, int(k)
		return o, nil
	case prism.BoundGe, prism.BoundGt:
		return o, c.errAt(tp.Bound.Pos, "Only upper bounds are allowed.")
	}
	return o, c.errAt(tp.Bound.Pos, "lower time bounds are not supported in equilibrium objectives (only <=k and <k)")
}

// simpleSet evaluates a state formula of an objective; path operators
// inside make it not a simple path formula. Plain parts are evaluated once
// over all states (patlSet), not state by state.
func (c *Checker) simpleSet(e prism.Expr) (translate.Bitset, error) {
	bad := false
	prism.Inspect(e, func(x prism.Expr) bool {
		if _, ok := x.(*prism.Temporal); ok {
			bad = true
		}
		return !bad
	})
	if bad {
		return nil, c.errAt(safePos(e), "Expression is not a simple path formula.")
	}
	return c.patlSet(e)
}

// equilReward translates R{r}[I=k], R{r}[C<=k] and R{r}[F φ].
func (c *Checker) equilReward(op *prism.RewardOp) (equil.Objective, error) {
	var o equil.Objective
	switch {
	case op.StructName == "" && op.StructIndex == nil:
		return o, c.errAt(op.OpPos, "an equilibrium objective R must name its reward structure (R{\"name\"} or R{i})")
	case op.Filter != nil || op.Discount != nil || op.Modifier != "":
		return o, c.errAt(op.OpPos, "this reward operator form is not supported in equilibrium objectives")
	}
	r, err := c.rewardStruct(op)
	if err != nil {
		return o, err
	}
	o.StateRew, o.TransRew = r.State, r.Trans
	switch op.ContentKind {
	case 'F':
		o.Kind = equil.Reach
		o.Target, err = c.simpleSet(op.Target)
		return o, err
	case 'I', 'C':
		if op.TimeBound == nil {
			return o, c.errAt(op.OpPos, "Total rewards C is not yet supported for equilibria-based properties.")
		}
		k, err := c.intConst(op.TimeBound, "time bound")
		if err != nil {
			return o, err
		}
		if k < 0 {
			return o, c.errAt(op.TimeBound.Position(), "the time bound must be at least 0")
		}
		o.Kind, o.Bounded, o.Bound = equil.Inst, true, int(k)
		if op.ContentKind == 'C' {
			o.Kind = equil.Cumul
		}
		return o, nil
	case 'S':
		return o, c.errAt(op.OpPos, "The reward operator S is not yet supported for equilibria-based properties.")
	case 'c':
		return o, c.errAt(op.OpPos, "The reward operator Fc is not yet supported for equilibria-based properties.")
	case '0':
		return o, c.errAt(op.OpPos, "The reward operator F0 is not yet supported for equilibria-based properties.")
	}
	return o, c.errAt(op.OpPos, "equilibrium objectives R[...] take I=k, C<=k or F (time-bounded F and path formulas are not supported)")
}
