package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file is `onus blame` (docs/guide/blame.md): every agent's responsibility for
// one outcome under one plan — CAR, CPR and CCR with their degrees, and the
// SHAPLEY and BANZHAF indices — and, with --coalitions, every coalition's
// characteristic functions. The numbers come from checker.Blame, which runs
// each coalition's pass once; each equals the corresponding `onus check`
// query. blameout.go prints them.

func blameCommand() *cli.Command {
	return &cli.Command{
		Name:      "blame",
		Usage:     "who is responsible: every agent's responsibility and power index for one outcome",
		ArgsUsage: "MODEL [PROPS] --plan PLAN --outcome PSI",
		Description: "For the plan --plan (what was planned, or a trace @FILE of what happened) and the\n" +
			"outcome --outcome, prints one row per agent: CAR, CPR and CCR (true or false) with\n" +
			"their degrees by count, probability and entropy, and the SHAPLEY and BANZHAF\n" +
			"indices by count, probability and avoidance. --coalitions adds one row per\n" +
			"coalition J: v_C(J), v_P(J), a(J) and whether Compat_J(plan) forces the outcome.\n" +
			"--explain justifies each CAR, CPR and CCR verdict as onus check --explain does.\n" +
			"PROPS may declare labels, constants, plans (--plan NAME) and behaviours.\n\n" +
			"Examples:\n" +
			"  onus blame examples/cpd.prism --plan '[d1,d2]' --outcome 'X \"fine\"'\n" +
			"  onus blame examples/backoff.prism --plan @examples/backoff.trace.txt --outcome 'X \"collision\"' --coalitions\n\n" +
			"Guide: onus guide blame (every column: onus guide blame#the-blame-table)",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "plan", Usage: "the plan: " + planUsage + "; an unnamed plan is called pi", Required: true},
			&cli.StringFlag{Name: "outcome", Usage: "the outcome formula psi (onus guide outcomes)", Required: true},
			constFlag,
			&cli.BoolFlag{Name: "coalitions", Usage: "also print every coalition's v_C, v_P, a and whether it forces the outcome"},
			&cli.BoolFlag{Name: "wide", Usage: "print the agents' table in one piece, however wide (by default it is cut into pieces of at most 100 columns)"},
			&cli.StringFlag{Name: "export-results", Usage: "write the agents' rows to FILE (FILE.csv or FILE:csv: CSV, else tab-separated; stdout to print them)", TakesFile: true},
			&cli.StringFlag{Name: "plot", Usage: "draw the agents' SHAPLEY and BANZHAF shares as grouped bars into FILE (.svg, .png or .pdf)", TakesFile: true},
			&cli.BoolFlag{Name: "explain", Usage: "justify each agent's CAR, CPR and CCR verdicts with a witness plan or a counterexample history, as onus check --explain does (onus guide explain)"},
			progressFlag,
		}, append(judgeFlags(), limitFlags(true)...)...),
		Action: runBlame,
	}
}

// blameJob is one blame run, parsed and checked.
type blameJob struct {
	fset      *prism.FileSet
	modelPath string
	model     *prism.ModelFile
	props     *prism.PropsFile
	plan      *prism.PlanDecl // the plan, named (a bare plan is called "pi")
	outcome   prism.Expr
	query     *prism.Resp // SHAPLEY(1, plan)=? [outcome]: what CheckProps checks, and the horizon notes' property
	consts    []translate.ConstAssign
	opts      lib.Options // the settings of the check (as check's)
	exact     bool
	explain   bool // --explain: justify each agent's verdicts
}

// blameRun is the outcome of a blame job.
type blameRun struct {
	blame   *checker.Blame
	notes   []*prism.Error
	model   *translate.Model
	explain []agentExplain // per agent, with --explain
}

func runBlame(c *cli.Context) error {
	job, err := prepareBlame(c)
	if err != nil {
		return err
	}
	if err := checkPlotPath(c.String("plot")); err != nil {
		return err
	}
	resSpec, err := checkResultsSpec(c)
	if err != nil {
		return err
	}
	run, err := job.run()
	if err != nil {
		return err
	}
	w := c.App.Writer
	if c.Bool("json") {
		if err := writeBlameJSON(w, job, run, c.Bool("coalitions")); err != nil {
			return err
		}
	} else {
		writeBlameText(w, job, run, c.Bool("coalitions"), c.Bool("wide"))
	}
	if resSpec != nil {
		if resSpec.toStdout() {
			fmt.Fprintln(w)
		}
		if err := exportBlame(*resSpec, w, job, run); err != nil {
			return err
		}
	}
	if path := c.String("plot"); path != "" {
		if err := plotBlame(path, job, run); err != nil {
			return err
		}
	}
	for _, n := range run.notes {
		fmt.Fprintln(c.App.ErrWriter, n.Pos.String()+": note: "+n.Msg)
	}
	return nil
}

func prepareBlame(c *cli.Context) (*blameJob, error) {
	if c.NArg() < 1 || c.NArg() > 2 {
		return nil, usagef("blame takes MODEL and an optional PROPS file (got %d arguments); see onus blame --help", c.NArg())
	}
	job := &blameJob{fset: prism.NewFileSet(), modelPath: c.Args().Get(0), exact: c.Bool("exact"), explain: c.Bool("explain")}
	var err error
	if job.model, err = loadModel(job.fset, job.modelPath); err != nil {
		return nil, err
	}
	job.props = &prism.PropsFile{}
	if c.NArg() == 2 {
		if job.props, err = loadProps(job.fset, c.Args().Get(1)); err != nil {
			return nil, err
		}
	}
	if err := loadBehaviours(c, job.fset, job.props); err != nil {
		return nil, err
	}
	if job.plan, err = planArg(job.fset, job.props, c.String("plan")); err != nil {
		return nil, err
	}
	if job.outcome, err = prism.ParsePath(job.fset, "--outcome", c.String("outcome")); err != nil {
		return nil, err
	}
	pos := job.outcome.Position()
	job.query = &prism.Resp{OpPos: pos, Kind: prism.SHAPLEY, Agent: prism.PlayerRef{Pos: pos, Index: 1},
		Plan: prism.PlanRef{Pos: job.plan.Pos, Name: job.plan.Name.Name}, Degree: prism.DegAll, Rel: prism.RelQuery,
		Outcome: job.outcome}
	// The query is checked with the props file (labels, constants, plans),
	// then the file's own properties are dropped: blame asks only its own.
	job.props.Properties = append(job.props.Properties, &prism.Property{Pos: pos, Expr: job.query})
	if err := prism.CheckProps(job.fset, job.model, job.props); err != nil {
		return nil, err
	}
	job.props.Properties = job.props.Properties[len(job.props.Properties)-1:]
	sweep, err := constSweep(c.StringSlice("const"))
	if err != nil {
		return nil, err
	}
	if sweep.Len() != 1 {
		return nil, usagef("blame takes single constant values, not ranges (use onus check to sweep a constant)")
	}
	job.consts = sweep.At(0)
	if job.opts, err = checkOptions(c); err != nil {
		return nil, err
	}
	job.opts.Explain = false // blame explains each agent itself (blameexplain.go)
	return job, nil
}

// run builds the model, reads a trace plan and computes the rows.
func (job *blameJob) run() (*blameRun, error) {
	loaded, err := lib.New(job.fset, job.model, job.props, job.opts)
	if err != nil {
		return nil, err
	}
	built, err := loaded.Build(constValues(job.consts))
	if err != nil {
		return nil, err
	}
	chk, err := built.Checker()
	if err != nil {
		return nil, err
	}
	b, err := chk.Blame(job.query.Plan, job.outcome, job.query.OpPos)
	if err != nil {
		return nil, err
	}
	res := &checker.Result{HasHorizon: true, Horizon: b.Horizon, Notes: b.Notes}
	run := &blameRun{blame: b, model: built.Model(), notes: flagNotes(built.Notes(job.query, res))}
	if job.explain {
		// Each agent's verdicts are the check queries CAR/CPR/CCR(agent,
		// plan) [outcome]: blameexplain.go justifies them.
		if run.explain, err = job.explainAgents(chk, b); err != nil {
			return nil, err
		}
	}
	return run, nil
}

// planText is the plan as blame prints it.
func (job *blameJob) planText() string {
	return prism.PlanString(job.plan.Plan)
}

// coalitionName prints J as {p1,p2}.
func coalitionName(players []string) string {
	return "{" + strings.Join(players, ",") + "}"
}
