package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
)

// This file is what onus prints when it is asked for help or given too
// little to do: `onus help [COMMAND]` (the same as --help; the help
// command itself is the CLI framework's), and the one-line usage of a bare
// `onus` or of a bare command that needs arguments (exit code 2, as for any
// other bad command line).

// setupHelp lets the CLI framework add its help command now, and words
// it as onus's other commands are worded.
func setupHelp(app *cli.App) {
	app.Setup()
	const usage = "show the help of onus or of a command (the same as --help)"
	// The framework's help command is one shared value: write it once.
	if h := app.Command("help"); h != nil && h.Usage != usage {
		h.Usage, h.ArgsUsage = usage, "[COMMAND]"
	}
}

// helpArgs turns `onus help` into `onus --help` and `onus help COMMAND`
// into `onus COMMAND --help`, so that both print the same; an unknown
// COMMAND is an error.
func helpArgs(app *cli.App, args []string) ([]string, error) {
	if len(args) == 0 || args[0] != "help" && args[0] != "h" {
		return args, nil
	}
	switch {
	case len(args) == 1:
		return []string{"--help"}, nil
	case len(args) > 2:
		return nil, usagef("help takes at most one COMMAND (got %d arguments)", len(args)-1)
	case args[1] == "help" || args[1] == "h" || args[1] == "--help" || args[1] == "-h":
		return []string{"--help"}, nil
	case app.Command(args[1]) == nil:
		return nil, usagef("unknown command %q%s (onus help lists the commands)", args[1], suggestCommand(app, args[1]))
	}
	return []string{args[1], "--help"}, nil
}

// commandNames lists the visible commands: "build, export, ...".
func commandNames(app *cli.App) string {
	var names []string
	for _, c := range app.Commands {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	return strings.Join(names, ", ")
}

// needsArgs reports whether a command does nothing useful without
// arguments: its ArgsUsage starts with a required one (MODEL, SHELL).
func needsArgs(cmd *cli.Command) bool {
	return cmd.ArgsUsage != "" && !strings.HasPrefix(cmd.ArgsUsage, "[")
}

// usageLine is the one line a bare command prints.
func usageLine(cmd *cli.Command) string {
	if cmd == nil {
		return "usage: onus COMMAND [OPTIONS] [ARGS] (onus help lists the commands; the user guide: onus guide)"
	}
	return fmt.Sprintf("usage: onus %s [OPTIONS] %s (onus help %s tells more)", cmd.Name, cmd.ArgsUsage, cmd.Name)
}

// bareUsage prints the usage line when args is a bare `onus` or a bare
// command that needs arguments, and reports whether it did.
func bareUsage(app *cli.App, args []string, stderr io.Writer) bool {
	switch {
	case len(args) == 0:
		fmt.Fprintln(stderr, usageLine(nil))
		return true
	case len(args) == 1:
		if cmd := app.Command(args[0]); cmd != nil && needsArgs(cmd) {
			fmt.Fprintln(stderr, usageLine(cmd))
			return true
		}
	}
	return false
}

// suggestCommand returns "; did you mean check?" for a mistyped command
// (a prefix of a command, or at most two edits away), or "".
func suggestCommand(app *cli.App, word string) string {
	best, bestDist := "", 3
	for _, c := range app.Commands {
		if c.Hidden {
			continue
		}
		d := editDistance(word, c.Name)
		if strings.HasPrefix(c.Name, word) && len(word) >= 2 {
			d = 1
		}
		if d < bestDist {
			best, bestDist = c.Name, d
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + best + "?"
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
