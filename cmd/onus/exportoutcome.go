package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/checker/export"
	"github.com/onus-mc/onus/internal/atomicfile"
)

func exportOutcomeCommand() *cli.Command {
	return &cli.Command{
		Name:      "export-outcome",
		Usage:     "write each language a property depends on as a PRISM dtmc and a P=? property",
		ArgsUsage: "MODEL PROPS --prop N --dir DIR",
		Description: "For property N (a responsibility operator, #=?, H=? or P=?), writes every\n" +
			"language its value depends on (CAR: L_psi, L_plus; CPR: L_not_psi, L_plus,\n" +
			"L_minus; CCR: L_psi, L_plus_J_<players>, L_minus_J_<players> per coalition J;\n" +
			"metrics and P=?: L_psi) as DIR/NAME.tra, .sta, .lab (PRISM's explicit dtmc\n" +
			"format: states (s,k) for k <= T plus the absorbing onus_sink and onus_end)\n" +
			"and DIR/NAME.props (one P=? [ ... ] whose value is P(L)), and a summary in\n" +
			"DIR/manifest.json (meaning, count and onus's P(L) per NAME). Check with\n" +
			"  prism -importmodel DIR/NAME.tra,sta,lab -dtmc DIR/NAME.props\n\n" +
			"Example:\n" +
			"  onus export-outcome examples/cpd.prism examples/cpd.props --prop 1 --const t=1 --dir out\n\n" +
			"Guide: onus guide output#exporting-the-languages-of-a-property",
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "prop", Usage: "the property to export (1-based index or name)", Required: true},
			&cli.StringSliceFlag{Name: "pf", Usage: "add this property to those of PROPS (repeatable)"},
			constFlag,
			&cli.StringSliceFlag{Name: "plan", Usage: "a plan for the properties (repeatable): " + planUsage + "; an unnamed plan is called pi"},
			unavailableFlag(),
			&cli.StringFlag{Name: "behaviour", Usage: "read behaviour weights (behaviour p { a : w, ... };) from FILE; they replace the props file's for the same players", TakesFile: true},
			&cli.IntFlag{Name: "horizon", Usage: "horizon T >= 1", DefaultText: "the plan's length or the outcome's depth"},
			&cli.IntFlag{Name: "outcome-from", Value: 0, Usage: "0: judge outcomes from the initial state; 1: from the states the plan produces"},
			&cli.BoolFlag{Name: "exact", Usage: "also give P(L) as an exact rational and write exact-derived probabilities"},
			&cli.StringFlag{Name: "dir", Usage: "directory to write into (created if missing)", Required: true},
		}, limitFlags(true)...),
		Action: runExportOutcome,
	}
}

func runExportOutcome(c *cli.Context) error {
	job, err := prepareCheck(c)
	if err != nil {
		return err
	}
	if len(job.selected) != 1 {
		return usagef("export-outcome exports one property; give --prop once")
	}
	if job.sweep.Len() != 1 {
		return usagef("export-outcome needs single constant values, not ranges")
	}
	consts := job.sweep.At(0)
	b, err := job.loaded.Build(constValues(consts))
	if err != nil {
		return err
	}
	warnDeadlocks(job.warn, job.modelPath, consts, b.Model().Game)
	chk, err := b.Checker()
	if err != nil {
		return err
	}
	prop := job.selected[0]
	exps, err := chk.ExportOutcome(prop.Expr)
	if err != nil {
		return err
	}
	dir := c.String("dir")
	if err := atomicfile.MkdirAll(dir, 0o755); err != nil {
		return usagef("cannot create %s: %v", dir, err)
	}
	info := export.ManifestInfo{
		Model: job.modelPath, Property: propText(prop), Constants: formatConsts(consts),
		OutcomeFrom: job.opts.OutcomeFrom,
	}
	if len(exps) > 0 {
		info.Horizon = exps[0].Lang.Horizon
	}
	man, err := export.Write(dir, exps, info)
	if err != nil {
		return err
	}
	w := c.App.Writer
	fmt.Fprintf(w, "Property: %s\n", propText(prop))
	if len(consts) > 0 {
		fmt.Fprintf(w, "Constants: %s\n", formatConsts(consts))
	}
	fmt.Fprintf(w, "Horizon: %d\n", info.Horizon)
	for _, l := range man.Languages {
		p := formatFloat(l.Prob)
		if l.ProbExact != "" {
			p += " (exact: " + l.ProbExact + ")"
		}
		fmt.Fprintf(w, "%s: %s; %d states, %d transitions; count %s, P(L) %s\n", l.Name, l.Meaning, l.States, l.Transitions, l.Count, p)
	}
	plural := "s"
	if len(man.Languages) == 1 {
		plural = ""
	}
	fmt.Fprintf(w, "Wrote %d language%s to %s (manifest.json)\n", len(man.Languages), plural, dir)
	for _, n := range checkerNotes(job.fset, chk.Notes()) {
		fmt.Fprintln(c.App.ErrWriter, n.Pos.String()+": note: "+n.Msg)
	}
	return nil
}
