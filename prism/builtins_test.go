package prism

import "testing"

// TestBuiltins checks the table's arities and result types.
func TestBuiltins(t *testing.T) {
	cases := []struct {
		name   string
		args   int
		ok     bool
		arith  bool
		result ConstType
	}{
		{"min", 1, true, true, TInt},
		{"max", 3, true, true, TInt},
		{"max", 0, false, true, TInt},
		{"floor", 1, true, false, TInt},
		{"ceil", 2, false, false, TInt},
		{"round", 1, true, false, TInt},
		{"pow", 2, true, true, TInt},
		{"mod", 2, true, false, TInt},
		{"log", 2, true, false, TDouble},
		{"log", 1, false, false, TDouble},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, ok := LookupBuiltin(c.name)
			if !ok {
				t.Fatalf("%s is not in the table", c.name)
			}
			if got := b.ArityOK(c.args); got != c.ok {
				t.Errorf("ArityOK(%d) = %v, want %v", c.args, got, c.ok)
			}
			if b.Arith != c.arith || !b.Arith && b.Result != c.result {
				t.Errorf("result: arith %v %v, want %v %v", b.Arith, b.Result, c.arith, c.result)
			}
		})
	}
	if _, ok := LookupBuiltin("multi"); ok {
		t.Error("multi is not a built-in function")
	}
}
