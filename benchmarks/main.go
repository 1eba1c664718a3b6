package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/onus-mc/onus/benchmarks/internal/host"
)

// Env is what every case runs with.
type Env struct {
	Root    string // the repository root
	Corpus  string // ../shared/prism-corpus beside it
	Bin     string // the onus binary built for this run
	Quick   bool
	Timeout time.Duration // per run
	notes   []string
}

// Notef records something the report should say (a group left out, ...).
func (e *Env) Notef(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	e.notes = append(e.notes, msg)
	fmt.Fprintln(os.Stderr, "note:", msg)
}

func main() {
	quick := flag.Bool("quick", false, "run the small cases only (under two minutes)")
	filter := flag.String("filter", "", "run only the cases whose names match this regular expression")
	out := flag.String("out", "", "write RESULTS.md, results.csv and figures/ here (default benchmarks/, or a temporary directory with -quick)")
	update := flag.Bool("update", false, "write the answers of this run into benchmarks/answers.tsv instead of comparing with it")
	timeout := flag.Duration("timeout", 10*time.Minute, "the time limit of one run")
	paper := flag.Bool("paper", false, "only redraw the paper's Figures 2–4 from onus's answers into docs/figures/")
	flag.Parse()

	root, err := host.RepoRoot()
	if err != nil {
		fatal(err)
	}
	env := &Env{Root: root, Corpus: filepath.Join(root, "..", "shared", "prism-corpus"), Quick: *quick, Timeout: *timeout}
	if _, err := os.Stat(env.Corpus); err != nil {
		env.Notef("the conformance corpus is not at %s: its cases are left out", env.Corpus)
	}
	var re *regexp.Regexp
	if *filter != "" {
		if re, err = regexp.Compile(*filter); err != nil {
			fatal(fmt.Errorf("-filter: %v", err))
		}
	}
	dir := *out
	if dir == "" {
		if *quick {
			if dir, err = os.MkdirTemp("", "onus-bench-"); err != nil {
				fatal(err)
			}
		} else {
			dir = filepath.Join(root, "benchmarks")
		}
	}

	tmp, err := os.MkdirTemp("", "onus-bin-")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(tmp)
	env.Bin = filepath.Join(tmp, "onus")
	build := exec.Command("go", "build", "-o", env.Bin, "./cmd/onus")
	build.Dir, build.Stdout, build.Stderr = root, os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fatal(fmt.Errorf("building onus: %v", err))
	}
	if *paper {
		if err := writePaperFigures(env, filepath.Join(root, "docs", "figures")); err != nil {
			fatal(err)
		}
		return
	}

	var cases []*Case
	for _, c := range allCases(env) {
		if (*quick && !c.Quick) || (re != nil && !re.MatchString(c.Name)) {
			continue
		}
		cases = append(cases, c)
	}
	answersPath := filepath.Join(root, "benchmarks", "answers.tsv")
	known, err := readAnswers(answersPath)
	if err != nil {
		fatal(err)
	}

	env.Notef("load average at the start (1, 5, 15 minutes): %s", host.LoadAverage(", "))
	start := time.Now()
	var all []Measurement
	failed := 0
	for i, c := range cases {
		ms := runCase(env, c)
		for j := range ms {
			m := &ms[j]
			if m.Err == nil {
				m.Err = judge(m, known, *update)
			}
			status := "ok"
			if m.Err != nil {
				status = "FAIL: " + m.Err.Error()
				failed++
			}
			name := c.Name
			if m.Label != "" {
				name += " " + m.Label
			}
			fmt.Fprintf(os.Stderr, "[%d/%d] %-60s %9.3f s %7.0f MiB  %s\n", i+1, len(cases), name, m.Seconds, m.PeakMiB, status)
		}
		all = append(all, ms...)
	}
	fmt.Fprintf(os.Stderr, "%d cases, %d measurements in %.1f s; %d failed\n", len(cases), len(all), time.Since(start).Seconds(), failed)

	env.Notef("load average at the end: %s (a machine busy with other work makes wall times longer; the equil group also reports CPU time)", host.LoadAverage(", "))
	if *update {
		if err := writeAnswers(answersPath, known, all); err != nil {
			fatal(err)
		}
	}
	if err := writeReport(env, dir, all); err != nil {
		fatal(err)
	}
	fmt.Fprintf(os.Stderr, "report: %s\n", filepath.Join(dir, "RESULTS.md"))
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d measurements failed or changed their answer\n", failed)
		os.Exit(1)
	}
}

// runCase runs one case: its own Run, or onus with its arguments.
func runCase(env *Env, c *Case) []Measurement {
	if c.Run != nil {
		return c.Run(env, c)
	}
	r := runOnusTimed(env, c.Args, c.FailOK)
	m := Measurement{Case: c, X: c.X, Series: c.Series, Seconds: r.secs, CPU: r.cpuSecs, PeakMiB: r.peakMiB, Err: r.err}
	if r.err == nil && c.Answer != nil {
		m.Answer, m.Err = c.Answer(r.stdout)
	}
	return []Measurement{m}
}

// judge compares a measurement's answer with the case's independent answer
// or with answers.tsv (recording it there under -update).
func judge(m *Measurement, known map[string]string, update bool) error {
	key := m.Case.Name
	if m.Label != "" {
		key += " " + m.Label
	}
	if m.Case.Want != "" {
		if m.Answer != m.Case.Want {
			return fmt.Errorf("answer %q, want %q", m.Answer, m.Case.Want)
		}
		return nil
	}
	if update {
		known[key] = m.Answer
		return nil
	}
	want, ok := known[key]
	if !ok {
		return fmt.Errorf("no recorded answer (run with -update to record %q)", m.Answer)
	}
	if m.Answer != want {
		return fmt.Errorf("answer changed: %q, recorded %q", m.Answer, want)
	}
	return nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "benchmarks:", err)
	os.Exit(2)
}

// readAnswers reads answers.tsv: case name, tab, answer.
func readAnswers(path string) (map[string]string, error) {
	out := map[string]string{}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("%s: a line without a tab: %q", path, line)
		}
		out[k] = v
	}
	return out, nil
}

// writeAnswers writes answers.tsv back, sorted, keeping the answers of cases
// this run did not measure.
func writeAnswers(path string, known map[string]string, ms []Measurement) error {
	var b strings.Builder
	b.WriteString("# The recorded answer of every benchmark case without an independent one.\n")
	b.WriteString("# go run ./benchmarks fails when an answer changes; -update rewrites this file.\n")
	keys := make([]string, 0, len(known))
	for k := range known {
		keys = append(keys, k)
	}
	sortNatural(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s\t%s\n", k, known[k])
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
