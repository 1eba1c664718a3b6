package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write the explicit game in PRISM's .sta .tra .lab .srew .trew formats",
		ArgsUsage: "MODEL --dir DIR",
		Description: "Builds the model and writes DIR/NAME.sta, .tra, .lab and, per reward\n" +
			"structure, .srew and .trew (numbered NAME1.srew, NAME2.srew, ... when there\n" +
			"are several, as PRISM's -exportmodel does). NAME is the model file name\n" +
			"without .prism. csg choices are ordered by joint action (PRISM uses Java\n" +
			"hash order), so compare csg .tra files per state as sets.\n\n" +
			"Example:\n" +
			"  onus export examples/cpd.prism --dir out\n\n" +
			"Guide: onus guide output#exporting-the-game",
		Flags: append([]cli.Flag{
			constFlag,
			&cli.StringFlag{Name: "dir", Usage: "directory to write into (created if missing)", Required: true},
		}, limitFlags(false)...),
		Action: runExport,
	}
}

func runExport(c *cli.Context) error {
	if c.NArg() != 1 {
		return usagef("export takes one MODEL file (got %d arguments); see onus export --help", c.NArg())
	}
	path := c.Args().First()
	fset := prism.NewFileSet()
	mf, err := loadModel(fset, path)
	if err != nil {
		return err
	}
	sweep, err := constSweep(c.StringSlice("const"))
	if err != nil {
		return err
	}
	if sweep.Len() != 1 {
		return usagef("export needs single constant values, not ranges")
	}
	cfg, err := buildLimits(c)
	if err != nil {
		return err
	}
	cfg.Consts = sweep.At(0)
	m, err := translate.Build(fset, mf, nil, cfg)
	if err != nil {
		return err
	}
	warnDeadlocks(c.App.ErrWriter, path, cfg.Consts, m.Game)
	dir := c.String("dir")
	if err := atomicfile.MkdirAll(dir, 0o755); err != nil {
		return usagef("cannot create %s: %v", dir, err)
	}
	if err := translate.Export(dir, modelBase(path), m.Game); err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "Exported %d states, %d transitions to %s\n", m.Game.NumStates, m.Game.NumTransitions(), dir)
	return nil
}
