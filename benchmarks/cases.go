package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A Case is one benchmark: usually one onus run, measured end to end.
type Case struct {
	Group string
	Name  string // unique; -filter matches it
	Quick bool   // part of -quick
	// Args runs `onus Args...` (paths relative to the repository root).
	Args []string
	// FailOK accepts exit code 1 (`--test` with a mismatch).
	FailOK bool
	// Answer extracts the answer from onus's standard output.
	Answer func([]byte) (string, error)
	// Want, when set, is the answer an independent source gives (PRISM's
	// MANIFEST.tsv, a formula); otherwise answers.tsv holds it.
	Want string
	// X and Series place the case in a figure.
	X      float64
	Series string
	// PRISM is PRISM-games' time for the same work (prism group), seconds.
	PRISM float64
	// Run, when set, replaces the onus run (the naive group runs go test).
	Run func(env *Env, c *Case) []Measurement
}

// cpdHorizons are the horizons of the cpd group; -quick stops at 1,000.
var cpdHorizons = []int{10, 100, 1000, 10000, 100000}

// allCases lists the suite. Cases needing ../shared are left out (with a
// note) when it is absent.
func allCases(env *Env) []*Case {
	var cs []*Case
	cs = append(cs, buildCases(env)...)
	cs = append(cs, cpdCases()...)
	cs = append(cs, naiveCase())
	cs = append(cs, boundedCases()...)
	cs = append(cs, scaleCases()...)
	cs = append(cs, searchCases()...)
	cs = append(cs, countsCases()...)
	cs = append(cs, powerCases()...)
	cs = append(cs, locateCases()...)
	cs = append(cs, numericCases()...)
	cs = append(cs, prismCases(env)...)
	cs = append(cs, equilCases(env)...)
	return cs
}

// buildCases: model construction of every corpus model of MANIFEST.tsv
// (sizes checked against PRISM-games') and of the counters family,
// (N+1)^3 states.
func buildCases(env *Env) []*Case {
	var cs []*Case
	rows, err := readTSV(filepath.Join(env.Corpus, "MANIFEST.tsv"))
	if err != nil {
		env.Notef("build: corpus models left out: %v", err)
	}
	for _, r := range rows {
		if !strings.HasPrefix(r["expected"], "build") {
			continue
		}
		states, _ := strconv.ParseFloat(r["states"], 64)
		args := []string{"build", filepath.Join(env.Corpus, r["file"]), "--json"}
		if r["constants"] != "" {
			args = append(args, "--const", r["constants"])
		}
		cs = append(cs, &Case{
			Group: "build", Name: "build/" + filepath.Base(r["file"]), Quick: true,
			Args: args, Answer: buildAnswer, X: states, Series: "PRISM-games corpus",
			Want: fmt.Sprintf("%s states, %s transitions, %s choices", r["states"], r["transitions"], r["choices"]),
		})
	}
	for _, n := range []int{9, 21, 46, 99, 215} {
		states := (n + 1) * (n + 1) * (n + 1)
		cs = append(cs, &Case{
			Group: "build", Name: fmt.Sprintf("build/counters/N=%d", n), Quick: states <= 200000,
			Args:   []string{"build", "benchmarks/models/counters.prism", "--const", fmt.Sprintf("N=%d", n), "--json", "--max-states", "20000000"},
			Answer: buildAnswer, X: float64(states), Series: "counters family",
			Want: fmt.Sprintf("%d states, %d transitions, %d choices", states,
				countersTransitions(n), countersChoices(n)),
		})
	}
	// a csg of 10^7 states: 4 joint actions in most states
	n := 3163
	cs = append(cs, &Case{
		Group: "build", Name: fmt.Sprintf("build/robots/N=%d", n),
		Args:   []string{"build", "examples/robots.prism", "--const", fmt.Sprintf("N=%d,cross=40", n), "--json", "--max-states", "20000000"},
		Answer: buildAnswer, X: float64(n * n), Series: "robots (csg)",
		Want: fmt.Sprintf("%d states, %d transitions, %d choices", n*n, robotsTransitions(n), robotsChoices(n)),
	})
	return cs
}

// robotsChoices and robotsTransitions count examples/robots.prism (with
// 0 < q < 1 and cross < N-1): a robot below the last cell has two moves,
// go (two targets) and wait (one), else one; in the crash state both only
// wait. Summed over the N^2 states, the products of the two robots'
// counts are squares of sums over one road, less the crash state's
// difference.
func robotsChoices(n int) int { return (2*n-1)*(2*n-1) - 3 }

func robotsTransitions(n int) int { return (3*n-2)*(3*n-2) - 8 }

// countersChoices and countersTransitions count the counters model: in
// every state each of the three modules has one enabled command, a choice
// with two targets while its counter is below N and one (the wrap-around)
// at N.
func countersChoices(n int) int {
	s := (n + 1) * (n + 1) * (n + 1)
	return 3 * s
}

func countersTransitions(n int) int {
	s := (n + 1) * (n + 1) * (n + 1)
	// Per module: states with x<N have 2 transitions, x=N 1.
	perModule := s/(n+1)*n*2 + s/(n+1)
	return 3 * perModule
}

// cpdCases: CAR, CPR and CCR, all three degrees, on the CPD, the plan
// [*]^(T-1) [d1,c2] and the outcome F<=T "reward", for growing T.
func cpdCases() []*Case {
	var cs []*Case
	for _, T := range cpdHorizons {
		for _, op := range []string{"CAR", "CPR", "CCR"} {
			q := fmt.Sprintf(`%s(p1, [*]^(%d) [d1,c2])=? [ F<=%d "reward" ]`, op, T-1, T)
			cs = append(cs, &Case{
				Group: "cpd", Name: fmt.Sprintf("cpd/%s/T=%d", op, T), Quick: T <= 1000,
				Args:   []string{"check", "examples/cpd.prism", "--pf", q, "--json"},
				Answer: checkAnswer, X: float64(T), Series: op + ", end to end",
			})
		}
	}
	return cs
}

// boundedCases: a bounded reachability probability with a long bound.
func boundedCases() []*Case {
	var cs []*Case
	for _, k := range []int{10000, 100000, 1000000} {
		cs = append(cs, &Case{
			Group: "bounded", Name: fmt.Sprintf("bounded/F<=%d", k), Quick: k <= 10000,
			Args:   []string{"check", "examples/cpd.prism", "--pf", fmt.Sprintf(`P=? [ F<=%d "payoff1" ]`, k), "--json"},
			Answer: checkAnswer, X: float64(k), Series: "P=? [ F<=k ]",
		})
	}
	return cs
}

// scaleCases: CAR, CPR and CCR with all degrees on the two robots of
// examples/robots.prism, 10^4 and 10^6 states, at horizon 100.
func scaleCases() []*Case {
	var cs []*Case
	for _, n := range []int{100, 1000} {
		for _, op := range []string{"CAR", "CPR", "CCR"} {
			q := fmt.Sprintf(`%s(r1, [go1,go2]^100)=? [ F "crash" ]`, op)
			cs = append(cs, &Case{
				Group: "scale", Name: fmt.Sprintf("scale/robots/N=%d/%s", n, op), Quick: n <= 100,
				Args:   []string{"check", "examples/robots.prism", "--const", fmt.Sprintf("N=%d,cross=40", n), "--pf", q, "--json"},
				Answer: checkAnswer, X: float64(n * n), Series: op + ", T = 100",
			})
		}
	}
	return cs
}

// searchHorizons are the horizons of the search group's N = 100 curve.
var searchHorizons = []int{10, 20, 50, 100, 200, 500, 1000}

// searchCases: the verdicts of CAR, CPR and CCR (the plan search) on the
// robots, `OP(r1, [wait1]^T) [ G<=T !"crash" ]`: against T on 10^4 states
// (the figure), at T = 1000 on 10^6 states; `OP(r1, [go1,go2]^N) [
// F<=N "crash" ]` on 10^4 and 10^6 states (growing sets); and a horizon
// of 2^31 on the CPD (the search and the emptiness sweep stop once they
// repeat).
func searchCases() []*Case {
	var cs []*Case
	verdict := func(op string, T int) string {
		return fmt.Sprintf(`%s(r1, [wait1]^%d) [ G<=%d !"crash" ]`, op, T, T)
	}
	for _, op := range []string{"CAR", "CPR", "CCR"} {
		for _, T := range searchHorizons {
			cs = append(cs, &Case{
				Group: "search", Name: fmt.Sprintf("search/robots/N=100/%s/T=%d", op, T), Quick: T <= 100,
				Args:   []string{"check", "examples/robots.prism", "--const", "N=100,cross=40", "--pf", verdict(op, T), "--json"},
				Answer: checkAnswer, X: float64(T), Series: op + ", N = 100",
			})
		}
	}
	for _, op := range []string{"CAR", "CPR", "CCR"} {
		cs = append(cs, &Case{
			Group: "search", Name: "search/robots/N=1000/T=1000/" + op,
			Args:   []string{"check", "examples/robots.prism", "--const", "N=1000,cross=40", "--pf", verdict(op, 1000), "--json"},
			Answer: checkAnswer,
		})
	}
	// Both robots moving: the sets of the emptiness sweep grow to about
	// k^2 states at step k, and only the new ones are expanded.
	for _, op := range []string{"CAR", "CPR", "CCR"} {
		for _, n := range []int{100, 1000} {
			q := fmt.Sprintf(`%s(r1, [go1,go2]^%d) [ F<=%d "crash" ]`, op, n, n)
			cs = append(cs, &Case{
				Group: "search", Name: fmt.Sprintf("search/robots/N=%d/grow/T=%d/%s", n, n, op), Quick: n == 100,
				Args:   []string{"check", "examples/robots.prism", "--const", fmt.Sprintf("N=%d,cross=40", n), "--pf", q, "--json"},
				Answer: checkAnswer,
			})
		}
	}
	cs = append(cs, &Case{
		Group: "search", Name: "search/cpd/T=2^31", Quick: true,
		Args:   []string{"check", "examples/cpd.prism", "--pf", `CAR(p1, [c1,c2]) [ G "fine" ]`, "--horizon", "2147483648", "--json"},
		Answer: checkAnswer,
	})
	return cs
}

// powerCases: onus blame on the 8-player CPD (256 coalitions), SHAPLEY
// for one of 12 voters (4096 coalitions) and of 18 (2^18, the plan
// searches in parallel), and the cost of --explain: the
// same queries with and without it.
func powerCases() []*Case {
	cs := []*Case{
		{Group: "power", Name: "power/blame/cpd_n8/t=20", Quick: true,
			Args: []string{"blame", "examples/cpd_n.prism", "examples/cpd_n.props", "--const", "n=8,t=20",
				"--plan", "alternate", "--outcome", `G<=t ("fine"|"reward")`, "--coalitions", "--json"},
			Answer: blameAnswer},
		{Group: "power", Name: "power/shapley/vote12", Quick: true,
			Args:   []string{"check", "cmd/onus/testdata/vote12.prism", "--pf", `SHAPLEY(p1, [#0]^12)=? [ F "carried" ]`, "--json"},
			Answer: checkAnswer},
		{Group: "power", Name: "power/shapley/vote18",
			Args:   []string{"check", "benchmarks/models/vote18.prism", "--pf", `SHAPLEY(p1, [#0]^18)=? [ F "carried" ]`, "--json"},
			Answer: checkAnswer},
	}
	explained := []struct {
		name, model string
		consts      string
		props       []string
	}{
		{"cpd/T=1000", "examples/cpd.prism", "", []string{
			`CAR(p1, [d1,d2]^1000) [ G<=1000 ("fine"|"payoff2") ]`,
			`CPR(p1, [c1,c2]^1000) [ G<=1000 "reward" | "fine" ]`,
			`CCR(p1, ([c1,c2] [d1,d2])^500) [ G<=1000 ("fine"|"reward") ]`,
			`CAR(p1, [*]^999 [d1,c2]) [ F<=1000 ("reward"|"payoff2") ]`,
			`CPR(p1, [*]^999 [c1,c2]) [ F<=1000 "reward" ]`}},
		{"robots/N=100/T=100", "examples/robots.prism", "N=100,cross=40", []string{
			`CPR(r1, [go1,go2]^100) [ F<=100 "done" ]`,
			`CAR(r1, [go1,go2]^100) [ G<=100 !"crash" ]`,
			`CCR(r2, [go1,go2]^100) [ F<=100 b=N-1 ]`}},
	}
	for _, e := range explained {
		for _, explain := range []bool{false, true} {
			args := []string{"check", e.model, "--json"}
			if e.consts != "" {
				args = append(args, "--const", e.consts)
			}
			for _, p := range e.props {
				args = append(args, "--pf", p)
			}
			name, series := "power/check/"+e.name, "without --explain"
			if explain {
				args = append(args, "--explain")
				name, series = "power/explain/"+e.name, "with --explain"
			}
			cs = append(cs, &Case{Group: "power", Name: name, Quick: true, Args: args, Answer: checkAnswer, Series: series})
		}
	}
	return cs
}

// locateCases: onus locate (SPEC §12) on the models of
// benchmarks/models/locate_*.prism: exact indices of the forward game with
// 21 and 24 relevant states, of a pessimistic backward game with 50
// significant states, --refine on a corridor of 10^6 states of which 6
// matter, and --samples 10000 on 61 players.
func locateCases() []*Case {
	grid := "benchmarks/models/locate_grid.prism"
	obj := `P>=1 [G !"mine"]`
	cs := []*Case{
		{Group: "locate", Name: "locate/forward/grid/21", Quick: true, X: 21, Series: "forward, exact",
			Args: []string{"locate", grid, "--const", "ROWS=3,COLS=11", "--objective", obj, "--exact", "--json"}},
		{Group: "locate", Name: "locate/forward/grid/24", Quick: true, X: 24, Series: "forward, exact",
			Args: []string{"locate", grid, "--const", "ROWS=3,COLS=12", "--objective", obj, "--exact", "--json"}},
		{Group: "locate", Name: "locate/backward/signals/50", Quick: true, X: 50, Series: "pessimistic, exact",
			Args: []string{"locate", "benchmarks/models/locate_signals.prism", "--const", "N=50", "--objective", `P>=1 [G !"crash"]`,
				"--counterexample", "@benchmarks/models/locate_signals.ce", "--exact", "--json"}},
		{Group: "locate", Name: "locate/backward/grid/22", Quick: true, X: 22, Series: "pessimistic, exact",
			Args: []string{"locate", grid, "--const", "ROWS=3,COLS=10", "--objective", obj,
				"--counterexample", "@benchmarks/models/locate_grid.ce", "--exact", "--json"}},
		{Group: "locate", Name: "locate/refine/corridor/10^6", X: 1e6, Series: "--refine",
			Args: []string{"locate", "benchmarks/models/locate_corridor.prism", "--const", "L=500000", "--objective", `P>=1 [F "exit"]`,
				"--refine", "--exact", "--json"}},
		{Group: "locate", Name: "locate/refine/corridor/10^4", Quick: true, X: 1e4, Series: "--refine",
			Args: []string{"locate", "benchmarks/models/locate_corridor.prism", "--const", "L=5000", "--objective", `P>=1 [F "exit"]`,
				"--refine", "--exact", "--json"}},
		{Group: "locate", Name: "locate/samples/grid/61", Quick: true, X: 61, Series: "--samples 10000",
			Args: []string{"locate", grid, "--const", "ROWS=3,COLS=28", "--objective", obj, "--samples", "10000", "--index", "shapley", "--json"}},
		// Twelve voters: 42 relevant states whose minimal winning
		// coalitions (keeping the motion from carrying) come from 7^6
		// candidate transversals; and the same model under --refine.
		{Group: "locate", Name: "locate/forward/vote12/42", Quick: true, X: 42, Series: "forward, exact",
			Args: []string{"locate", "cmd/onus/testdata/vote12.prism", "--objective", `P>=1 [G !"carried"]`, "--exact", "--json"}},
		{Group: "locate", Name: "locate/refine/vote12", Quick: true, X: 42, Series: "--refine",
			Args: []string{"locate", "cmd/onus/testdata/vote12.prism", "--objective", `P>=1 [F "carried"]`, "--refine", "--exact", "--json"}},
	}
	for _, c := range cs {
		c.Answer = locateAnswer
	}
	return cs
}

// prismCases: each props file of PRISM-games' verify/ suite with the first
// line of its .args, as TIMINGS.tsv measured PRISM-games: onus check --test
// end to end beside PRISM's model construction plus its checking times plus
// 0.7 s of JVM start.
func prismCases(env *Env) []*Case {
	rows, err := readTSV(filepath.Join(env.Corpus, "TIMINGS.tsv"))
	if err != nil {
		env.Notef("prism: left out: %v", err)
		return nil
	}
	type key struct{ model, props, args string }
	var order []key
	prismSecs := map[key]float64{}
	for _, r := range rows {
		k := key{r["model"], r["props"], strings.TrimSpace(r["args"])}
		if _, ok := prismSecs[k]; !ok {
			order = append(order, k)
			b, _ := strconv.ParseFloat(r["build_seconds"], 64)
			prismSecs[k] = b + jvmStart
		}
		c, _ := strconv.ParseFloat(r["check_seconds"], 64)
		prismSecs[k] += c
	}
	var cs []*Case
	for i, k := range order {
		verify := filepath.Join(env.Corpus, "verify")
		args := []string{"check", filepath.Join(verify, k.model), filepath.Join(verify, k.props), "--test"}
		f := strings.Fields(k.args)
		for j := 0; j < len(f); j++ {
			if f[j] == "-const" && j+1 < len(f) {
				args = append(args, "--const", f[j+1])
				j++
			}
		}
		name := "prism/" + k.props
		if k.args != "" {
			name += " " + k.args
		}
		cs = append(cs, &Case{
			Group: "prism", Name: name, Quick: true, Args: args, FailOK: true,
			Answer: testAnswer, X: float64(i), Series: "verify/", PRISM: prismSecs[k],
		})
	}
	return cs
}

// jvmStart is the JVM start PRISM-games pays on top of TIMINGS.tsv's times.
const jvmStart = 0.7

// readTSV reads a tab-separated file with a header row.
func readTSV(path string) ([]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var head []string
	var rows []map[string]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if head == nil {
			head = cols
			continue
		}
		r := map[string]string{}
		for i, h := range head {
			if i < len(cols) {
				r[h] = cols[i]
			}
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}
