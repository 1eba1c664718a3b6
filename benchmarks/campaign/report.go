package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/onus-mc/onus/benchmarks/internal/host"
)

// table is the counts of classes per subcommand, as markdown.
func (s *Summary) table() string {
	count := map[string]map[string]int{}
	cmds := append(append([]string(nil), subcommands...), "other")
	for _, c := range cmds {
		count[c] = map[string]int{}
	}
	total := map[string]int{}
	for _, r := range s.Results {
		count[r.Run.Cmd()][r.Class]++
		total[r.Class]++
	}
	var b strings.Builder
	b.WriteString("| subcommand | runs |")
	for _, c := range classes {
		fmt.Fprintf(&b, " %s |", c)
	}
	b.WriteString("\n|---|---|")
	b.WriteString(strings.Repeat("---|", len(classes)))
	b.WriteString("\n")
	row := func(name string, m map[string]int) {
		n := 0
		for _, v := range m {
			n += v
		}
		if n == 0 {
			return
		}
		fmt.Fprintf(&b, "| %s | %d |", name, n)
		for _, c := range classes {
			fmt.Fprintf(&b, " %d |", m[c])
		}
		b.WriteString("\n")
	}
	for _, c := range cmds {
		row(c, count[c])
	}
	row("**all**", total)
	return b.String()
}

// header says how the campaign ran.
func (s *Summary) header() string {
	var b strings.Builder
	fmt.Fprintf(&b, "- Command: `go run ./benchmarks/campaign -runs %d -seed %d -jobs %d` (%d seeds)\n", s.Runs, s.Seed, s.Jobs, s.Seeds)
	fmt.Fprintf(&b, "- Limits per run: %d GiB address space (prlimit --as), %s of CPU time, wall clock %s scaled by the load\n",
		s.Limits.AS>>30, s.Limits.CPU, s.Limits.Wall)
	fmt.Fprintf(&b, "- Machine: %s; load average before %s, after %s\n", machine(), s.LoadBefore, s.LoadAfter)
	fmt.Fprintf(&b, "- Date: %s; commit %s; %s wall, %s CPU in the runs\n", s.Start.UTC().Format("2006-01-02 15:04 UTC"), host.Commit(s.Root),
		s.Elapsed.Round(time.Second), s.CPU.Round(time.Second))
	return b.String()
}

// badList lists the bad runs: known ones by their item, the others first.
func (s *Summary) badList() string {
	var bad []*Result
	for _, r := range s.Results {
		if r.Bad() {
			bad = append(bad, r)
		}
	}
	if len(bad) == 0 {
		return "No bad run.\n"
	}
	sort.SliceStable(bad, func(i, j int) bool { return (bad[i].Known == nil) && (bad[j].Known != nil) })
	var b strings.Builder
	for _, r := range bad {
		who := "NEW"
		if r.Known != nil {
			who = fmt.Sprintf("known: issue 14 item %s, branch %s", r.Known.Item, r.Known.Branch)
		}
		fmt.Fprintf(&b, "- run %d, %s (%s): %s\n", r.Run.ID, r.Class, who, r.Reason)
		fmt.Fprintf(&b, "  - argv: `onus %s`\n", argvText(r.Run.Args))
		if r.Min != nil {
			fmt.Fprintf(&b, "  - minimised: `onus %s` (bad/%d/repro.sh)\n", argvText(r.Min.Args), r.Run.ID)
		}
		fmt.Fprintf(&b, "  - seed %s; mutations: %s\n", r.Run.Seed, strings.Join(r.Run.Ops, "; "))
	}
	return b.String()
}

func argvText(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	t := strings.Join(q, " ")
	if len(t) > 400 {
		t = t[:397] + "..."
	}
	return strings.ReplaceAll(t, "`", "'")
}

// writeOut writes table.md, bad.md, runs.tsv and bad/ID/ into dir.
func (s *Summary) writeOut(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	table := "# onus mutation campaign\n\n" + s.header() + "\n" + s.table()
	if err := os.WriteFile(filepath.Join(dir, "table.md"), []byte(table), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.md"), []byte("# Bad runs\n\n"+s.badList()), 0o644); err != nil {
		return err
	}
	var tsv strings.Builder
	tsv.WriteString("run\tsubcommand\tclass\texit\tsignal\tcpu_s\twall_s\tmaxrss_mib\tknown\treason\targv\n")
	for _, r := range s.Results {
		k := ""
		if r.Known != nil {
			k = r.Known.Item + "/" + r.Known.Branch
		}
		fmt.Fprintf(&tsv, "%d\t%s\t%s\t%d\t%s\t%.3f\t%.3f\t%d\t%s\t%s\t%s\n", r.Run.ID, r.Run.Cmd(), r.Class, r.Out.Exit, r.Out.Signal,
			r.Out.CPU.Seconds(), r.Out.Wall.Seconds(), r.Out.MaxRSSKiB/1024, k, tsvField(r.Reason), tsvField(argvText(r.Run.Args)))
	}
	if err := os.WriteFile(filepath.Join(dir, "runs.tsv"), []byte(tsv.String()), 0o644); err != nil {
		return err
	}
	for _, r := range s.Results {
		if !r.Bad() {
			continue
		}
		if err := s.writeRepro(filepath.Join(dir, "bad", fmt.Sprint(r.Run.ID)), r); err != nil {
			return err
		}
	}
	return nil
}

func tsvField(s string) string {
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s)
}

// writeRepro writes a bad run's files (minimised when it was), its
// stderr, and repro.sh, which takes the onus binary as $1.
func (s *Summary) writeRepro(dir string, r *Result) error {
	run := r.Run
	if r.Min != nil {
		run = r.Min
	}
	if err := os.MkdirAll(filepath.Join(dir, "adir"), 0o755); err != nil {
		return err
	}
	for n, d := range run.Files {
		if err := os.WriteFile(filepath.Join(dir, n), d, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "stderr.txt"), r.Out.Stderr, 0o644); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	fmt.Fprintf(&b, "# campaign run %d (seed %d): %s: %s\n", r.Run.ID, s.Seed, r.Class, strings.ReplaceAll(r.Reason, "\n", " "))
	b.WriteString("# usage: repro.sh ONUS (the binary; run from anywhere)\n")
	b.WriteString("ONUS=$(realpath \"${1:-$(command -v onus)}\"); cd \"$(dirname \"$0\")\" || exit 1\n")
	fmt.Fprintf(&b, "timeout %d prlimit --as=%d -- \"$ONUS\" %s; echo \"exit=$?\"\n", int(s.Limits.Wall.Seconds())*2, s.Limits.AS, argvText(run.Args))
	return os.WriteFile(filepath.Join(dir, "repro.sh"), []byte(b.String()), 0o755)
}

// machine describes the CPU, cores, memory and Go version.
func machine() string {
	return host.Machine() + ", " + runtime.Version()
}
