package checker

import (
	"errors"
	"testing"

	"github.com/onus-mc/onus/checker/limit"
)

// walkModel is an smg of 20,001 states: player p1 moves x on ([go]) or
// waits ([wait]); props declares a behaviour for p1, or none.
const walkModel = `smg
player p1 [go], [wait] endplayer
module m
  x : [0..20000] init 0;
  [go] x<20000 -> (x'=x+1);
  [wait] true -> true;
endmodule
`

// TestProfileLazy: without behaviour declarations New leaves the
// behaviour profile for the first query that needs it (a coalition query
// does not; β does), and computing it reads the deadline (--timeout,
// Ctrl-C) within, every 4096 states; with declarations New computes it
// at once, and a deadline passed meanwhile is New's error.
func TestProfileLazy(t *testing.T) {
	const states = 20001
	defer limit.SetWork(-1, 0)
	limit.SetWork(-1, 0)
	fset, m, pf, err := buildForTest(t, walkModel, `<<p1>> Pmax=? [ F x=20000 ]`, false)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(fset, m.Game, m, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if c.profiled || c.beta != nil {
		t.Fatalf("New computed the profile without behaviour declarations")
	}
	r, err := c.Check(pf.Properties[0].Expr)
	if err != nil || r.Number != 1 {
		t.Fatalf("<<p1>> Pmax=? [ F x=20000 ] = %v, %v; want 1", r, err)
	}
	if c.profiled {
		t.Errorf("a coalition query computed the profile")
	}
	before := limit.Readings()
	beta, err := c.Beta()
	if err != nil {
		t.Fatal(err)
	}
	if got := limit.Readings() - before; got < states/4096 {
		t.Errorf("the profile of %d states read the deadline %d times, want at least %d", states, got, states/4096)
	}
	if len(beta) != 2*states-1 || beta[0] != 0.5 || !c.profiled {
		t.Errorf("β has %d choices, β[0] = %v (profiled %v); want %d, 0.5", len(beta), beta[0], c.profiled, 2*states-1)
	}

	fset, m, pf, err = buildForTest(t, walkModel, `behaviour p1 { go : 3, wait : 1 };`, false)
	if err != nil {
		t.Fatal(err)
	}
	limit.Interrupt()
	_, err = New(fset, m.Game, m, Config{Behaviours: pf.Behaviours})
	var le *LimitError
	if !errors.As(err, &le) || le.Setting != limit.SettingInterrupt {
		t.Errorf("New with behaviours after Ctrl-C: %v, want the interrupt's limit error", err)
	}
	limit.SetWork(-1, 0)
	c, err = New(fset, m.Game, m, Config{Behaviours: pf.Behaviours})
	if err != nil || !c.profiled || c.beta[0] != 0.75 {
		t.Errorf("New with behaviours: %v (profiled %v); want β computed, 0.75 for go", err, c != nil && c.profiled)
	}
}
