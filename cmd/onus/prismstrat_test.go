package main

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestExportStrategy reads back the strategies onus prism -exportstrat
// writes, in every format, and plays them: the chain they induce on the
// game (whose transitions and labels the same run exports in PRISM's
// formats) must give the reported value from the initial state. The
// models have ties between optimal choices that loop (smg) and mixed
// optimal actions (csg).
func TestExportStrategy(t *testing.T) {
	const smg, csg = "../../examples/parcel.prism", "../../examples/pennies.prism"
	cases := []struct {
		model, prop string
		label       string // the target of F, X; the avoided label of G
		avoid, next bool   // G !label; X label
		want        float64
	}{
		{smg, `<<p1>>Pmax=? [ F "goal" ]`, "goal", false, false, 0.5},
		{smg, `<<p2>>Pmin=? [ F "goal" ]`, "goal", false, false, 0.5},
		{smg, `<<p1>>Pmin=? [ F "goal" ]`, "goal", false, false, 0},
		{smg, `<<p1,p2>>Pmax=? [ F "goal" ]`, "goal", false, false, 0.8},
		{smg, `<<p1>>Pmax=? [ G !"trap" ]`, "trap", true, false, 1},
		{smg, `<<p2>>Pmax=? [ G !"trap" ]`, "trap", true, false, 0.5},
		{smg, `<<p1>>Pmax=? [ X "goal" ]`, "goal", false, true, 0.5},
		{csg, `<<p1>>Pmax=? [ F "win" ]`, "win", false, false, 2 - math.Sqrt2},
		{csg, `<<p2>>Pmin=? [ F "win" ]`, "win", false, false, 2 - math.Sqrt2},
		{csg, `<<p2>>Pmax=? [ F "lose" ]`, "lose", false, false, math.Sqrt2 - 1},
		{csg, `<<p1>>Pmax=? [ G !"lose" ]`, "lose", true, false, 2 - math.Sqrt2},
	}
	for _, c := range cases {
		for _, format := range []string{"actions", "indices", "induced", "dot"} {
			t.Run(filepath.Base(c.model)+" "+c.prop+" "+format, func(t *testing.T) {
				dir := t.TempDir()
				strat := filepath.Join(dir, "strat.txt")
				code, out, errs := onus(t, "prism", c.model, "-pf", c.prop, "-exportstrat", strat+":type="+format,
					"-exporttrans", filepath.Join(dir, "g.tra"), "-exportlabels", filepath.Join(dir, "g.lab"))
				if code != 0 {
					t.Fatalf("exit %d\n%s%s", code, out, errs)
				}
				got := logResult(t, out)
				if math.Abs(got-c.want) > 1e-6 {
					t.Fatalf("Result %v, want %v", got, c.want)
				}
				game := readGameTra(t, filepath.Join(dir, "g.tra"))
				labels, init := readLab(t, filepath.Join(dir, "g.lab"))
				src := readText(t, strat)
				var chain [][]arc
				switch format {
				case "induced":
					chain = readGameTra(t, strat).chain(nil)
				case "dot":
					chain = readDot(t, src, len(game.choices))
				default:
					chain = game.chain(readChoices(t, game, src, format))
				}
				v := reach(chain, labels[c.label], c.next)[init]
				if c.avoid {
					v = 1 - v
				}
				if math.Abs(v-got) > 1e-6 {
					t.Errorf("playing the exported strategy gives %v, the result is %v\n%s", v, got, src)
				}
			})
		}
	}
}

// arc is a transition of a chain.
type arc struct {
	to int
	p  float64
}

// traGame is an exported .tra: per state, its choices (name, arcs).
type traGame struct {
	choices [][]traChoice
}

type traChoice struct {
	name string
	arcs []arc
}

// readGameTra reads a .tra of any type: rows `s[:o] [j] t p [action]`.
func readGameTra(t *testing.T, path string) *traGame {
	lines := strings.Split(strings.TrimSpace(readText(t, path)), "\n")
	head := strings.Fields(lines[1])
	n, err := strconv.Atoi(strings.Split(head[0], ":")[0])
	if err != nil {
		t.Fatalf("%s: header %q", path, lines[1])
	}
	dtmc := len(head) == 2
	g := &traGame{choices: make([][]traChoice, n)}
	for _, l := range lines[2:] {
		f := strings.Fields(l)
		s, _ := strconv.Atoi(strings.Split(f[0], ":")[0])
		j := 0
		if !dtmc {
			j, _ = strconv.Atoi(f[1])
			f = f[1:]
		}
		to, _ := strconv.Atoi(f[1])
		p, _ := strconv.ParseFloat(f[2], 64)
		for len(g.choices[s]) <= j {
			g.choices[s] = append(g.choices[s], traChoice{name: "#" + strconv.Itoa(len(g.choices[s]))})
		}
		if len(f) > 3 {
			g.choices[s][j].name = f[3]
		}
		g.choices[s][j].arcs = append(g.choices[s][j].arcs, arc{to, p})
	}
	return g
}

// chain returns the chain of the distribution dist[s][j] over each
// state's choices (nil: each state's only choice).
func (g *traGame) chain(dist [][]float64) [][]arc {
	out := make([][]arc, len(g.choices))
	for s, cs := range g.choices {
		for j, c := range cs {
			w := 1.0
			if dist != nil {
				w = dist[s][j]
			}
			for _, a := range c.arcs {
				if w > 0 {
					out[s] = append(out[s], arc{a.to, w * a.p})
				}
			}
		}
	}
	return out
}

// readChoices reads an actions or indices strategy: `s:c c=p ...`, c a
// choice's name or index.
func readChoices(t *testing.T, g *traGame, src, format string) [][]float64 {
	dist := make([][]float64, len(g.choices))
	for s := range dist {
		dist[s] = make([]float64, len(g.choices[s]))
	}
	for _, l := range strings.Split(strings.TrimSpace(src), "\n") {
		st, rest, _ := strings.Cut(l, ":")
		s, err := strconv.Atoi(st)
		if err != nil {
			t.Fatalf("bad strategy line %q", l)
		}
		for _, item := range strings.Fields(rest) {
			name, ps, mixed := strings.Cut(item, "=")
			p := 1.0
			if mixed {
				p, _ = strconv.ParseFloat(ps, 64)
			}
			j := -1
			if format == "indices" {
				j, _ = strconv.Atoi(name)
			} else {
				for k, c := range g.choices[s] {
					if c.name == name {
						j = k
					}
				}
			}
			if j < 0 || j >= len(dist[s]) {
				t.Fatalf("state %d: no choice %q", s, name)
			}
			dist[s][j] += p
		}
	}
	return dist
}

// readDot reads the edges of a dot strategy: `s -> t [ label="p" ];`.
func readDot(t *testing.T, src string, n int) [][]arc {
	out := make([][]arc, n)
	for _, l := range strings.Split(src, "\n") {
		from, rest, ok := strings.Cut(l, " -> ")
		if !ok {
			continue
		}
		to, rest, _ := strings.Cut(rest, " ")
		_, p, _ := strings.Cut(rest, `label="`)
		p, _, _ = strings.Cut(p, `"`)
		s, _ := strconv.Atoi(from)
		d, _ := strconv.Atoi(to)
		x, err := strconv.ParseFloat(p, 64)
		if err != nil {
			t.Fatalf("bad dot edge %q", l)
		}
		out[s] = append(out[s], arc{d, x})
	}
	return out
}

// readLab reads a .lab file: each label's states, and the initial state.
func readLab(t *testing.T, path string) (map[string][]bool, int) {
	lines := strings.Split(strings.TrimSpace(readText(t, path)), "\n")
	names := map[string]string{}
	for _, item := range strings.Fields(lines[1]) {
		i, name, _ := strings.Cut(item, "=")
		names[i] = strings.Trim(name, `"`)
	}
	rows := map[int][]string{}
	n := 0
	for _, l := range lines[2:] {
		st, rest, _ := strings.Cut(l, ":")
		s, _ := strconv.Atoi(st)
		rows[s] = strings.Fields(rest)
		n = max(n, s+1)
	}
	out := map[string][]bool{}
	init := -1
	for s, ls := range rows {
		for _, i := range ls {
			name := names[i]
			for len(out[name]) < 64 {
				out[name] = append(out[name], false)
			}
			out[name][s] = true
			if name == "init" {
				init = s
			}
		}
	}
	return out, init
}

// reach returns the probability of reaching target in chain (in one step
// when next): value iteration to 1e-14.
func reach(chain [][]arc, target []bool, next bool) []float64 {
	n := len(chain)
	in := func(s int) bool { return s < len(target) && target[s] }
	x := make([]float64, n)
	if next {
		for s := range x {
			for _, a := range chain[s] {
				if in(a.to) {
					x[s] += a.p
				}
			}
		}
		return x
	}
	for s := range x {
		if in(s) {
			x[s] = 1
		}
	}
	for it := 0; it < 1_000_000; it++ {
		diff := 0.0
		for s := range x {
			if in(s) {
				continue
			}
			v := 0.0
			for _, a := range chain[s] {
				v += a.p * x[a.to]
			}
			diff = math.Max(diff, math.Abs(v-x[s]))
			x[s] = v
		}
		if diff < 1e-14 {
			break
		}
	}
	return x
}

// logResult reads the value of the log's Result: line.
func logResult(t *testing.T, log string) float64 {
	for _, l := range strings.Split(log, "\n") {
		if v, ok := strings.CutPrefix(l, "Result: "); ok {
			x, err := strconv.ParseFloat(strings.Fields(v)[0], 64)
			if err != nil {
				t.Fatalf("Result %q", v)
			}
			return x
		}
	}
	t.Fatalf("no Result in\n%s", log)
	return 0
}

func readText(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCheckExportStrat: onus check --export-strat writes each result's
// strategy (numbered files when there are several) and refuses a property
// it has no memoryless strategy for, saying why.
func TestCheckExportStrat(t *testing.T) {
	const smg = "../../examples/parcel.prism"
	dir := t.TempDir()
	code, out, errs := onus(t, "check", smg, "--pf", `<<p1>>Pmax=? [ F "goal" ]`, "--pf", `<<p1>>Pmin=? [ F "goal" ]`,
		"--export-strat", filepath.Join(dir, "s.txt"))
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for file, want := range map[string]string{"s1.txt": "0:risk\n1:back\n", "s2.txt": "0:wait\n"} {
		if got := readText(t, filepath.Join(dir, file)); !strings.HasPrefix(got, want) {
			t.Errorf("%s:\n%s\nwant it to start with\n%s", file, got, want)
		}
	}
	code, _, errs = onus(t, "check", smg, "--pf", `<<p1>>Pmax=? [ F<=3 "goal" ]`, "--export-strat", filepath.Join(dir, "b.txt"))
	if code != exitBadInput || !strings.Contains(errs, "a bounded operator needs a strategy that counts the steps") {
		t.Errorf("bounded: exit %d, %s", code, errs)
	}
	code, out, _ = onus(t, "prism", smg, "-pf", `<<p1>>Pmax=? [ F<=3 "goal" ]`, "-exportstrat", filepath.Join(dir, "c.txt"))
	if code != 0 || !strings.Contains(out, "Note: no strategy exported for this property: a bounded operator") {
		t.Errorf("onus prism, bounded: exit %d\n%s", code, out)
	}
}

// TestExportEquilibriumStrategy: an equilibrium's strategy profile is
// exported as PRISM-games does, as a dot graph, by onus check
// --export-strat and onus prism -exportstrat.
func TestExportEquilibriumStrategy(t *testing.T) {
	model := "../../examples/pennies.prism"
	prop := `<<p1:p2>>max=? (P[F "win"]+P[F "lose"])`
	if _, err := os.Stat(model); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	code, out, errs := onus(t, "check", model, "--pf", prop, "--export-strat", filepath.Join(dir, "e.dot"))
	if code != 0 {
		t.Fatalf("check: exit %d\n%s%s", code, out, errs)
	}
	if got := readText(t, filepath.Join(dir, "e.dot")); !strings.HasPrefix(got, "digraph") {
		t.Errorf("check --export-strat wrote\n%s", got)
	}
	code, out, errs = onus(t, "prism", model, "-pf", prop, "-exportstrat", filepath.Join(dir, "p.dot"))
	if code != 0 || strings.Contains(out, "no strategy exported") {
		t.Fatalf("prism: exit %d\n%s%s", code, out, errs)
	}
	if got := readText(t, filepath.Join(dir, "p.dot")); !strings.HasPrefix(got, "digraph") {
		t.Errorf("prism -exportstrat wrote\n%s", got)
	}
}
