package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/onus-mc/onus/benchmarks/internal/host"
)

func main() {
	runs := flag.Int("runs", 300, "number of mutated runs")
	seed := flag.Int64("seed", 1, "seed of the mutations: the same seed and run number give the same run")
	jobs := flag.Int("jobs", 2, "runs at once")
	bin := flag.String("bin", "", "the onus binary (default: build ./cmd/onus into a temporary directory)")
	out := flag.String("out", "", "write table.md, bad.md, runs.tsv and bad/RUN/repro.sh here (default: a temporary directory)")
	as := flag.String("as", "6G", "address-space limit of each run (prlimit --as): bytes, or a number with K, M or G")
	cpu := flag.Duration("cpu", 20*time.Second, "CPU time beyond which a run that does not exit 3 is slow")
	wall := flag.Duration("timeout", 30*time.Second, "wall-clock limit of a run on an idle machine (scaled by the load average per core, up to 6 times)")
	minimize := flag.Int("minimize", 1, "minimise this many bad runs of each cause")
	minTime := flag.Duration("minimize-time", time.Minute, "the longest the minimisation of one bad run may take")
	only := flag.Int("only", -1, "run only this run of the campaign (to reproduce one), keeping its directory")
	results := flag.Bool("results", true, "write the table into benchmarks/RESULTS.md (not with -only)")
	flag.Parse()

	root, err := host.RepoRoot()
	if err != nil {
		fatal(err)
	}
	asBytes, err := parseSize(*as)
	if err != nil {
		fatal(fmt.Errorf("-as: %v", err))
	}
	if _, err := exec.LookPath("prlimit"); err != nil {
		fatal(fmt.Errorf("prlimit (util-linux) is needed to limit each run's memory: %v", err))
	}
	work, err := mkWork("")
	if err != nil {
		fatal(err)
	}
	if *only < 0 {
		defer os.RemoveAll(work)
	}
	if *bin == "" {
		*bin = filepath.Join(work, "onus")
		build := exec.Command("go", "build", "-o", *bin, "./cmd/onus")
		build.Dir, build.Stdout, build.Stderr = root, os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fatal(fmt.Errorf("building onus: %v", err))
		}
	} else if *bin, err = filepath.Abs(*bin); err != nil {
		fatal(err)
	}
	cfg := Config{
		Root: root, Corpus: filepath.Join(root, "..", "shared", "prism-corpus"), Bin: *bin,
		Runs: *runs, Seed: *seed, Jobs: *jobs, Work: work, Minimize: *minimize, MinimizeTime: *minTime, Only: *only, Log: os.Stderr,
		Limits: Limits{AS: asBytes, CPU: *cpu, Wall: *wall, FSize: 512 << 20},
	}
	if *only >= 0 {
		cfg.Minimize = 0
	}
	s, err := runCampaign(cfg)
	if err != nil {
		fatal(err)
	}
	dir := *out
	if dir == "" {
		if dir, err = os.MkdirTemp("", "onus-campaign-out-"); err != nil {
			fatal(err)
		}
	}
	if err := s.writeOut(dir); err != nil {
		fatal(err)
	}
	if *results && *only < 0 {
		if err := s.writeResults(filepath.Join(root, "benchmarks", "RESULTS.md")); err != nil {
			fatal(err)
		}
	}
	fmt.Println(s.header())
	fmt.Println(s.table())
	bad, unknown := 0, 0
	for _, r := range s.Results {
		if r.Bad() {
			bad++
			if r.Known == nil {
				unknown++
			}
		}
	}
	fmt.Printf("%d bad runs (%d not known to be fixed elsewhere); the list: %s\n", bad, unknown, filepath.Join(dir, "bad.md"))
	if unknown > 0 {
		os.Exit(1)
	}
}

// parseSize reads 6G, 512M, 1048576.
func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a size", s)
	}
	return n * mult, nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "campaign:", err)
	os.Exit(2)
}
