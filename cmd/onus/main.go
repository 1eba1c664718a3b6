package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
)

func main() {
	if code, ok := supervise(os.Args[1:]); ok {
		os.Exit(code)
	}
	memoryExceeded = exitOnMemory
	stopAtCPULimit(os.Stderr)
	stopProfile := startProfile(os.Stderr)
	stopInterrupt := watchInterrupt()
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stopInterrupt()
	stopProfile()
	reportExit(code)
	os.Exit(code)
}

// Exit codes (docs/guide/cli.md#exit-codes).
const (
	exitOK       = 0
	exitFailed   = 1 // a --test mismatch
	exitBadInput = 2 // bad model, property, plan, constant or option
	exitLimit    = 3 // a resource limit
	exitInternal = 4 // a bug: an unexpected internal error
	// exitInterrupted is Ctrl-C's, as shells count a death by SIGINT:
	// 128 + 2.
	exitInterrupted = 130
)

// usageError is a bad command line (no file position to give).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// exitError carries an exit code whose message was already printed.
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// run is the whole program: args without the program name. It returns the
// exit code and never calls os.Exit, so tests can drive it in-process.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1)) // --max-memory sets it
	defer limit.SetWork(-1, 0)                           // --max-steps and --timeout set it
	atomicfile.Begin()
	defer func() { code = finishOutputs(code, stderr) }()
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "onus: internal error (please report): %v\n", r)
			code = exitInternal
		}
	}()
	defer startWatch(stderr)()
	earlyBudget(args)
	app := newApp(stdout, stderr)
	if bareUsage(app, args, stderr) {
		return exitBadInput
	}
	args, err := helpArgs(app, args)
	if err != nil {
		return report(err, stderr)
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") && app.Command(args[0]) == nil {
		if looksLikeFile(args[0]) {
			fmt.Fprintf(stderr, "onus: error: %q is not a command; to check properties, run: onus check %s\n", args[0], strings.Join(args, " "))
			return exitBadInput
		}
		fmt.Fprintf(stderr, "onus: error: unknown command %q%s (onus help lists the commands)\n", args[0], suggestCommand(app, args[0]))
		return exitBadInput
	}
	err = app.Run(append([]string{"onus"}, reorderArgs(app, args)...))
	if err != nil && len(args) > 0 && app.Command(args[0]) != nil {
		if text, ok := requiredFlagText(err.Error(), app.Command(args[0]).Name); ok {
			fmt.Fprintf(stderr, "onus: error: %s\n", text)
			return exitBadInput
		}
	}
	return report(err, stderr)
}

// finishOutputs ends the run's outputs (internal/atomicfile): a run that
// succeeded (exit 0, or 1 for a --test mismatch) renames its files into
// place; any other leaves none of them, and every file it would have
// replaced as it was. It returns the run's exit code, 2 if a file could
// not be put in place.
func finishOutputs(code int, stderr io.Writer) int {
	if code != exitOK && code != exitFailed {
		atomicfile.RemovePending()
		return code
	}
	if err := commitOutputs(); err != nil {
		fmt.Fprintf(stderr, "onus: error: %v\n", err)
		return exitBadInput
	}
	return code
}

// commitOutputs renames a successful run's files into place (a variable
// for the test that kills the process at that point).
var commitOutputs = atomicfile.CommitAll

// looksLikeFile reports whether a would-be command names a file (a model
// given without a command).
func looksLikeFile(arg string) bool {
	if strings.ContainsAny(arg, "./\\") {
		return true
	}
	_, err := os.Stat(arg)
	return err == nil
}

// report prints err in the project's format and maps it to an exit code.
func report(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var ex *exitError
	if errors.As(err, &ex) {
		return ex.code
	}
	if interrupted(err) {
		fmt.Fprintln(stderr, "onus: "+limitText(err))
		if d := during(err); d != "" {
			fmt.Fprintf(stderr, "onus: note: stopped in %s\n", d)
		}
		return exitInterrupted
	}
	if isLimit(err) {
		fmt.Fprintf(stderr, "onus: error: %s\n", limitText(err))
		if d := during(err); d != "" {
			fmt.Fprintf(stderr, "onus: note: stopped in %s\n", d)
		}
		return exitLimit
	}
	err = flagWords(err)
	var el prism.ErrorList
	if errors.As(err, &el) {
		el.Sort()
		for _, e := range el {
			fmt.Fprintln(stderr, e.Error())
		}
		return exitBadInput
	}
	var pe *prism.Error
	if errors.As(err, &pe) {
		fmt.Fprintln(stderr, pe.Error())
		return exitBadInput
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "onus: error: %s\n", ue.msg)
		return exitBadInput
	}
	// Everything else reaching here is an input problem reported by the
	// CLI framework (unknown flag, missing argument) or a file error.
	fmt.Fprintf(stderr, "onus: error: %v\n", err)
	return exitBadInput
}

func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "onus",
		Usage: "measure agents' responsibility for outcomes in PRISM-games models",
		Description: "onus reads PRISM-games models (smg, csg, mdp, dtmc), builds the explicit game exactly\n" +
			"as PRISM-games does, and checks responsibility properties: active, passive and\n" +
			"contributive responsibility (CAR, CPR, CCR) of an agent for an outcome under a joint\n" +
			"plan, with their degrees by counting, probability and entropy.\n\n" +
			"Start with the paper's examples and a first check (from a checkout of onus):\n" +
			"  onus demo\n" +
			"  onus check examples/cpd.prism examples/cpd.props --const t=3\n\n" +
			"onus help COMMAND describes a command; the user guide (onus guide, or docs/guide/\n" +
			"in the repository) says what every measure and option means.\n\n" +
			"Exit codes: 0 success, 1 a --test mismatch, 2 bad input (FILE:LINE:COL: error: ...),\n" +
			"3 a resource limit: an input file over 16 MiB, or a model beyond --max-states,\n" +
			"--max-transitions or --max-memory (see the commands' help; --max-memory defaults\n" +
			"to half of the machine's memory), 4 an internal error (a bug: please report it).\n" +
			"More: onus guide cli#exit-codes.",
		Version:                   version,
		Writer:                    stdout,
		ErrWriter:                 stderr,
		DisableSliceFlagSeparator: true,
		ExitErrHandler:            func(*cli.Context, error) {}, // run maps errors to exit codes
		Commands: []*cli.Command{
			buildCommand(),
			exportCommand(),
			exportOutcomeCommand(),
			checkCommand(),
			blameCommand(),
			locateCommand(),
			demoCommand(),
			simulateCommand(),
			prismCommand(),
			guideCommand(),
			completionCommand(),
			manCommand(),
			versionCommand(),
		},
		OnUsageError: onUsageError,
	}
	for _, c := range app.Commands {
		c.OnUsageError = onUsageError
	}
	setupHelp(app)
	return app
}

// onUsageError reports a malformed option without printing the whole help.
func onUsageError(c *cli.Context, err error, _ bool) error {
	help := "onus help"
	if c != nil && c.Command != nil && c.Command.Name != "" && c.Command.Name != c.App.Name {
		help += " " + c.Command.Name
	}
	if sw, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); ok {
		if hint := prismHint(strings.TrimPrefix(sw, "-")); hint != "" {
			name := "onus"
			if c != nil && c.Command != nil && c.Command.Name != "" && c.Command.Name != c.App.Name {
				name += " " + c.Command.Name
			}
			return usagef("%s does not take -%s: %s", name, strings.TrimPrefix(sw, "-"), hint)
		}
	}
	return usagef("%s (see %s)", invalidValueText(err.Error()), help)
}

// reorderArgs moves a subcommand's flags in front of its positional
// arguments, so that `onus check MODEL PROPS --const k=1` works as the
// guide writes it (the flag package stops at the first positional argument).
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) == 0 {
		return args
	}
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.HasName(args[0]) {
			cmd = c
		}
	}
	if cmd == nil || cmd.SkipFlagParsing {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, pos []string
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			pos = append(pos, rest[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' && !isNumber(a) {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if eq := strings.IndexByte(name, '='); eq >= 0 {
				continue
			}
			if takesValue[name] && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			}
			continue
		}
		pos = append(pos, a)
	}
	out := append([]string{args[0]}, flags...)
	if len(pos) > 0 {
		out = append(out, "--")
		out = append(out, pos...)
	}
	return out
}

func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && strings.Trim(s, "0123456789.") == ""
}
