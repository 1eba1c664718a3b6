package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/translate"
)

// maxStatesCap is the most states a model or product can have: they are
// numbered by 32-bit ints. A larger --max-states is clamped to it.
const maxStatesCap = math.MaxInt32 - 1

// limitFlags are the resource options of build, export, check and
// export-outcome; product says that the command also builds products.
func limitFlags(product bool) []cli.Flag {
	states := "stop with exit code 3 beyond this many states"
	if product {
		states += " (or product states; product transitions stop at 16 times this)"
	}
	return []cli.Flag{
		&cli.IntFlag{Name: "max-states", Value: translate.DefaultMaxStates, Usage: states},
		&cli.IntFlag{Name: "max-transitions", Value: translate.DefaultMaxTransitions,
			Usage: "stop with exit code 3 when the model has more than this many transitions"},
		&cli.StringFlag{Name: "max-memory",
			Usage: "stop with exit code 3 when building the model, or a product and its passes, needs more memory than this: " +
				"bytes, or a number with K, M, G or T (powers of 1024), e.g. 512M or 2G",
			DefaultText: "half of the memory onus may use: RAM, the cgroup limit or GOMEMLIMIT; a third of ulimit -v when lower"},
		&cli.Int64Flag{Name: "max-steps", Value: limit.DefaultMaxSteps,
			Usage: "stop with exit code 3 after this many iterations of step-bounded operators (F<=k, C<=k, I=k) " +
				"and stage games of bounded equilibria, all properties together; an iteration is one step over every state, " +
				"and one whose values stop changing ends early; steps of the passes over histories up to --horizon and " +
				"assignments of a --const sweep count too (onus guide limits#work-limits---max-steps-and---timeout)"},
		&cli.DurationFlag{Name: "timeout",
			Usage:       "stop with exit code 3 when the run takes longer than this, e.g. 90s or 5m",
			DefaultText: "no limit"},
	}
}

// workLimits reads --max-steps and --timeout and starts the process-wide
// work limit with them.
func workLimits(c *cli.Context) error {
	maxSteps, timeout := c.Int64("max-steps"), c.Duration("timeout")
	if maxSteps < 1 {
		return usagef("--max-steps must be at least 1, not %d", maxSteps)
	}
	if timeout < 0 {
		return usagef("--timeout must not be negative, not %v", timeout)
	}
	limit.SetWork(maxSteps, timeout)
	return nil
}

// withConsts is the Config of translate.Build for one constant assignment
// under the limits that buildLimits read.
func withConsts(limits translate.Config, consts []translate.ConstAssign, exact bool) translate.Config {
	limits.Consts, limits.Exact = consts, exact
	return limits
}

// buildLimits reads the limit options into the Config of translate.Build
// (the caller adds constants and exactness), and starts the work limit of
// --max-steps and --timeout. A limit beyond what the machine can hold is
// clamped, with a note on stderr. It also sets the Go runtime's soft memory
// limit to --max-memory, so that the garbage collector works harder before
// the process grows beyond it (run restores the old value), and gives the
// memory watch its budget (startWatch).
func buildLimits(c *cli.Context) (translate.Config, error) {
	cfg := translate.Config{MaxStates: c.Int("max-states"), MaxTransitions: c.Int("max-transitions")}
	// The build checks --timeout every few thousand states.
	cfg.Poll = func() error {
		if e := limit.Expired(); e != nil {
			return e
		}
		return nil
	}
	if cfg.MaxStates < 1 {
		return cfg, usagef("--max-states must be at least 1, not %d", cfg.MaxStates)
	}
	if cfg.MaxTransitions < 1 {
		return cfg, usagef("--max-transitions must be between 1 and %d, not %d", translate.DefaultMaxTransitions, cfg.MaxTransitions)
	}
	if err := workLimits(c); err != nil {
		return cfg, err
	}
	if cfg.MaxStates > maxStatesCap {
		limitNote(c, fmt.Sprintf("--max-states %d is more states than onus can number (32-bit ints): the limit is %d", cfg.MaxStates, maxStatesCap))
		cfg.MaxStates = maxStatesCap
	}
	if cfg.MaxTransitions > translate.DefaultMaxTransitions {
		limitNote(c, fmt.Sprintf("--max-transitions %d is more transitions than onus can number (32-bit ints): the limit is %d", cfg.MaxTransitions, translate.DefaultMaxTransitions))
		cfg.MaxTransitions = translate.DefaultMaxTransitions
	}
	avail, ok := limit.Available()
	cfg.MaxMemory = limit.DefaultMaxMemory(avail, ok)
	if s := c.String("max-memory"); c.IsSet("max-memory") {
		n, err := parseBytes(s)
		if err != nil {
			return cfg, usagef("--max-memory %q: %v", s, err)
		}
		if use := limit.Usable(avail); ok && n > use {
			limitNote(c, fmt.Sprintf("--max-memory %s is more than onus may use under %s: the limit is %s",
				s, avail.Source, translate.FormatBytes(use)))
			n = use
		}
		cfg.MaxMemory = n
	}
	debug.SetMemoryLimit(cfg.MaxMemory)
	setWatchBudget(cfg.MaxMemory)
	return cfg, nil
}

// limitNote prints a note about the limits on stderr, once per run, and
// keeps it for the --json output (limitNotes).
func limitNote(c *cli.Context, msg string) {
	notes := limitNotes(c)
	if slices.Contains(notes, msg) {
		return
	}
	if c.App.Metadata == nil {
		c.App.Metadata = map[string]any{}
	}
	c.App.Metadata["limit notes"] = append(notes, msg)
	fmt.Fprintln(c.App.ErrWriter, "onus: note: "+msg)
}

// limitNotes returns the notes about the limits made so far.
func limitNotes(c *cli.Context) []string {
	notes, _ := c.App.Metadata["limit notes"].([]string)
	return notes
}

// memoryExceeded, when set, is what the memory watch does when the heap
// passes --max-memory (with slack, watchCeiling): main sets it to print
// the limit's message, remove unfinished output files and exit with code
// 3. Tests that drive run in-process leave it nil: no watch.
var memoryExceeded func(say func(string), heap, budget int64)

// watchInterval is how often the memory watch reads the heap.
const watchInterval = 50 * time.Millisecond

// watchCeiling is the heap at which the watch stops a run under a budget:
// the budget with slack, and at most three quarters of the heap the
// process's limits leave.
var watchCeiling = func(budget int64) int64 {
	ceiling := limit.WatchSlack(budget)
	if avail, ok := limit.Available(); ok {
		ceiling = min(ceiling, limit.Usable(avail)/4*3)
	}
	return ceiling
}

// The memory watch of the running command: started by run under the
// default budget, so that it also covers parsing, and given --max-memory
// by buildLimits.
var watch struct {
	sync.Mutex
	w      *limit.Watcher
	budget int64
}

// startWatch starts the memory watch under the default budget; the stop
// function ends it.
func startWatch(stderr io.Writer) (stop func()) {
	if memoryExceeded == nil {
		return func() {}
	}
	avail, ok := limit.Available()
	budget := limit.DefaultMaxMemory(avail, ok)
	watch.Lock()
	defer watch.Unlock()
	watch.budget = budget
	w := limit.Watch(watchCeiling(budget), watchInterval, func(heap int64) {
		watch.Lock()
		b := watch.budget
		watch.Unlock()
		memoryExceeded(func(s string) { fmt.Fprintln(stderr, s) }, heap, b)
	})
	watch.w = w
	return func() {
		w.Stop()
		watch.Lock()
		watch.w = nil
		watch.Unlock()
	}
}

// earlyBudget gives the watch the budget of a --max-memory on the command
// line before the command parses its files, so that parsing is watched
// under the user's limit too; buildLimits reads the option properly later.
func earlyBudget(args []string) {
	for i, a := range args {
		v, ok := strings.CutPrefix(a, "--max-memory=")
		if !ok && a == "--max-memory" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if !ok {
			continue
		}
		if n, err := parseBytes(v); err == nil {
			setWatchBudget(n)
		}
		return
	}
}

// setWatchBudget gives the running watch the budget of --max-memory.
func setWatchBudget(budget int64) {
	watch.Lock()
	defer watch.Unlock()
	if watch.w != nil {
		watch.budget = budget
		watch.w.SetCeiling(watchCeiling(budget))
	}
}

// exitOnMemory is memoryExceeded for the onus binary.
func exitOnMemory(say func(string), heap, budget int64) {
	say(fmt.Sprintf("onus: error: resource limit exceeded: the run holds %s, more than %s (the limit --max-memory); raise the limit with --max-memory or reduce the model",
		translate.FormatBytes(heap), translate.FormatBytes(budget)))
	atomicfile.RemovePending()
	reportExit(exitLimit)
	os.Exit(exitLimit)
}

// parseBytes reads a size: 1000000, 512K, 512M, 1.5G, 2GiB, 2GB, 1T.
// The suffixes are powers of 1024.
func parseBytes(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := 1.0
	if t != "" {
		if k := strings.IndexByte("KMGT", t[len(t)-1]); k >= 0 {
			mult = math.Pow(1024, float64(k+1))
			t = t[:len(t)-1]
		}
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("not a size (give bytes, or a number with K, M, G or T)")
	}
	b := x * mult
	if b < 1<<20 {
		return 0, fmt.Errorf("the limit must be at least 1M")
	}
	if b >= math.MaxInt64 {
		return math.MaxInt64, nil
	}
	return int64(b), nil
}
