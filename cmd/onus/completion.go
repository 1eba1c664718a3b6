package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/docs/guide"
)

// This file is `onus completion bash|zsh|fish`: a completion script for
// the shell, generated from the command definitions, so that it always
// knows every command and option of this binary. It completes commands,
// options, the values of options that take a fixed set (--outcome-from,
// the shells, the guide's topics) and file names where a file is due.

var shells = []string{"bash", "fish", "zsh"}

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script for bash, zsh or fish",
		ArgsUsage: "SHELL",
		Description: "Prints a script that teaches SHELL (bash, zsh or fish) onus's commands,\n" +
			"options and their values. Load it in the running shell, or install it:\n\n" +
			"  bash: source <(onus completion bash)           or save it in ~/.local/share/bash-completion/completions/onus\n" +
			"  zsh:  source <(onus completion zsh)            or save it as _onus in a directory of $fpath\n" +
			"  fish: onus completion fish | source            or save it in ~/.config/fish/completions/onus.fish\n\n" +
			"Example:\n  onus completion bash\n\n" +
			"Guide: onus guide cli#shell-completion",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("completion takes one SHELL: bash, zsh or fish (got %d arguments)", c.NArg())
			}
			spec := completionSpec(c.App)
			switch c.Args().First() {
			case "bash":
				writeBash(c.App.Writer, spec)
			case "zsh":
				writeZsh(c.App.Writer, spec)
			case "fish":
				writeFish(c.App.Writer, spec)
			default:
				return usagef("completion: unknown shell %q (onus completes bash, zsh and fish)", c.Args().First())
			}
			return nil
		},
	}
}

// compFlag is an option as the completion scripts see it.
type compFlag struct {
	long, short string   // names without dashes ("" when absent)
	usage       string   // the first sentence of its help
	value       bool     // takes a value
	file        bool     // the value is a file
	choices     []string // the value is one of these
}

// compCommand is a command as the completion scripts see it.
type compCommand struct {
	name, usage string
	flags       []compFlag
	files       bool     // its arguments are files
	choices     []string // its arguments are one of these
}

// flagChoices are the values of options that take one of a fixed set.
var flagChoices = map[string][]string{
	"outcome-from": {"0", "1"},
	"unavailable":  {"drop", "free"},
}

// completionSpec reads the commands and options off the app.
func completionSpec(app *cli.App) []compCommand {
	topics := []string{}
	for _, t := range guide.Topics() {
		topics = append(topics, t.Name)
	}
	var names []string
	for _, c := range app.Commands {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	argChoices := map[string][]string{"completion": shells, "guide": topics, "help": names}
	var out []compCommand
	for _, c := range app.Commands {
		if c.Hidden {
			continue
		}
		cc := compCommand{name: c.Name, usage: c.Usage, choices: argChoices[c.Name]}
		cc.files = cc.choices == nil && c.ArgsUsage != ""
		for _, f := range c.VisibleFlags() {
			cf := compFlag{}
			for _, n := range f.Names() {
				if len(n) == 1 && cf.short == "" {
					cf.short = n
				} else if cf.long == "" {
					cf.long = n
				}
			}
			if d, ok := f.(cli.DocGenerationFlag); ok {
				cf.value = d.TakesValue()
				cf.usage = firstSentence(d.GetUsage())
			}
			switch f := f.(type) {
			case *cli.StringFlag:
				cf.file = f.TakesFile
			case *cli.StringSliceFlag:
				cf.file = f.TakesFile
			case *cli.PathFlag:
				cf.file = true
			}
			cf.choices = flagChoices[cf.long]
			cc.flags = append(cc.flags, cf)
		}
		out = append(out, cc)
	}
	return out
}

// firstSentence cuts a help text at its first colon, semicolon or
// parenthesis, which keeps completion menus short.
func firstSentence(s string) string {
	if i := strings.IndexAny(s, ":;("); i > 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// flagWords are a command's options as typed: --long and -s.
func (c compCommand) flagWords() []string {
	var out []string
	for _, f := range c.flags {
		if f.long != "" {
			out = append(out, "--"+f.long)
		}
		if f.short != "" {
			out = append(out, "-"+f.short)
		}
	}
	return out
}

// valueCases groups a command's value-taking options by what their value
// completes to: "file", "choice:a b", or "none".
func (c compCommand) valueCases() (keys []string, words map[string][]string) {
	words = map[string][]string{}
	for _, f := range c.flags {
		if !f.value {
			continue
		}
		key := "none"
		switch {
		case f.file:
			key = "file"
		case f.choices != nil:
			key = "choice:" + strings.Join(f.choices, " ")
		}
		if _, ok := words[key]; !ok {
			keys = append(keys, key)
		}
		if f.long != "" {
			words[key] = append(words[key], "--"+f.long)
		}
		if f.short != "" {
			words[key] = append(words[key], "-"+f.short)
		}
	}
	sort.Strings(keys)
	return keys, words
}

// writeValueCases writes, for bash and zsh alike, the case statement that
// completes the value of the option just typed ($prev): files with
// fileCmd, a fixed set with choiceCmd, nothing for other values; each
// branch ends with ret.
func writeValueCases(w io.Writer, c compCommand, fileCmd string, choiceCmd func(choices string) string, ret string) {
	keys, words := c.valueCases()
	if len(keys) == 0 {
		return
	}
	fmt.Fprint(w, "        case \"$prev\" in\n")
	for _, k := range keys {
		fmt.Fprintf(w, "        %s)\n", strings.Join(words[k], "|"))
		switch {
		case k == "file":
			fmt.Fprintf(w, "            %s\n", fileCmd)
		case strings.HasPrefix(k, "choice:"):
			fmt.Fprintf(w, "            %s\n", choiceCmd(strings.TrimPrefix(k, "choice:")))
		}
		fmt.Fprintf(w, "            %s ;;\n", ret)
	}
	fmt.Fprint(w, "        esac\n")
}

func commandWords(spec []compCommand) []string {
	var out []string
	for _, c := range spec {
		out = append(out, c.name)
	}
	return out
}

// writeBash writes a bash completion function (it also runs under zsh's
// bashcompinit, but onus completion zsh is native).
func writeBash(w io.Writer, spec []compCommand) {
	fmt.Fprint(w, `# bash completion for onus; generated by onus completion bash.
# Load it with: source <(onus completion bash)

_onus() {
    local cur prev cmd i
    COMPREPLY=()
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev=""
    if [ "$COMP_CWORD" -gt 0 ]; then
        prev="${COMP_WORDS[COMP_CWORD-1]}"
    fi
    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            -*) ;;
            *) cmd="${COMP_WORDS[i]}"; break ;;
        esac
    done
    if [ -z "$cmd" ]; then
`)
	fmt.Fprintf(w, "        COMPREPLY=($(compgen -W %s -- \"$cur\"))\n        return 0\n    fi\n", shellQuote(strings.Join(append(commandWords(spec), "--help", "--version"), " ")))
	fmt.Fprint(w, "    case \"$cmd\" in\n")
	for _, c := range spec {
		fmt.Fprintf(w, "    %s)\n", c.name)
		writeValueCases(w, c, `COMPREPLY=($(compgen -f -- "$cur"))`,
			func(choices string) string { return `COMPREPLY=($(compgen -W ` + shellQuote(choices) + ` -- "$cur"))` }, "return 0")
		fmt.Fprint(w, "        if [[ \"$cur\" == -* ]]; then\n")
		fmt.Fprintf(w, "            COMPREPLY=($(compgen -W %s -- \"$cur\"))\n", shellQuote(strings.Join(append(c.flagWords(), "--help"), " ")))
		switch {
		case c.choices != nil:
			fmt.Fprintf(w, "        else\n            COMPREPLY=($(compgen -W %s -- \"$cur\"))\n", shellQuote(strings.Join(c.choices, " ")))
		case c.files:
			fmt.Fprint(w, "        else\n            COMPREPLY=($(compgen -f -- \"$cur\"))\n")
		}
		fmt.Fprint(w, "        fi\n        ;;\n")
	}
	fmt.Fprint(w, `    esac
    return 0
}

complete -o default -o filenames -F _onus onus
`)
}

// writeZsh writes a native zsh completion function (#compdef: it may be
// saved as _onus in $fpath or sourced).
func writeZsh(w io.Writer, spec []compCommand) {
	fmt.Fprint(w, `#compdef onus
# zsh completion for onus; generated by onus completion zsh.
# Load it with: source <(onus completion zsh), or save it as _onus in $fpath.

_onus() {
    local cmd="" prev="${words[CURRENT-1]}" cur="${words[CURRENT]}" i
    for ((i = 2; i < CURRENT; i++)); do
        if [[ "${words[i]}" != -* ]]; then
            cmd="${words[i]}"
            break
        fi
    done
    if [[ -z "$cmd" ]]; then
        local -a commands
        commands=(
`)
	for _, c := range spec {
		fmt.Fprintf(w, "            %s\n", shellQuote(c.name+":"+c.usage))
	}
	fmt.Fprint(w, `        )
        if [[ "$cur" == -* ]]; then
            compadd -- --help --version
        else
            _describe -t commands 'onus command' commands
        fi
        return
    fi
    case "$cmd" in
`)
	for _, c := range spec {
		fmt.Fprintf(w, "    %s)\n", c.name)
		writeValueCases(w, c, "_files", func(choices string) string { return "compadd -- " + choices }, "return")
		fmt.Fprint(w, "        if [[ \"$cur\" == -* ]]; then\n            local -a opts\n            opts=(\n")
		for _, f := range c.flags {
			for _, n := range []string{f.long, f.short} {
				if n == "" {
					continue
				}
				dash := "--"
				if len(n) == 1 {
					dash = "-"
				}
				fmt.Fprintf(w, "                %s\n", shellQuote(zshEscape(dash+n)+":"+f.usage))
			}
		}
		fmt.Fprint(w, "                '--help:show help'\n            )\n            _describe -t options 'option' opts\n")
		switch {
		case c.choices != nil:
			fmt.Fprintf(w, "        else\n            compadd -- %s\n", strings.Join(c.choices, " "))
		case c.files:
			fmt.Fprint(w, "        else\n            _files\n")
		}
		fmt.Fprint(w, "        fi\n        ;;\n")
	}
	fmt.Fprint(w, `    esac
}

if [[ "${funcstack[1]}" == "_onus" ]]; then
    _onus "$@"
else
    compdef _onus onus
fi
`)
}

// writeFish writes fish completions.
func writeFish(w io.Writer, spec []compCommand) {
	fmt.Fprint(w, "# fish completion for onus; generated by onus completion fish.\n")
	fmt.Fprint(w, "# Load it with: onus completion fish | source\n\n")
	fmt.Fprint(w, "complete -c onus -f\n")
	fmt.Fprint(w, "complete -c onus -n __fish_use_subcommand -l help -d 'show help'\n")
	fmt.Fprint(w, "complete -c onus -n __fish_use_subcommand -l version -s v -d 'print the version'\n")
	for _, c := range spec {
		fmt.Fprintf(w, "complete -c onus -n __fish_use_subcommand -a %s -d %s\n", c.name, shellQuote(c.usage))
	}
	for _, c := range spec {
		cond := shellQuote("__fish_seen_subcommand_from " + c.name)
		fmt.Fprintln(w)
		switch {
		case c.choices != nil:
			fmt.Fprintf(w, "complete -c onus -n %s -a %s\n", cond, shellQuote(strings.Join(c.choices, " ")))
		case c.files:
			fmt.Fprintf(w, "complete -c onus -n %s -F\n", cond)
		}
		for _, f := range c.flags {
			line := "complete -c onus -n " + cond
			if f.long != "" {
				line += " -l " + f.long
			}
			if f.short != "" {
				line += " -s " + f.short
			}
			switch {
			case f.file:
				line += " -r -F"
			case f.choices != nil:
				line += " -x -a " + shellQuote(strings.Join(f.choices, " "))
			case f.value:
				line += " -x"
			}
			fmt.Fprintf(w, "%s -d %s\n", line, shellQuote(f.usage))
		}
		fmt.Fprintf(w, "complete -c onus -n %s -l help -d 'show help'\n", cond)
	}
}

// shellQuote quotes s for sh, bash, zsh and fish: in single quotes, each
// single quote closed, escaped and reopened.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// zshEscape escapes the colons of a _describe entry's name.
func zshEscape(s string) string {
	return strings.ReplaceAll(s, ":", `\:`)
}
