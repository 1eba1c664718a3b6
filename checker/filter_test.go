package checker

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// filterMDP: from s=0, action a moves to s=1 or s=2 (½ each), action b to
// s=3; s=1..3 absorb. Pmax=?[F s=1] is (0.5, 1, 0, 0) over s=0..3 and
// Pmin=?[F s=1] is (0, 1, 0, 0).
const filterMDP = `mdp
module M
  s : [0..3] init 0;
  [a] s=0 -> 0.5:(s'=1) + 0.5:(s'=2);
  [b] s=0 -> (s'=3);
  [] s>0 -> true;
endmodule
`

// TestFilters checks every filter operator, the default filter and
// arithmetic over query results against values computed by hand.
func TestFilters(t *testing.T) {
	const pmax, pmin = "Pmax=?[F s=1]", "Pmin=?[F s=1]"
	for _, tc := range []struct {
		prop string
		want string // bool, int (KindCount), number or [lo,hi]
		log  string // a line the log must hold ("" none)
	}{
		{"filter(avg, " + pmax + ")", "0.375", "Average over all states: 0.375"},
		{"filter(sum, s)", "6", "Sum over all states: 6"},
		{"filter(+, s, s<3)", "3", ""},
		{"filter(max, " + pmax + ", s!=1)", "0.5", "There are 1 states with (approximately) this value:"},
		{"filter(min, s, s>0)", "1", "Minimum value over states satisfying filter: 1"},
		{"filter(argmax, " + pmax + ")", "false", "Number of states with maximum value: 1"},
		{"filter(argmin, " + pmax + ", s<2)", "true", ""},
		{"filter(count, " + pmax + ">0)", "2", "Count of satisfying states: 2"},
		{"filter(count, " + pmax + ">0)/2", "1", ""},
		{"filter(range, " + pmax + ")", "[0,1]", "Range of values over all states: [0,1]"},
		{"filter(range, s, s>1)", "[2,3]", ""},
		{"filter(first, s, s>1)", "2", ""},
		{"filter(state, " + pmax + ", s=0)", "0.5", ""},
		{"filter(state, s, \"init\")", "0", ""},
		{"filter(forall, " + pmax + " >= " + pmin + ")", "true", "Property satisfied in 4 of all 4 states."},
		{"filter(&, " + pmax + " > " + pmin + ", s=0)", "true", "Property satisfied in 1 of 1 filter states."},
		{"filter(exists, " + pmax + " > " + pmin + ")", "true", "Property satisfied in at least one state"},
		{"filter(|, s=4 | " + pmax + " > 1)", "false", "Property satisfied in no states"},
		{"filter(print, s, s>0)", "0", "3:(3)=3"},
		{"filter(printall, " + pmax + ")", "0.5", "2:(2)=0"},
		{"filter(print, s>1)", "false", "Satisfying states:"},
		{pmax + " / " + pmin, "+Inf", ""},
		{"1 - " + pmax, "0.5", ""},
		{"2*filter(max, s)-1", "5", ""},
		{"max(" + pmax + ", 0.7)", "0.7", ""},
		{"s=0 ? " + pmax + " : 2", "0.5", ""},
		{pmax + " > 0.4", "true", ""},
		{"-" + pmax, "-0.5", ""},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, filterMDP, tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if got := resultString(res); got != tc.want {
				t.Errorf("got %s (%v), want %s", got, res.Kind, tc.want)
			}
			if tc.log != "" && !strings.Contains(strings.Join(res.Log, "\n"), tc.log) {
				t.Errorf("log %q lacks %q", res.Log, tc.log)
			}
		})
	}
}

func resultString(r *Result) string {
	switch r.Kind {
	case KindBool:
		return map[bool]string{true: "true", false: "false"}[r.Bool]
	case KindCount:
		return r.Count.String()
	case KindRange:
		return "[" + formatNum(r.Range.Lo, vDouble) + "," + formatNum(r.Range.Hi, vDouble) + "]"
	}
	if math.IsInf(r.Number, 1) {
		return "+Inf"
	}
	return formatNum(r.Number, vDouble)
}

// TestFilterErrors checks PRISM's errors of filters, positioned at the
// filter.
func TestFilterErrors(t *testing.T) {
	for _, tc := range []struct{ prop, want string }{
		{"filter(min, s, s>5)", "p.props:1:1: error: Filter satisfies no states"},
		{"filter(state, s, s>0)", `p.props:1:1: error: Filter should be satisfied in exactly 1 state (but "s > 0" is true in 3 states)`},
		{"filter(state, s)", `p.props:1:1: error: Filter should be satisfied in exactly 1 state (but "true" is true in 4 states)`},
		{"filter(range, s) + 1", "p.props:1:1: error: a range of values (filter range) cannot be used inside an expression"},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			_, err := checkProps(t, filterMDP, tc.prop+"\n", Config{})
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, want %s", err, tc.want)
			}
		})
	}
}

// TestFiltersOnSMGExample checks the worked values of the reference
// (prism-games-equilibria.md §2 F2, §4) on PRISM-games' smg_example.
func TestFiltersOnSMGExample(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "shared", "prism-corpus", "verify", "smgs", "smg_example.prism"))
	if err != nil {
		t.Skipf("corpus not found: %v", err)
	}
	for _, tc := range []struct{ prop, want string }{
		{"filter(avg, <<1>>Pmax=? [F<=2 c=1])", "0.7100000000000001"},
		{"filter(range, <<1>>Pmax=? [F<=2 c=1])", "[0,1]"},
		{"1 - <<1>>Pmin=? [G !(h=2&c=0)]", "0.15000000000000002"},
		{"<<1>>Pmax=?[F<=3 c=2] / <<1>>Pmin=?[F<=3 c=2]", "+Inf"},
		{"<<1>>Pmax=?[F<=3 c=2] > 0.5", "true"},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, string(src), tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if got := resultString(res); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// TestDefaultFilterSeveralInitial checks PRISM's default filter on a model
// with two initial states (s=0 and s=1 of filterMDP): a number becomes the
// range over them, a truth value must hold in both.
func TestDefaultFilterSeveralInitial(t *testing.T) {
	src := strings.Replace(filterMDP, "s : [0..3] init 0;", "s : [0..3];", 1) + "init s<2 endinit\n"
	for _, tc := range []struct{ prop, want, log string }{
		{"Pmax=?[F s=1]", "[0.5,1]", ""},
		{"Pmax=?[F s=1] >= 0.5", "true", "Property satisfied in 2 of 2 initial states."},
		{"s=0", "false", "Property satisfied in 1 of 2 initial states."},
		{"filter(first, s, \"init\")", "0", ""},
		{"filter(range, s, \"init\")", "[0,1]", "Range of values over initial states: [0,1]"},
		{"filter(max, s)", "3", ""},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, src, tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if got := resultString(res); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
			if tc.log != "" && !strings.Contains(strings.Join(res.Log, "\n"), tc.log) {
				t.Errorf("log %q lacks %q", res.Log, tc.log)
			}
		})
	}
}

// TestFilterRunning checks the reference's F1 (prism-games-equilibria.md
// §2) on PRISM-games' running.prism: under <<1,3>> the values of F "t" are
// 0.5, 0, 1, 1 over s=0..3, so the biconditional holds everywhere.
func TestFilterRunning(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "shared", "prism-corpus", "verify", "smgs", "rewards", "running.prism"))
	if err != nil {
		t.Skipf("corpus not found: %v", err)
	}
	for _, tc := range []struct{ prop, want string }{
		{`filter(forall, <<1,3>> P>=0.5 [F "t"] <=> (s=0|s=2|s=3))`, "true"},
		{`filter(state, <<1,3>> Pmax=? [F "t"], s=0)`, "0.5"},
		{`filter(state, <<1,3>> Pmax=? [F "t"], s=1)`, "0"},
		{`filter(min, <<1,3>> Pmax=? [F "t"], s>=2)`, "1"},
		{`filter(count, <<1,3>> P>=0.5 [F "t"])`, "3"},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, string(src), tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if got := resultString(res); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
