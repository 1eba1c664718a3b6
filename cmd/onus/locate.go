package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/locate"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file is `onus locate`: where in the model the responsibility for an
// objective lies — power indices of states, labels, variable values,
// modules, actions or players in the forward game, or in the backward game
// of a counterexample. checker.Locate computes them; locateout.go prints
// them, locateparse.go reads --group and the counterexample, and
// locaterewrite.go builds the modules and actions groupings' games.

func locateCommand() *cli.Command {
	return &cli.Command{
		Name:      "locate",
		Usage:     "where in the model: the responsibility of states, labels, variables, modules, actions or players for an objective",
		ArgsUsage: "MODEL [PROPS]",
		Description: "The players of a cooperative game are groups of states (--group); a coalition's states\n" +
			"belong to the objective player and the others to an adversary, and each group's power\n" +
			"index (Shapley, Banzhaf, Count) says how much the objective depends on who controls it.\n" +
			"With --counterexample @FILE (a PRISM simulation path or a .ce file, ending in a state\n" +
			"violating P>=1 [G phi]) the game is the backward one: states outside the coalition follow\n" +
			"the counterexample. onus locate --list-groups MODEL lists every --group argument.\n\n" +
			"Examples:\n" +
			"  onus locate examples/locate/choices.prism --objective 'P>=1 [G !\"bad\"]'\n" +
			"  onus locate --list-groups examples/locate/retransmit.prism\n\n" +
			"Guide: onus guide locate",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "objective", Usage: "P>=1 [F phi], P>=1 [G phi], P>=1 [G F phi], Pmax=? [F phi] or Pmax=? [G phi]"},
			&cli.StringFlag{Name: "group", Value: "individual", Usage: "the players: individual, individual-all, labels(l1 l2 ...), variables(x y ...), modules, actions or players"},
			&cli.StringFlag{Name: "index", Value: "shapley,banzhaf,count", Usage: "the indices to print, in order: shapley, banzhaf, count"},
			&cli.StringFlag{Name: "counterexample", Usage: "@FILE: explain this path (a PRISM simulation path or a .ce file of one state per line) in the backward game", TakesFile: true},
			&cli.BoolFlag{Name: "pessimistic", Usage: "backward: states off the counterexample belong to the adversary (the default)"},
			&cli.BoolFlag{Name: "optimistic", Usage: "backward: states off the counterexample belong to the objective player"},
			&cli.BoolFlag{Name: "exact", Usage: "print the indices as exact rationals"},
			&cli.IntFlag{Name: "samples", Usage: "estimate Shapley values from N random orders of the players (prints standard errors)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed of --samples"},
			&cli.BoolFlag{Name: "refine", Usage: "compute on blocks of states, split only where they matter (large models)"},
			&cli.BoolFlag{Name: "json", Usage: "print the result as one JSON object"},
			&cli.StringFlag{Name: "export-results", Usage: "write the groups' rows to FILE (.csv: CSV, else tab-separated)", TakesFile: true},
			&cli.StringFlag{Name: "html", Usage: "write the model's source shaded by responsibility to FILE (one self-contained HTML file)", TakesFile: true},
			&cli.BoolFlag{Name: "list-groups", Usage: "list every --group argument this model offers, and stop"},
			progressFlag,
			&cli.StringFlag{Name: "unavailable", Value: "drop", Usage: "drop|free: how responsibility operators inside the objective treat plans that cannot be followed (docs/guide/plans.md)"},
			constFlag,
		}, limitFlags(false)...),
		Action: runLocate,
	}
}

// locateJob is one locate run, parsed.
type locateJob struct {
	fset        *prism.FileSet
	modelPath   string
	model       *prism.ModelFile
	props       *prism.PropsFile
	objective   prism.Expr
	objText     string
	group       checker.Grouping
	groupText   string
	indices     []string
	mode        locate.Mode
	ce          string              // the counterexample file
	unavailable checker.Unavailable // --unavailable, for responsibility operators inside the objective
	opt         locate.Options
	consts      []translate.ConstAssign
	limits      translate.Config
	exact       bool
	progress    progress.Func // where the searches' progress goes (queryProgress)
}

func runLocate(c *cli.Context) error {
	if c.NArg() < 1 || c.NArg() > 2 {
		return usagef("locate takes MODEL and an optional PROPS file (got %d arguments); see onus locate --help", c.NArg())
	}
	job := &locateJob{fset: prism.NewFileSet(), modelPath: c.Args().Get(0), exact: c.Bool("exact")}
	var err error
	if job.model, err = loadModel(job.fset, job.modelPath); err != nil {
		return err
	}
	job.props = &prism.PropsFile{}
	if c.NArg() == 2 {
		if job.props, err = loadProps(job.fset, c.Args().Get(1)); err != nil {
			return err
		}
	}
	sweep, err := constSweep(c.StringSlice("const"))
	if err != nil {
		return err
	}
	if sweep.Len() != 1 {
		return usagef("locate takes single constant values, not ranges")
	}
	job.consts = sweep.At(0)
	if job.limits, err = buildLimits(c); err != nil {
		return err
	}
	if c.Bool("list-groups") {
		return listGroups(c, job)
	}
	if err := job.parse(c); err != nil {
		return err
	}
	job.progress = queryProgress(c)
	run, err := job.run()
	if err != nil {
		return err
	}
	w := c.App.Writer
	if c.Bool("json") {
		if err := writeLocateJSON(w, job, run); err != nil {
			return err
		}
	} else {
		writeLocateText(w, job, run)
	}
	if path := c.String("export-results"); path != "" {
		if err := exportLocate(path, job, run); err != nil {
			return err
		}
	}
	if path := c.String("html"); path != "" {
		if err := writeLocateHTMLFile(path, job, run); err != nil {
			return err
		}
	}
	for _, n := range run.notes {
		fmt.Fprintln(c.App.ErrWriter, "onus: note: "+n)
	}
	return nil
}

// parse reads the options of a run.
func (job *locateJob) parse(c *cli.Context) error {
	if !c.IsSet("objective") {
		return usagef("locate needs --objective (e.g. --objective 'P>=1 [G !\"bad\"]'), or --list-groups")
	}
	job.objText = c.String("objective")
	pf, err := prism.ParseProps(job.fset, "--objective", job.objText)
	if err != nil {
		return err
	}
	if len(pf.Properties) != 1 || len(pf.Consts)+len(pf.Labels)+len(pf.Plans)+len(pf.Behaviours) > 0 {
		return usagef("--objective takes exactly one property")
	}
	job.objective = pf.Properties[0].Expr
	job.props.Properties = append(job.props.Properties[:0:0], pf.Properties[0])
	if err := prism.CheckProps(job.fset, job.model, job.props); err != nil {
		return err
	}
	job.groupText = c.String("group")
	if job.group, err = parseGroup(job.fset, job.groupText); err != nil {
		return err
	}
	for _, name := range strings.Split(c.String("index"), ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		switch name {
		case "shapley", "banzhaf", "count":
			job.indices = append(job.indices, name)
		default:
			return usagef("--index %q: the indices are shapley, banzhaf and count", name)
		}
	}
	if job.unavailable, err = unavailableOption(c); err != nil {
		return err
	}
	if c.Bool("optimistic") && c.Bool("pessimistic") {
		return usagef("give --optimistic or --pessimistic, not both")
	}
	if ce := c.String("counterexample"); ce != "" {
		job.ce = strings.TrimPrefix(ce, "@")
		job.mode = locate.Pessimistic
		if c.Bool("optimistic") {
			job.mode = locate.Optimistic
		}
	} else if c.Bool("optimistic") || c.Bool("pessimistic") {
		return usagef("--optimistic and --pessimistic choose the backward game of a --counterexample")
	}
	job.opt = locate.Options{Samples: c.Int("samples"), Seed: c.Uint64("seed"), Refine: c.Bool("refine")}
	if job.opt.Samples < 0 {
		return usagef("--samples must be at least 1, not %d", job.opt.Samples)
	}
	if job.opt.Samples > 0 {
		if job.opt.Refine {
			return usagef("give --samples or --refine, not both")
		}
		if job.exact {
			return usagef("--samples estimates: it has no exact values (leave out --exact)")
		}
		for _, x := range job.indices {
			if x != "shapley" {
				return usagef("--samples estimates Shapley values only (give --index shapley)")
			}
		}
	}
	if c.IsSet("seed") && job.opt.Samples == 0 {
		return usagef("--seed chooses the random orders of --samples")
	}
	return nil
}

// locateRun is the outcome of a locate job.
type locateRun struct {
	model  *translate.Model
	game   *translate.Game // the game the groups live in (rewritten for modules and actions)
	res    *checker.LocateResult
	notes  []string
	source map[int]string // modules/actions: what each group stands for in the source
}

// run builds the model and computes the indices.
func (job *locateJob) run() (*locateRun, error) {
	run := &locateRun{}
	var q checker.LocateQuery
	m, err := translate.Build(job.fset, job.model, job.props, withConsts(job.limits, job.consts, false))
	if err != nil {
		return nil, err
	}
	run.model, run.game = m, m.Game
	switch job.group.Kind {
	case "modules", "actions":
		if job.mode != locate.Forward {
			return nil, job.errAt(job.group.Pos, "--group %s reads the model as a new game, which a counterexample of the model is no path of (use individual, labels(...) or variables(...))", job.group.Kind)
		}
		rw, err := job.rewrite(m)
		if err != nil {
			return nil, err
		}
		run.game = rw.game
		q.Groups, q.Ungrouped = rw.groups, rw.ungrouped
		run.model = rw.model
	}
	chk, err := checker.New(job.fset, run.game, run.model, checker.Config{Exact: false, MaxProduct: job.limits.MaxStates, MaxMemory: job.limits.MaxMemory, Unavailable: job.unavailable,
		Progress: job.progress, ProgressDelay: progressDelay})
	if err != nil {
		return nil, err
	}
	q.Objective, q.Group, q.Mode, q.Options = job.objective, job.group, job.mode, job.opt
	if job.mode != locate.Forward {
		obj, err := chk.LocateObjective(job.objective)
		if err != nil {
			return nil, err
		}
		if obj.Kind != locate.Safe || obj.Value {
			return nil, job.errAt(job.objective.Position(), "a counterexample explains a violation of P>=1 [G φ]; this objective is not of that form (see docs/guide/locate.md#backward-responsibility---counterexample)")
		}
		if q.Path, err = readCounterexample(job.fset, run.game, job.ce, obj.Target); err != nil {
			return nil, err
		}
	}
	if job.group.Kind == "labels" {
		for _, n := range job.group.Names {
			if !hasLabel(run.game, job.props, n.Name) {
				return nil, job.errAt(n.NamePos, "unknown label %q (the labels are %s)", n.Name, labelList(run.game, job.props))
			}
		}
	}
	if run.res, err = chk.Locate(q); err != nil {
		return nil, err
	}
	if run.game.Type == prism.TypeDTMC && job.mode == locate.Forward {
		run.notes = append(run.notes, "a dtmc has no choices, so no part of it is responsible (every value is 0); read it as an mdp to give its commands a choice")
	}
	return run, nil
}

func (job *locateJob) errAt(p prism.Pos, format string, args ...any) error {
	var el prism.ErrorList
	el.Addf(job.fset, p, format, args...)
	return el
}

func hasLabel(g *translate.Game, props *prism.PropsFile, name string) bool {
	if g.Label(name) != nil {
		return true
	}
	for _, l := range props.Labels {
		if l.Name.Name == name {
			return true
		}
	}
	return false
}

func labelList(g *translate.Game, props *prism.PropsFile) string {
	var names []string
	for _, l := range g.Labels {
		names = append(names, `"`+l.Name+`"`)
	}
	for _, l := range props.Labels {
		names = append(names, `"`+l.Name.Name+`"`)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
