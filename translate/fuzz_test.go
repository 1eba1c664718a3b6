package translate

import (
	"testing"

	"github.com/onus-mc/onus/prism"
)

// FuzzBuild feeds model sources that parse to Build, without the semantic
// checker, with a small state limit: every input must give a game or an
// error, never a panic. Run with: go test -fuzz FuzzBuild ./translate
func FuzzBuild(f *testing.F) {
	seeds := []string{
		"mdp\nmodule m x:[0..2]; [] x<2 -> 0.5:(x'=x+1) + 0.5:(x'=0); endmodule",
		"dtmc\nconst int N=3;\nmodule m x:[0..N]; [] x<N -> (x'=x+1); [] x>0 -> (x'=x-1); endmodule",
		"smg\nplayer p1 m1, [a] endplayer\nplayer p2 m2 endplayer\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); [] x=1 -> (x'=0); endmodule\nmodule m2 y:[0..1]; [a] true -> (y'=1-y); [] y=1 -> true; endmodule",
		"csg\nplayer p1 m1 endplayer\nplayer p2 m2 endplayer\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); [b] x=0 -> true; endmodule\nmodule m2 y:[0..2]; [c] y<2 -> (y'=y+1); [c,a] y=0 -> (y'=2); endmodule\nmodule t c:bool; [] true -> (c'=!c); endmodule",
		"mdp\nglobal g:[0..3];\nmodule m1 x:[0..1]; [s] x=0 -> (x'=1)&(g'=g'+1); endmodule\nmodule m2 y:[0..1]; [s] y=0 -> (y'=x'); endmodule",
		"mdp\nformula f = x>0;\nmodule m1 x:[0..4]; [] !f -> (x'=mod(x+3, 5)); [] f -> (x'=floor(x/2)); endmodule\nmodule m2 = m1 [x=y] endmodule\nrewards \"r\" f : x; [] true : 1; endrewards\nlabel \"l\" = f;",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		fset := prism.NewFileSet()
		mf, err := prism.ParseModel(fset, "f.prism", src)
		if err != nil {
			return
		}
		m, err := Build(fset, mf, nil, Config{MaxStates: 2000, Exact: len(src)%2 == 0})
		if err != nil {
			return
		}
		g := m.Game
		if len(g.ChoiceStart) != g.NumStates+1 || len(g.TransStart) != g.NumChoices()+1 {
			t.Fatalf("inconsistent CSR arrays")
		}
		for s := 0; s < g.NumStates; s++ {
			lo, hi := g.Choices(s)
			if hi <= lo {
				t.Fatalf("state %d has no choice", s)
			}
		}
	})
}
