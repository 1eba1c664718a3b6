package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/translate"
)

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
			DefaultText: "half of the machine's memory, or of the cgroup's limit when lower"},
		&cli.Int64Flag{Name: "max-steps", Value: limit.DefaultMaxSteps,
			Usage: "stop with exit code 3 after this many iterations of step-bounded operators (F<=k, C<=k, I=k) " +
				"and stage games of bounded equilibria, all properties together; an iteration is one step over every state, " +
				"and one whose values stop changing ends early (onus guide limits#work-limits---max-steps-and---timeout)"},
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
// --max-steps and --timeout. It also sets the Go runtime's
// soft memory limit to --max-memory, so that the garbage collector works
// harder before the process grows beyond it (run restores the old value).
func buildLimits(c *cli.Context) (translate.Config, error) {
	cfg := translate.Config{MaxStates: c.Int("max-states"), MaxTransitions: c.Int("max-transitions")}
	if cfg.MaxStates < 1 {
		return cfg, usagef("--max-states must be at least 1, not %d", cfg.MaxStates)
	}
	if cfg.MaxTransitions < 1 || cfg.MaxTransitions > translate.DefaultMaxTransitions {
		return cfg, usagef("--max-transitions must be between 1 and %d, not %d", translate.DefaultMaxTransitions, cfg.MaxTransitions)
	}
	if err := workLimits(c); err != nil {
		return cfg, err
	}
	cfg.MaxMemory = defaultMaxMemory()
	if s := c.String("max-memory"); c.IsSet("max-memory") {
		n, err := parseBytes(s)
		if err != nil {
			return cfg, usagef("--max-memory %q: %v", s, err)
		}
		cfg.MaxMemory = n
	}
	debug.SetMemoryLimit(cfg.MaxMemory)
	return cfg, nil
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

// defaultMaxMemory is half of the memory onus may use: the machine's
// physical memory (MemTotal in /proc/meminfo), or the cgroup's memory limit
// when that is lower; 4 GiB when neither can be read.
func defaultMaxMemory() int64 {
	total := int64(0)
	if f, err := os.Open("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) >= 2 && fields[0] == "MemTotal:" {
				if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil {
					total = kb << 10
				}
			}
		}
		f.Close()
	}
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	if total <= 0 {
		return 4 << 30
	}
	return total / 2
}
