package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/trace"
)

// maxSimSteps bounds --steps: a trace is held in memory before it is
// written (beyond: exit code 3).
const maxSimSteps = 10_000_000

// defaultSimSteps is --steps when it is not given.
const defaultSimSteps = 10

func simulateCommand() *cli.Command {
	return &cli.Command{
		Name:      "simulate",
		Usage:     "draw a random history of a model and write it as a trace",
		ArgsUsage: "MODEL [PROPS]",
		Description: "Draws a history of MODEL: N times a joint action from the behaviour\n" +
			"profile β (uniform, or --behaviour weights), restricted to the steps of --plan,\n" +
			"and a successor from the model's probabilities. It is written in PRISM's\n" +
			"simulation-path format (prism -simpath), which `--plan 'pi=@FILE'` reads back.\n" +
			"The same --seed gives the same trace. --out FILE.csv separates columns by commas.\n" +
			"PROPS may declare constants, labels, plans (--plan NAME) and behaviours.\n\n" +
			"Examples:\n" +
			"  onus simulate examples/cpd.prism --steps 5 --seed 3\n" +
			"  onus simulate examples/backoff.prism --steps 2 --plan 'pi=[send1,send2]' --out run.txt\n\n" +
			"Guide: onus guide traces",
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "steps", Value: defaultSimSteps, Usage: "number of steps N >= 0 (the trace has N+1 rows)"},
			&cli.StringFlag{Name: "behaviour", Usage: "read behaviour weights (behaviour p { a : w, ... };) from FILE", TakesFile: true},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed of the random draws"},
			&cli.StringFlag{Name: "plan", Usage: "restrict the joint actions to a plan (steps beyond it are free): " + planUsage},
			&cli.StringFlag{Name: "out", Usage: "write the trace to FILE (.csv: comma-separated) instead of stdout", TakesFile: true},
			constFlag,
		}, limitFlags(false)...),
		Action: runSimulate,
	}
}

func runSimulate(c *cli.Context) error {
	if c.NArg() < 1 || c.NArg() > 2 {
		return usagef("simulate takes MODEL and an optional PROPS file (got %d arguments); see onus simulate --help", c.NArg())
	}
	steps := c.Int("steps")
	if steps < 0 {
		return usagef("--steps must be at least 0, not %d", steps)
	}
	if steps > maxSimSteps {
		return &checker.LimitError{What: "simulation steps", Limit: maxSimSteps}
	}
	fset := prism.NewFileSet()
	mf, err := loadModel(fset, c.Args().Get(0))
	if err != nil {
		return err
	}
	props := &prism.PropsFile{}
	if c.NArg() == 2 {
		if props, err = loadProps(fset, c.Args().Get(1)); err != nil {
			return err
		}
		props.Properties = nil // simulate checks no property
	}
	if err := loadBehaviours(c, fset, props); err != nil {
		return err
	}
	var plan *prism.PlanDecl
	if s := c.String("plan"); s != "" {
		if plan, err = planArg(fset, props, s); err != nil {
			return err
		}
	}
	if err := prism.CheckProps(fset, mf, props); err != nil {
		return err
	}
	sweep, err := constSweep(c.StringSlice("const"))
	if err != nil {
		return err
	}
	if sweep.Len() != 1 {
		return usagef("simulate needs single constant values, not ranges")
	}
	cfg, err := buildLimits(c)
	if err != nil {
		return err
	}
	loaded, err := lib.New(fset, mf, props, lib.Options{MaxStates: cfg.MaxStates, MaxTransitions: cfg.MaxTransitions, MaxMemory: cfg.MaxMemory})
	if err != nil {
		return err
	}
	built, err := loaded.Build(constValues(sweep.At(0)))
	if err != nil {
		return err
	}
	m := built.Model()
	warnDeadlocks(c.App.ErrWriter, c.Args().Get(0), sweep.At(0), m.Game)
	chk, err := built.Checker()
	if err != nil {
		return err
	}
	sim := trace.SimConfig{Steps: steps, Seed: c.Int64("seed"), Poll: cfg.Poll}
	if sim.Beta, err = chk.Beta(); err != nil {
		return err
	}
	if plan != nil {
		if sim.Allowed, err = chk.PlanChoices(prism.PlanRef{Pos: plan.Pos, Name: plan.Name.Name}); err != nil {
			return err
		}
		for _, n := range checkerNotes(fset, chk.Notes()) {
			fmt.Fprintln(c.App.ErrWriter, n.Pos.String()+": note: "+n.Msg)
		}
	}
	h, err := trace.Simulate(m, sim)
	if err != nil {
		if se, ok := err.(*trace.StuckError); ok && plan != nil {
			var l prism.ErrorList
			l.Addf(fset, plan.Plan.Pos, "the plan cannot be carried out: %v", se)
			return l
		}
		return err
	}
	out := c.String("out")
	var b bytes.Buffer
	// Writing 10^7 rows takes seconds too: --timeout and Ctrl-C are read
	// at every chunk the trace's buffered writer flushes.
	if err := trace.Write(polledWriter{&b, cfg.Poll}, m, h, strings.HasSuffix(out, ".csv")); err != nil {
		return err
	}
	if out == "" {
		_, err := c.App.Writer.Write(b.Bytes())
		return err
	}
	if err := atomicfile.WriteFile(out, b.Bytes()); err != nil {
		return usagef("cannot write %s: %v", out, err)
	}
	fmt.Fprintf(c.App.ErrWriter, "onus: wrote %d steps to %s\n", steps, out)
	return nil
}

// polledWriter is a writer that calls poll before each write and stops
// with its error.
type polledWriter struct {
	w    io.Writer
	poll func() error
}

func (p polledWriter) Write(b []byte) (int, error) {
	if err := p.poll(); err != nil {
		return 0, err
	}
	return p.w.Write(b)
}
