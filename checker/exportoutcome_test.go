package checker_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/export"
	"github.com/onus-mc/onus/checker/internal/chaincheck"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// The export-outcome round trip (SPEC §7): every exported chain is read
// back from disk and its property evaluated by chaincheck, an independent
// path enumerator with PRISM's infinite-path LTL semantics; the value must
// be onus's P(L) as the manifest gives it.

func relEq(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

// roundTrip exports property e, then checks every language from disk. It
// returns the number of languages checked.
func roundTrip(t *testing.T, c *checker.Checker, e prism.Expr, what string) (int, error) {
	t.Helper()
	exps, err := c.ExportOutcome(e)
	if err != nil {
		return 0, err
	}
	dir := t.TempDir()
	if _, err := export.Write(dir, exps, export.ManifestInfo{Model: "test", Property: what}); err != nil {
		t.Fatalf("%s: write: %v", what, err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var man export.Manifest
	if err := json.Unmarshal(b, &man); err != nil {
		t.Fatalf("%s: manifest: %v", what, err)
	}
	if len(man.Languages) != len(exps) {
		t.Fatalf("%s: manifest has %d languages, %d exported", what, len(man.Languages), len(exps))
	}
	for i, ml := range man.Languages {
		l := exps[i].Lang
		if ml.Name != l.Name || ml.Count != l.Count.String() || ml.Prob != l.Prob || ml.Negated != l.Negated {
			t.Errorf("%s: manifest entry %+v does not describe %s", what, ml, l.Name)
		}
		if l.ProbExact != nil {
			if ml.ProbExact != l.ProbExact.RatString() {
				t.Errorf("%s %s: exact %q, want %s", what, l.Name, ml.ProbExact, l.ProbExact.RatString())
			}
			if f, _ := l.ProbExact.Float64(); !relEq(f, ml.Prob) {
				t.Errorf("%s %s: prob %v is not the exact %s", what, l.Name, ml.Prob, ml.ProbExact)
			}
		}
		ch, err := chaincheck.Read(dir, ml.Name)
		if err != nil {
			t.Fatalf("%s %s: %v", what, ml.Name, err)
		}
		if ch.N != ml.States {
			t.Errorf("%s %s: %d states on disk, manifest %d", what, ml.Name, ch.N, ml.States)
		}
		checkShape(t, ch, l.Horizon, what+" "+ml.Name)
		prop, src, err := chaincheck.ReadProps(dir, ml.Name)
		if err != nil {
			t.Fatalf("%s %s: props %q: %v", what, ml.Name, src, err)
		}
		p, paths, err := ch.Prob(prop)
		if err != nil {
			t.Fatalf("%s %s: evaluating %s: %v", what, ml.Name, prism.ExprString(prop), err)
		}
		if !relEq(p, ml.Prob) {
			t.Errorf("%s %s (%s): the chain gives %v over %d paths, onus %v\nproperty %s", what, ml.Name, ml.Meaning, p, paths, ml.Prob, prism.ExprString(prop))
		}
	}
	return len(exps), nil
}

// checkShape checks the documented layout: state 0 initial at k=0, the
// last two states onus_sink (k=T+2) and onus_end (k=T+1), absorbing, and
// every other state at a step 0..T.
func checkShape(t *testing.T, ch *chaincheck.Chain, T int, what string) {
	t.Helper()
	n := ch.N
	kv := len(ch.Vars) - 1
	if ch.Init != 0 || ch.Values[0][kv] != 0 {
		t.Errorf("%s: state 0 is not the initial state at step 0", what)
	}
	for s := range n {
		sink, end := ch.Labels["onus_sink"][s], ch.Labels["onus_end"][s]
		if sink != (s == n-2) || end != (s == n-1) || ch.Labels["deadlock"][s] {
			t.Errorf("%s: state %d: sink %v end %v", what, s, sink, end)
		}
		k := ch.Values[s][kv]
		switch {
		case s == n-2 && k != int64(T+2), s == n-1 && k != int64(T+1), s < n-2 && (k < 0 || k > int64(T)):
			t.Errorf("%s: state %d has step %d (T=%d)", what, s, k, T)
		}
		if s >= n-2 && (len(ch.Out[s]) != 1 || ch.Out[s][0].To != s) {
			t.Errorf("%s: state %d is not absorbing", what, s)
		}
		if s < n-2 && k == int64(T) && (len(ch.Out[s]) != 1 || ch.Out[s][0].To != n-1) {
			t.Errorf("%s: state %d at step T does not go to onus_end", what, s)
		}
	}
}

// TestExportOutcomeExamples: every property of examples/*.props with
// t = 1..4, plain and exact (but the coalition queries, which have no
// languages to export).
func TestExportOutcomeExamples(t *testing.T) {
	files, _ := filepath.Glob("../examples/*.props")
	if len(files) == 0 {
		t.Skip("no ../examples/*.props")
	}
	total := 0
	for _, pf := range files {
		fset := prism.NewFileSet()
		// The model is the longest examples/X.prism with X a prefix of the
		// props file's name (cpd_n.props belongs to cpd_n.prism).
		model := ""
		models, _ := filepath.Glob("../examples/*.prism")
		for _, m := range models {
			if strings.HasPrefix(filepath.Base(pf), strings.TrimSuffix(filepath.Base(m), ".prism")) && len(m) > len(model) {
				model = m
			}
		}
		msrc, err := os.ReadFile(model)
		if err != nil {
			t.Fatalf("%s: model %s: %v", pf, model, err)
		}
		mf, err := prism.ParseModel(fset, model, string(msrc))
		if err != nil {
			t.Fatal(err)
		}
		psrc, _ := os.ReadFile(pf)
		props, err := prism.ParseProps(fset, pf, string(psrc))
		if err != nil {
			t.Fatal(err)
		}
		if err := prism.CheckProps(fset, mf, props); err != nil {
			t.Fatal(err)
		}
		// The .args file gives --outcome-from and the other constants (their
		// first value); t runs over 1..4.
		from := 0
		var fixed []translate.ConstAssign
		if args, err := os.ReadFile(pf + ".args"); err == nil {
			f := strings.Fields(string(args))
			for i := 0; i+1 < len(f); i++ {
				switch f[i] {
				case "--outcome-from":
					if f[i+1] == "1" {
						from = 1
					}
				case "--const":
					specs, err := translate.ParseConstSpecs(f[i+1])
					if err != nil {
						t.Fatal(err)
					}
					for _, sp := range specs {
						if sp.Name != "t" {
							fixed = append(fixed, translate.ConstAssign{Name: sp.Name, Value: sp.At(0)})
						}
					}
				}
			}
		}
		plans := map[string]*prism.Plan{}
		for _, d := range props.Plans {
			plans[d.Name.Name] = d.Plan
		}
		for tv := int64(1); tv <= 4; tv++ {
			for _, exact := range []bool{false, true} {
				consts := fixed
				for _, d := range append(append([]*prism.ConstDecl(nil), mf.Consts...), props.Consts...) {
					if d.Name.Name == "t" && d.Value == nil {
						consts = append(consts, translate.ConstAssign{Name: "t", Value: translate.Value{Type: prism.TInt, I: tv}})
					}
				}
				m, err := translate.Build(fset, mf, props, translate.Config{Exact: exact, Consts: consts})
				if err != nil {
					t.Fatal(err)
				}
				// The enumeration must stay small: at most about 5000 paths.
				if paths := math.Pow(float64(maxChoices(m.Game)), float64(tv)); paths > 5000 {
					t.Logf("%s t=%d: skipped, about %.0f paths per chain", filepath.Base(pf), tv, paths)
					continue
				}
				c, err := checker.New(fset, m.Game, m, checker.Config{OutcomeFrom: from, Exact: exact, Plans: plans, Behaviours: props.Behaviours})
				if err != nil {
					t.Fatal(err)
				}
				for i, p := range props.Properties {
					if _, ok := prism.Unparen(p.Expr).(*prism.Strategy); ok {
						continue // coalition queries (parcel, pennies) have no language
					}
					what := fmt.Sprintf("%s#%d t=%d exact=%v", filepath.Base(pf), i+1, tv, exact)
					n, err := roundTrip(t, c, p.Expr, what)
					if mt, ok := p.Expr.(*prism.Metric); ok && mt.Kind == prism.MetricEntropyInf {
						if err == nil {
							t.Errorf("%s: Hinf=? exported", what)
						}
						continue
					}
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					total += n
					// The language of P=? and #=? is the value itself.
					exps, _ := c.ExportOutcome(p.Expr)
					res, err := c.Check(p.Expr)
					if err != nil {
						t.Fatal(err)
					}
					switch {
					case res.Kind == checker.KindCount && res.Count.Cmp(exps[0].Lang.Count) != 0,
						res.Kind == checker.KindNumber && isProb(p.Expr) && !relEq(res.Number, exps[0].Lang.Prob):
						t.Errorf("%s: language %v/%v, check %v", what, exps[0].Lang.Count, exps[0].Lang.Prob, res)
					}
				}
			}
		}
	}
	if total < 100 {
		t.Errorf("only %d languages checked", total)
	}
	t.Logf("%d languages round-tripped", total)
}

func maxChoices(g *translate.Game) int {
	best := 0
	for s := range g.NumStates {
		lo, hi := g.Choices(s)
		best = max(best, hi-lo)
	}
	return best
}

func isProb(e prism.Expr) bool {
	_, ok := e.(*prism.ProbOp)
	return ok
}

// richEnv extends fakeEnv with comparisons of the variable s.
type richEnv struct{ fakeEnv }

func (r richEnv) StateSet(e prism.Expr) (translate.Bitset, error) {
	if b, ok := e.(*prism.Binary); ok {
		if n, ok := b.X.(*prism.Name); ok && n.Name == "s" {
			k := b.Y.(*prism.IntLit).Value
			out := translate.NewBitset(r.g.NumStates)
			for s := range r.g.NumStates {
				v := int64(r.g.State(s)[0])
				if (b.Op == prism.OpEq && v == k) || (b.Op == prism.OpGe && v >= k) {
					out.Set(s)
				}
			}
			return out, nil
		}
	}
	return r.fakeEnv.StateSet(e)
}

// mutateAtoms replaces some label atoms by other kinds of atoms: an
// expression over the variable s (written inline), "init" and a nested
// P>=0.5 [ X "b" ] (both exported as onus_atom_N labels).
func mutateAtoms(r *rand.Rand, e prism.Expr) prism.Expr {
	switch x := e.(type) {
	case *prism.LabelRef:
		switch r.IntN(8) {
		case 0:
			return &prism.Binary{X: &prism.Name{Name: "s"}, Op: prism.OpEq, Y: &prism.IntLit{Value: int64(r.IntN(3))}}
		case 1:
			return &prism.Binary{X: &prism.Name{Name: "s"}, Op: prism.OpGe, Y: &prism.IntLit{Value: int64(1 + r.IntN(2))}}
		case 2:
			return &prism.LabelRef{Name: "init"}
		case 3:
			return &prism.ProbOp{Kind: 'P', Rel: prism.RelGe, Bound: dlit("0.5"),
				Path: &prism.Temporal{Op: prism.TempX, Right: &prism.LabelRef{Name: "b"}}}
		}
	case *prism.Unary:
		return &prism.Unary{Op: x.Op, X: mutateAtoms(r, x.X)}
	case *prism.Binary:
		return &prism.Binary{X: mutateAtoms(r, x.X), Op: x.Op, Y: mutateAtoms(r, x.Y)}
	case *prism.Temporal:
		y := *x
		if y.Left != nil {
			y.Left = mutateAtoms(r, y.Left)
		}
		y.Right = mutateAtoms(r, y.Right)
		return &y
	}
	return e
}

// TestExportOutcomeRandom: random small games, behaviours, plans and
// outcomes (the generator of random_test.go), every operator and metric.
func TestExportOutcomeRandom(t *testing.T) {
	cases := 300
	if testing.Short() {
		cases = 60
	}
	ok, langs := 0, 0
	// After the cases of random_test.go, a third as many whose plans often
	// cannot be followed, exported under --unavailable free (SPEC §13).
	for seed := uint64(1); seed <= uint64(cases+cases/3); seed++ {
		rc := genCase(seed)
		free := seed > uint64(cases)
		if free {
			rc = genUnavailCase(seed - uint64(cases))
		}
		r := rand.New(rand.NewPCG(seed, 0x65787074))
		psi := mutateAtoms(r, rc.psi)
		cfg := checker.Config{Horizon: rc.T, OutcomeFrom: rc.from, Exact: rc.exact, Behaviours: rc.behaviours}
		if free {
			cfg.Unavailable = checker.UnavailableFree
		}
		c, err := checker.New(prism.NewFileSet(), rc.g, richEnv{fakeEnv{rc.g, rc.exact}}, cfg)
		if err != nil {
			continue // a behaviour with weight 0 everywhere, kept on purpose by genCase
		}
		plan := prism.PlanRef{Plan: rc.plan}
		agent := prism.PlayerRef{Name: rc.g.Players[rc.agent]}
		queries := []prism.Expr{
			&prism.Resp{Kind: prism.CAR, Agent: agent, Plan: plan, Degree: prism.DegAll, Outcome: psi},
			&prism.Resp{Kind: prism.CPR, Agent: agent, Plan: plan, Degree: prism.DegAll, Outcome: psi},
			&prism.Resp{Kind: prism.CCR, Agent: agent, Plan: plan, Degree: prism.DegAll, Outcome: psi},
			&prism.Resp{Kind: prism.SHAPLEY, Agent: agent, Plan: plan, Degree: prism.DegAll, Outcome: psi},
			&prism.Metric{Kind: prism.MetricCount, Outcome: psi},
		}
		if rc.bounded != nil {
			queries = append(queries, &prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: mutateAtoms(r, rc.bounded)})
		}
		done := 0
		for _, q := range queries {
			what := fmt.Sprintf("seed %d %s", seed, prism.ExprString(q))
			n, err := roundTrip(t, c, q, what)
			if err != nil {
				if strings.Contains(err.Error(), "cannot be carried out") {
					continue
				}
				t.Fatalf("%s: %v\n%v", what, err, rc)
			}
			langs += n
			done++
		}
		if done > 0 {
			ok++
		}
		if t.Failed() {
			t.Fatalf("case:\n%v", rc)
		}
	}
	if !testing.Short() && ok < 250 {
		t.Errorf("only %d random cases exported", ok)
	}
	t.Logf("%d random cases, %d languages round-tripped", ok, langs)
}

func mustExport(t *testing.T, c *checker.Checker, e prism.Expr) []*export.OutcomeExport {
	t.Helper()
	exps, err := c.ExportOutcome(e)
	if err != nil {
		t.Fatal(err)
	}
	return exps
}

// TestExportOutcomeLayout: the chain and property of example 2 (CAR of p1
// for X ("fine"|"payoff2") under [d1,d2]), written out in full.
func TestExportOutcomeLayout(t *testing.T) {
	g := cpdGame()
	c, err := checker.New(prism.NewFileSet(), g, fakeEnv{g, true}, checker.Config{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	q := &prism.Resp{Kind: prism.CAR, Agent: prism.PlayerRef{Name: "p1"}, Plan: prism.PlanRef{Plan: planOf(step("d1", "d2"))},
		Degree: prism.DegAll, Outcome: next(or(lab("fine"), lab("payoff2")))}
	exps := mustExport(t, c, q)
	if len(exps) != 2 || exps[0].Lang.Name != "L_psi" || exps[1].Lang.Name != "L_plus" {
		t.Fatalf("got %d languages", len(exps))
	}
	wantProp := `P=? [ (G !"onus_sink") & (X (!"onus_end" & ("fine" | "payoff2"))) ]`
	for _, x := range exps {
		if got := prism.ExprString(x.Prop); got != wantProp {
			t.Errorf("%s: property %s, want %s", x.Lang.Name, got, wantProp)
		}
	}
	want := map[string]string{
		// L_psi: every joint action is allowed; the sink is unreachable.
		"L_psi": "5 states: 0:(0,0) 1:(0,1) 2:(1,1) 3:(2,1) 4:(3,1) 5:(0,3) 6:(0,2) | " +
			"0>1:1/4 0>2:1/4 0>3:1/4 0>4:1/4 1>6:1 2>6:1 3>6:1 4>6:1 5>5:1 6>6:1",
		// L_plus: p1 must play d1 at step 0; c1 leads to the sink.
		"L_plus": "3 states: 0:(0,0) 1:(0,1) 2:(3,1) 3:(0,3) 4:(0,2) | " +
			"0>1:1/4 0>2:1/4 0>3:1/2 1>4:1 2>4:1 3>3:1 4>4:1",
	}
	for _, x := range exps {
		ch := x.Chain
		var b strings.Builder
		fmt.Fprintf(&b, "%d states:", ch.NumStates-2)
		for s := range ch.NumStates {
			v := ch.State(s)
			fmt.Fprintf(&b, " %d:(%d,%d)", s, v[0], v[1])
		}
		b.WriteString(" |")
		for s := range ch.NumStates {
			lo, hi := ch.Transitions(s)
			for tr := lo; tr < hi; tr++ {
				fmt.Fprintf(&b, " %d>%d:%s", s, ch.Target[tr], ch.ProbExact[tr].RatString())
			}
		}
		if got := b.String(); got != want[x.Lang.Name] {
			t.Errorf("%s:\n got %s\nwant %s", x.Lang.Name, got, want[x.Lang.Name])
		}
		if x.Sink != ch.NumStates-2 || x.End != ch.NumStates-1 || x.StepVar != "k" || ch.Vars[1].Name != "k" {
			t.Errorf("%s: sink %d end %d step %s", x.Lang.Name, x.Sink, x.End, x.StepVar)
		}
		if x.Lang.Count.Int64() != 2 || x.Lang.ProbExact.RatString() != "1/2" {
			t.Errorf("%s: count %v prob %v", x.Lang.Name, x.Lang.Count, x.Lang.ProbExact)
		}
	}
	if _, err := roundTrip(t, c, q, "example 2"); err != nil {
		t.Fatal(err)
	}
}

// TestExportOutcomeAtoms: nested state formulas, "init" and a bounded
// operator at a known position, a game variable named k, and label
// clashes.
func TestExportOutcomeAtoms(t *testing.T) {
	g := cpdGame()
	g.Vars = []translate.Var{{Name: "k", Lo: 0, Hi: 3}}
	c, err := checker.New(prism.NewFileSet(), g, fakeEnv{g, false}, checker.Config{})
	if err != nil {
		t.Fatal(err)
	}
	nested := &prism.Resp{Kind: prism.CAR, Agent: prism.PlayerRef{Name: "p1"}, Plan: prism.PlanRef{Plan: planOf(step("d1", "d2"))},
		Outcome: next(or(lab("fine"), lab("payoff2")))}
	prob := &prism.ProbOp{Kind: 'P', Rel: prism.RelGe, Bound: dlit("0.5"), Path: next(lab("reward"))}
	psi := or(next(next(or(nested, lab("init")))), fLe(2, &prism.Binary{X: prob, Op: prism.OpAnd, Y: lab("payoff1")}))
	q := &prism.Metric{Kind: prism.MetricCount, Outcome: psi}
	exps := mustExport(t, c, q)
	x := exps[0]
	got := prism.ExprString(x.Prop)
	// Atoms in order: CAR(...) (true in every state of the CPD: all states
	// have the same moves), "init" (state 0), P>=0.5 [X "reward"] (1/4:
	// nowhere).
	want := `P=? [ (G !"onus_sink") & ((X (!"onus_end" & (X (!"onus_end" & ("onus_atom_1" | "onus_atom_2"))))) | ` +
		`(F (!"onus_end" & ("onus_atom_3" & "payoff1")))) ]`
	if got != want {
		t.Errorf("property\n got %s\nwant %s", got, want)
	}
	atoms := map[string]func(s, k int32) bool{
		"onus_atom_1": func(s, k int32) bool { return true },
		"onus_atom_2": func(s, k int32) bool { return s == 0 },
		"onus_atom_3": func(s, k int32) bool { return false },
	}
	ch := x.Chain
	for name, f := range atoms {
		set := ch.Label(name)
		for st := range ch.NumStates {
			v := ch.State(st)
			if want := st < ch.NumStates-2 && f(v[0], v[1]); set.Has(st) != want {
				t.Errorf("%s in state %d %v: %v", name, st, v, set.Has(st))
			}
		}
	}
	if x.StepVar != "k_" || x.Chain.Vars[1].Name != "k_" {
		t.Errorf("step variable %q", x.StepVar)
	}
	if _, err := roundTrip(t, c, q, "atoms"); err != nil {
		t.Fatal(err)
	}
	// A bound shorter than the horizon at a known position: a window on k_.
	q2 := &prism.Metric{Kind: prism.MetricCount, Outcome: or(fLe(1, lab("reward")), next(next(next(lab("fine")))))}
	got = prism.ExprString(mustExport(t, c, q2)[0].Prop)
	if !strings.Contains(got, `F (!"onus_end" & k_ <= 1 & "reward")`) {
		t.Errorf("window: %s", got)
	}
	if _, err := roundTrip(t, c, q2, "window"); err != nil {
		t.Fatal(err)
	}
	g.Labels[0].Name = "onus_end"
	c, _ = checker.New(prism.NewFileSet(), g, fakeEnv{g, false}, checker.Config{})
	if _, err := c.ExportOutcome(&prism.Metric{Kind: prism.MetricCount, Outcome: next(lab("reward"))}); err == nil || !strings.Contains(err.Error(), "clashes") {
		t.Errorf("label clash: %v", err)
	}
}

// TestExportOutcomeLimits: a property whose X-chains would be too long,
// and a chain with too many states, stop with a LimitError.
func TestExportOutcomeLimits(t *testing.T) {
	g := cpdGame()
	c, _ := checker.New(prism.NewFileSet(), g, fakeEnv{g, false}, checker.Config{Horizon: 100})
	// G (F<=100 (F<=100 (F<=100 "reward"))): 100^3 unrolled steps.
	psi := &prism.Temporal{Op: prism.TempG, Right: fLe(100, fLe(100, fLe(100, lab("reward"))))}
	_, err := c.ExportOutcome(&prism.Metric{Kind: prism.MetricCount, Outcome: psi})
	var le *checker.LimitError
	if !errors.As(err, &le) || !strings.Contains(le.What, "exported property") {
		t.Errorf("long X-chains: %v", err)
	}
	// #=? [ true ] over 10 steps: 4 product states, 43 chain states.
	c, _ = checker.New(prism.NewFileSet(), g, fakeEnv{g, false}, checker.Config{MaxProduct: 30, Horizon: 10})
	_, err = c.ExportOutcome(&prism.Metric{Kind: prism.MetricCount, Outcome: &prism.BoolLit{Value: true}})
	if !errors.As(err, &le) || !strings.Contains(le.What, "exported chain") {
		t.Errorf("chain states: %v", err)
	}
}

// TestExportOutcomeCorpus: models of the PRISM-games corpus built by
// translate (initial states other than 0, boolean variables, smg owners,
// csg joint actions), with outcomes over their labels and variables.
func TestExportOutcomeCorpus(t *testing.T) {
	root := "../../shared/prism-corpus"
	if _, err := os.Stat(root); err != nil {
		t.Skip("no ../../shared/prism-corpus: the corpus is not checked out")
	}
	cases := []struct {
		model, consts string
		outcomes      []string
		resp          []string
	}{
		{"models/csgs/simple/medium_access2.prism", "emax=2,q1=0.9,q2=0.75",
			[]string{`F<=3 c`, `G<=2 !(s1=1 & s2=1)`, `!c U<=3 e1<2`, `X X "init"`},
			[]string{`CAR(p1, [t1,w2] [w1,t2]) [ F<=2 c ]`, `CPR(p2, [t1,w2] [t1,t2]) [ G<=2 !c ]`, `CCR(p1, [t1,t2] [t1,t2]) [ F<=2 (s1=1|s2=1) ]`}},
		{"models/smgs/simple/coins.prism", "",
			[]string{`F<=3 "correct"`, `G<=3 !"correct"`, `(X "correct") | (F<=2 "init")`},
			nil},
		{"models/smgs/simple/smg_example.prism", "",
			[]string{`F<=3 c=2`, `h=0 W<=3 c=1`, `G<=2 (h>0 => (X h=0))`},
			[]string{`CAR(1, [send1]) [ F<=2 c=1 ]`, `CCR(1, [send2] [*]) [ G<=2 c!=1 ]`}},
		{"verify/smgs/game.prism", "",
			[]string{`F<=4 t=1`, `s<3 U<=3 t=2`},
			[]string{`CAR(p1, [a1]) [ F<=2 t=1 ]`, `CPR(p2, [*] [a2]) [ G<=3 t!=1 ]`}},
	}
	total := 0
	for _, tc := range cases {
		t.Run(tc.model, func(t *testing.T) {
			fset := prism.NewFileSet()
			src, err := os.ReadFile(filepath.Join(root, tc.model))
			if err != nil {
				t.Fatal(err)
			}
			mf, err := prism.ParseModel(fset, tc.model, string(src))
			if err != nil {
				t.Fatal(err)
			}
			if err := prism.CheckModel(fset, mf); err != nil {
				t.Fatal(err)
			}
			var consts []translate.ConstAssign
			if tc.consts != "" {
				specs, err := translate.ParseConstSpecs(tc.consts)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range specs {
					consts = append(consts, translate.ConstAssign{Name: s.Name, Value: s.At(0)})
				}
			}
			for _, exact := range []bool{false, true} {
				m, err := translate.Build(fset, mf, nil, translate.Config{Consts: consts, Exact: exact})
				if err != nil {
					t.Fatal(err)
				}
				c, err := checker.New(fset, m.Game, m, checker.Config{Exact: exact})
				if err != nil {
					t.Fatal(err)
				}
				var props []string
				for _, o := range tc.outcomes {
					props = append(props, "#=? [ "+o+" ]", "P=? [ "+o+" ]")
				}
				props = append(props, tc.resp...)
				for _, p := range props {
					e, err := prism.ParseExpr(fset, "test", p)
					if err != nil {
						t.Fatalf("%s: %v", p, err)
					}
					n, err := roundTrip(t, c, e, tc.model+": "+p)
					if err != nil {
						t.Fatalf("%s: %s: %v", tc.model, p, err)
					}
					total += n
				}
			}
		})
	}
	t.Logf("%d languages round-tripped", total)
}

// TestExportOutcomeEdges: horizon 0, empty bound ranges, outcome-from 1 at
// the end of the horizon, operators past the end, and a biased behaviour.
func TestExportOutcomeEdges(t *testing.T) {
	g := cpdGame()
	q := func(p string, a, b string) *prism.BehaviourDecl {
		return &prism.BehaviourDecl{Player: prism.PlayerRef{Name: p}, Weights: []prism.ActionWeight{
			{Action: prism.PlanAction{Name: a, Index: -1}, Weight: ilit(1)},
			{Action: prism.PlanAction{Name: b, Index: -1}, Weight: ilit(3)}}}
	}
	behaviours := []*prism.BehaviourDecl{q("p1", "d1", "c1"), q("p2", "d2", "c2")}
	cases := []struct {
		psi      string
		from, T  int
		wantProb float64 // P(L_psi), by hand
	}{
		{`"fine"`, 0, 0, 1},
		{`!"fine"`, 0, 0, 0},
		{`F<0 "reward"`, 0, 1, 0},
		{`G<0 "reward"`, 0, 1, 1},
		{`X X X "reward"`, 0, 2, 0},
		{`X X "reward"`, 0, 2, 9.0 / 16},
		{`G<=5 ("fine"|"reward")`, 0, 2, 10.0 / 16 * 10.0 / 16},
		{`F<=1 "reward"`, 1, 1, 9.0 / 16},
		{`F<=0 "reward"`, 1, 1, 0},
		{`G<=0 "reward"`, 1, 1, 1},
		{`G<=1 "fine"`, 1, 1, 1.0 / 16},
		{`"fine"`, 1, 0, 1},
		{`G<=3 "reward"`, 1, 1, 9.0 / 16},
		{`G "reward"`, 1, 2, 9.0 / 16 * 9.0 / 16},
		{`F "payoff1"`, 1, 2, 3.0/16 + 13.0/16*3.0/16},
		{`"fine" & (F<=2 "reward")`, 1, 2, 1 - 7.0/16*7.0/16},
		{`"reward" U<=1 "payoff1"`, 0, 3, 0},
		{`"fine" U<=1 "payoff1"`, 0, 3, 3.0 / 16},
		{`"fine" W<=1 "reward"`, 0, 3, 10.0 / 16},
		{`"fine" R<=1 "reward"`, 0, 3, 0},
		{`!"payoff1" W "payoff2"`, 0, 2, 1 - (3.0/16 + 10.0/16*3.0/16)},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s from %d T=%d", tc.psi, tc.from, tc.T), func(t *testing.T) {
			e, err := prism.ParseExpr(prism.NewFileSet(), "t", "P=? [ "+tc.psi+" ]")
			if err != nil {
				t.Fatal(err)
			}
			psi := e.(*prism.ProbOp).Path
			c, err := checker.New(prism.NewFileSet(), g, fakeEnv{g, true}, checker.Config{Exact: true, Horizon: tc.T, OutcomeFrom: tc.from, Behaviours: behaviours})
			if err != nil {
				t.Fatal(err)
			}
			what := fmt.Sprintf("%s from %d T=%d", tc.psi, tc.from, tc.T)
			for _, x := range []prism.Expr{
				&prism.Metric{Kind: prism.MetricCount, Outcome: psi},
				&prism.Resp{Kind: prism.CPR, Agent: prism.PlayerRef{Name: "p1"}, Plan: prism.PlanRef{Plan: planOf(step("c1", "c2"))}, Degree: prism.DegAll, Outcome: psi},
			} {
				if _, isResp := x.(*prism.Resp); isResp && tc.T == 0 {
					continue // a plan step needs a horizon of at least 1
				}
				if _, err := roundTrip(t, c, x, what); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
			}
			exps := mustExport(t, c, &prism.Metric{Kind: prism.MetricCount, Outcome: psi})
			if got := exps[0].Lang.Prob; math.Abs(got-tc.wantProb) > 1e-12 {
				t.Errorf("%s: P(L_psi) = %v, want %v", what, got, tc.wantProb)
			}
		})
	}
}
