package translate

import (
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// StateSet on hand-built expressions with a missing operand: a positioned
// error at the operator nearest to the gap, never a panic.
func TestStateSetMissingOperand(t *testing.T) {
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "m.prism", "dtmc\nmodule M x:[0..2]; [] x<2 -> (x'=x+1); endmodule\nlabel \"end\" = x=2;\n")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Build(fset, mf, nil, Config{})
	if err != nil {
		t.Fatal(err)
	}
	// An expression file gives the operators real positions.
	f := fset.AddFile("q.props", "x=1 | !x=2\n")
	at := func(off int) prism.Pos { return f.Pos(off) }
	x1 := &prism.Binary{X: &prism.Name{NamePos: at(0), Name: "x"}, OpPos: at(1), Op: prism.OpEq, Y: &prism.IntLit{ValuePos: at(2), Value: 1}}
	cases := []struct {
		name string
		e    prism.Expr
		want string // substring of the message; "" for no position check
	}{
		{"nil", nil, "incomplete expression"},
		{"right of |", &prism.Binary{X: x1, OpPos: at(4), Op: prism.OpOr}, "q.props:1:5: error: incomplete expression"},
		{"left of |", &prism.Binary{OpPos: at(4), Op: prism.OpOr, Y: x1}, "q.props:1:5: error:"},
		{"operand of !", &prism.Binary{X: x1, OpPos: at(4), Op: prism.OpOr, Y: &prism.Unary{OpPos: at(6), Op: prism.OpNot}}, "q.props:1:7: error:"},
		{"inside parentheses", &prism.Paren{Lparen: at(0)}, "q.props:1:1: error:"},
		{"condition", &prism.Cond{Then: x1, Else: x1}, "incomplete expression"},
		{"call argument", &prism.Call{FuncPos: at(0), Func: "min", Args: []prism.Expr{x1, nil}}, "q.props:1:1: error:"},
		{"typed nil", &prism.Binary{X: x1, OpPos: at(4), Op: prism.OpOr, Y: (*prism.Name)(nil)}, "q.props:1:5: error:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			set, err := m.StateSet(tc.e)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, %v; want an error with %q", set, err, tc.want)
			}
		})
	}
	// A complete expression built the same way still evaluates.
	set, err := m.StateSet(&prism.Binary{X: x1, OpPos: at(4), Op: prism.OpOr, Y: &prism.LabelRef{NamePos: at(6), Name: "end"}})
	if err != nil || set.Count() != 2 || !set.Has(1) || !set.Has(2) {
		t.Fatalf("x=1 | \"end\": got %v, %v; want states 1 and 2", set, err)
	}
}
