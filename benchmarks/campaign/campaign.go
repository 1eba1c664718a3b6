package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/onus-mc/onus/benchmarks/internal/host"
)

// Config is one campaign.
type Config struct {
	Root     string // the repository's root
	Corpus   string // ../shared/prism-corpus ("" for none)
	Bin      string // the onus binary
	Runs     int
	Seed     int64
	Jobs     int
	Limits   Limits
	Work     string // scratch directory of the runs
	Minimize int    // bad runs minimised per signature
	// MinimizeTime bounds the minimisation of one bad run
	MinimizeTime time.Duration
	// SkipKnown leaves the bad runs known.go names unminimised
	SkipKnown bool
	Only      int // run only this run (-1: all)
	Log       io.Writer

	flags map[string][]Flag // the subcommands' options (readFlags)
}

// Result is one run and what became of it.
type Result struct {
	Run    *Run
	Out    Outcome
	Class  string
	Reason string
	Sig    string
	Known  *Known
	Min    *Run // the minimised run (bad runs only)
}

// Bad reports whether the run broke the contract.
func (r *Result) Bad() bool { return r.Class != ClassOK }

// Summary is a whole campaign.
type Summary struct {
	Config
	Results    []*Result
	Seeds      int
	Start      time.Time
	Elapsed    time.Duration
	LoadBefore string
	LoadAfter  string
	CPU        time.Duration // of all runs
}

// runCampaign draws and runs the campaign, then minimises its bad runs.
func runCampaign(cfg Config) (*Summary, error) {
	seeds, err := loadSeeds(cfg.Root, cfg.Corpus)
	if err != nil {
		return nil, err
	}
	flags, err := readFlags(cfg.Bin)
	if err != nil {
		return nil, err
	}
	cfg.flags = flags
	m := newMutator(seeds, flags)
	s := &Summary{Config: cfg, Seeds: len(seeds), Start: time.Now(), LoadBefore: host.LoadAverage(" ")}
	ids := make([]int, 0, cfg.Runs)
	for i := 0; i < cfg.Runs; i++ {
		if cfg.Only < 0 || cfg.Only == i {
			ids = append(ids, i)
		}
	}
	s.Results = make([]*Result, len(ids))
	var next, done int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for j := 0; j < max(1, cfg.Jobs); j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				k := next
				next++
				mu.Unlock()
				if k >= len(ids) {
					return
				}
				run := m.Draw(cfg.Seed, ids[k])
				res := cfg.do(run, cfg.Only >= 0)
				mu.Lock()
				s.Results[k] = res
				s.CPU += res.Out.CPU
				done++
				if res.Bad() {
					fmt.Fprintf(cfg.Log, "run %d: %s %s: %s\n", run.ID, res.Class, run.Cmd(), res.Reason)
				}
				if done%500 == 0 {
					fmt.Fprintf(cfg.Log, "%d/%d runs, %s, load %s\n", done, len(ids), time.Since(s.Start).Round(time.Second), host.LoadAverage(" "))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	s.Elapsed = time.Since(s.Start)
	s.LoadAfter = host.LoadAverage(" ")
	cfg.minimizeAll(s.Results)
	return s, nil
}

// do runs one run and classifies it.
func (cfg Config) do(run *Run, keep bool) *Result {
	dir := filepath.Join(cfg.Work, fmt.Sprintf("run-%d-%d", run.ID, time.Now().UnixNano()))
	o := execute(cfg.Bin, cfg.Limits, dir, run, keep)
	if keep {
		fmt.Fprintf(cfg.Log, "run %d kept in %s: onus %s\n", run.ID, dir, argvText(run.Args))
	}
	if o.Err != nil {
		return &Result{Run: run, Out: o, Class: ClassExit, Reason: "the harness could not run it: " + o.Err.Error()}
	}
	res := &Result{Run: run, Out: o}
	res.Class, res.Reason = classify(run, &o, cfg.Limits)
	res.Sig = signature(run.Cmd(), res.Class, res.Reason)
	if res.Bad() {
		res.Known = knownOf(res)
	}
	return res
}

// minimizeAll minimises the first cfg.Minimize bad runs of each
// signature, and of each known item (however many signatures it has).
func (cfg Config) minimizeAll(results []*Result) {
	count := map[string]int{}
	for _, r := range results {
		if r == nil || !r.Bad() || (cfg.SkipKnown && r.Known != nil) {
			continue
		}
		key := r.Sig
		if r.Known != nil {
			key = "known " + r.Known.Item
		}
		if count[key] >= cfg.Minimize {
			continue
		}
		count[key]++
		start := time.Now()
		r.Min = cfg.minimize(r)
		fmt.Fprintf(cfg.Log, "minimised run %d (%s) in %s: %d words, %d bytes of files\n",
			r.Run.ID, r.Class, time.Since(start).Round(time.Second), len(r.Min.Args), filesBytes(r.Min))
	}
}

func filesBytes(run *Run) int {
	n := 0
	for _, d := range run.Files {
		n += len(d)
	}
	return n
}

// mkWork makes the scratch directory.
func mkWork(dir string) (string, error) {
	if dir != "" {
		return dir, os.MkdirAll(dir, 0o755)
	}
	return os.MkdirTemp("", "onus-campaign-")
}
