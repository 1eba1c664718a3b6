package checker

import (
	"math/big"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates the coalition operators of pATL on games (SPEC §4):
// <<A>> Pmax=? / Pmin=? [ψ], <<A>> P~p [ψ], <<A>> [ψ] (sure winning), and
// Pmax=? / Pmin=? without a coalition (every player cooperates, as in
// PRISM-games). Paths are infinite here, as in PRISM: a path formula made
// of one temporal operator over state formulas is solved on the game
// directly (bounded operators by exactly k backward steps, unbounded ones
// by value iteration, G, W and R by duality); any other path formula is
// solved on the product with its outcome automaton, as a reachability of
// the residual `true` (co-safe formulas) or an avoidance of the residual
// `false` (safety formulas).

// patlOp is the operator under a coalition: P or R with a query (max=? or
// min=?) or a bound, or the certainty form [ψ].
type patlOp struct {
	pos     prism.Pos
	rel     prism.RelKind
	bound   prism.Expr
	path    prism.Expr      // P and [ψ]: the path formula
	rew     *prism.RewardOp // R: the reward operator
	certain bool            // <<A>> [ψ]
}

func probOp(x *prism.ProbOp) patlOp {
	return patlOp{pos: x.OpPos, rel: x.Rel, bound: x.Bound, path: x.Path}
}

// strategyForm checks that x is a coalition operator onus evaluates and
// returns the operator inside it.
func (c *Checker) strategyForm(x *prism.Strategy) (patlOp, error) {
	if m, ok := prism.Unparen(x.Op).(*prism.MultiNash); ok {
		return patlOp{}, c.errAt(m.OpPos, "equilibrium queries inside other operators are not supported yet (only a whole property <<a:b>>max=?(...))")
	}
	switch {
	case x.Dual && x.Certain:
		return patlOp{}, c.errAt(x.OpPos, "the dual coalition operator [[...]] is not supported with a certain path [ψ]: sure winning is not determined when chance opposes both sides")
	case len(x.Coalitions) != 1:
		return patlOp{}, c.errAt(x.OpPos, "several coalitions (<<a:b>>) take an equilibrium query, max=?(O1+O2) or min=?(O1+O2); with a single P or R operator they are not supported")
	case len(x.Options) > 0:
		return patlOp{}, c.errAt(x.OpPos, "options of the coalition operator are not supported")
	case x.Certain:
		if x.Op == nil {
			return patlOp{}, c.errAt(x.OpPos, "missing path formula")
		}
		return patlOp{pos: x.OpPos, path: x.Op, certain: true}, nil
	}
	switch op := prism.Unparen(x.Op).(type) {
	case *prism.ProbOp:
		switch {
		case op.Kind != 'P':
			return patlOp{}, c.errAt(op.OpPos, "<<...>> takes P or R here; %c is not supported", op.Kind)
		case op.Filter != nil:
			return patlOp{}, c.errAt(op.OpPos, "filters inside P are not supported yet")
		case op.Rel == prism.RelQuery:
			return patlOp{}, c.errAt(op.OpPos, "a coalition needs Pmax=? or Pmin=? (not P=?)")
		case op.Rel.IsQuery() && op.Rel != prism.RelMaxQuery && op.Rel != prism.RelMinQuery:
			return patlOp{}, c.errAt(op.OpPos, "P%s is not supported yet", relString(op.Rel))
		}
		return probOp(op), nil
	case *prism.RewardOp:
		if err := c.rewardForm(op); err != nil {
			return patlOp{}, err
		}
		return patlOp{pos: op.OpPos, rel: op.Rel, bound: op.Bound, rew: op}, nil
	case nil:
		return patlOp{}, c.errAt(x.OpPos, "missing operator after the coalition")
	default:
		if multiObjective(op) {
			return patlOp{}, c.errAt(x.OpPos, "multi-objective queries <<...>>(P... & R...) are not supported on games (PRISM-games computes Pareto sets of total, average and ratio rewards on smgs); on an mdp, multi(...) is")
		}
		return patlOp{}, c.errAt(x.OpPos, "<<...>> must be followed by P, R or [ path ]")
	}
}

// strategyUnsupported reports an unsupported form of x or inside its path.
func (c *Checker) strategyUnsupported(x *prism.Strategy) error {
	op, err := c.strategyForm(x)
	if err != nil {
		return err
	}
	return c.opUnsupported(op)
}

func (c *Checker) opUnsupported(op patlOp) error {
	if op.rew != nil {
		if op.rew.Target == nil {
			return nil
		}
		return c.unsupported(op.rew.Target)
	}
	return c.unsupported(op.path)
}

// coalitionOf resolves the players of x (all of them for <<*>>). The dual
// [[A]] is the coalition of the other players: [[A]] P≥p [ψ] (A cannot
// keep the probability below p) holds exactly where the value of
// <<others>> P [ψ] is at least p, and the values agree. Turn-based games
// are determined; a csg is determined in values with randomised
// strategies (Everett; Martin for ω-regular objectives), and onus
// computes its values stage by stage as matrix games, whose value does not
// depend on which side is named first (the minimax theorem), and decides
// bounds on values, as for <<A>>.
func (c *Checker) coalitionOf(x *prism.Strategy) ([]bool, error) {
	coal, err := c.namedCoalition(x)
	if err != nil || !x.Dual {
		return coal, err
	}
	for i := range coal {
		coal[i] = !coal[i]
	}
	return coal, nil
}

func (c *Checker) namedCoalition(x *prism.Strategy) ([]bool, error) {
	coal := make([]bool, c.nplayers)
	if len(x.AllPlayers) > 0 && x.AllPlayers[0] {
		for i := range coal {
			coal[i] = true
		}
		return coal, nil
	}
	for _, ref := range x.Coalitions[0] {
		i := c.g.PlayerIndex(ref)
		if i < 0 {
			name := ref.Name
			if name == "" {
				return nil, c.errAt(ref.Pos, "there is no player %d (the model has %d)", ref.Index, c.nplayers)
			}
			return nil, c.errAt(ref.Pos, "unknown player %q", name)
		}
		coal[i] = true
	}
	return coal, nil
}

func (c *Checker) allPlayers() []bool {
	coal := make([]bool, c.nplayers)
	for i := range coal {
		coal[i] = true
	}
	return coal
}

// strategyQuery prepares x: the query and its operator.
func (c *Checker) strategyQuery(x *prism.Strategy) (solve.Query, patlOp, error) {
	op, err := c.strategyForm(x)
	if err != nil {
		return solve.Query{}, op, err
	}
	coal, err := c.coalitionOf(x)
	if err != nil {
		return solve.Query{}, op, err
	}
	return queryFor(coal, op), op, c.opUnsupported(op)
}

// queryFor: the coalition maximises for max=?, > and >=, and makes the
// path certain in [ψ].
func queryFor(coal []bool, op patlOp) solve.Query {
	q := solve.Query{Coal: coal, Sure: op.certain}
	switch op.rel {
	case prism.RelMaxQuery, prism.RelGt, prism.RelGe:
		q.Max = true
	}
	return q
}

// opValues returns the value of op under q at each start state.
func (c *Checker) opValues(q solve.Query, op patlOp, starts []int) ([]float64, error) {
	if op.rew != nil {
		return c.rewardValues(q, op.rew, starts)
	}
	return c.pathValues(q, op.path, starts)
}

// checkStrategy evaluates a coalition operator at the initial state.
func (c *Checker) checkStrategy(x *prism.Strategy, init int) (*Result, error) {
	if m, ok := prism.Unparen(x.Op).(*prism.MultiNash); ok {
		return c.checkEquilibrium(x, m, init)
	}
	q, op, err := c.strategyQuery(x)
	if err != nil {
		return nil, err
	}
	return c.checkOp(q, op, init)
}

func (c *Checker) checkOp(q solve.Query, op patlOp, init int) (*Result, error) {
	var strat *Strategy
	var why string
	var v []float64
	var err error
	if c.cfg.Strategies {
		var all []float64
		if all, strat, why, err = c.opStrategy(q, op); err != nil {
			return nil, err
		}
		if strat != nil {
			v = valuesAt(all, []int{init})
		}
	}
	if v == nil {
		if v, err = c.opValues(q, op, []int{init}); err != nil {
			return nil, err
		}
	}
	res, err := c.opResult(q, op, init, v)
	if res != nil {
		res.Strategy, res.NoStrategy = strat, why
	}
	return res, err
}

// opResult is the result of op under q from its value v at init.
func (c *Checker) opResult(q solve.Query, op patlOp, init int, v []float64) (*Result, error) {
	if q.Sure {
		return &Result{Kind: KindBool, Bool: v[0] == 1}, nil
	}
	ex := c.exactValues(q, op, []int{init})
	if op.rel.IsQuery() {
		res := &Result{Kind: KindNumber, Number: v[0]}
		if ex != nil && ex[0] != nil { // nil: +∞ (a reward), the float stands
			res.Exact, res.Number = ex[0], resp.RatFloat(ex[0])
		}
		return res, nil
	}
	var vr *big.Rat
	if ex != nil {
		vr = ex[0]
	}
	b, err := c.opHolds(op, v[0], vr)
	if err != nil {
		return nil, err
	}
	return &Result{Kind: KindBool, Bool: b}, nil
}

// opHolds compares op's value v (exactly vr when not nil) with its bound.
func (c *Checker) opHolds(op patlOp, v float64, vr *big.Rat) (bool, error) {
	var bound weight
	var err error
	if op.rew != nil {
		bound, err = c.numConst(op.bound, "reward bound")
	} else {
		bound, err = c.probConst(op.bound)
	}
	if err != nil {
		return false, err
	}
	return compare(v, vr, op.rel, bound), nil
}

// checkOptProb evaluates Pmax=? / Pmin=? without a coalition: all players
// optimise together.
func (c *Checker) checkOptProb(x *prism.ProbOp, init int) (*Result, error) {
	op := probOp(x)
	if err := c.opUnsupported(op); err != nil {
		return nil, err
	}
	return c.checkOp(queryFor(c.allPlayers(), op), op, init)
}

// checkOptReward evaluates Rmax=? / Rmin=? without a coalition.
func (c *Checker) checkOptReward(x *prism.RewardOp, init int) (*Result, error) {
	if err := c.rewardForm(x); err != nil {
		return nil, err
	}
	op := patlOp{pos: x.OpPos, rel: x.Rel, bound: x.Bound, rew: x}
	if err := c.opUnsupported(op); err != nil {
		return nil, err
	}
	return c.checkOp(queryFor(c.allPlayers(), op), op, init)
}

// strategyAt evaluates a boolean coalition operator at state s; the set of
// states where it holds is computed once per checker.
func (c *Checker) strategyAt(x *prism.Strategy, s int) (bool, error) {
	set, err := c.strategySet(x)
	if err != nil {
		return false, err
	}
	return set.Has(s), nil
}

func (c *Checker) strategySet(x *prism.Strategy) (translate.Bitset, error) {
	if set, ok := c.patl[x]; ok {
		return set, nil
	}
	q, op, err := c.strategyQuery(x)
	if err != nil {
		return nil, err
	}
	if !q.Sure && op.rel.IsQuery() {
		return nil, c.errAt(op.pos, "a %s query is numeric and cannot be used as a state formula", relString(op.rel))
	}
	starts := make([]int, c.g.NumStates)
	for s := range starts {
		starts[s] = s
	}
	v, err := c.opValues(q, op, starts)
	if err != nil {
		return nil, err
	}
	ex := c.exactValues(q, op, starts)
	set := translate.NewBitset(c.g.NumStates)
	for s, p := range v {
		holds := p == 1
		if !q.Sure {
			var vr *big.Rat
			if ex != nil {
				vr = ex[s]
			}
			if holds, err = c.opHolds(op, p, vr); err != nil {
				return nil, err
			}
		}
		if holds {
			set.Set(s)
		}
	}
	if c.patl == nil {
		c.patl = map[*prism.Strategy]translate.Bitset{}
	}
	c.patl[x] = set
	return set, nil
}

// pathValues returns the value of path under q at each start state: the
// optimal probability, or 1/0 for sure winning.
func (c *Checker) pathValues(q solve.Query, path prism.Expr, starts []int) ([]float64, error) {
	path = prism.Unparen(path)
	if path == nil {
		return nil, c.errAt(prism.NoPos, "missing path formula")
	}
	if t, ok := path.(*prism.Temporal); ok && !bareTemporal(t.Left) && !bareTemporal(t.Right) {
		all, err := c.simpleValues(q, t)
		if err != nil {
			return nil, err
		}
		return valuesAt(all, starts), nil
	}
	return c.productValues(q, path, starts)
}

// valuesAt picks the values of the states in starts out of a value per
// state (game or product state).
func valuesAt[T int | int32](all []float64, starts []T) []float64 {
	out := make([]float64, len(starts))
	for k, s := range starts {
		out[k] = all[s]
	}
	return out
}

// bareTemporal reports whether e has a temporal operator outside every
// P, R, coalition, responsibility or metric operator.
func bareTemporal(e prism.Expr) bool {
	found := false
	prism.Inspect(e, func(x prism.Expr) bool {
		switch x.(type) {
		case *prism.Temporal:
			found = true
		case *prism.ProbOp, *prism.RewardOp, *prism.Strategy, *prism.Resp,
			*prism.Metric, *prism.FilterExpr, *prism.MultiNash:
			return false
		}
		return !found
	})
	return found
}

// simpleValues solves one temporal operator over state formulas on the
// game, for every state.
func (c *Checker) simpleValues(q solve.Query, t *prism.Temporal) ([]float64, error) {
	k, left, right, err := c.simpleOperands(t)
	if err != nil {
		return nil, err
	}
	n := c.g.NumStates
	ar := solve.GameArena(c.g)
	if t.Op == prism.TempX {
		sv := solve.NewSolver(ar, solve.NewView(c.g, q.Coal), q.Max)
		if q.Sure {
			out := make([]bool, n)
			for i := range out {
				out[i] = sv.CPre(i, right)
			}
			return solve.BoolValues(out), nil
		}
		return sv.Next(right), nil
	}
	return c.operatorValues(ar, q, t, left, right, k)
}

// operatorValues solves F, U, G, W and R over state sets on an arena, for
// the game (pATL) and for the chain a behaviour induces (P on infinite
// paths); X is the caller's, as its one-step operator differs between the
// two.
func (c *Checker) operatorValues(ar *solve.Arena, q solve.Query, t *prism.Temporal, left, right []bool, k int64) ([]float64, error) {
	q.Meter = c.hist.Meter() // its iterations' progress
	op, ok := map[prism.TempOp]solve.Op{prism.TempF: solve.OpF, prism.TempU: solve.OpU,
		prism.TempG: solve.OpG, prism.TempW: solve.OpW, prism.TempR: solve.OpR}[t.Op]
	if !ok {
		return nil, c.errAt(t.OpPos, "unknown temporal operator")
	}
	return solve.Path(ar, q, op, left, right, k)
}

// simpleOperands evaluates what a single temporal operator over state
// formulas needs: its bound (unbounded as boundOf gives it) and the states
// where its left and right operands hold (left all false for X, F, G).
func (c *Checker) simpleOperands(t *prism.Temporal) (k int64, left, right []bool, err error) {
	if k, err = c.boundOf(t); err != nil {
		return 0, nil, nil, err
	}
	if right, err = c.patlBools(t.Right); err != nil {
		return 0, nil, nil, err
	}
	left = make([]bool, c.g.NumStates)
	if t.Left != nil {
		if left, err = c.patlBools(t.Left); err != nil {
			return 0, nil, nil, err
		}
	} else if t.Op == prism.TempU || t.Op == prism.TempW || t.Op == prism.TempR {
		return 0, nil, nil, c.errAt(t.OpPos, "%v needs two operands", t.Op)
	}
	return k, left, right, nil
}

// productValues solves a co-safe or safety path formula on the product of
// the game with its outcome automaton.
func (c *Checker) productValues(q solve.Query, path prism.Expr, starts []int) ([]float64, error) {
	p, err := c.automatonFor(path, false)
	if err != nil {
		return nil, err
	}
	return c.productSolve(c.g, p, q, path, starts)
}

// productSolve solves path on product p of game g (the game itself or the
// chain a behaviour induces) from each start state.
func (c *Checker) productSolve(g *translate.Game, p *hist.Product, q solve.Query, path prism.Expr, starts []int) ([]float64, error) {
	q.Meter = c.hist.Meter() // its iterations' progress
	ids, notBad, good, coSafe, err := c.productSets(p, path, starts)
	if err != nil {
		return nil, err
	}
	ar := solve.ProductArena(g, p.S, p.Succ, p.SuccStart)
	var v []float64
	if coSafe {
		v, err = solve.Until(ar, q, notBad, good, solve.Unbounded)
	} else {
		// ψ holds while the residual `false` is avoided: notBad W good,
		// solved by its dual when probabilities are asked.
		v, err = solve.Weak(ar, q, notBad, good, solve.Unbounded)
	}
	if err != nil {
		return nil, err
	}
	return valuesAt(v, ids), nil
}

// productSets returns the product states of starts and the product's
// states whose residual formula is not false and those where it is true;
// ψ holds when notBad U good (coSafe), else when notBad W good.
func (c *Checker) productSets(p *hist.Product, path prism.Expr, starts []int) (ids []int32, notBad, good []bool, coSafe bool, err error) {
	a := p.A
	coSafe, safe := c.fac.Classify(a.Init())
	if !coSafe && !safe {
		return nil, nil, nil, false, c.neitherError(path)
	}
	ids = make([]int32, len(starts))
	for k, s := range starts {
		ids[k] = p.Start(s)
	}
	n := p.Size()
	good = make([]bool, n)
	notBad = make([]bool, n)
	for i := 0; i < n; i++ {
		r := a.Prog(p.Q[i], a.Letter(int(p.S[i])))
		good[i], notBad[i] = r == ltlf.True, r != ltlf.False
	}
	return ids, notBad, good, coSafe, nil
}

// patlBools evaluates a state formula at every state, set-wise for the
// boolean connectives (plain sub-formulas are evaluated once).
func (c *Checker) patlBools(e prism.Expr) ([]bool, error) {
	set, err := c.patlSet(e)
	if err != nil {
		return nil, err
	}
	out := make([]bool, c.g.NumStates)
	for i := range out {
		out[i] = set.Has(i)
	}
	return out, nil
}

func (c *Checker) patlSet(e prism.Expr) (translate.Bitset, error) {
	e = prism.Unparen(e)
	if e == nil {
		return nil, c.errAt(prism.NoPos, "missing state formula")
	}
	n := c.g.NumStates
	switch x := e.(type) {
	case *prism.BoolLit:
		set := translate.NewBitset(n)
		if x.Value {
			for i := 0; i < n; i++ {
				set.Set(i)
			}
		}
		return set, nil
	case *prism.Strategy:
		return c.strategySet(x)
	case *prism.Temporal:
		return nil, c.errAt(x.OpPos, "a path formula needs an operator (P, CAR, CPR, CCR or a metric) around it")
	case *prism.Unary:
		if x.Op == prism.OpNot && !isPlain(x) {
			s, err := c.patlSet(x.X)
			if err != nil {
				return nil, err
			}
			out := translate.NewBitset(n)
			for i := 0; i < n; i++ {
				if !s.Has(i) {
					out.Set(i)
				}
			}
			return out, nil
		}
	case *prism.Binary:
		switch x.Op {
		case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
			if isPlain(x) {
				break
			}
			l, err := c.patlSet(x.X)
			if err != nil {
				return nil, err
			}
			r, err := c.patlSet(x.Y)
			if err != nil {
				return nil, err
			}
			out := translate.NewBitset(n)
			for i := 0; i < n; i++ {
				a, b := l.Has(i), r.Has(i)
				var v bool
				switch x.Op {
				case prism.OpAnd:
					v = a && b
				case prism.OpOr:
					v = a || b
				case prism.OpImplies:
					v = !a || b
				default:
					v = a == b
				}
				if v {
					out.Set(i)
				}
			}
			return out, nil
		}
	}
	if isPlain(e) {
		return c.atomSet(e)
	}
	return c.stateSet(e)
}

// complete reports whether the operators of e have all their operands (a
// syntax tree from the parser always does), else where one is missing
// (atomSet refuses incomplete atoms, whose Position may not be defined).
func complete(e prism.Expr) (prism.Pos, bool) {
	pos, ok := prism.NoPos, true
	prism.Inspect(e, func(x prism.Expr) bool {
		switch y := x.(type) {
		case *prism.Binary:
			if y.X == nil || y.Y == nil {
				pos, ok = y.OpPos, false
			}
		case *prism.Unary:
			if y.X == nil {
				pos, ok = y.OpPos, false
			}
		case *prism.Cond:
			if y.Cond == nil || y.Then == nil || y.Else == nil {
				ok = false
			}
		case *prism.Paren:
			if y.X == nil {
				pos, ok = y.Lparen, false
			}
		}
		return ok
	})
	return pos, ok
}

// multiObjective reports whether e combines P or R operators with Boolean
// connectives, as PRISM-games' multi-objective <<A>>(R... & P...) does.
func multiObjective(e prism.Expr) bool {
	b, ok := prism.Unparen(e).(*prism.Binary)
	if !ok {
		return false
	}
	found := false
	prism.Inspect(b, func(x prism.Expr) bool {
		switch x.(type) {
		case *prism.ProbOp, *prism.RewardOp:
			found = true
		}
		return !found
	})
	return found
}
