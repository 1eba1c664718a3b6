package main

import (
	"os"
	"strings"
	"testing"
)

// The robustness table: bad and big inputs (issue 10). Each row runs the
// CLI in testdata/robust on a minimised input and expects an exit code,
// the exact last line of stderr ("" for none) and, in order, the given
// pieces of stdout.
var robustRows = []struct {
	name   string
	args   []string
	code   int
	stderr string
	stdout []string
}{
	{"10,000 unclosed (", []string{"build", "paren.prism"}, exitBadInput,
		"paren.prism:4:514: error: nested too deeply: more than 500 levels of brackets and prefix operators", nil},
	{"10,000 prefix -", []string{"build", "minus.prism"}, exitBadInput,
		"minus.prism:4:514: error: nested too deeply: more than 500 levels of brackets and prefix operators", nil},
	// F and the !s form one run of prefix operators inside the [ (level 1)
	{"deep --pf", []string{"check", "sweep.prism", "--const", "N=1", "--pf", "P=? [ F " + strings.Repeat("!", 600) + "x=1 ]"}, exitBadInput,
		"--pf:1:507: error: nested too deeply: more than 500 levels of brackets and prefix operators", nil},
	// campaign runs 7115 and 7150: the witness search recursed once a step
	// campaign seed 3, run 8833: the counterexample history's layers were
	// allocated for the whole horizon before any budget was asked
	{"--explain counterexample at horizon 2^63-1", []string{"check", "--outcome-from", "1", "../../../../examples/cpd.prism", "../../../../examples/cpd_from1.props", "--horizon", "9223372036854775807", "--explain"}, exitLimit,
		"onus: error: resource limit exceeded: more than 1000000 steps of the passes over histories (a horizon that long needs as many) (raise the limit with --max-steps)", nil},
	// the witness repeats the search's stationary level up to the horizon
	{"--explain witness at horizon 2^31", []string{"check", "../../../../examples/cpd.prism", "--horizon", "2147483648", "--pf", `CPR(p1, [c1,c2]) [ F "reward" ]`, "--explain"}, exitOK,
		"", []string{"Result: true", "Witness plan: [d1,c2] [d1,d2]^2147483647\n"}},
	// a plan alternating to the horizon: no level repeats before it
	{"--explain witness of 100,002 steps, none repeated", []string{"check", "../../../../examples/cpd.prism", "--horizon", "100002", "--pf", `CPR(p1, ([c1,c2] [c1,d2])^50001) [ F "reward" ]`, "--explain"}, exitLimit,
		"onus: error: resource limit exceeded: more than 100000 steps of a witness plan (--explain)", nil},
	{"/dev/zero as a model", []string{"build", "/dev/zero"}, exitLimit,
		"onus: error: /dev/zero: the file is larger than 16 MiB, the largest input onus reads", nil},
	{"/dev/zero as properties", []string{"check", "sweep.prism", "/dev/zero"}, exitLimit,
		"onus: error: /dev/zero: the file is larger than 16 MiB, the largest input onus reads", nil},
	{"/dev/zero as a trace plan", []string{"check", "../../../../examples/cpd.prism", "--plan", `pi=@"/dev/zero"`, "--pf", `CAR(p1, pi) [ X "fine" ]`}, exitBadInput,
		"--plan:1:4: error: cannot read trace /dev/zero: the file is larger than 16 MiB", nil},
	{"dense csg under --max-memory", []string{"build", "dense.prism", "--const", "N=999", "--max-memory", "64M"}, exitLimit,
		"onus: error: model construction needs more than 64 MiB (--max-memory); raise the limit with --max-memory or reduce the model", nil},
	{"dense csg checked under --max-memory", []string{"check", "dense.prism", "--const", "N=999", "--max-memory", "64M", "--pf", "<<p1>> P>=1 [ F x=1 ]"}, exitLimit,
		"onus: error: model construction needs more than 64 MiB (--max-memory); raise the limit with --max-memory or reduce the model", nil},
	// issue 14: K actions per player, K^2 joint actions per state
	{"csg with 200 actions per player", []string{"build", "manyactions.prism"}, exitOK,
		"", []string{"States:      2 (1 initial)", "Transitions: 80000", "Choices:     80000"}},
	{"--max-transitions", []string{"build", "dense.prism", "--const", "N=9", "--max-transitions", "1000"}, exitLimit,
		"onus: error: the model has more than 1000 transitions (raise the limit with --max-transitions)", nil},
	{"--max-states", []string{"export", "sweep.prism", "--const", "N=10", "--max-states", "5", "--dir", "out"}, exitLimit,
		"onus: error: the model has more than 5 states (raise the limit with --max-states)", nil},
	{"--max-states 0", []string{"build", "sweep.prism", "--const", "N=1", "--max-states", "0"}, exitBadInput,
		"onus: error: --max-states must be at least 1, not 0", nil},
	{"--max-transitions 0", []string{"check", "sweep.prism", "--const", "N=1", "--max-transitions", "0", "--pf", "P=? [ F x=1 ]"}, exitBadInput,
		"onus: error: --max-transitions must be between 1 and 2147483646, not 0", nil},
	{"--max-memory not a size", []string{"build", "sweep.prism", "--const", "N=1", "--max-memory", "lots"}, exitBadInput,
		`onus: error: --max-memory "lots": not a size (give bytes, or a number with K, M, G or T)`, nil},
	{"--max-memory too small", []string{"build", "sweep.prism", "--const", "N=1", "--max-memory", "1000"}, exitBadInput,
		`onus: error: --max-memory "1000": the limit must be at least 1M`, nil},
	{"--max-memory in GiB", []string{"build", "sweep.prism", "--const", "N=2", "--max-memory", "1.5GiB"}, exitOK,
		"onus: warning: sweep.prism (N=2): deadlocks detected and fixed in 1 states (self-loops added, as PRISM does)", []string{"States:      3 (1 initial)"}},
	{"--json with an infinite value", []string{"check", "--json", "inf.prism", "inf.props"}, exitOK,
		"", []string{`"property": "<<p1>> Rmax=? [ F t=1 ]"`, `"value": "Infinity"`, `"property": "<<p1>> Pmax=? [ F t=1 ]"`, `"value": 1,`}},
	{"text with an infinite value", []string{"check", "inf.prism", "inf.props"}, exitOK,
		"", []string{"Result: Infinity", "Result: 1\n"}},
	{"sweep: each run its model size", []string{"check", "--json", "sweep.prism", "--const", "N=1:3", "--pf", "P=? [ F x=N ]"}, exitOK,
		"onus: warning: sweep.prism (N=3): deadlocks detected and fixed in 1 states (self-loops added, as PRISM does)", []string{`"N": 1`, `"states": 2,`, `"transitions": 2,`, `"N": 2`, `"states": 3,`, `"N": 3`, `"states": 4,`}},
	{"deadlocks fixed are warned", []string{"export", "sweep.prism", "--const", "N=4", "--dir", "out"}, exitOK,
		"onus: warning: sweep.prism (N=4): deadlocks detected and fixed in 1 states (self-loops added, as PRISM does)", []string{"Exported 5 states, 5 transitions"}},
	{"no deadlock, no warning", []string{"build", "inf.prism"}, exitOK, "", []string{"States:      3 (1 initial)"}},
	{"results print before a later property's limit", []string{"check", "sweep.prism", "--const", "N=5", "--max-states", "6",
		"--pf", "P=? [ X x=1 ]", "--pf", "P=? [ G<=50 (x<=3 | (F<=2 x=5)) ]"}, exitLimit,
		"onus: error: resource limit exceeded: more than 6 product states", []string{"Model checking: P=? [ X x=1 ]", "Result: 1\n"}},
	// each --pf under its own name: the last line is the third --pf's
	{"every bad --pf is reported", []string{"check", "inf.prism", "--pf", "P>=0.5 ]", "--pf", "<<p1>> Pmax=? [ F t=1 ]", "--pf", "P=? [ F"}, exitBadInput,
		"--pf 3:1:8: error: syntax error: unexpected end of input", []string{}},
	{"a refused --pf among several is named", []string{"check", "inf.prism", "--pf", "<<p1>> Pmax=? [ F t=1 ]", "--pf", "P=? [ F zz=1 ]"}, exitBadInput,
		`--pf 2:1:9: error: undeclared identifier "zz"`, []string{"Result: 1\n", "Model checking: P=? [ F zz=1 ]"}},
	{"one refused property, the others checked", []string{"check", "inf.prism", "refuse.props"}, exitBadInput,
		`refuse.props:2:1: error: multi(...) is not supported on smg models (PRISM-games refuses it there too; its <<A>>(...) combinations of total, average and ratio rewards are not supported yet)`,
		[]string{"Result: 1\n", "Model checking: multi(", "Model checking: <<p1>> Pmin", "Result: 0\n"}},
	{"--prop of a good property beside a refused one", []string{"check", "inf.prism", "refuse.props", "--prop", "3"}, exitOK,
		"", []string{"Model checking: <<p1>> Pmin=? [ F t=2 ]", "Result: 0\n"}},
	{"--prop of the refused property", []string{"check", "inf.prism", "refuse.props", "--prop", "2"}, exitBadInput,
		`refuse.props:2:1: error: multi(...) is not supported on smg models (PRISM-games refuses it there too; its <<A>>(...) combinations of total, average and ratio rewards are not supported yet)`, nil},
	// fine = both defect: p2 is uniform, so 0 when p1 cooperates, 1/2 when it defects
	// reproducer 05 (issue 14): bounds of 10^9 end at their fixpoint, at
	// once and with the value of a small bound; what does not settle
	// stops at --max-steps or --timeout
	{"F<=10^9 at its fixpoint", []string{"check", "../../../../examples/cpd.prism", "--pf", "<<p1,p2>> Pmax=? [ F<=1000000000 \"reward\" ]"}, exitOK,
		"", []string{"Result: 1\n"}},
	{"equilibrium with I=10^9 and C<=10^9", []string{"check", "bounded_csg.prism", "--pf", `<<p1:p2>>max=? (R{"r1"}[I=1000000000] + R{"r2"}[C<=1000000000])`,
		"--pf", `<<p1:p2>>max=? (R{"r1"}[I=3] + R{"r2"}[C<=3])`}, exitOK, "", []string{"Result: 5\n", "Result: 5\n"}},
	{"equilibrium with C<=10^9 twice", []string{"check", "bounded_csg.prism", "--pf", `<<p1:p2>>max=? (R{"r1"}[C<=1000000000] + R{"r2"}[C<=1000000000])`,
		"--pf", `<<p1:p2>>max=? (R{"r1"}[C<=1] + R{"r2"}[C<=1])`}, exitOK, "", []string{"Result: 6\n", "Result: 6\n"}},
	{"C<=2·10^9 at its fixpoint", []string{"check", "bounded_smg.prism", "--pf", `R{"a"}max=? [ C<=2000000000 ]`, "--pf", `R{"a"}max=? [ C<=100 ]`,
		"--pf", `R{"a"}min=? [ C<=2000000000 ]`}, exitOK, "", []string{"Result: 36\n", "Result: 36\n", "Result: 21\n"}},
	{"C<=10^9 with one gain everywhere", []string{"check", "../../../../examples/weather.prism", "--pf", `R{"sales"}=? [ C<=1000000000 ]`}, exitOK,
		"", []string{"Result: 1.5957446843549128e+09\n"}},
	{"C<=10^9 that grows stops at --max-steps", []string{"check", "gains.prism", "--pf", `R{"r"}=? [ C<=1000000000 ]`, "--max-steps", "1000"}, exitLimit,
		"onus: error: resource limit exceeded: more than 1000 iterations of step-bounded operators and equilibrium stage games (a bound that large needs as many) (raise the limit with --max-steps)", nil},
	{"an equilibrium that grows stops at --max-steps", []string{"check", "repeated.prism", "--pf", `<<p1:p2>>max=? (R{"u1"}[C<=1000000000] + R{"u2"}[C<=1000000000])`,
		"--max-steps", "1000"}, exitLimit,
		"onus: error: resource limit exceeded: more than 1000 iterations of step-bounded operators and equilibrium stage games (a bound that large needs as many) (raise the limit with --max-steps)", nil},
	{"the same equilibrium at a small bound", []string{"check", "repeated.prism", "--pf", `<<p1:p2>>max=? (R{"u1"}[C<=10] + R{"u2"}[C<=10])`,
		"--max-steps", "1000"}, exitOK, "", []string{"Result: 20\n"}},
	{"C<=10^9 that grows stops at --timeout", []string{"check", "gains.prism", "--pf", `R{"r"}=? [ C<=1000000000 ]`,
		"--max-steps", "1000000000000", "--timeout", "50ms"}, exitLimit,
		"onus: error: resource limit exceeded: the run took longer than its time limit of 50ms (raise it with --timeout)", nil},
	// issue 14: the passes over histories and the sweeps of the constants
	// count against --max-steps, and are refused at once beyond it
	{"a #=? horizon of 2^31 refused at once", []string{"check", "../../../../examples/cpd.prism", "../../../../examples/cpd.props", "--const", "t=1:3", "--prop", "4", "--horizon", "2147483648"}, exitLimit,
		"onus: error: resource limit exceeded: more than 1000000 steps of the passes over histories (a horizon that long needs as many) (raise the limit with --max-steps)", nil},
	{"a horizon within --max-steps", []string{"check", "../../../../examples/cpd.prism", "../../../../examples/cpd.props", "--const", "t=1", "--prop", "4", "--horizon", "100", "--max-steps", "100"}, exitOK,
		"", []string{"Result: "}},
	{"a horizon beyond --max-steps", []string{"check", "../../../../examples/cpd.prism", "../../../../examples/cpd.props", "--const", "t=1", "--prop", "4", "--horizon", "101", "--max-steps", "100"}, exitLimit,
		"onus: error: resource limit exceeded: more than 100 steps of the passes over histories (a horizon that long needs as many) (raise the limit with --max-steps)", nil},
	{"a sweep of 10^9 builds refused at once", []string{"build", "sweep.prism", "--const", "N=1:1000000000"}, exitLimit,
		"onus: error: resource limit exceeded: more than 1000000 assignments of the sweep of the constants (one step each) (raise the limit with --max-steps)", nil},
	{"a sweep within --max-steps", []string{"check", "sweep.prism", "--const", "N=1:3", "--pf", "P=? [ F x=N ]", "--max-steps", "3"}, exitOK,
		"onus: warning: sweep.prism (N=3): deadlocks detected and fixed in 1 states (self-loops added, as PRISM does)", []string{"Result: 1\n"}},
	{"a sweep beyond --max-steps", []string{"check", "sweep.prism", "--const", "N=1:4", "--pf", "P=? [ F x=N ]", "--max-steps", "3"}, exitLimit,
		"onus: error: resource limit exceeded: more than 3 assignments of the sweep of the constants (one step each) (raise the limit with --max-steps)", nil},
	// issue 14: a long --explain history is written through a buffer, a
	// repeated state's text once; the lines are those of every step
	{"--explain history lines, repeated states", []string{"blame", "../../../../examples/backoff.prism", "--plan", "[*]^3", "--outcome", `X "collision"`, "--explain"}, exitOK,
		"", []string{"  0  (q1=true,q2=true,col=false)  --[send1,wait2]-->\n", "  1  (q1=false,q2=true,col=false)  --[send1,send2]-->\n",
			"  2  (q1=false,q2=false,col=false)  --[send1,send2]-->\n", "  3  (q1=false,q2=false,col=false)\n"}},
	{"a misnamed constant before the sweep's length", []string{"build", "sweep.prism", "--const", "NN=1:1000000000"}, exitBadInput,
		"sweep.prism: error: --const NN: the model and properties declare no constant NN", nil},
	{"--max-steps 0", []string{"check", "../../../../examples/weather.prism", "--pf", `R{"sales"}=? [ C<=10 ]`, "--max-steps", "0"}, exitBadInput,
		"onus: error: --max-steps must be at least 1, not 0", nil},
	{"--timeout negative", []string{"build", "../../../../examples/weather.prism", "--timeout", "-5s"}, exitBadInput,
		"onus: error: --timeout must not be negative, not -5s", nil},
	{"prism -timeout not a time", []string{"prism", "../../../../examples/weather.prism", "-pf", `R{"sales"}=? [ C<=10 ]`, "-timeout", "soon"}, exitBadInput,
		`onus: error: -timeout "soon": give seconds, or a number with s, m, h or d (e.g. 90 or 5m)`, nil},
	{"props behaviour", []string{"check", "../../../../examples/cpd.prism", "cooperate.props"}, exitOK,
		"", []string{"Result: 0\n"}},
	{"--behaviour overrides the props file's", []string{"check", "../../../../examples/cpd.prism", "cooperate.props", "--behaviour", "behaviour.props"}, exitOK,
		"", []string{"Result: 0.5\n"}},
	{"H>=0/0 refused like P>=0/0", []string{"check", "../../../../examples/cpd.prism", "--pf", `CPR(p1, [*])H>=0/0 [ X "fine" ]`}, exitBadInput,
		"--pf:1:16: error: invalid degree bound NaN: it must be a number", []string{"Model checking: CPR(p1, [*])H>=0/0"}},
	{"#<=0/0 refused like P>=0/0", []string{"check", "../../../../examples/cpd.prism", "--pf", `CPR(p1, [*])#<=0/0 [ X "fine" ]`}, exitBadInput,
		"--pf:1:16: error: invalid degree bound NaN: it must be a number", nil},
	{"behaviour weights whose sum overflows", []string{"check", "../../../../examples/cpd.prism", "huge.props"}, exitOK,
		"", []string{"Result: 0.25\n"}},
	{"no command", []string{"inf.prism", "inf.props"}, exitBadInput,
		`onus: error: "inf.prism" is not a command; to check properties, run: onus check inf.prism inf.props`, nil},
	{"unknown command", []string{"chek", "inf.prism"}, exitBadInput,
		`onus: error: unknown command "chek"; did you mean check? (onus help lists the commands)`, nil},
	// bounds (issue 10): PRISM takes a number, a name or (expr) after F<=, U<=
	// and ^; C<= and I= take any expression
	{"F<= with an unparenthesised sum", []string{"check", "sweep.prism", "--const", "N=2", "--pf", "P=? [ F<=N+1 x=1 ]"}, exitBadInput,
		"--pf:1:10: error: a time bound other than a number or a name must be parenthesised, as in PRISM: F<=(N+...)", nil},
	{"U<= with an unparenthesised product", []string{"check", "sweep.prism", "--const", "N=2", "--pf", "P=? [ x=0 U<=2*N x=1 ]"}, exitBadInput,
		"--pf:1:14: error: a time bound other than a number or a name must be parenthesised, as in PRISM: U<=(2*...)", nil},
	{"F<= with a parenthesised sum", []string{"check", "sweep.prism", "--const", "N=2", "--pf", "P=? [ X F<=(N-1) x=2 ]"}, exitOK,
		"onus: warning: sweep.prism (N=2): deadlocks detected and fixed in 1 states (self-loops added, as PRISM does)", []string{"Result: 1\n"}},
	{"F<= with a name, then a negation", []string{"check", "sweep.prism", "--const", "N=2", "--pf", "P=? [ F<=N -x=-2 ]"}, exitOK,
		"onus: warning: sweep.prism (N=2): deadlocks detected and fixed in 1 states (self-loops added, as PRISM does)", []string{"Result: 1\n"}},
	{"plan count with an unparenthesised difference", []string{"check", "../../../../examples/cpd.prism", "--const", "t=2", "--pf", `CAR(p1, [*]^t-1 [d1,c2]) [ X "fine" ]`}, exitBadInput,
		"--pf:1:13: error: a repetition count other than a number or a name must be parenthesised: ^(t-...)", nil},
	{"--plan count with an unparenthesised difference", []string{"check", "../../../../examples/cpd.prism", "--plan", "pi=[d1]^t-1", "--pf", `CAR(p1, pi) [ X "fine" ]`}, exitBadInput,
		"--plan:1:9: error: a repetition count other than a number or a name must be parenthesised: ^(t-...)", nil},
	{"C<= takes an expression", []string{"check", "inf.prism", "--pf", "<<p1>> Rmax=? [ C<=2*2+1 ]"}, exitOK,
		"", []string{"Result: 5\n"}},
	{"I= takes an expression", []string{"check", "inf.prism", "--pf", "<<p1>> Rmax=? [ I=3-1 ]"}, exitOK,
		"", []string{"Result: 1\n"}},
	// idle csg players in plan steps: `-` or `idle`, one entry per player
	{"plan step naming an idle player with -", []string{"check", "idle.prism", "--pf", `CAR(p2, [a1,d2] [-,d2])=? [ X X "done" ]`}, exitOK,
		"", []string{"Result: count 0.5, prob 0.5, entropy 0.6826061944859854\n"}},
	{"plan step naming an idle player with idle", []string{"check", "idle.prism", "--pf", `CAR(p2, [a1,d2] [idle,c2])=? [ X X "done" ]`}, exitOK,
		"", []string{"Result: count 0, prob 0, entropy 0\n"}},
	{"a trace's idle entry is an idle step", []string{"check", "idle.prism", "--plan", "pi=@idle.txt", "--pf", `CAR(p2, pi)=? [ X X "done" ]`}, exitOK,
		"", []string{"Result: count 0, prob 0, entropy 0\n"}},
	{"idle step with too few entries", []string{"check", "idle.prism", "--pf", `CAR(p2, [-])=? [ X "done" ]`}, exitBadInput,
		"--pf:1:9: error: a step naming an idle (-) or free (*) player lists one entry per player in player order (2 players: p1, p2), not 1", nil},
	{"idle step with an action out of place", []string{"check", "idle.prism", "--pf", `CAR(p2, [d2,-])=? [ X "done" ]`}, exitBadInput,
		`--pf:1:10: error: "d2" is not an action of player p1 (entry 1), but of p2`, nil},
	{"idle step not executable", []string{"check", "idle.prism", "--pf", `CAR(p2, [-,d2])=? [ X "done" ]`}, exitBadInput,
		"--pf:1:9: error: the plan cannot be carried out: step 1 [-,d2] is not available in any state it can be taken in (--unavailable free lets a player that cannot take its action act freely: docs/guide/plans.md#plans-that-cannot-be-followed)", nil},
	{"idle step in an smg", []string{"check", "inf.prism", "--pf", "CAR(p1, [-])=? [ X t=1 ]"}, exitBadInput,
		`--pf:1:10: error: "-" names an idle player only in csg models; in an smg only the state's owner acts`, nil},
	// path formulas in R: each refusal points at the operator at fault
	{"R[G] not co-safe, at the G", []string{"check", "inf.prism", "--pf", "<<p1>> Rmax=? [ G t=1 ]"}, exitBadInput,
		"--pf:1:17: error: R operator contains a path formula that is not syntactically co-safe: G t = 1", nil},
	{"R[a | !F b] not co-safe, at the negated F", []string{"check", "inf.prism", "--pf", "<<p1>> Rmax=? [ F t=1 | !(F t=2) ]"}, exitBadInput,
		"--pf:1:27: error: R operator contains a path formula that is not syntactically co-safe: F t = 1 | !(F t = 2)", nil},
	{"R[F<=k] at the F", []string{"check", "inf.prism", "--pf", "<<p1>> Rmax=? [ F<=3 t=1 ]"}, exitBadInput,
		"--pf:1:17: error: R operator cannot contain a bounded F operator: F<=3 t = 1", nil},
	{"R[X F] on an smg", []string{"check", "inf.prism", "--pf", "<<p1>> Rmax=? [ X F t=1 ]"}, exitOK,
		"", []string{"Result: Infinity\n"}},
	{"R[X F] on a csg, at the path", []string{"check", "csgr.prism", "--pf", "<<p1>> Rmax=? [ X F x=1 ]"}, exitBadInput,
		`--pf:1:17: error: co-safe LTL reward objectives R[ψ] are not supported on csg models (PRISM-games: "Computation not implemented yet.")`, nil},
	{"multi-objective <<A>>(R & P)", []string{"check", "inf.prism", "--pf", "<<p1>> (R{1}>=1 [ F t=1 ] & P>=1 [ F t=1 ])"}, exitBadInput,
		"--pf:1:1: error: multi-objective queries <<...>>(P... & R...) are not supported on games (PRISM-games computes Pareto sets of total, average and ratio rewards on smgs); on an mdp, multi(...) is", nil},
	// horizons (docs/guide/outcomes.md#horizons): none for infinite paths; --horizon and <<A>>
	{"P=? on infinite paths: no horizon", []string{"check", "inf.prism", "--pf", "P=? [ F t=1 ]"}, exitOK,
		"", []string{"Model checking: P=? [ F t=1 ]\nResult: 0.5\n"}},
	{"P=? under --horizon: its horizon", []string{"check", "inf.prism", "--pf", "P=? [ F t=1 ]", "--horizon", "5"}, exitOK,
		"", []string{"Horizon: 5\nResult: 0.5\n"}},
	{"--horizon with <<A>> is noted", []string{"check", "inf.prism", "--pf", "<<p1>> Pmax=? [ F t=1 ]", "--horizon", "5"}, exitOK,
		"--pf:1:1: note: --horizon does not apply to <<...>> and [[...]] queries: they are judged on infinite paths as in PRISM-games (bound their operators, e.g. F<=T, to look T steps ahead)",
		[]string{"Model checking: <<p1>> Pmax=? [ F t=1 ]\nResult: 1\n"}},
	// blame builds under check's limits
	{"blame --max-states 0", []string{"blame", "../../../../examples/cpd.prism", "--plan", "[d1,d2]", "--outcome", `X "fine"`, "--max-states", "0"}, exitBadInput,
		"onus: error: --max-states must be at least 1, not 0", nil},
	{"blame --max-transitions", []string{"blame", "../../../../examples/cpd.prism", "--plan", "[d1,d2]", "--outcome", `X "fine"`, "--max-transitions", "3"}, exitLimit,
		"onus: error: the model has more than 3 transitions (raise the limit with --max-transitions)", nil},
	{"blame --max-memory", []string{"blame", "dense.prism", "--const", "N=999", "--plan", "[*]", "--outcome", "X x=1", "--max-memory", "64M"}, exitLimit,
		"onus: error: model construction needs more than 64 MiB (--max-memory); raise the limit with --max-memory or reduce the model", nil},
	{"blame --max-memory not a size", []string{"blame", "../../../../examples/cpd.prism", "--plan", "[d1,d2]", "--outcome", `X "fine"`, "--max-memory", "10"}, exitBadInput,
		`onus: error: --max-memory "10": the limit must be at least 1M`, nil},
	// the passes respect --max-memory: a deterministic count of the product's
	// and the layers' bytes (the model itself needs less than 1M); #=?
	// counts exactly, so its layers grow with the horizon (the degrees'
	// floating-point counts do not)
	{"big-horizon count under a small --max-memory", []string{"check", "../../../../examples/robots.prism", "--const", "N=40,cross=5",
		"--pf", `#=? [ F<=100000 "done" ]`, "--max-memory", "1M"}, exitLimit,
		"onus: error: resource limit exceeded: more than 1048576 bytes for the product and its passes (--max-memory)", nil},
	// long inputs (issue 14; ../shared/robustness 01, 02 and 07 at small
	// sizes): chains are walked with loops, errors stop at twenty
	{"01: a property that is a sum of 20,000 terms", []string{"check", "../../../../examples/cpd.prism",
		"--pf", "P=? [ X s=" + strings.Repeat("0+", 20000) + "0 ]"}, exitOK, "", []string{"Result: 0.25\n"}},
	{"a property that is a chain of 20,000 subtractions", []string{"check", "../../../../examples/cpd.prism",
		"--pf", "P=? [ X s=" + strings.Repeat("s-1+", 20000) + "s-s ]"}, exitOK, "", []string{"Result: 0\n"}},
	{"02: an update that is a sum of 5,000 terms", []string{"build", "chain.prism"}, exitOK, "", []string{"States:      4 (1 initial)"}},
	{"07: 2,000 stray + stop after twenty errors", []string{"check", "../../../../examples/cpd.prism",
		"--pf", `P=? [ F "fine" ` + strings.Repeat("+ ", 2000) + "]"}, exitBadInput, "--pf:1:58: error: too many errors", nil},
	{"07: R[C+C+...] stops after twenty errors", []string{"check", "../../../../examples/cpd.prism",
		"--pf", `R{"a"}max=? [ ` + strings.Repeat("C+", 2000) + "C ]"}, exitBadInput, "--pf:1:55: error: too many errors", nil},
	{"props file without properties", []string{"check", "inf.prism", "empty.props"}, exitBadInput,
		"empty.props:1:1: error: the file holds no properties to check (add some, or give --pf)", nil},
}

func TestRobustTable(t *testing.T) {
	t.Chdir("testdata/robust")
	t.Cleanup(func() { os.RemoveAll("out") })
	for _, row := range robustRows {
		t.Run(row.name, func(t *testing.T) {
			if strings.Contains(strings.Join(row.args, " "), "/dev/zero") {
				if _, err := os.Stat("/dev/zero"); err != nil {
					t.Skip("no /dev/zero")
				}
			}
			code, out, errs := onus(t, row.args...)
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			// A limit's error is followed by the note naming where it
			// stopped (TestStoppedNote checks that).
			if n := len(lines); n > 1 && strings.HasPrefix(lines[n-1], "onus: note: stopped in ") {
				lines = lines[:n-1]
			}
			last := lines[len(lines)-1]
			if code != row.code || last != row.stderr {
				t.Errorf("onus %s\nexit %d, last stderr line\n  %s\nwant exit %d and\n  %s", strings.Join(row.args, " "), code, last, row.code, row.stderr)
			}
			wantInOrder(t, out, row.stdout)
		})
	}
}

// TestNoHorizonOnInfinitePaths checks that a P query judged on infinite
// paths prints no horizon, in text or JSON (a horizon of 0 would be wrong).
func TestNoHorizonOnInfinitePaths(t *testing.T) {
	t.Chdir("testdata/robust")
	for _, args := range [][]string{
		{"check", "inf.prism", "--pf", "P=? [ F t=1 ]", "--pf", "P>=0.5 [ F t=1 ]"},
		{"check", "--json", "inf.prism", "--pf", "P=? [ F t=1 ]", "--pf", "P>=0.5 [ F t=1 ]"},
	} {
		code, out, errs := onus(t, args...)
		if code != exitOK || strings.Contains(strings.ToLower(out), "horizon") {
			t.Errorf("onus %s: exit %d, want no horizon\n%s%s", strings.Join(args, " "), code, out, errs)
		}
	}
}

// wantInOrder checks that out holds each of wants, one after another.
func wantInOrder(t *testing.T, out string, wants []string) {
	t.Helper()
	rest := out
	for _, want := range wants {
		i := strings.Index(rest, want)
		if i < 0 {
			t.Errorf("stdout lacks %q (in order)\n%s", want, out)
			return
		}
		rest = rest[i+len(want):]
	}
}
