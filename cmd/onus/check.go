package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "check responsibility, metric and probability properties",
		ArgsUsage: "MODEL [PROPS]",
		Description: "Checks the properties of PROPS (and those given with --pf) on MODEL at its\n" +
			"initial state. Properties (onus guide responsibility, metrics, patl):\n\n" +
			"  CAR(p1, pi) [ psi ]        does p1 bear active responsibility for psi under plan pi\n" +
			"  CPR(p1, pi)=? [ psi ]      passive responsibility: degrees by count, probability, entropy\n" +
			"  CCR(p1, pi)P=? [ psi ]     contributive responsibility, probabilistic degree only\n" +
			"  #=? [ psi ]  H=? [ psi ]  Hinf=? [ psi ]  P=? [ psi ]   language metrics\n\n" +
			"Plans are declared in PROPS (plan pi = [*]^(t-1) [d1,c2];) or with --plan.\n\n" +
			"Examples:\n" +
			"  onus check examples/cpd.prism examples/cpd.props --const t=3\n" +
			"  onus check examples/cpd.prism --pf 'CPR(p1, [c1,c2])=? [ X \"reward\" ]'\n" +
			"  onus check examples/cpd.prism examples/cpd.props --const t=1:5 --prop 4\n\n" +
			"Guide: onus guide responsibility, onus guide metrics, onus guide patl",
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "pf", Usage: "check this property (repeatable)"},
			&cli.StringSliceFlag{Name: "prop", Usage: "check only property N (1-based index or name; repeatable)"},
			constFlag,
			&cli.StringSliceFlag{Name: "plan", Usage: "a plan for the properties (repeatable): " + planUsage + "; an unnamed plan is called pi"},
		}, append(append(judgeFlags(),
			&cli.StringFlag{Name: "export-results", Usage: "write the results, sweeps included, to FILE as PRISM's -exportresults does: FILE[:csv|:comment], stdout to print them (FILE.csv: one CSV table)", TakesFile: true},
			&cli.StringFlag{Name: "plot", Usage: "draw the results against the swept constant into FILE (.svg, .png or .pdf)", TakesFile: true},
			&cli.StringFlag{Name: "export-strat", Usage: "write the optimal strategy of each <<A>> P query to FILE[:type=actions|indices|induced|dot] (FILE.tra: induced, FILE.dot: dot; several are numbered FILE1, FILE2, ...; stdout to print)", TakesFile: true},
			&cli.BoolFlag{Name: "explain", Usage: "justify each qualitative verdict with a witness plan or a counterexample history (onus guide explain)"},
			&cli.BoolFlag{Name: "test", Usage: "check the // RESULT: annotations as PRISM's -test does; exit 1 on a mismatch"},
			progressFlag,
		), limitFlags(true)...)...),
		Action: runCheck,
	}
}

// checkJob is everything a check run needs, parsed and checked.
type checkJob struct {
	fset      *prism.FileSet
	modelPath string
	model     *prism.ModelFile
	props     *prism.PropsFile
	selected  []*prism.Property
	sweep     *translate.Sweep
	loaded    *lib.Model // the model and props, checked: it builds and checks
	opts      lib.Options
	exact     bool
	warn      io.Writer         // where warnings go (stderr)
	done      func(*propResult) // if set, called as each result is ready
}

// propResult is one property checked under one constant assignment.
type propResult struct {
	prop   *prism.Property
	consts []translate.ConstAssign
	res    *lib.Result
	err    error // a model-checking error (kept only under --test)
	model  *translate.Model
	test   string         // the --test verdict
	notes  []*prism.Error // horizon notes (docs/guide/outcomes.md#the-horizon-note) and the checker's
	secs   float64        // time to check the property
}

func runCheck(c *cli.Context) error {
	job, err := prepareCheck(c)
	if err != nil {
		return err
	}
	if err := checkPlotPath(c.String("plot")); err != nil {
		return err
	}
	if c.String("plot") != "" {
		if _, err := sweptConstant(job); err != nil {
			return err
		}
	}
	resSpec, err := checkResultsSpec(c)
	if err != nil {
		return err
	}
	var stratSpec *stratSpec
	if arg := c.String("export-strat"); arg != "" {
		if stratSpec, err = parseStratSpec(arg, "--export-strat"); err != nil {
			return err
		}
	}
	testing := c.Bool("test")
	w := c.App.Writer
	// Without a sweep, text results print as each property finishes (the
	// order is the same); a sweep groups them per property at the end.
	stream := !c.Bool("json") && job.sweep.Len() == 1
	streamed := 0
	if stream {
		job.done = func(r *propResult) {
			if testing {
				_, r.test = testResult(job.fset, *r)
			}
			writeResult(w, c.App.ErrWriter, job, streamed, *r)
			streamed++
		}
	}
	if !stream && isTerminal(c.App.ErrWriter) {
		// A sweep or JSON prints at the end: show progress meanwhile.
		total, n := limit.MulSatInt(job.sweep.Len(), len(job.selected)), 0
		job.done = func(*propResult) {
			n++
			fmt.Fprintf(c.App.ErrWriter, "\ronus: %d of %d results", n, total)
		}
		defer fmt.Fprint(c.App.ErrWriter, "\r\033[K")
	} else if !stream && c.Bool("progress") {
		// The same as plain lines, for a log or a pipe.
		total, n := limit.MulSatInt(job.sweep.Len(), len(job.selected)), 0
		show := plainProgress(c.App.ErrWriter, plainEvery)
		job.done = func(*propResult) {
			n++
			show(progress.Status{Task: fmt.Sprintf("%d of %d results", n, total)})
		}
	}
	results, states, transitions, err := job.run()
	if err != nil {
		if isLimit(err) && !stream && len(results) > 0 {
			// What was computed before the limit stopped the run is
			// printed, the JSON document saying where it stopped.
			if c.Bool("json") {
				if werr := writeJSON(w, job, results, states, transitions, limitNotes(c), stoppedText(err)); werr != nil {
					return werr
				}
			} else {
				for i, r := range results {
					writeResult(w, c.App.ErrWriter, job, i, r)
				}
			}
		}
		return err
	}
	if path := c.String("plot"); path != "" {
		if err := writePlot(path, job, results); err != nil {
			return err
		}
	}
	if stratSpec != nil {
		if err := exportStrategies(c, stratSpec, results); err != nil {
			return err
		}
	}
	if resSpec != nil && !resSpec.toStdout() {
		if err := exportResults(*resSpec, w, job, results); err != nil {
			return err
		}
	}
	failed := 0
	if testing {
		for i := range results {
			ok, msg := testResult(job.fset, results[i])
			results[i].test = msg
			if !ok {
				failed++
			}
		}
	}
	if c.Bool("json") {
		if err := writeJSON(w, job, results, states, transitions, limitNotes(c), ""); err != nil {
			return err
		}
	} else {
		if !stream {
			for i, r := range results {
				writeResult(w, c.App.ErrWriter, job, i, r)
			}
		}
		if testing {
			fmt.Fprintf(w, "\n%d passed, %d failed\n", len(results)-failed, failed)
		}
		if resSpec != nil && resSpec.toStdout() {
			fmt.Fprintln(w)
			if err := exportResults(*resSpec, w, job, results); err != nil {
				return err
			}
		}
	}
	printNotes(c.App.ErrWriter, results)
	if failed > 0 {
		return &exitError{exitFailed}
	}
	if !testing {
		// Errors of single properties: printed once, in the standard
		// format on stderr (in the text, at the property's place; with
		// --json, after the document, which holds them too), then exit
		// code 2 (bad input) after every other result.
		failed := false
		for _, r := range results {
			if r.err == nil {
				continue
			}
			failed = true
			if c.Bool("json") {
				printError(c.App.ErrWriter, r.err)
			}
		}
		if failed {
			return &exitError{exitBadInput}
		}
	}
	return nil
}

// printError prints a property's error as report would: each error of a
// list on its own line in the FILE:LINE:COL format, others as onus: error.
func printError(w io.Writer, err error) {
	var el prism.ErrorList
	if errors.As(err, &el) {
		for _, e := range el {
			fmt.Fprintln(w, e.Error())
		}
		return
	}
	fmt.Fprintf(w, "onus: error: %v\n", err)
}

// writeResult prints the block of the i-th result (from 0). An error goes
// to errw in its place, once; under --test it is the block's result.
func writeResult(w, errw io.Writer, job *checkJob, i int, r propResult) {
	if i > 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "Model checking: %s\n", propText(r.prop))
	if len(r.consts) > 0 {
		fmt.Fprintf(w, "Constants: %s\n", formatConsts(r.consts))
	}
	switch {
	case r.err != nil && r.test != "":
		fmt.Fprintf(w, "Error: %v\n", r.err)
	case r.err != nil:
		printError(errw, r.err)
	default:
		for _, l := range r.res.Log {
			fmt.Fprintln(w, l)
		}
		if r.res.HasHorizon {
			fmt.Fprintf(w, "Horizon: %d\n", r.res.Horizon)
		}
		fmt.Fprintf(w, "Result: %s\n", formatResult(r.res, job.exact))
		writeExplainText(w, r.model, r.res.Explain)
		writeEquilibriumText(w, r.res.Equilibrium)
	}
	fmt.Fprintf(w, "Time: %.3f seconds\n", r.secs)
	if r.test != "" {
		fmt.Fprintf(w, "Testing result: %s\n", r.test)
	}
}

func prepareCheck(c *cli.Context) (*checkJob, error) {
	if c.NArg() < 1 || c.NArg() > 2 {
		return nil, usagef("check takes MODEL and an optional PROPS file (got %d arguments); see onus check --help", c.NArg())
	}
	job := &checkJob{fset: prism.NewFileSet(), modelPath: c.Args().Get(0), warn: c.App.ErrWriter}
	var err error
	if job.model, err = loadModel(job.fset, job.modelPath); err != nil {
		return nil, err
	}
	if c.NArg() == 2 {
		if job.props, err = loadProps(job.fset, c.Args().Get(1)); err != nil {
			return nil, err
		}
	} else {
		job.props = &prism.PropsFile{}
	}
	// Every bad --pf is reported, as the errors of a props file are, each
	// under its own name when there are several.
	var pfErrs prism.ErrorList
	pfs := c.StringSlice("pf")
	for i, s := range pfs {
		e, err := prism.ParseExpr(job.fset, pfName(i, len(pfs)), s)
		var el prism.ErrorList
		if errors.As(err, &el) {
			pfErrs = append(pfErrs, el...)
			continue
		}
		if err != nil {
			return nil, err
		}
		job.props.Properties = append(job.props.Properties, &prism.Property{Pos: e.Position(), Expr: e, Text: s})
	}
	if len(pfErrs) > 0 {
		return nil, pfErrs
	}
	if err := planArgs(job.fset, job.props, c.StringSlice("plan")); err != nil {
		return nil, err
	}
	if err := loadBehaviours(c, job.fset, job.props); err != nil {
		return nil, err
	}
	// The options are read before the library checks the files, but their
	// errors are reported after the files', as the arguments come.
	opts, optErr := checkOptions(c)
	if job.loaded, err = lib.New(job.fset, job.model, job.props, opts); err != nil {
		return nil, err
	}
	if len(job.props.Properties) == 0 {
		if c.NArg() == 2 {
			return nil, &prism.Error{Pos: prism.Position{Filename: c.Args().Get(1), Line: 1, Column: 1}, Msg: "the file holds no properties to check (add some, or give --pf)"}
		}
		return nil, usagef("no properties to check: give a PROPS file or --pf")
	}
	if job.selected, err = selectProps(job.props.Properties, c.StringSlice("prop")); err != nil {
		return nil, err
	}
	// When every selected property is refused, nothing is built.
	var refused prism.ErrorList
	for _, p := range job.selected {
		var el prism.ErrorList
		if !errors.As(job.loaded.Refused(p), &el) {
			refused = nil
			break
		}
		refused = append(refused, el...)
	}
	if len(refused) > 0 {
		return nil, refused
	}
	if job.sweep, err = constSweep(c.StringSlice("const")); err != nil {
		return nil, err
	}
	if optErr != nil {
		return nil, optErr
	}
	job.opts, job.exact = opts, opts.Exact
	return job, nil
}

// checkOptions reads the options of check and export-outcome that the
// library takes.
func checkOptions(c *cli.Context) (lib.Options, error) {
	from, err := judgeOptions(c)
	if err != nil {
		return lib.Options{}, err
	}
	limits, err := buildLimits(c)
	if err != nil {
		return lib.Options{}, err
	}
	unavail, err := unavailableOption(c)
	if err != nil {
		return lib.Options{}, err
	}
	return lib.Options{
		Horizon: c.Int("horizon"), OutcomeFrom: from, Exact: c.Bool("exact"), Explain: c.Bool("explain"),
		Strategies: c.String("export-strat") != "", Unavailable: unavail,
		MaxStates: limits.MaxStates, MaxTransitions: limits.MaxTransitions, MaxMemory: limits.MaxMemory,
		MaxSteps: c.Int64("max-steps"), Timeout: c.Duration("timeout"),
		Progress: queryProgress(c), ProgressDelay: progressDelay,
	}, nil
}

// pfName is the file name of the i-th of n --pf properties in messages:
// `--pf` alone, else `--pf 1`, `--pf 2`, ... so that a user sees which.
func pfName(i, n int) string {
	if n == 1 {
		return "--pf"
	}
	return fmt.Sprintf("--pf %d", i+1)
}

// selectProps applies --prop: 1-based indices or property names.
func selectProps(all []*prism.Property, sel []string) ([]*prism.Property, error) {
	if len(sel) == 0 {
		return all, nil
	}
	var out []*prism.Property
	for _, s := range sel {
		if n, err := strconv.Atoi(s); err == nil {
			if n < 1 || n > len(all) {
				return nil, usagef("--prop %d: there are %d properties", n, len(all))
			}
			out = append(out, all[n-1])
			continue
		}
		found := false
		for _, p := range all {
			if p.Name == strings.Trim(s, `"`) {
				out = append(out, p)
				found = true
			}
		}
		if !found {
			return nil, usagef("--prop %s: no property of that name", s)
		}
	}
	return out, nil
}

// run builds the model for each constant assignment and checks every
// selected property; results are grouped per property. A property whose
// check fails keeps its error in its result and the others go on, as in
// PRISM; building the model failing, or a resource limit, stops the run.
func (job *checkJob) run() (out []propResult, states, transitions int, err error) {
	per := make([][]propResult, len(job.selected))
	first := true
	for consts := range job.sweep.All() {
		b, err := job.loaded.Build(constValues(consts))
		if err != nil {
			return nil, 0, 0, err
		}
		// The first build has checked the constants' names; a sweep whose
		// results cannot fit stops before checking anything.
		if first {
			if err := limit.SweepFits(job.sweep.Len(), len(job.selected), job.opts.MaxMemory); err != nil {
				return nil, 0, 0, err
			}
			if err := limit.Sweep(job.sweep.Len()); err != nil { // --max-steps: one step an assignment
				return nil, 0, 0, err
			}
			first = false
		}
		m := b.Model()
		warnDeadlocks(job.warn, job.modelPath, consts, m.Game)
		states, transitions = m.Game.NumStates, m.Game.NumTransitions()
		if _, err := b.Checker(); err != nil {
			return nil, 0, 0, err
		}
		for i, p := range job.selected {
			r, err := b.CheckProperty(p)
			if err != nil && isLimit(err) {
				// The results so far go back with the error: a sweep or
				// --json prints them (text results have printed already).
				for _, rs := range per {
					out = append(out, rs...)
				}
				return out, states, transitions, err
			}
			per[i] = append(per[i], cliResult(r, consts))
			if job.done != nil {
				job.done(&per[i][len(per[i])-1])
			}
		}
	}
	for _, rs := range per {
		out = append(out, rs...)
	}
	return out, states, transitions, nil
}

// cliResult is the library's result as check prints it: settings named by
// their flags.
func cliResult(r *lib.Result, consts []translate.ConstAssign) propResult {
	pr := propResult{prop: r.Syntax, consts: consts, err: flagWords(r.Err), model: r.Build.Model(), notes: flagNotes(r.Notes), secs: r.Seconds}
	if r.Err == nil {
		pr.res = r
	}
	return pr
}

func propText(p *prism.Property) string { return p.String() }

// formatResult prints a result for humans, PRISM-style; exact values are
// shown when --exact asked for them.
func formatResult(r *lib.Result, exact bool) string { return r.Format(exact) }

// jsonValue gives a result's "value" and "exact" members: exact
// values under --exact, and always the exact integer of a count.
func jsonValue(r *lib.Result, exactMode bool) (value any, exact any) {
	switch r.Kind {
	case checker.KindBool:
		return r.Bool, nil
	case checker.KindRange:
		return []float64{r.Range.Lo, r.Range.Hi}, nil
	case checker.KindCount:
		// A JSON number may be any integer: print the count exactly, so
		// counts beyond float64's range stay valid JSON.
		return json.Number(r.Count.String()), r.Count.String()
	case checker.KindDegrees, checker.KindPower:
		v := map[string]any{}
		ex := map[string]string{}
		for _, m := range r.Measures() {
			v[m.Name] = jsonFloat(m.Value)
			if m.Exact != nil {
				ex[m.Name] = m.Exact.RatString()
			}
		}
		if !exactMode || len(ex) == 0 {
			return v, nil
		}
		return v, ex
	}
	if exactMode && r.Exact != nil {
		return jsonFloat(r.Number), r.Exact.RatString()
	}
	return jsonFloat(r.Number), nil
}

type jsonResult struct {
	Property  string         `json:"property"`
	Constants map[string]any `json:"constants,omitempty"`
	Horizon   *int           `json:"horizon,omitempty"`
	Value     any            `json:"value"`
	Exact     any            `json:"exact,omitempty"`
	Error     string         `json:"error,omitempty"`
	Test      string         `json:"test,omitempty"`
	Notes     []string       `json:"notes,omitempty"`
	Explain   *jsonExplain   `json:"explain,omitempty"`
	// Equilibrium holds, under --explain, an equilibrium answer's
	// coalition values and certificate.
	Equilibrium *jsonEquilibrium `json:"equilibrium,omitempty"`
	// Log holds what a filter reports beside its value (PRISM's log
	// lines: states satisfying, the states print lists, ...).
	Log []string `json:"log,omitempty"`
	// The model of this run (a sweep builds one per constant assignment)
	// and the time to check the property.
	States      int     `json:"states"`
	Transitions int     `json:"transitions"`
	Seconds     float64 `json:"seconds"`
}

// writeJSON prints the results as JSON; notes are the run's notes about
// its limits (docs/guide/limits.md#limits-beyond-the-machine).
func writeJSON(w io.Writer, job *checkJob, results []propResult, states, transitions int, notes []string, stopped string) error {
	out := struct {
		Model       string       `json:"model"`
		States      int          `json:"states"`
		Transitions int          `json:"transitions"`
		Notes       []string     `json:"notes,omitempty"`
		Results     []jsonResult `json:"results"`
		Stopped     string       `json:"stopped,omitempty"`
	}{Model: job.modelPath, States: states, Transitions: transitions, Notes: notes, Results: []jsonResult{}, Stopped: stopped}
	for _, r := range results {
		jr := jsonResult{Property: propText(r.prop), Seconds: r.secs,
			States: r.model.Game.NumStates, Transitions: r.model.Game.NumTransitions()}
		if len(r.consts) > 0 {
			jr.Constants = constMap(r.consts)
		}
		jr.Test = r.test
		jr.Notes = noteTexts(r.notes)
		if r.err != nil {
			jr.Error = r.err.Error()
		} else {
			jr.Log = r.res.Log
			if r.res.HasHorizon {
				h := r.res.Horizon
				jr.Horizon = &h
			}
			jr.Value, jr.Exact = jsonValue(r.res, job.exact)
			jr.Explain = explainJSON(r.model, r.res.Explain)
			jr.Equilibrium = equilibriumJSON(r.res.Equilibrium)
		}
		out.Results = append(out.Results, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
