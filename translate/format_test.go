package translate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestExportFormats checks the explicit formats of §6 on small mdp and dtmc
// models (the corpus has golden files only for smg and csg).
func TestExportFormats(t *testing.T) {
	mdp := mustBuild(t, `mdp
module m x:[0..2]; b:bool;
  [go] x=0 -> 0.25:(x'=1) + 0.75:(x'=2)&(b'=true);
  [] x=0 -> (x'=1);
  [] x=1 -> (x'=0);
endmodule
label "two" = x=2;
rewards
  x=1 : 2.5;
  [go] true : 1;
endrewards`, "")
	dtmc := mustBuild(t, `dtmc
module m x:[0..2];
  [] x=0 -> (x'=1);
  [] x=0 -> (x'=2);
  [] x>0 -> (x'=0);
endmodule`, "")
	tests := []struct {
		name string
		m    *Model
		w    func(*bytes.Buffer, *Model) error
		want string
	}{
		{"mdp sta", mdp, func(b *bytes.Buffer, m *Model) error { return WriteSta(b, m.Game) },
			"# States\n(x,b)\n0:(0,false)\n1:(1,false)\n2:(2,true)\n"},
		// state 0: the unlabelled choice first, then [go]
		{"mdp tra", mdp, func(b *bytes.Buffer, m *Model) error { return WriteTra(b, m.Game) },
			"# Transitions (MDP)\n3 4 5\n0 0 1 1\n0 1 1 0.25 go\n0 1 2 0.75 go\n1 0 0 1\n2 0 2 1\n"},
		{"mdp lab", mdp, func(b *bytes.Buffer, m *Model) error { return WriteLab(b, m.Game) },
			"# Labels\n0=\"init\" 1=\"deadlock\" 2=\"two\"\n0: 0\n2: 1 2\n"},
		{"mdp srew (unnamed)", mdp, func(b *bytes.Buffer, m *Model) error { return WriteSrew(b, m.Game, 0) },
			"# Reward structure\n# State rewards\n3 1\n1 2.5\n"},
		{"mdp trew", mdp, func(b *bytes.Buffer, m *Model) error { return WriteTrew(b, m.Game, 0) },
			"# Reward structure\n# Transition rewards\n3 4 2\n0 1 1 1\n0 1 2 1\n"},
		{"dtmc tra", dtmc, func(b *bytes.Buffer, m *Model) error { return WriteTra(b, m.Game) },
			"# Transitions (DTMC)\n3 4\n0 1 0.5\n0 2 0.5\n1 0 1\n2 0 1\n"},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		if err := tc.w(&buf, tc.m); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if buf.String() != tc.want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tc.name, buf.String(), tc.want)
		}
	}
	// Export: one reward structure gives base.srew/.trew without a number.
	dir := t.TempDir()
	if err := Export(dir, "m.prism", mdp.Game); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"m.prism.sta", "m.prism.tra", "m.prism.lab", "m.prism.srew", "m.prism.trew"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("Export did not write %s", f)
		}
	}
}
