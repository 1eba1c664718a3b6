package onus

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync"
	"testing"

	"github.com/onus-mc/onus/prism"
)

func load(t *testing.T, opts Options) *Model {
	t.Helper()
	m, err := Load("examples/cpd.prism", opts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCheckSweep checks the paper's degrees on the CPD model (the
// closed forms of examples/cpd.props) under a sweep t = 1..4: the
// results come grouped by property, in the order of the assignments.
func TestCheckSweep(t *testing.T) {
	m := load(t, Options{Props: []string{"examples/cpd.props"}, Const: map[string]any{"t": "1:4"}})
	props := []string{
		`CPR(p1, cpr_late)=? [ F<=t "reward" ]`,
		`CCR(p1, alternate)=? [ G<=t ("fine"|"reward") ]`,
		`P=? [ G<=t ("fine"|"reward") ]`,
		`#=? [ G<=t ("fine"|"reward") ]`,
	}
	want := func(prop, T int) []float64 {
		t := float64(T)
		switch prop {
		case 0:
			return []float64{1.0 / 3, 1.0 / 3, math.Log2(1+math.Pow(3, t-1)) / math.Log2(1+math.Pow(3, t))}
		case 1:
			return []float64{math.Pow(2, -t), math.Pow(2, -t), 1 / math.Log2(1+math.Pow(2, t))}
		case 2:
			return []float64{math.Pow(2, -t)}
		}
		return []float64{math.Pow(2, t)}
	}
	rs, err := m.Check(props...)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 16 {
		t.Fatalf("%d results, want 16", len(rs))
	}
	for i, r := range rs {
		p, T := i/4, i%4+1
		t.Run(fmt.Sprintf("%s/t=%d", props[p], T), func(t *testing.T) {
			if r.Property != props[p] || r.Constants.String() != fmt.Sprintf("t=%d", T) || r.Horizon != T || !r.HasHorizon {
				t.Fatalf("result %d is %q (%s) horizon %d", i, r.Property, r.Constants, r.Horizon)
			}
			var got []float64
			switch r.Kind {
			case KindDegrees:
				got = []float64{r.Degrees.Count, r.Degrees.Prob, r.Degrees.Entropy}
			case KindNumber:
				got = []float64{r.Number}
			case KindCount:
				f, _ := r.Count.Float64()
				got = []float64{f}
			}
			w := want(p, T)
			if len(got) != len(w) {
				t.Fatalf("got %v, want %v", got, w)
			}
			for k := range w {
				if math.Abs(got[k]-w[k]) > 1e-12 {
					t.Errorf("got %v, want %v", got, w)
				}
			}
		})
	}
	if s := rs[:2].String(); s != "CPR(p1, cpr_late)=? [ F<=t \"reward\" ] (t=1): count 0.3333333333333333, prob 0.3333333333333333, entropy 0.5\n"+
		"CPR(p1, cpr_late)=? [ F<=t \"reward\" ] (t=2): count 0.3333333333333333, prob 0.3333333333333333, entropy 0.6020599913279624\n" {
		t.Errorf("Results.String() =\n%s", s)
	}
}

// TestPropsDeclarations checks that the plans, traces and behaviours of a
// props file serve Check (issue 13: `unknown plan "happened"`), exactly:
// the jammer's values of examples/jammer.props.
func TestPropsDeclarations(t *testing.T) {
	m, err := Load("examples/jammer.prism", Options{Props: []string{"examples/jammer.props"}, Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := m.Check(`SHAPLEY(jammer, happened)=? [ G<=2 d=0 ]`, `P=? [ G<=2 d=0 ]`)
	if err != nil {
		t.Fatal(err)
	}
	if p := rs[0].Power; p == nil || p.ProbExact == nil || p.ProbExact.Cmp(big.NewRat(4029, 12800)) != 0 || p.Count != 0 || p.Avoid != 0 {
		t.Errorf("SHAPLEY(jammer) = %v, want (0, 4029/12800, 0)", rs[0])
	}
	if rs[1].Exact == nil || rs[1].Exact.Cmp(big.NewRat(361, 1600)) != 0 {
		t.Errorf("P = %v, want 361/1600", rs[1])
	}
	if got := rs[1].String(); got != "0.225625 (exact: 361/1600)" {
		t.Errorf("String() = %q", got)
	}
	// The file's own properties, as onus check examples/jammer.prism
	// examples/jammer.props gives them.
	all, err := m.CheckAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 7 || all[1].Kind != KindBool || all[1].Bool || all[6].Degrees.CountExact.Cmp(big.NewRat(5, 32)) != 0 {
		t.Errorf("CheckAll:\n%s", all)
	}
}

// TestCheckString checks a props file given as text: its declarations
// join the loaded ones (its behaviours replace theirs), and a property
// with an error of its own is refused while the others are checked.
func TestCheckString(t *testing.T) {
	m := load(t, Options{Props: []string{"examples/cpd.props"}, Const: map[string]any{"t": 2}})
	rs, err := m.CheckString("q.props", `behaviour p1 { d1 : 1/4, c1 : 3/4 };
behaviour p2 { d2 : 1/4, c2 : 3/4 };
CAR(p1, [*]^(t-1) [d1,c2])P=? [ F<=t ("reward"|"payoff2") ]
P=? [ X "nowhere" ]
CPR(p1, cpr_late)#=? [ F<=t "reward" ]`)
	if len(rs) != 3 {
		t.Fatalf("%d results (%v), want 3", len(rs), err)
	}
	if rs[0].Err != nil || math.Abs(rs[0].Number-0.25) > 1e-12 {
		t.Errorf("D_CAR (b) under q: %v, want 0.25", rs[0])
	}
	if rs[2].Err != nil || math.Abs(rs[2].Number-1.0/3) > 1e-12 {
		t.Errorf("the loaded plan cpr_late: %v, want 1/3", rs[2])
	}
	var el prism.ErrorList
	if !errors.As(err, &el) || len(el) != 1 || el[0].Pos.String() != "q.props:4:9" || rs[1].Err == nil {
		t.Fatalf("error %v; result %v", err, rs[1])
	}
	if !strings.Contains(el[0].Msg, `"nowhere"`) {
		t.Errorf("error %q", el[0].Msg)
	}
}

// TestTracePlansAcrossBuilds checks a plan read from a trace under two
// builds checked in turn: each check gives what the trace's steps written
// out give.
func TestTracePlansAcrossBuilds(t *testing.T) {
	m := load(t, Options{Props: []string{"testdata/cpd_trace.props"}})
	want := map[int]string{}
	for _, T := range []int{1, 2, 3} {
		b, err := m.Build(map[string]any{"t": T})
		if err != nil {
			t.Fatal(err)
		}
		r, err := b.Check(`CAR(p1, [c1,d2] [d1,c2])=? [ F<=t "payoff2" ]`)
		if err != nil {
			t.Fatal(err)
		}
		want[T] = r.String()
	}
	builds := map[int]*Build{}
	for _, T := range []int{1, 2, 3, 2, 1, 3} {
		b, err := m.Build(map[string]any{"t": T})
		if err != nil {
			t.Fatal(err)
		}
		builds[T] = b
	}
	for _, T := range []int{2, 1, 3, 1, 2} {
		r, err := builds[T].CheckProperty(m.Properties()[0])
		if err != nil {
			t.Fatal(err)
		}
		if r.String() != want[T] || r.Constants.String() != fmt.Sprintf("t=%d", T) {
			t.Errorf("t=%d: the trace gives %v, its steps %v", T, r, want[T])
		}
	}
	if want[2] != "count 0.2857142857142857, prob 0.2857142857142857, entropy 0.5283208335737187" {
		t.Errorf("t=2: %s (2 of the 7 histories that reach payoff2)", want[2])
	}
}

// TestBuildKept checks that checking again under the same constants uses
// the same build, and that other constants build anew.
func TestBuildKept(t *testing.T) {
	m := load(t, Options{Props: []string{"examples/cpd.props"}, Const: map[string]any{"t": 2}})
	a, err := m.Check(`P=? [ X "fine" ]`, `#=? [ G<=t "fine" ]`)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.Check(`CPR(p1, cpr_late)P=? [ F<=t "reward" ]`)
	if err != nil {
		t.Fatal(err)
	}
	if a[0].Build != a[1].Build || a[0].Build != b[0].Build {
		t.Error("a second check built the game again")
	}
	same, _ := m.Build(map[string]any{"t": 2})
	other, _ := m.Build(map[string]any{"t": 3})
	if same != a[0].Build || other == same || other.Constants().String() != "t=3" {
		t.Errorf("Build: same %p, other %p, first %p", same, other, a[0].Build)
	}
	if n := other.Model().Game.NumStates; n != 4 {
		t.Errorf("the CPD game has %d states, want 4", n)
	}
}

// TestConcurrentChecks checks one Model from several goroutines, under
// several builds and with a trace plan (run with -race).
func TestConcurrentChecks(t *testing.T) {
	m := load(t, Options{Props: []string{"testdata/cpd_trace.props"}})
	want := []string{
		"count 0, prob 0, entropy 0",
		"count 0.2857142857142857, prob 0.2857142857142857, entropy 0.5283208335737187",
		"count 0.2702702702702703, prob 0.2702702702702703, entropy 0.659199581125176",
	}
	var wg sync.WaitGroup
	errs := make(chan error, 24)
	for g := range 24 {
		wg.Go(func() {
			T := g%3 + 1
			b, err := m.Build(map[string]any{"t": T})
			if err != nil {
				errs <- err
				return
			}
			r, err := b.CheckProperty(m.Properties()[0])
			if err != nil {
				errs <- err
				return
			}
			if r.String() != want[T-1] {
				errs <- fmt.Errorf("t=%d: %v, want %s", T, r, want[T-1])
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
