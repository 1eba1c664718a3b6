package checker

import (
	"fmt"
	"math/big"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Hand-built games and syntax for the checker's tests (the parser and the
// translator are other packages' work).

// npdGame is the n-player continuous prisoners' dilemma: players p1..pn
// with actions c_i, d_i; state = the set of players who cooperated in the
// last step (bit i-1 for p_i); every joint action leads to its state with
// probability 1; the initial state is 0 (nobody cooperated). For n = 2 the
// labels of the paper exist: fine (0), payoff1 (1), payoff2 (2), reward (3).
func npdGame(n int) *translate.Game {
	g := &translate.Game{Type: prism.TypeCSG, Actions: []string{""}, ActionOwner: []int32{-1}}
	for i := 1; i <= n; i++ {
		g.Players = append(g.Players, fmt.Sprintf("p%d", i))
		g.Actions = append(g.Actions, fmt.Sprintf("c%d", i), fmt.Sprintf("d%d", i))
		g.ActionOwner = append(g.ActionOwner, int32(i-1), int32(i-1))
		g.Vars = append(g.Vars, translate.Var{Name: fmt.Sprintf("coop%d", i), Bool: true, Lo: 0, Hi: 1})
	}
	ns := 1 << n
	g.NumStates = ns
	g.Initial = []int32{0}
	for s := 0; s < ns; s++ {
		for i := 0; i < n; i++ {
			g.Values = append(g.Values, int32(s>>i&1))
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, 0)
	g.TransStart = append(g.TransStart, 0)
	for s := 0; s < ns; s++ {
		// Joint actions in lexicographic order of action indices: c_i < d_i,
		// player 1 most significant.
		for j := 0; j < ns; j++ {
			target := 0
			for i := 0; i < n; i++ {
				defect := j>>(n-1-i)&1 == 1
				a := int32(2*i + 1)
				if defect {
					a++
				} else {
					target |= 1 << i
				}
				g.Joint = append(g.Joint, a)
			}
			g.Target = append(g.Target, int32(target))
			g.Prob = append(g.Prob, 1)
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
		}
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)-1))
	}
	g.Deadlock = translate.NewBitset(ns)
	label := func(name string, f func(s int) bool) {
		b := translate.NewBitset(ns)
		for s := 0; s < ns; s++ {
			if f(s) {
				b.Set(s)
			}
		}
		g.Labels = append(g.Labels, translate.Label{Name: name, States: b})
	}
	if n == 2 {
		label("fine", func(s int) bool { return s == 0 })
		label("payoff1", func(s int) bool { return s == 1 })
		label("payoff2", func(s int) bool { return s == 2 })
		label("reward", func(s int) bool { return s == 3 })
	}
	label("allc", func(s int) bool { return s == ns-1 })
	label("alld", func(s int) bool { return s == 0 })
	return g
}

// gameEnv resolves labels of the game and constants from a map.
type gameEnv struct {
	g      *translate.Game
	consts map[string]translate.Value
}

func (e *gameEnv) StateSet(x prism.Expr) (translate.Bitset, error) {
	switch y := x.(type) {
	case *prism.Paren:
		return e.StateSet(y.X)
	case *prism.LabelRef:
		b := e.g.Label(y.Name)
		if b == nil {
			return nil, fmt.Errorf("unknown label %q", y.Name)
		}
		return b, nil
	case *prism.BoolLit:
		b := translate.NewBitset(e.g.NumStates)
		if y.Value {
			for s := 0; s < e.g.NumStates; s++ {
				b.Set(s)
			}
		}
		return b, nil
	case *prism.Unary:
		if y.Op == prism.OpNot {
			a, err := e.StateSet(y.X)
			if err != nil {
				return nil, err
			}
			b := translate.NewBitset(e.g.NumStates)
			for s := 0; s < e.g.NumStates; s++ {
				if !a.Has(s) {
					b.Set(s)
				}
			}
			return b, nil
		}
	case *prism.Binary:
		a, err := e.StateSet(y.X)
		if err != nil {
			return nil, err
		}
		c, err := e.StateSet(y.Y)
		if err != nil {
			return nil, err
		}
		b := translate.NewBitset(e.g.NumStates)
		for s := 0; s < e.g.NumStates; s++ {
			l, r := a.Has(s), c.Has(s)
			var v bool
			switch y.Op {
			case prism.OpAnd:
				v = l && r
			case prism.OpOr:
				v = l || r
			case prism.OpImplies:
				v = !l || r
			case prism.OpIff:
				v = l == r
			default:
				return nil, fmt.Errorf("operator %v not in the test environment", y.Op)
			}
			if v {
				b.Set(s)
			}
		}
		return b, nil
	}
	return nil, fmt.Errorf("%T not in the test environment", x)
}

func (e *gameEnv) EvalConst(x prism.Expr) (translate.Value, error) {
	switch y := x.(type) {
	case *prism.Paren:
		return e.EvalConst(y.X)
	case *prism.IntLit:
		return translate.Value{Type: prism.TInt, I: y.Value, Rat: big.NewRat(y.Value, 1)}, nil
	case *prism.DoubleLit:
		r, _ := new(big.Rat).SetString(y.Text)
		return translate.Value{Type: prism.TDouble, F: y.Value, Rat: r}, nil
	case *prism.BoolLit:
		return translate.Value{Type: prism.TBool, B: y.Value}, nil
	case *prism.Name:
		v, ok := e.consts[y.Name]
		if !ok {
			return v, fmt.Errorf("unknown constant %q", y.Name)
		}
		return v, nil
	case *prism.Unary:
		v, err := e.EvalConst(y.X)
		if err != nil || y.Op != prism.OpNeg {
			return v, err
		}
		if v.Type == prism.TInt {
			return xInt(-v.I), nil
		}
		return translate.Value{Type: prism.TDouble, F: -v.F}, nil
	case *prism.Binary:
		a, err := e.EvalConst(y.X)
		if err != nil {
			return a, err
		}
		b, err := e.EvalConst(y.Y)
		if err != nil {
			return b, err
		}
		if a.Type == prism.TInt && b.Type == prism.TInt && y.Op != prism.OpDiv {
			switch y.Op {
			case prism.OpAdd:
				return xInt(a.I + b.I), nil
			case prism.OpSub:
				return xInt(a.I - b.I), nil
			case prism.OpMul:
				return xInt(a.I * b.I), nil
			}
		}
		fa, fb := a.Float(), b.Float()
		var f float64
		switch y.Op {
		case prism.OpAdd:
			f = fa + fb
		case prism.OpSub:
			f = fa - fb
		case prism.OpMul:
			f = fa * fb
		case prism.OpDiv:
			f = fa / fb
		default:
			return a, fmt.Errorf("operator %v not in the test environment", y.Op)
		}
		return translate.Value{Type: prism.TDouble, F: f}, nil
	}
	return translate.Value{}, fmt.Errorf("%T is not constant", x)
}

func xInt(i int64) translate.Value {
	return translate.Value{Type: prism.TInt, I: i, Rat: big.NewRat(i, 1)}
}

// ---- syntax builders

func xLab(name string) prism.Expr { return &prism.LabelRef{Name: name} }

func xNum(k int64) prism.Expr { return &prism.IntLit{Value: k} }

func xName(n string) prism.Expr { return &prism.Name{Name: n} }

func xOr(a, b prism.Expr) prism.Expr  { return &prism.Binary{X: a, Op: prism.OpOr, Y: b} }
func xAnd(a, b prism.Expr) prism.Expr { return &prism.Binary{X: a, Op: prism.OpAnd, Y: b} }
func xNot(a prism.Expr) prism.Expr    { return &prism.Unary{Op: prism.OpNot, X: a} }

func xTmp(op prism.TempOp, kind prism.BoundKind, k prism.Expr, l, r prism.Expr) prism.Expr {
	return &prism.Temporal{Op: op, Bound: prism.TimeBound{Kind: kind, Lo: k}, Left: l, Right: r}
}

func xX(a prism.Expr) prism.Expr                 { return xTmp(prism.TempX, prism.BoundNone, nil, nil, a) }
func xFle(k prism.Expr, a prism.Expr) prism.Expr { return xTmp(prism.TempF, prism.BoundLe, k, nil, a) }
func xFlt(k prism.Expr, a prism.Expr) prism.Expr { return xTmp(prism.TempF, prism.BoundLt, k, nil, a) }
func xGle(k prism.Expr, a prism.Expr) prism.Expr { return xTmp(prism.TempG, prism.BoundLe, k, nil, a) }
func xF(a prism.Expr) prism.Expr                 { return xTmp(prism.TempF, prism.BoundNone, nil, nil, a) }
func xG(a prism.Expr) prism.Expr                 { return xTmp(prism.TempG, prism.BoundNone, nil, nil, a) }

// step builds a plan step; "*" or no names is [*].
func xStep(names ...string) *prism.PlanStep {
	st := &prism.PlanStep{}
	for _, n := range names {
		if n == "*" {
			continue
		}
		st.Actions = append(st.Actions, prism.PlanAction{Name: n, Index: -1})
	}
	return st
}

func xRep(st *prism.PlanStep, count prism.Expr) *prism.PlanStep { st.Repeat = count; return st }

func xPlan(items ...prism.PlanItem) *prism.Plan { return &prism.Plan{Items: items} }

func xResp(kind prism.RespKind, agent string, pl *prism.Plan, deg prism.Degree, outcome prism.Expr) *prism.Resp {
	return &prism.Resp{Kind: kind, Agent: prism.PlayerRef{Name: agent}, Plan: prism.PlanRef{Plan: pl},
		Degree: deg, Rel: prism.RelQuery, Outcome: outcome}
}

func xBehaviourQ(players ...string) []*prism.BehaviourDecl {
	var out []*prism.BehaviourDecl
	for i, p := range players {
		d := fmt.Sprintf("d%d", i+1)
		c := fmt.Sprintf("c%d", i+1)
		out = append(out, &prism.BehaviourDecl{Player: prism.PlayerRef{Name: p}, Weights: []prism.ActionWeight{
			{Action: prism.PlanAction{Name: d, Index: -1}, Weight: &prism.DoubleLit{Value: 0.25, Text: "0.25"}},
			{Action: prism.PlanAction{Name: c, Index: -1}, Weight: &prism.DoubleLit{Value: 0.75, Text: "0.75"}},
		}})
	}
	return out
}

// chainGame is a two-state game: state 0 has the choices of acts (each
// leading to 0 and 1 as given), state 1 loops. Label "done" = {1}.
func chainGame(typ prism.ModelType, players []string, acts []int32, targets [][]int32, probs [][]float64) *translate.Game {
	g := &translate.Game{Type: typ, Players: players, Actions: []string{"", "go", "stay"},
		Vars: []translate.Var{{Name: "x", Lo: 0, Hi: 1}}, NumStates: 2, Values: []int32{0, 1},
		Initial: []int32{0}, Deadlock: translate.NewBitset(2)}
	g.ChoiceStart = []int32{0, int32(len(acts)), int32(len(acts)) + 1}
	g.TransStart = []int32{0}
	for i := range acts {
		g.Target = append(g.Target, targets[i]...)
		g.Prob = append(g.Prob, probs[i]...)
		g.TransStart = append(g.TransStart, int32(len(g.Target)))
	}
	g.ChoiceAction = append(append([]int32(nil), acts...), 2)
	g.Target = append(g.Target, 1)
	g.Prob = append(g.Prob, 1)
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	done := translate.NewBitset(2)
	done.Set(1)
	g.Labels = []translate.Label{{Name: "done", States: done}}
	return g
}
