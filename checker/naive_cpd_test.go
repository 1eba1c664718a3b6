package checker_test

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"testing"

	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// cpdGame builds the continuous prisoners' dilemma of SPEC §8 by hand:
// states fine (initial), reward, payoff1, payoff2, one label per state
// named like it, and from every state each joint action leads to its state
// with probability 1.
func cpdGame() *translate.Game {
	const fine, reward, payoff1, payoff2 = 0, 1, 2, 3
	g := &translate.Game{
		Type:        prism.TypeCSG,
		Vars:        []translate.Var{{Name: "s", Lo: 0, Hi: 3}},
		Players:     []string{"p1", "p2"},
		Actions:     []string{"", "c1", "d1", "c2", "d2"},
		ActionOwner: []int32{-1, 0, 0, 1, 1},
		NumStates:   4,
		Values:      []int32{0, 1, 2, 3},
		Initial:     []int32{fine},
		Deadlock:    translate.NewBitset(4),
	}
	// Joint actions in lexicographic order of action index.
	joint := [][2]int32{{1, 3}, {1, 4}, {2, 3}, {2, 4}}
	to := []int32{reward, payoff1, payoff2, fine}
	for s := 0; s < 4; s++ {
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		for k, j := range joint {
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			g.Joint = append(g.Joint, j[0], j[1])
			g.Target = append(g.Target, to[k])
			g.Prob = append(g.Prob, 1)
			g.ProbExact = append(g.ProbExact, big.NewRat(1, 1))
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	for s, name := range []string{"fine", "reward", "payoff1", "payoff2"} {
		b := translate.NewBitset(4)
		b.Set(s)
		g.Labels = append(g.Labels, translate.Label{Name: name, States: b})
	}
	return g
}

// litConst evaluates the literals the tests build (IntLit, DoubleLit).
func litConst(e prism.Expr) (translate.Value, error) {
	switch x := e.(type) {
	case *prism.IntLit:
		return translate.Value{Type: prism.TInt, I: x.Value, Rat: big.NewRat(x.Value, 1)}, nil
	case *prism.DoubleLit:
		r, ok := new(big.Rat).SetString(x.Text)
		if !ok {
			return translate.Value{}, fmt.Errorf("bad double %q", x.Text)
		}
		return translate.Value{Type: prism.TDouble, F: x.Value, Rat: r}, nil
	}
	return translate.Value{}, fmt.Errorf("not a literal: %T", e)
}

// labelAtom maps "name" to the game's label and, as an Env must, boolean
// combinations of labels to the states where they hold.
func labelAtom(g *translate.Game) func(prism.Expr) (translate.Bitset, error) {
	var set func(e prism.Expr) (translate.Bitset, error)
	set = func(e prism.Expr) (translate.Bitset, error) {
		out := translate.NewBitset(g.NumStates)
		pointwise := func(f func(s int) bool) translate.Bitset {
			for s := range g.NumStates {
				if f(s) {
					out.Set(s)
				}
			}
			return out
		}
		switch x := e.(type) {
		case *prism.LabelRef:
			if b := g.Label(x.Name); b != nil {
				return pointwise(b.Has), nil
			}
			return nil, fmt.Errorf("unknown label %q", x.Name)
		case *prism.BoolLit:
			return pointwise(func(int) bool { return x.Value }), nil
		case *prism.Paren:
			return set(x.X)
		case *prism.Unary:
			if x.Op == prism.OpNot {
				a, err := set(x.X)
				if err != nil {
					return nil, err
				}
				return pointwise(func(s int) bool { return !a.Has(s) }), nil
			}
		case *prism.Binary:
			a, err := set(x.X)
			if err != nil {
				return nil, err
			}
			b, err := set(x.Y)
			if err != nil {
				return nil, err
			}
			switch x.Op {
			case prism.OpAnd:
				return pointwise(func(s int) bool { return a.Has(s) && b.Has(s) }), nil
			case prism.OpOr:
				return pointwise(func(s int) bool { return a.Has(s) || b.Has(s) }), nil
			case prism.OpImplies:
				return pointwise(func(s int) bool { return !a.Has(s) || b.Has(s) }), nil
			case prism.OpIff:
				return pointwise(func(s int) bool { return a.Has(s) == b.Has(s) }), nil
			}
		}
		return nil, fmt.Errorf("atom %s is not a boolean combination of labels", naive.FormatExpr(e))
	}
	return set
}

// Small AST builders shared with the random comparison.
func lab(n string) prism.Expr  { return &prism.LabelRef{Name: n} }
func ilit(v int) *prism.IntLit { return &prism.IntLit{Value: int64(v)} }
func dlit(text string) *prism.DoubleLit {
	f, _ := strconv.ParseFloat(text, 64)
	return &prism.DoubleLit{Value: f, Text: text}
}
func or(a, b prism.Expr) prism.Expr { return &prism.Binary{X: a, Op: prism.OpOr, Y: b} }
func next(a prism.Expr) prism.Expr  { return &prism.Temporal{Op: prism.TempX, Right: a} }
func fLe(k int, a prism.Expr) prism.Expr {
	return &prism.Temporal{Op: prism.TempF, Bound: prism.TimeBound{Kind: prism.BoundLe, Lo: ilit(k)}, Right: a}
}
func gLe(k int, a prism.Expr) prism.Expr {
	return &prism.Temporal{Op: prism.TempG, Bound: prism.TimeBound{Kind: prism.BoundLe, Lo: ilit(k)}, Right: a}
}

// step is a plan step naming the given actions ([*] when none).
func step(names ...string) *prism.PlanStep {
	s := &prism.PlanStep{}
	for _, n := range names {
		s.Actions = append(s.Actions, prism.PlanAction{Name: n, Index: -1})
	}
	return s
}

func planOf(items ...prism.PlanItem) *prism.Plan { return &prism.Plan{Items: items} }

func repeat(s *prism.PlanStep, n int) *prism.PlanStep { s.Repeat = ilit(n); return s }

func resp(kind prism.RespKind, deg prism.Degree, plan *prism.Plan, psi prism.Expr) *prism.Resp {
	return &prism.Resp{Kind: kind, Agent: prism.PlayerRef{Name: "p1"}, Plan: prism.PlanRef{Plan: plan},
		Degree: deg, Rel: prism.RelQuery, Outcome: psi}
}

// qBehaviour is "q" of SPEC §8: p(d) = 1/4, p(c) = 3/4 for both players.
func qBehaviour() []*prism.BehaviourDecl {
	return []*prism.BehaviourDecl{
		{Player: prism.PlayerRef{Name: "p1"}, Weights: []prism.ActionWeight{
			{Action: prism.PlanAction{Name: "d1", Index: -1}, Weight: dlit("0.25")},
			{Action: prism.PlanAction{Name: "c1", Index: -1}, Weight: dlit("0.75")}}},
		{Player: prism.PlayerRef{Name: "p2"}, Weights: []prism.ActionWeight{
			{Action: prism.PlanAction{Name: "d2", Index: -1}, Weight: ilit(1)},
			{Action: prism.PlanAction{Name: "c2", Index: -1}, Weight: ilit(3)}}},
	}
}

// TestNaiveCPD checks the enumerator against every row of SPEC §8 that it
// covers (all but Hinf), at t = 1..4.
func TestNaiveCPD(t *testing.T) {
	g := cpdGame()
	log2 := math.Log2
	pow := math.Pow
	type want struct {
		bool           *bool
		deg            *[3]float64 // count, prob, entropy
		degExact       *[2]*big.Rat
		number         *float64
		count          int64
		exact          *big.Rat
		isCount, isNum bool
	}
	type row struct {
		name    string
		q       prism.Expr
		q8      bool // behaviour q, else uniform
		T, from int
		want    want
	}
	tr, fa := true, false
	for tt := 1; tt <= 4; tt++ {
		tf := float64(tt)
		alt := []prism.PlanItem{}
		for k := 0; k < tt; k++ {
			if k%2 == 0 {
				alt = append(alt, step("c1", "c2"))
			} else {
				alt = append(alt, step("d1", "d2"))
			}
		}
		fineOrP2 := or(lab("fine"), lab("payoff2"))
		half := pow(2, -tf)
		pCCR := half
		hCAR := log2(1+2*pow(4, tf-1)-pow(2, tf-1)) / log2(1+pow(4, tf)-pow(2, tf))
		hCPR := log2(1+pow(3, tf-1)) / log2(1+pow(3, tf))
		hCCR := 1 / log2(1+pow(2, tf))
		hMetric := log2(1+pow(2, tf)) / tf
		rows := []row{
			{"CAR ex2", resp(prism.CAR, prism.DegNone, planOf(step("d1", "d2")), next(fineOrP2)), false, 1, 0, want{bool: &tr}},
			{"CAR ex2 at T=t", resp(prism.CAR, prism.DegNone, planOf(step("d1", "d2")), next(fineOrP2)), false, tt, 0, want{bool: &tr}},
			{"CPR ex3", resp(prism.CPR, prism.DegNone, planOf(step("c1", "c2")), next(lab("reward"))), false, 1, 0, want{bool: &tr}},
			{"CCR ex4 from 0", resp(prism.CCR, prism.DegNone, planOf(step("c1", "d2"), step("d1", "d2")), fLe(2, lab("fine"))), false, 2, 0, want{bool: &fa}},
			{"CCR ex4 from 1", resp(prism.CCR, prism.DegNone, planOf(step("c1", "d2"), step("d1", "d2")), fLe(2, lab("fine"))), false, 2, 1, want{bool: &tr}},
			{"D_CAR a", resp(prism.CAR, prism.DegAll, planOf(step("d1", "c2")), next(fineOrP2)), true, 1, 0,
				want{deg: &[3]float64{1, 1, 1}, degExact: &[2]*big.Rat{big.NewRat(1, 1), big.NewRat(1, 1)}}},
			{"D_CAR b", resp(prism.CAR, prism.DegAll, planOf(repeat(step(), tt-1), step("d1", "c2")), fLe(tt, or(lab("reward"), lab("payoff2")))), true, tt, 0,
				want{deg: &[3]float64{0.5, 0.25, hCAR}, degExact: &[2]*big.Rat{big.NewRat(1, 2), big.NewRat(1, 4)}}},
			{"D_CPR", resp(prism.CPR, prism.DegAll, planOf(repeat(step(), tt-1), step("c1", "c2")), fLe(tt, lab("reward"))), false, tt, 0,
				want{deg: &[3]float64{1.0 / 3, 1.0 / 3, hCPR}, degExact: &[2]*big.Rat{big.NewRat(1, 3), big.NewRat(1, 3)}}},
			{"D_CPR zero", resp(prism.CPR, prism.DegAll, planOf(repeat(step("d1", "c2"), tt)), fLe(tt, lab("reward"))), false, tt, 0,
				want{deg: &[3]float64{0, 0, 0}, degExact: &[2]*big.Rat{new(big.Rat), new(big.Rat)}}},
			{"D_CCR", resp(prism.CCR, prism.DegAll, planOf(alt...), gLe(tt, or(lab("fine"), lab("reward")))), false, tt, 0,
				want{deg: &[3]float64{pCCR, pCCR, hCCR}, degExact: &[2]*big.Rat{big.NewRat(1, 1<<tt), big.NewRat(1, 1<<tt)}}},
			{"P G fine|reward", &prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: gLe(tt, or(lab("fine"), lab("reward")))}, false, tt, 0,
				want{number: &half, exact: big.NewRat(1, 1<<tt), isNum: true}},
			{"# G fine|reward", &prism.Metric{Kind: prism.MetricCount, Outcome: gLe(tt, or(lab("fine"), lab("reward")))}, false, tt, 0,
				want{count: 1 << tt, isCount: true}},
			{"H G fine|reward", &prism.Metric{Kind: prism.MetricEntropy, Outcome: gLe(tt, or(lab("fine"), lab("reward")))}, false, tt, 0,
				want{number: &hMetric, isNum: true}},
		}
		for _, r := range rows {
			t.Run(fmt.Sprintf("t=%d/%s", tt, r.name), func(t *testing.T) {
				m := &naive.Model{Game: g, Atom: labelAtom(g), Const: litConst}
				if r.q8 {
					m.Behaviours = qBehaviour()
				}
				e, err := naive.New(m, r.T)
				if err != nil {
					t.Fatal(err)
				}
				got, err := e.Check(r.q, nil, r.from)
				if err != nil {
					t.Fatal(err)
				}
				w := r.want
				switch {
				case w.bool != nil:
					if got.Bool != *w.bool {
						t.Errorf("got %v, want %v", got.Bool, *w.bool)
					}
				case w.deg != nil:
					d := got.Degrees
					if d == nil {
						t.Fatal("no degrees")
					}
					for k, v := range []float64{d.Count, d.Prob, d.Entropy} {
						if !relClose(v, w.deg[k]) {
							t.Errorf("degree %d: got %.17g, want %.17g", k, v, w.deg[k])
						}
					}
					if d.CountExact.Cmp(w.degExact[0]) != 0 || d.ProbExact.Cmp(w.degExact[1]) != 0 {
						t.Errorf("exact degrees %v %v, want %v %v", d.CountExact, d.ProbExact, w.degExact[0], w.degExact[1])
					}
				case w.isCount:
					if got.Count == nil || got.Count.Int64() != w.count {
						t.Errorf("count %v, want %d", got.Count, w.count)
					}
				case w.isNum:
					if !relClose(got.Number, *w.number) {
						t.Errorf("got %.17g, want %.17g", got.Number, *w.number)
					}
					if w.exact != nil && (got.Exact == nil || got.Exact.Cmp(w.exact) != 0) {
						t.Errorf("exact %v, want %v", got.Exact, w.exact)
					}
				}
			})
		}
	}
}

// relClose compares floats with a relative tolerance of 1e-12.
func relClose(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b))
}
