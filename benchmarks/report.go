package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/onus-mc/onus/benchmarks/internal/host"
)

// A Target is a requirement of an issue, judged on one measurement.
type Target struct {
	What     string
	Case     string  // the case name (and label) it reads
	Seconds  float64 // at most; 0: no time limit
	PeakMiB  float64 // at most; 0: no memory limit
	Baseline string
	Why      string // printed when the target is missed: where the time goes
}

// targets are the requirements the issues state for the suite's cases.
var targets = []Target{
	{What: "build jamming4 (slots=25), end to end", Case: "build/jamming4.prism", Seconds: 1,
		Baseline: "PRISM-games 3.2: about 4.6 s of model construction + 0.7 s JVM start"},
	{What: "build 10^7 states (counters, N=215: 10,077,696 states)", Case: "build/counters/N=215", Seconds: 15, PeakMiB: 8192,
		Why: "exploration runs on one goroutine and twice over the states (once to find them, once in PRISM's order into the game's arrays); on a machine shared with other work its wall time is a multiple of its CPU time"},
	{What: "build a 10^7-state csg (examples/robots.prism, N=3163: 10,004,569 states)", Case: "build/robots/N=3163", Seconds: 15, PeakMiB: 8192,
		Why: "exploration runs on one goroutine and twice over the states, with 4 joint actions a state; on a machine shared with other work its wall time is a multiple of its CPU time"},
	{What: "build 10^6 states (counters, N=99)", Case: "build/counters/N=99", Seconds: 10, PeakMiB: 2048},
	{What: "CPD, CAR all degrees, T = 10^5", Case: "cpd/CAR/T=100000", Seconds: 10},
	{What: "CPD, CPR all degrees, T = 10^5", Case: "cpd/CPR/T=100000", Seconds: 10},
	{What: "CPD, CCR all degrees, T = 10^5", Case: "cpd/CCR/T=100000", Seconds: 10},
	{What: "10^6-state game (examples/robots.prism, N=1000), CAR all degrees, T = 100", Case: "scale/robots/N=1000/CAR", Seconds: 30, PeakMiB: 4096},
	{What: "10^6-state game (examples/robots.prism, N=1000), CPR all degrees, T = 100", Case: "scale/robots/N=1000/CPR", Seconds: 30, PeakMiB: 4096},
	{What: "10^6-state game (examples/robots.prism, N=1000), CCR all degrees, T = 100", Case: "scale/robots/N=1000/CCR", Seconds: 30, PeakMiB: 4096},
	{What: "10^6-state robots (N=1000), CAR all degrees, T = 1000", Case: "counts/robots/N=1000/T=1000/CAR", Seconds: 30},
	{What: "10^6-state robots (N=1000), CPR all degrees, T = 1000", Case: "counts/robots/N=1000/T=1000/CPR", Seconds: 30},
	{What: "10^6-state robots (N=1000), CCR all degrees, T = 1000", Case: "counts/robots/N=1000/T=1000/CCR", Seconds: 30},
	{What: "10^4-state robots (N=100), CAR all degrees, T = 10^4", Case: "counts/robots/N=100/T=10000/CAR", Seconds: 10},
	{What: "10^4-state robots (N=100), CPR all degrees, T = 10^4", Case: "counts/robots/N=100/T=10000/CPR", Seconds: 10},
	{What: "10^4-state robots (N=100), CCR all degrees, T = 10^4", Case: "counts/robots/N=100/T=10000/CCR", Seconds: 10},
	{What: "onus blame on the 10^6-state robots, T = 1000", Case: "counts/blame/robots/N=1000/T=1000", Seconds: 10},
	{What: "blame, 8-player CPD, t = 20 (256 coalitions)", Case: "power/blame/cpd_n8/t=20", Seconds: 5},
	{What: "SHAPLEY for 12 players (vote12)", Case: "power/shapley/vote12", Seconds: 10},
	{What: `P=? [ F<=1000000 "payoff1" ] on the CPD`, Case: "bounded/F<=1000000", Seconds: 1, PeakMiB: 100},
	{What: "locate: exact indices, forward game, 21 relevant states", Case: "locate/forward/grid/21", Seconds: 5},
	{What: "locate: exact indices, pessimistic backward game, 50 significant states", Case: "locate/backward/signals/50", Seconds: 5},
	{What: "locate --refine, 10^6 states of which 6 matter", Case: "locate/refine/corridor/10^6", Seconds: 10},
	{What: "locate --samples 10000, 61 players", Case: "locate/samples/grid/61", Seconds: 10},
}

// writeReport writes RESULTS.md, results.csv and the figures into dir.
func writeReport(env *Env, dir string, ms []Measurement) error {
	if err := os.MkdirAll(filepath.Join(dir, "figures"), 0o755); err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(dir, "results.csv"), ms); err != nil {
		return err
	}
	figs, err := writeFigures(filepath.Join(dir, "figures"), ms)
	if err != nil {
		return err
	}
	var b strings.Builder
	mode := "the full suite: `go run ./benchmarks`"
	if env.Quick {
		mode = "the quick suite: `go run ./benchmarks -quick`"
	}
	fmt.Fprintf(&b, "# Benchmark results\n\n")
	fmt.Fprintf(&b, "Written by %s (`-filter REGEXP` for a part, `-update` after an intended\n", mode)
	b.WriteString("change of answers). Every time is end to end, as a user runs onus: process\n")
	b.WriteString("start, parsing, model construction and checking; peak memory is the\n")
	b.WriteString("process's maximum resident set. Every case checks its answer (sizes against\n")
	b.WriteString("PRISM-games' MANIFEST.tsv, values against answers.tsv).\n\n")
	fmt.Fprintf(&b, "- Machine: %s\n", machine())
	fmt.Fprintf(&b, "- Go: %s\n", runtime.Version())
	fmt.Fprintf(&b, "- Date: %s\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "- Commit: %s\n", host.Commit(env.Root))
	for _, n := range env.notes {
		fmt.Fprintf(&b, "- Note: %s\n", n)
	}
	b.WriteString("\n")
	writeTargets(&b, ms)
	writeCrossover(&b, ms)
	writeExplainCost(&b, ms)
	for _, g := range []struct{ group, title, intro string }{
		{"build", "Model construction (`onus build`)", "Every corpus model with PRISM-games' state, transition and choice counts, and the counters family of benchmarks/models/counters.prism ((N+1)^3 states)."},
		{"cpd", "CAR, CPR and CCR on the CPD against the horizon", "`OP(p1, [*]^(T-1) [d1,c2])=? [ F<=T \"reward\" ]` on examples/cpd.prism: all three degrees (count, probability, entropy) in one run."},
		{"naive", "The literal enumerator beside the engine", "D_CAR (b), the paper's example, on the CPD under behaviour q, all three degrees, timed by `go test ./checker -bench NaiveVsEngine` (in process, no start-up). The enumerator walks all 4^T histories."},
		{"scale", "Responsibility at scale", "`OP(r1, [go1,go2]^100)=? [ F \"crash\" ]` on the two robots of examples/robots.prism (N^2 states, crossing at cell 40), all three degrees, end to end (model construction included)."},
		{"search", "Responsibility verdicts: the plan search", "`OP(r1, [wait1]^T) [ G<=T !\"crash\" ]` on the two robots of examples/robots.prism (crossing at cell 40): the boolean CAR, CPR and CCR, whose \"some full plan avoids ψ\" is a forward search over ⊆-minimal supports; against T on N = 100 (10^4 states), at T = 1000 on N = 1000 (10^6 states), and `CAR(p1, [c1,c2]) [ G \"fine\" ]` on the CPD at --horizon 2^31. End to end, model construction included."},

		{"counts", "Degrees at long horizons", "`OP(r1, [go1,go2]^T)=? [ F \"crash\" ]` on the robots of examples/robots.prism (crossing at cell 40), all three degrees, end to end: the counts have hundreds to thousands of digits and are carried in floating point (docs/guide/precision.md); CAR at N = 100, T = 100 also under --exact. And `onus blame` with the plan `[go1,go2]^1000` and the outcome `F \"crash\"` on 10^6 states."},
		{"power", "Power indices, blame and explanations", "`onus blame` on the 8-player CPD (examples/cpd_n.prism, n = 8, t = 20, 256 coalitions, `--coalitions`), SHAPLEY for one of 12 voters (cmd/onus/testdata/vote12.prism, 4096 coalitions) and of 18 (benchmarks/models/vote18.prism, 2^18 coalitions), and the same `onus check` runs without and with `--explain` (witness plans and counterexample histories): on the CPD at T = 1000 (five queries) and on the robots at N = 100, T = 100 (three queries)."},
		{"locate", "Where in the model: onus locate", "Power indices of states (docs/guide/locate.md) on benchmarks/models/locate_*.prism: a walk through a mined grid (forward: exact indices for 21 and 24 relevant states; pessimistic backward along a counterexample into a mine: 22 significant states; --samples 10000 for 61 players), a train passing 50 signals (pessimistic backward, 50 significant states) and a corridor with three trapdoors (--refine: 10^4 and 10^6 states, each cell with a choice, 6 that matter). The reference tools enumerate all 2^n coalitions (SVaBResp stops near 20 groups in 60 s); onus solves only the coalitions its certificates leave open."},
		{"bounded", "Bounded reachability with long bounds", "`P=? [ F<=k \"payoff1\" ]` on the CPD under the uniform behaviour."},
		{"prism", "PRISM-games' verify/ suite, onus beside PRISM-games", "Each props file with the first line of its .args, `onus check --test` end to end, beside PRISM-games 3.2's model construction plus its checking times (TIMINGS.tsv) plus 0.7 s of JVM start. The answer column is onus's --test summary: refusals of what onus does not support yet count as failed."},
		{"equil", "Equilibria, onus beside PRISM-games", "Every equilibrium case of the corpus end to end: the props files of verify/csgs/nash (PRISM-games 3.2's model construction and checking times from TIMINGS.tsv plus 0.7 s of JVM start), the larger instances PRISM-games timed end to end (TIMINGS-large.tsv: aloha_backoff2, two_investors_nash, power_control2, robot_coordination2; onus's answer must be PRISM-games' to ten digits), and PRISM-games' example properties of aloha_backoff3 and two_investors_nash (months=5, pbar=0.1), which neither file times. Wall and CPU (user + system) seconds of the onus process; the ratio is PRISM-games' time over onus's."},
	} {
		writeGroup(&b, g.group, g.title, g.intro, ms)
		if f, ok := figs[g.group]; ok {
			for _, name := range f {
				fmt.Fprintf(&b, "![%s](figures/%s)\n\n", name, name)
			}
		}
	}
	embedPaperFigures(&b, env, dir)
	path := filepath.Join(dir, "RESULTS.md")
	return os.WriteFile(path, []byte(keepSections(b.String(), path)), 0o644)
}

// embedPaperFigures embeds the paper's Figures 2-4 as onus redraws them
// (go run ./benchmarks -paper writes them into docs/figures).
func embedPaperFigures(b *strings.Builder, env *Env, dir string) {
	figs, _ := filepath.Glob(filepath.Join(env.Root, "docs", "figures", "fig*.png"))
	if len(figs) == 0 {
		return
	}
	b.WriteString("## The paper's Figures 2–4 from onus's own results\n\n")
	b.WriteString("`go run ./benchmarks -paper` redraws them (docs/figures/README.md says what each shows and where the paper's curves are errata, as the user guide lists them).\n\n")
	for _, f := range figs {
		rel, err := filepath.Rel(dir, f)
		if err != nil {
			rel = f
		}
		fmt.Fprintf(b, "![%s](%s)\n\n", filepath.Base(f), filepath.ToSlash(rel))
	}
}

func writeTargets(b *strings.Builder, ms []Measurement) {
	b.WriteString("## Targets\n\n| target | required | measured | met |\n|---|---|---|---|\n")
	for _, t := range targets {
		m := find(ms, t.Case)
		req := limits(t.Seconds, t.PeakMiB)
		if t.Baseline != "" {
			req += " (" + t.Baseline + ")"
		}
		if m == nil {
			fmt.Fprintf(b, "| %s | %s | not run | |\n", t.What, req)
			continue
		}
		if m.Err != nil {
			fmt.Fprintf(b, "| %s | %s | failed: %s | no |\n", t.What, req, oneLine(m.Err.Error()))
			continue
		}
		met := "yes"
		if (t.Seconds > 0 && m.Seconds > t.Seconds) || (t.PeakMiB > 0 && m.PeakMiB > t.PeakMiB) {
			met = "**no**"
		}
		fmt.Fprintf(b, "| %s | %s | %.3f s, %.0f MiB | %s |\n", t.What, req, m.Seconds, m.PeakMiB, met)
	}
	var why []string
	for _, t := range targets {
		if m := find(ms, t.Case); m != nil && m.Err == nil && t.Why != "" &&
			((t.Seconds > 0 && m.Seconds > t.Seconds) || (t.PeakMiB > 0 && m.PeakMiB > t.PeakMiB)) {
			why = append(why, fmt.Sprintf("- %s missed: %s.", t.What, t.Why))
		}
	}
	defer func() {
		if len(why) > 0 {
			b.WriteString(strings.Join(why, "\n") + "\n\n")
		}
	}()
	// PRISM-games' suite: at most 0.2x per props file.
	n, within := 0, 0
	for _, m := range ms {
		if m.Case.Group == "prism" && m.Err == nil && m.Case.PRISM > 0 {
			n++
			if m.Seconds <= 0.2*m.Case.PRISM {
				within++
			}
		}
	}
	if n > 0 {
		met := "yes"
		if within < n {
			met = "**no**"
		}
		fmt.Fprintf(b, "| PRISM-games' verify/ props files, onus end to end | at most 0.2× PRISM-games each | %d of %d files | %s |\n", within, n, met)
	}
	writeEquilTarget(b, ms)
	b.WriteString("\n")
}

// writeEquilTarget judges the equil group: every case with a PRISM-games
// time at least 10× faster end to end, by wall and by CPU time.
func writeEquilTarget(b *strings.Builder, ms []Measurement) {
	n, wall, cpu, untimed := 0, 0, 0, 0
	for _, m := range ms {
		if m.Case.Group != "equil" || m.Err != nil {
			continue
		}
		if m.Case.PRISM <= 0 {
			untimed++
			continue
		}
		n++
		if m.Seconds*10 <= m.Case.PRISM {
			wall++
		}
		if m.CPU > 0 && m.CPU*10 <= m.Case.PRISM {
			cpu++
		}
	}
	if n == 0 {
		return
	}
	met := "yes"
	if wall < n && cpu < n {
		met = "**no**"
	}
	fmt.Fprintf(b, "| corpus equilibrium cases, onus end to end | at least 10× faster than PRISM-games each | %d of %d by wall time, %d of %d by CPU time (%d cases without a PRISM-games time) | %s |\n",
		wall, n, cpu, n, untimed, met)
}

// writeCrossover names the first horizon at which the engine is 1000 times
// faster than the literal enumeration.
func writeCrossover(b *strings.Builder, ms []Measurement) {
	naive, engine := map[float64]float64{}, map[float64]float64{}
	for _, m := range ms {
		if m.Case.Group != "naive" || m.Err != nil {
			continue
		}
		if strings.HasPrefix(m.Label, "naive/") {
			naive[m.X] = m.Seconds
		} else {
			engine[m.X] = m.Seconds
		}
	}
	var ts []float64
	for t := range naive {
		if _, ok := engine[t]; ok {
			ts = append(ts, t)
		}
	}
	if len(ts) == 0 {
		return
	}
	sort.Float64s(ts)
	for _, t := range ts {
		if engine[t] > 0 && naive[t]/engine[t] >= 1000 {
			fmt.Fprintf(b, "The engine is 1000× faster than enumerating the histories from T = %g on (%.3g s against %.3g s); at T = %g the ratio is %.0f.\n\n",
				t, naive[t], engine[t], ts[len(ts)-1], naive[ts[len(ts)-1]]/engine[ts[len(ts)-1]])
			return
		}
	}
	fmt.Fprintf(b, "Up to T = %g the engine is less than 1000× faster than the enumeration.\n\n", ts[len(ts)-1])
}

func writeGroup(b *strings.Builder, group, title, intro string, ms []Measurement) {
	var rows []Measurement
	for _, m := range ms {
		if m.Case.Group == group {
			rows = append(rows, m)
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(b, "## %s\n\n%s\n\n", title, intro)
	switch group {
	case "prism":
		b.WriteString("| props file | onus s | onus MiB | PRISM-games s | ratio | answer |\n|---|---|---|---|---|---|\n")
	case "equil":
		b.WriteString("| case | onus s | onus CPU s | onus MiB | PRISM-games s | PRISM/onus (wall) | PRISM/onus (CPU) | answer |\n|---|---|---|---|---|---|---|---|\n")
	default:
		b.WriteString("| case | seconds | peak MiB | answer |\n|---|---|---|---|\n")
	}
	for _, m := range rows {
		name := strings.TrimPrefix(m.Case.Name, group+"/")
		if m.Label != "" {
			name = m.Label
		}
		ans := m.Answer
		if m.Err != nil {
			ans = "FAILED: " + m.Err.Error()
		}
		mem := "-"
		if m.PeakMiB > 0 {
			mem = fmt.Sprintf("%.0f", m.PeakMiB)
		}
		if group == "prism" {
			fmt.Fprintf(b, "| %s | %.3f | %s | %.3f | %.2f | %s |\n", name, m.Seconds, mem, m.Case.PRISM, m.Seconds/m.Case.PRISM, oneLine(ans))
			continue
		}
		if group == "equil" {
			prism, rw, rc := "not timed", "-", "-"
			if m.Case.PRISM > 0 {
				prism = fmt.Sprintf("%.3f", m.Case.PRISM)
				rw = fmt.Sprintf("%.0f×", m.Case.PRISM/m.Seconds)
				if m.CPU > 0 {
					rc = fmt.Sprintf("%.0f×", m.Case.PRISM/m.CPU)
				}
			}
			fmt.Fprintf(b, "| %s | %.3f | %.3f | %s | %s | %s | %s | %s |\n", name, m.Seconds, m.CPU, mem, prism, rw, rc, oneLine(shorten(ans, 60)))
			continue
		}
		fmt.Fprintf(b, "| %s | %.4g | %s | %s |\n", name, m.Seconds, mem, oneLine(shorten(ans, 90)))
	}
	b.WriteString("\n")
}

func writeCSV(path string, ms []Measurement) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"group", "case", "row", "x", "series", "seconds", "peak_mib", "prism_seconds", "answer", "error", "cpu_seconds"})
	for _, m := range ms {
		e := ""
		if m.Err != nil {
			e = m.Err.Error()
		}
		w.Write([]string{m.Case.Group, m.Case.Name, m.Label, strconv.FormatFloat(m.X, 'g', -1, 64), m.Series,
			strconv.FormatFloat(m.Seconds, 'f', 4, 64), strconv.FormatFloat(m.PeakMiB, 'f', 1, 64),
			strconv.FormatFloat(m.Case.PRISM, 'f', 3, 64), m.Answer, e, strconv.FormatFloat(m.CPU, 'f', 4, 64)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func find(ms []Measurement, name string) *Measurement {
	for i := range ms {
		key := ms[i].Case.Name
		if ms[i].Label != "" {
			key += " " + ms[i].Label
		}
		if key == name {
			return &ms[i]
		}
	}
	return nil
}

func limits(secs, mib float64) string {
	var p []string
	if secs > 0 {
		p = append(p, fmt.Sprintf("< %g s", secs))
	}
	if mib > 0 {
		p = append(p, fmt.Sprintf("< %g MiB", mib))
	}
	return strings.Join(p, ", ")
}

// machine describes the CPU, cores, memory and platform.
func machine() string {
	return host.Machine() + ", " + runtime.GOOS + "/" + runtime.GOARCH
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	return strings.ReplaceAll(s, "|", "\\|")
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// sortNatural sorts names so that embedded numbers compare by value
// (T=100 after T=10, not before T=2).
func sortNatural(keys []string) {
	sort.Slice(keys, func(i, j int) bool { return naturalLess(keys[i], keys[j]) })
}

func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, _ := strconv.ParseFloat(a[:da], 64)
			nb, _ := strconv.ParseFloat(b[:db], 64)
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// writeExplainCost compares each --explain run with the same run without
// it (the target: at most twice the time).
func writeExplainCost(b *strings.Builder, ms []Measurement) {
	for _, m := range ms {
		if !strings.HasPrefix(m.Case.Name, "power/explain/") || m.Err != nil {
			continue
		}
		plain := find(ms, "power/check/"+strings.TrimPrefix(m.Case.Name, "power/explain/"))
		if plain == nil || plain.Err != nil || plain.Seconds == 0 {
			continue
		}
		met := "within"
		if m.Seconds > 2*plain.Seconds {
			met = "**over**"
		}
		fmt.Fprintf(b, "`--explain` on %s: %.3f s against %.3f s without, %.2f× (%s the 2× target).\n\n",
			strings.TrimPrefix(m.Case.Name, "power/explain/"), m.Seconds, plain.Seconds, m.Seconds/plain.Seconds, met)
	}
}
