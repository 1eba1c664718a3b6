package translate

import (
	"strings"
	"testing"
)

// dump lists the choices of every state, one line per state, as
// "(vals): choice | choice" where a choice is "[act] p>(target) ...".
func dump(m *Model) string {
	g := m.Game
	var lines []string
	np := len(g.Players)
	for s := 0; s < g.NumStates; s++ {
		var chs []string
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			var sb strings.Builder
			switch {
			case g.Joint != nil:
				sb.WriteString("[")
				for p, a := range g.Joint[c*np : (c+1)*np] {
					if p > 0 {
						sb.WriteString(",")
					}
					if a == 0 {
						sb.WriteString("-")
					} else {
						sb.WriteString(g.Actions[a])
					}
				}
				sb.WriteString("]")
			default:
				sb.WriteString("[" + g.Actions[g.ChoiceAction[c]] + "]")
			}
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				sb.WriteString(" " + fmtFloat(g.Prob[t]) + ">" + m.StateString(int(g.Target[t])))
			}
			chs = append(chs, sb.String())
		}
		line := m.StateString(s) + ": " + strings.Join(chs, " | ")
		if g.Deadlock.Has(s) {
			line += " (deadlock)"
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

func mustBuild(t *testing.T, src, consts string) *Model {
	t.Helper()
	m, err := buildSrc(t, "m.prism", src, consts, false)
	if err != nil {
		t.Fatalf("build: %v\n%s", err, src)
	}
	return m
}

// TestSemantics builds small models and compares every state's choices with
// the distribution derived by hand from the reference (§4).
func TestSemantics(t *testing.T) {
	tests := []struct {
		name, src, consts, want string
	}{
		{"merged targets", `mdp
module m x:[0..2]; [] x=0 -> 0.25:(x'=1) + 0.5:(x'=2) + 0.25:(x'=1); endmodule`, "",
			"(0): [] 0.5>(1) 0.5>(2)\n(1): [] 1>(1) (deadlock)\n(2): [] 1>(2) (deadlock)"},
		{"zero branch dropped", `mdp
module m x:[0..2]; [] x=0 -> 0:(x'=1) + 1:(x'=2); endmodule`, "",
			"(0): [] 1>(2)\n(2): [] 1>(2) (deadlock)"},
		{"probabilities within PRISM's sum round-off (1e-5) are accepted as written", `mdp
module m x:[0..3]; [] x=0 -> 0.3333333:(x'=1) + 0.3333333:(x'=2) + 0.3333333:(x'=3); endmodule`, "",
			"(0): [] 0.3333333>(1) 0.3333333>(2) 0.3333333>(3)\n(1): [] 1>(1) (deadlock)\n(2): [] 1>(2) (deadlock)\n(3): [] 1>(3) (deadlock)"},
		{"duplicate choices eliminated in mdp", `mdp
module m x:[0..1]; [] x=0 -> (x'=1); [] x=0 -> (x'=1); [a] x=0 -> (x'=1); endmodule`, "",
			"(0): [] 1>(1) | [a] 1>(1)\n(1): [] 1>(1) (deadlock)"},
		{"dtmc uniform over enabled commands", `dtmc
module m x:[0..3]; [] x=0 -> (x'=1); [] x=0 -> (x'=2); [] x=0 -> 0.5:(x'=3) + 0.5:(x'=1); [] x>0 -> true; endmodule`, "",
			"(0): [] 0.5>(1) 0.3333333333333333>(2) 0.1666666666666667>(3)\n(1): [] 1>(1)\n(2): [] 1>(2)\n(3): [] 1>(3)"},
		{"synchronisation blocks and combines, first module fastest", `mdp
module MA a:[0..2]; [s] a=0 -> (a'=1); [s] a=0 -> (a'=2); [t] false -> true; endmodule
module MB b:[0..2]; [s] b=0 -> (b'=1); [s] b=0 -> (b'=2); [t] b=1 -> (b'=0); endmodule`, "",
			"(0,0): [s] 1>(1,1) | [s] 1>(2,1) | [s] 1>(1,2) | [s] 1>(2,2)\n" +
				"(1,1): [] 1>(1,1) (deadlock)\n(1,2): [] 1>(1,2) (deadlock)\n(2,1): [] 1>(2,1) (deadlock)\n(2,2): [] 1>(2,2) (deadlock)"},
		{"product probabilities", `mdp
module MA a:[0..1]; [s] a=0 -> 0.5:(a'=0) + 0.5:(a'=1); endmodule
module MB b:[0..1]; [s] b=0 -> 0.25:(b'=0) + 0.75:(b'=1); endmodule`, "",
			"(0,0): [s] 0.125>(0,0) 0.375>(0,1) 0.125>(1,0) 0.375>(1,1)\n(0,1): [] 1>(0,1) (deadlock)\n(1,0): [] 1>(1,0) (deadlock)\n(1,1): [] 1>(1,1) (deadlock)"},
		{"unlabelled choices come first, then actions by index", `mdp
module MA a:[0..1]; [z] a=0 -> (a'=1); [] a=0 -> (a'=1); [y] a=0 -> (a'=1); endmodule
module MB b:[0..1]; [] b=0 -> (b'=1); endmodule`, "",
			"(0,0): [] 1>(1,0) | [] 1>(0,1) | [z] 1>(1,0) | [y] 1>(1,0)\n" +
				"(0,1): [] 1>(1,1) | [z] 1>(1,1) | [y] 1>(1,1)\n" +
				"(1,0): [] 1>(1,1)\n(1,1): [] 1>(1,1) (deadlock)"},
		{"global written by two modules: last module wins", `mdp
global g:[0..3];
module MA a:[0..1]; [s] a=0 -> (a'=1)&(g'=1); endmodule
module MB b:[0..1]; [s] b=0 -> (b'=1)&(g'=2); endmodule`, "",
			"(0,0,0): [s] 1>(2,1,1)\n(2,1,1): [] 1>(2,1,1) (deadlock)"},
		{"primed right-hand side reads the new value", `mdp
module MA c:bool; [s] !c -> 0.5:(c'=true) + 0.5:(c'=false); endmodule
module MB b:[0..2]; [s] b=0 -> (b'=c' ? 2 : 1); endmodule`, "",
			"(false,0): [s] 0.5>(false,1) 0.5>(true,2)\n(false,1): [] 1>(false,1) (deadlock)\n(true,2): [] 1>(true,2) (deadlock)"},
		{"primed variable not assigned reads the old value", `mdp
module MA c:[0..3] init 2; d:[0..3]; [] d=0 -> (d'=c'+1); endmodule`, "",
			"(2,0): [] 1>(2,3)\n(2,3): [] 1>(2,3) (deadlock)"},
		{"primed chain evaluated in dependency order", `mdp
module MA x:[0..5]; y:[0..5]; z:[0..5]; [] x=0 -> (z'=y'+1) & (y'=x'+1) & (x'=1); endmodule`, "",
			"(0,0,0): [] 1>(1,2,3)\n(1,2,3): [] 1>(1,2,3) (deadlock)"},
		{"csg: more specific action set wins, non-player unlabelled joins all", `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1 x:[0..1]; [a] x=0 -> (x'=1); [b] x=0 -> (x'=1); endmodule
module m2 y:[0..3]; [c] y=0 -> (y'=1); [c,a] y=0 -> (y'=2); endmodule
module t k:[0..1]; [] k=0 -> (k'=1); endmodule`, "",
			"(0,0,0): [a,c] 1>(1,2,1) | [b,c] 1>(1,1,1)\n" +
				"(1,1,1): [-,-] 1>(1,1,1) (deadlock)\n(1,2,1): [-,-] 1>(1,2,1) (deadlock)"},
		{"csg: idle player, all-idle step driven by a non-player module", `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1 x:[0..1]; [a] x=0 -> (x'=1); endmodule
module m2 y:[0..1]; [c] y=1 -> (y'=0); endmodule
module t k:[0..2]; [] k<2 -> (k'=k+1); endmodule`, "",
			"(0,0,0): [a,-] 1>(1,0,1)\n(1,0,1): [-,-] 1>(1,0,2)\n(1,0,2): [-,-] 1>(1,0,2) (deadlock)"},
		{"csg: disabled non-player command does not block", `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1 x:[0..1]; [a] x=0 -> (x'=1); [b] x=0 -> (x'=1); endmodule
module m2 y:[0..1]; [c] y=0 -> (y'=1); endmodule
module n z:[0..1]; [a] false -> (z'=1); [b] true -> (z'=1); endmodule`, "",
			"(0,0,0): [a,c] 1>(1,1,0) | [b,c] 1>(1,1,1)\n" +
				"(1,1,0): [-,-] 1>(1,1,0) (deadlock)\n(1,1,1): [-,-] 1>(1,1,1) (deadlock)"},
		{"formulas expanded before renaming, renaming simultaneous", `mdp
formula turn = x1 <= x2;
module M1 x1:[0..2]; [] turn & x1<2 -> (x1'=x1+1); endmodule
module M2 = M1 [x1=x2, x2=x1] endmodule`, "",
			"(0,0): [] 1>(1,0) | [] 1>(0,1)\n(0,1): [] 1>(1,1)\n(1,0): [] 1>(1,1)\n" +
				"(1,1): [] 1>(2,1) | [] 1>(1,2)\n(1,2): [] 1>(2,2)\n(2,1): [] 1>(2,2)\n(2,2): [] 1>(2,2) (deadlock)"},
		{"constants: forward references, --const, functions", `mdp
const int K = H - 1;
const int H;
const int RR = round(-1.5) + round(2.5) + mod(-7, 3) + floor(7/2) + ceil(0.5) + 2^3^2;
module m x:[0..600] init K; [] x<RR -> (x'=RR); endmodule`, "H=3",
			// RR = -1 + 3 + 2 + 3 + 1 + 512 = 520
			"(2): [] 1>(520)\n(520): [] 1>(520) (deadlock)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := mustBuild(t, tc.src, tc.consts)
			if got := dump(m); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
