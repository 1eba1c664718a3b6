package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// constFlag is the --const option shared by every command.
var constFlag = &cli.StringSliceFlag{
	Name:    "const",
	Aliases: []string{"c"},
	Usage: "give undefined constants values: NAME=VALUE, or a range NAME=LO:HI or NAME=LO:STEP:HI " +
		"(PRISM's -const forms; several at once as a=1,b=2)",
}

// judgeFlags are the options of the commands that judge responsibility
// (check, blame): behaviours, the horizon, the outcome semantics, exact
// values and JSON (the limits are limitFlags).
func judgeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "behaviour", Usage: "read behaviour weights (behaviour p { a : w, ... };) from FILE; they replace the props file's for the same players", TakesFile: true},
		&cli.IntFlag{Name: "horizon", Usage: "horizon T >= 1 of every query", DefaultText: "the plan's length or the outcome's depth"},
		&cli.IntFlag{Name: "outcome-from", Value: 0, Usage: "0: judge outcomes from the initial state; 1: from the states the plan produces"},
		&cli.BoolFlag{Name: "exact", Usage: "compute probabilities, degrees and indices as exact rationals"},
		&cli.BoolFlag{Name: "json", Usage: "print the results as one JSON object"},
		unavailableFlag(),
	}
}

// judgeOptions checks --outcome-from and --horizon and returns the former.
func judgeOptions(c *cli.Context) (int, error) {
	from := c.Int("outcome-from")
	if from != 0 && from != 1 {
		return 0, usagef("--outcome-from takes 0 or 1, not %d", from)
	}
	if c.IsSet("horizon") && c.Int("horizon") < 1 {
		return 0, usagef("--horizon must be at least 1 (leave it out to derive the horizon from the plan and the outcome)")
	}
	return from, nil
}

// readFile reads a source file the command line names (a counterexample,
// a model's source for the HTML report).
func readFile(path string) (string, error) { return lib.ReadSource(path) }

// loadModel reads, parses and checks a model file.
func loadModel(fset *prism.FileSet, path string) (*prism.ModelFile, error) {
	return lib.ReadModel(fset, path)
}

// loadProps reads and parses a properties file (checked later, once plans
// from the command line are known).
func loadProps(fset *prism.FileSet, path string) (*prism.PropsFile, error) {
	return lib.ReadProps(fset, path)
}

// loadBehaviours adds the behaviour declarations of --behaviour FILE to
// props, in place of props' own for the same players, warning about the file's other items, which are not read.
func loadBehaviours(c *cli.Context, fset *prism.FileSet, props *prism.PropsFile) error {
	f := c.String("behaviour")
	if f == "" {
		return nil
	}
	n, err := lib.ReplaceBehaviours(fset, props, f)
	if err != nil {
		return err
	}
	if n > 0 {
		fmt.Fprintf(c.App.ErrWriter, "onus: warning: %s: only its behaviour declarations are read (%d other items ignored)\n", f, n)
	}
	return nil
}

// constSweep parses every --const value and returns the constant
// assignments to run, in PRISM's experiment order (the first constant
// varies slowest). Ranges are not expanded: the sweep computes each
// assignment in its turn, so --const N=1:1000000000 holds no list.
func constSweep(values []string) (*translate.Sweep, error) {
	var specs []translate.ConstSpec
	for i, v := range values {
		s, err := translate.ParseConstSpecs(v)
		if err != nil {
			var el prism.ErrorList
			if errors.As(err, &el) {
				return nil, err
			}
			var ce *translate.ConstSpecError
			if errors.As(err, &ce) {
				// the flag's value is its own one-line file, as --pf's is
				name := "--const"
				if i > 0 {
					name = fmt.Sprintf("--const %d", i+1)
				}
				return nil, prism.ErrorList{{Pos: prism.Position{Filename: name, Line: 1, Column: ce.Col}, Msg: ce.Msg}}
			}
			return nil, usagef("invalid --const %q: %v", v, err)
		}
		specs = append(specs, s...)
	}
	seen := map[string]bool{}
	for _, s := range specs {
		if seen[s.Name] {
			return nil, usagef("constant %s is given twice with --const", s.Name)
		}
		seen[s.Name] = true
	}
	sw, err := translate.NewSweep(specs)
	if err != nil {
		return nil, usagef("--const: %v", err)
	}
	return sw, nil
}

// warnDeadlocks prints PRISM's warning when building the model fixed
// deadlocks (states without a choice get a self-loop).
func warnDeadlocks(w io.Writer, path string, consts []translate.ConstAssign, g *translate.Game) {
	n := g.Deadlock.Count()
	if n == 0 {
		return
	}
	at := ""
	if len(consts) > 0 {
		at = " (" + formatConsts(consts) + ")"
	}
	fmt.Fprintf(w, "onus: warning: %s%s: deadlocks detected and fixed in %d states (self-loops added, as PRISM does)\n", path, at, n)
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// isLimit reports whether err is a resource limit (exit code 3).
func isLimit(err error) bool { return lib.IsLimit(err) }

// modelBase is the model file name without directory and .prism extension,
// used to name exported files.
func modelBase(path string) string {
	b := filepath.Base(path)
	for _, ext := range []string{".prism", ".nm", ".pm", ".sm", ".smg", ".csg"} {
		if strings.HasSuffix(b, ext) && len(b) > len(ext) {
			return strings.TrimSuffix(b, ext)
		}
	}
	return b
}

// formatConsts prints constant assignments as PRISM does: a=1,b=2.
func formatConsts(cs []translate.ConstAssign) string { return lib.Constants(cs).String() }

// formatValue prints a constant's value as PRISM does.
func formatValue(v translate.Value) string { return lib.FormatValue(v) }

// constValues is an assignment as lib.Model.Build takes it.
func constValues(cs []translate.ConstAssign) map[string]any {
	out := make(map[string]any, len(cs))
	for _, c := range cs {
		out[c.Name] = c.Value
	}
	return out
}
