package checker_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
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
	if _, err := checker.WriteOutcomeExports(dir, exps, checker.ManifestInfo{Model: "test", Property: what}); err != nil {
		t.Fatalf("%s: write: %v", what, err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var man checker.Manifest
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
// t = 1..4, plain and exact.
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
							fixed = append(fixed, translate.ConstAssign{Name: sp.Name, Value: sp.Values[0]})
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
	for seed := uint64(1); seed <= uint64(cases); seed++ {
		rc := genCase(seed)
		r := rand.New(rand.NewPCG(seed, 0x65787074))
		psi := mutateAtoms(r, rc.psi)
		cfg := checker.Config{Horizon: rc.T, OutcomeFrom: rc.from, Exact: rc.exact, Behaviours: rc.behaviours}
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
	if !testing.Short() && ok < 200 {
		t.Errorf("only %d random cases exported", ok)
	}
	t.Logf("%d random cases, %d languages round-tripped", ok, langs)
}
