package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file is `onus prism`: PRISM-games' command line
// (docs/guide/prism.md). It reads PRISM's switches (prismargs.go), checks
// the properties with the same pipeline as onus check, and prints PRISM's
// log (prismlog.go): the model, "Model checking:", "Result:", "Testing
// result:", "Error:". Exports and simulation paths are in prismexport.go,
// strategies in prismstrat.go.

func prismCommand() *cli.Command {
	return &cli.Command{
		Name:      "prism",
		Usage:     "run PRISM-games' command line: MODEL [PROPS] -switches, with PRISM's log",
		ArgsUsage: "MODEL [PROPS] [PRISM's switches]",
		Description: "Takes PRISM-games' command line (-pf, -prop, -const, -test, -testall, -exportresults,\n" +
			"-exportmodel, -exportstrat, -simpath, -mainlog, ...) and prints what PRISM prints, so\n" +
			"that scripts and prism-auto can call onus in PRISM's place. Switches that only tune\n" +
			"PRISM's engines (-ex, -epsilon, -javamaxmem, ...) are accepted with a note that they\n" +
			"have no effect; an unsupported switch is an error naming it. onus prism -help lists\n" +
			"the switches.\n\n" +
			"Examples:\n" +
			"  onus prism examples/cpd.prism examples/cpd.props -const t=1:3 -exportresults stdout:csv\n" +
			"  onus prism examples/cpd.prism examples/cpd_q.props -const t=2 -test\n\n" +
			"Guide: onus guide prism",
		SkipFlagParsing: true,
		Action:          runPrism,
	}
}

// prismRun is one run of onus prism.
type prismRun struct {
	o        *prismOptions
	log      io.Writer // PRISM's main log: stdout or -mainlog FILE
	stdout   io.Writer // `stdout` exports go here even with -mainlog
	stderr   io.Writer
	app      *cli.App
	ctx      *cli.Context // the prism command's
	warnings int
	// stratFiles are the -exportstrat files of the run's strategies, in
	// order (numbered when there are several); stratNext the next one.
	stratFiles []string
	stratNext  int
}

func runPrism(c *cli.Context) error {
	args := c.Args().Slice()
	o, err := parsePrismArgs(args)
	if err != nil {
		// The log is wherever -mainlog points, if it can be found.
		if lw, closeLog, lerr := openPrismLog(rawMainLog(args), c.App.Writer); lerr == nil {
			fmt.Fprintf(lw, "\nError: %s.\n", prismErrorText(err))
			closeLog()
		}
		return err
	}
	log, closeLog, err := openPrismLog(o.mainLog, c.App.Writer)
	if err != nil {
		return err
	}
	defer closeLog()
	p := &prismRun{o: o, log: log, stdout: c.App.Writer, stderr: c.App.ErrWriter, app: c.App, ctx: c}
	err = p.run()
	var ex *exitError
	if err != nil && !errors.As(err, &ex) {
		fmt.Fprintf(p.log, "\nError: %s.\n", prismErrorText(err))
	}
	p.closeDown()
	if err != nil && isLimit(err) {
		err = &prismLimit{err} // stderr names -timeout too
	}
	return err
}

// prismLimit is a resource limit of onus prism, whose message names
// PRISM's switches where onus prism takes them (prismLimitText).
type prismLimit struct{ err error }

func (e *prismLimit) Error() string { return e.err.Error() }
func (e *prismLimit) Unwrap() error { return e.err }

// rawMainLog finds -mainlog's file among raw arguments.
func rawMainLog(args []string) string {
	for i, a := range args {
		if (a == "-mainlog" || a == "--mainlog") && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// openPrismLog opens PRISM's main log: stdout, or FILE (FILE:append adds
// to it, as prism-auto's single log asks).
func openPrismLog(path string, stdout io.Writer) (io.Writer, func(), error) {
	if path == "" || path == "stdout" {
		return stdout, func() {}, nil
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if p, ok := strings.CutSuffix(path, ":append"); ok {
		path, flags = p, os.O_CREATE|os.O_WRONLY|os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, nil, usagef("cannot open the log file %s: %v", path, err)
	}
	return f, func() { f.Close() }, nil
}

// run carries out the command line.
func (p *prismRun) run() error {
	o := p.o
	p.header()
	switch {
	case o.help != "":
		return p.printHelp(o.help)
	case o.version:
		fmt.Fprintf(p.log, "onus version %s\n", version)
		return nil
	case o.model == "":
		fmt.Fprintln(p.log, "Usage: onus prism [options] <model-file> [<properties-file>] [more-options]")
		fmt.Fprintln(p.log, "\nFor more information, type: onus prism -help")
		return usagef("onus prism needs a model file")
	}
	fset := prism.NewFileSet()
	fmt.Fprintf(p.log, "\nParsing model file \"%s\"...\n", o.model)
	mf, err := loadModel(fset, o.model)
	if err != nil {
		return err
	}
	p.modelInfo(mf)
	var job *checkJob
	if o.props != "" || o.pf != "" {
		if o.props != "" {
			fmt.Fprintf(p.log, "\nParsing properties file \"%s\"...\n", o.props)
			if o.pf != "" {
				p.warn("-pf is ignored when a properties file is given, as PRISM does")
			}
		}
		if job, err = p.checkJob(); err != nil {
			return err
		}
		p.listProperties(job.props.Properties)
	}
	if len(o.exports) > 0 || o.simpath != nil || job == nil {
		if err := p.buildAndExport(fset, mf); err != nil {
			return err
		}
	}
	if job == nil {
		return nil
	}
	results, err := p.check(job)
	if err != nil {
		return err
	}
	if o.results != nil {
		return p.exportResults(job, results)
	}
	return nil
}

// checkContext is the onus check command line PRISM's switches stand for,
// parsed, so that onus prism prepares its properties (and its limits)
// exactly as onus check does.
func (p *prismRun) checkContext() (*cli.Context, error) {
	o := p.o
	var args []string
	for _, s := range o.propSel {
		args = append(args, "--prop", s)
	}
	for _, c := range o.consts {
		args = append(args, "--const", c)
	}
	if o.exact {
		args = append(args, "--exact")
	}
	if o.timeout > 0 {
		args = append(args, "--timeout", o.timeout.String())
	}
	if o.strat != nil {
		// only parsed: the strategies are exported by the prism run
		args = append(args, "--export-strat", "-exportstrat")
	}
	if o.props == "" && o.pf != "" {
		for _, pf := range splitProperties(o.pf) {
			args = append(args, "--pf", pf)
		}
	}
	args = append(args, "--", o.model)
	if o.props != "" {
		args = append(args, o.props)
	}
	// The app's own check command parses them, so that its flags keep
	// the app's settings (a comma does not split --pf and --const values);
	// its action only hands the parsed context back.
	cmd := *p.app.Command("check")
	var parsed *cli.Context
	cmd.Action = func(c *cli.Context) error { parsed = c; return nil }
	cmd.OnUsageError = nil
	if err := cmd.Run(cli.NewContext(p.app, nil, p.ctx), append([]string{"check"}, args...)...); err != nil {
		return nil, usagef("%v", err)
	}
	return parsed, nil
}

// checkJob prepares the properties as onus check does.
func (p *prismRun) checkJob() (*checkJob, error) {
	ctx, err := p.checkContext()
	if err != nil {
		return nil, err
	}
	job, err := prepareCheck(ctx)
	if err != nil {
		return nil, err
	}
	job.warn = io.Discard // deadlocks are warned about in the log
	return job, nil
}

// modelConsts returns the names of the constants the model file declares.
func modelConsts(mf *prism.ModelFile) map[string]bool {
	out := map[string]bool{}
	for _, c := range mf.Consts {
		out[c.Name.Name] = true
	}
	return out
}

// splitConsts splits an assignment into the model's constants and the
// properties'.
func splitConsts(cs []translate.ConstAssign, model map[string]bool) (m, props []translate.ConstAssign) {
	for _, c := range cs {
		if model[c.Name] {
			m = append(m, c)
		} else {
			props = append(props, c)
		}
	}
	return m, props
}

// check runs the properties and prints them in PRISM's order: per
// assignment of the model's constants, each property, per assignment of
// the properties' constants. Under -test the first failure stops the run
// (exit code 1), as in PRISM.
func (p *prismRun) check(job *checkJob) ([]propResult, error) {
	all, _, _, err := job.run()
	var stopped error // a limit or Ctrl-C: the results before it are printed, then its error
	if err != nil {
		if !isLimit(err) || len(all) == 0 {
			return nil, err
		}
		stopped = err
	}
	model := modelConsts(job.model)
	// A property is checked once per value of the constants it uses.
	var results []propResult
	done := map[*prism.Property]map[string]bool{}
	for _, r := range all {
		if done[r.prop] == nil {
			done[r.prop] = map[string]bool{}
		}
		use := usedPropsConsts(job.props, r.prop)
		var key []translate.ConstAssign
		for _, c := range r.consts {
			if model[c.Name] || use[c.Name] {
				key = append(key, c)
			}
		}
		k := formatConsts(key)
		if done[r.prop][k] {
			continue
		}
		done[r.prop][k] = true
		r.consts = key
		results = append(results, r)
	}
	if p.o.strat != nil {
		n := 0
		for _, r := range results {
			if r.err == nil && (r.res.Strategy != nil || equilibriumProfile(r) != nil) {
				n++
			}
		}
		p.stratFiles = strategyFiles(p.o.strat.path, n)
	}
	var keys []string
	seen := map[string]bool{}
	for _, r := range results {
		m, _ := splitConsts(r.consts, model)
		if k := formatConsts(m); !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	for _, key := range keys {
		built := false
		for i := range results {
			r := &results[i]
			m, pc := splitConsts(r.consts, model)
			if formatConsts(m) != key {
				continue
			}
			fmt.Fprintf(p.log, "\n%s\n\nModel checking: %s\n", prismSeparator, propText(r.prop))
			if len(m) > 0 {
				fmt.Fprintf(p.log, "Model constants: %s\n", formatConsts(m))
			}
			if len(pc) > 0 {
				fmt.Fprintf(p.log, "Property constants: %s\n", formatConsts(pc))
			}
			if !built {
				built = true
				p.modelStats(r.model.Game)
			}
			if failed := p.result(job, r); failed {
				fmt.Fprintf(p.log, "\nError: Testing failed.\n")
				return nil, &exitError{exitFailed}
			}
		}
	}
	return results, stopped
}

// result prints one result (and its test verdict); it reports a failed
// test under -test.
func (p *prismRun) result(job *checkJob, r *propResult) bool {
	for _, n := range r.notes {
		fmt.Fprintf(p.log, "\nNote: %s.\n", prismErrorText(n))
	}
	if r.err != nil {
		fmt.Fprintf(p.log, "\nError: %s.\n", prismErrorText(r.err))
	} else {
		for _, l := range r.res.Log {
			fmt.Fprintln(p.log, l)
		}
		if r.res.HasHorizon {
			fmt.Fprintf(p.log, "\nHorizon: %d\n", r.res.Horizon)
		}
		fmt.Fprintf(p.log, "\nTime for model checking: %.3f seconds.\n", r.secs)
		fmt.Fprintf(p.log, "\nResult: %s\n", prismResult(&r.res.Result, job.exact))
		p.exportStrategy(r)
	}
	if !p.o.test {
		return false
	}
	verdict, failed := prismVerdict(job.fset, *r)
	fmt.Fprintf(p.log, "\nTesting result: %s\n", verdict)
	return failed && !p.o.testAll
}

// prismVerdict gives PRISM's testing result for r: PASS, NOT TESTED (a
// RESULT of ?), UNSUPPORTED (a property onus refuses as not supported
// yet), or FAIL with the reason; failed is true for FAIL.
func prismVerdict(fset *prism.FileSet, r propResult) (verdict string, failed bool) {
	ok, msg := testResult(fset, r)
	switch {
	case ok && strings.HasPrefix(msg, "not tested"):
		return "NOT TESTED", false
	case ok:
		return "PASS", false
	case r.err != nil && strings.Contains(r.err.Error(), "not supported"):
		return "UNSUPPORTED: " + prismErrorText(r.err), false
	}
	reason := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(msg, "FAIL"), " ("), ")")
	return "FAIL: " + reason, true
}

// exportResults writes -exportresults at the end of the run, as PRISM does.
func (p *prismRun) exportResults(job *checkJob, results []propResult) error {
	spec := p.o.results
	var b bytes.Buffer
	newResultsTable(job, results, javaDouble).write(&b, spec.format)
	if spec.toStdout() {
		fmt.Fprint(p.log, "\nExporting results below:\n\n")
		_, err := p.stdout.Write(b.Bytes())
		return err
	}
	fmt.Fprintf(p.log, "\nExporting results to file \"%s\"...\n", spec.path)
	if err := atomicfile.WriteFile(spec.path, b.Bytes()); err != nil {
		return usagef("couldn't open file \"%s\" for output: %v", spec.path, err)
	}
	return nil
}

// warn prints a warning in the log, counted for the closing note.
func (p *prismRun) warn(msg string) {
	p.warnings++
	fmt.Fprintf(p.log, "\nWarning: %s.\n", msg)
}

// closeDown ends the log as PRISM does: the number of warnings, a blank
// line.
func (p *prismRun) closeDown() {
	if p.warnings > 0 {
		fmt.Fprintf(p.log, "\n%s\n", prismSeparator)
		if p.warnings == 1 {
			fmt.Fprint(p.log, "\nNote: There was 1 warning during computation.\n")
		} else {
			fmt.Fprintf(p.log, "\nNote: There were %d warnings during computation.\n", p.warnings)
		}
	}
	fmt.Fprintln(p.log)
}

// splitProperties splits -pf's text into its properties: at each ';'
// outside double quotes (PRISM reads the text as a properties file).
func splitProperties(text string) []string {
	var out []string
	quoted, start := false, 0
	for i, r := range text {
		switch {
		case r == '"':
			quoted = !quoted
		case r == ';' && !quoted:
			out = append(out, text[start:i])
			start = i + 1
		}
	}
	out = append(out, text[start:])
	kept := out[:0]
	for _, p := range out {
		if strings.TrimSpace(p) != "" {
			kept = append(kept, strings.TrimSpace(p))
		}
	}
	return kept
}
