package onus

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// TestErrors checks the library's errors: each is positioned where the
// input is at fault, names no flag of the command line, carries the hint
// that lets a front end name its own setting, and IsLimit tells the
// resource limits apart.
func TestErrors(t *testing.T) {
	cpd := "examples/cpd.prism"
	rows := []struct {
		name  string
		model string
		opts  Options
		prop  string // "" checks nothing: the error comes from Load
		want  string // the error's text
		hint  *prism.Hint
		limit bool
	}{
		{name: "undefined model constant", model: "testdata/consts.prism", prop: `P=? [ X x=1 ]`,
			want: "testdata/consts.prism:3:11: error: constant n is undefined: it needs a value",
			hint: &prism.Hint{Kind: prism.HintConstMissing, Name: "n"}},
		{name: "undefined props constant, where it is used", model: cpd, opts: Options{Props: []string{"examples/cpd.props"}},
			prop: `CPR(p1, cpr_late)P=? [ F<=3 "reward" ]`,
			want: "examples/cpd.props:22:22: error: constant t is undefined: it needs a value",
			hint: &prism.Hint{Kind: prism.HintConstMissing, Name: "t"}},
		{name: "value for no constant", model: cpd, opts: Options{Const: map[string]any{"zz": 1}}, prop: `P=? [ X "fine" ]`,
			want: "examples/cpd.prism: error: a value is given for constant zz, but the model and properties declare no constant zz",
			hint: &prism.Hint{Kind: prism.HintConstUnknown, Name: "zz"}},
		{name: "value for a defined constant", model: "testdata/consts.prism", opts: Options{Const: map[string]any{"n": 1, "k": 3}}, prop: `P=? [ X x=1 ]`,
			want: "testdata/consts.prism:4:11: error: a value is given for constant k, but it is already defined here; only undefined constants take values",
			hint: &prism.Hint{Kind: prism.HintConstDefined, Name: "k"}},
		{name: "value of the wrong type", model: "testdata/consts.prism", opts: Options{Const: map[string]any{"n": 1.5}}, prop: `P=? [ X x=1 ]`,
			want: "testdata/consts.prism:3:11: error: constant n is declared int: the value 1.5 given for it does not fit",
			hint: &prism.Hint{Kind: prism.HintConstType, Name: "n", Value: "1.5", Type: "int"}},
		{name: "unbounded outcome without a horizon", model: cpd, prop: `#=? [ F "reward" ]`,
			want: "property:1:7: error: the unbounded operator F needs a plan or a horizon",
			hint: &prism.Hint{Kind: prism.HintHorizonMissing, Name: "F"}},
		{name: "entropy over no step", model: cpd, prop: `H=? [ "fine" ]`,
			want: "property:1:1: error: H=? needs a horizon of at least 1 (set a horizon, or bound the outcome)",
			hint: &prism.Hint{Kind: prism.HintHorizonTooShort}},
		{name: "a plan longer than the horizon", model: cpd, opts: Options{Horizon: 1}, prop: `CAR(p1, [c1,c2] [d1,d2]) [ X "fine" ]`,
			want: "property:1:9: error: the plan has 2 steps, more than the horizon 1"},
		{name: "syntax error in a property", model: cpd, prop: `P=? [ X "fine"`,
			want: "property:1:15: error: "},
		{name: "unknown action in a plan of Options", model: cpd, opts: Options{Plans: map[string]string{"pi": "[c1,x9]"}},
			want: `Plans["pi"]:1:5: error: `},
		{name: "states", model: cpd, opts: Options{MaxStates: 2}, prop: `P=? [ X "fine" ]`,
			want: "the model has more than 2 states (the limit MaxStates)", limit: true},
		{name: "transitions", model: cpd, opts: Options{MaxTransitions: 3}, prop: `P=? [ X "fine" ]`,
			want: "the model has more than 3 transitions (the limit MaxTransitions)", limit: true},
		{name: "memory of the build", model: cpd, opts: Options{MaxMemory: 1024}, prop: `P=? [ X "fine" ]`,
			want: "model construction needs more than 1 KiB (the limit MaxMemory); raise the limit or reduce the model", limit: true},
		{name: "product states", model: cpd, opts: Options{MaxStates: 5}, prop: `#=? [ G<=40 "fine" ]`,
			want: "resource limit exceeded: more than 5 product states", limit: true},
		{name: "missing file", model: "testdata/nowhere.prism",
			want: "cannot read testdata/nowhere.prism: no such file or directory"},
		{name: "endless file", model: "/dev/zero",
			want: "/dev/zero: the file is larger than 16 MiB, the largest input onus reads", limit: true},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			m, err := Load(row.model, row.opts)
			if err == nil && row.prop != "" {
				_, err = m.Check(row.prop)
			}
			if err == nil {
				t.Fatalf("no error, want %q", row.want)
			}
			if !strings.HasPrefix(err.Error(), row.want) {
				t.Errorf("error\n%s\nwant\n%s", err, row.want)
			}
			if strings.Contains(err.Error(), "--") {
				t.Errorf("the error names a flag: %s", err)
			}
			if IsLimit(err) != row.limit {
				t.Errorf("IsLimit = %v", !row.limit)
			}
			var el prism.ErrorList
			if row.hint == nil {
				if errors.As(err, &el) && el[0].Hint != nil {
					t.Errorf("unexpected hint %+v", *el[0].Hint)
				}
				return
			}
			if !errors.As(err, &el) || el[0].Hint == nil || *el[0].Hint != *row.hint {
				t.Errorf("hint of %v: want %+v", err, *row.hint)
			}
		})
	}
}

// TestReadErrorUnwraps checks that a file that cannot be read keeps the
// reason, for errors.Is.
func TestReadErrorUnwraps(t *testing.T) {
	_, err := Load("testdata/nowhere.prism", Options{})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%v is not fs.ErrNotExist", err)
	}
	m := load(t, Options{})
	if _, err := m.CheckFile("testdata/nowhere.props"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("CheckFile: %v is not fs.ErrNotExist", err)
	}
}
