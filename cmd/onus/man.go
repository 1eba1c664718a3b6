package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
)

// This file is `onus man`: the manual page in roff, generated from the
// command definitions (the same texts as the help), so that it always
// describes the binary. docs/onus.1 is its output; TestManPage keeps it
// current.

func manCommand() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print onus's manual page (roff, for man)",
		Description: "Prints the manual page, generated from the same definitions as the help.\n" +
			"Read it with onus man | man -l -, or install it as onus.1 in a man1 directory\n" +
			"(the repository holds it as docs/onus.1).\n\n" +
			"Example:\n  onus man\n\n" +
			"Guide: onus guide cli#the-manual-page",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("man takes no arguments (got %d); see onus help man", c.NArg())
			}
			writeMan(c.App.Writer, c.App)
			return nil
		},
	}
}

// writeMan writes the manual page of app in section 1.
func writeMan(w io.Writer, app *cli.App) {
	fmt.Fprintf(w, ".TH ONUS 1 \"\" %s \"User Commands\"\n", roffQuote("onus "+version))
	fmt.Fprintf(w, ".SH NAME\nonus \\- %s\n", roffText(app.Usage))
	fmt.Fprint(w, ".SH SYNOPSIS\n")
	for _, c := range app.Commands {
		if c.Hidden {
			continue
		}
		fmt.Fprintf(w, ".B onus %s\n", roffText(c.Name))
		fmt.Fprintf(w, "[\\fIOPTIONS\\fR] %s\n.br\n", roffArgs(c.ArgsUsage))
	}
	fmt.Fprint(w, ".SH DESCRIPTION\n")
	writeRoffText(w, app.Description)
	fmt.Fprint(w, ".SH COMMANDS\n")
	for _, c := range app.Commands {
		if c.Hidden {
			continue
		}
		fmt.Fprintf(w, ".SS %s\n", roffQuote(strings.TrimSpace("onus "+c.Name+" [OPTIONS] "+c.ArgsUsage)))
		fmt.Fprintf(w, "%s.\n", roffText(upperFirst(c.Usage)))
		if c.Description != "" {
			fmt.Fprint(w, ".PP\n")
			writeRoffText(w, c.Description)
		}
		for _, f := range c.VisibleFlags() {
			writeManFlag(w, f)
		}
	}
	fmt.Fprint(w, ".SH EXIT STATUS\n")
	for _, e := range []struct{ code, what string }{
		{"0", "success (a false property is a result, not a failure)"},
		{"1", "a --test mismatch: a // RESULT: annotation that the value does not meet"},
		{"2", "bad input: a model, property, plan, constant or option onus refuses, printed as FILE:LINE:COL: error: MESSAGE where there is a position"},
		{"3", "a resource limit: a file over 16 MiB, or a model or product beyond --max-states, --max-transitions or --max-memory"},
		{"4", "an internal error (a bug: please report it)"},
	} {
		fmt.Fprintf(w, ".TP\n.B %s\n%s\n", e.code, roffText(e.what))
	}
	fmt.Fprint(w, ".SH SEE ALSO\n")
	fmt.Fprint(w, "The user guide defines every measure, operator and option: \\fBonus guide\\fR lists its\n")
	fmt.Fprint(w, "topics and \\fBonus guide\\fR \\fITOPIC\\fR prints one (docs/guide/ in onus's repository).\n")
}

// writeManFlag writes one option as a tagged paragraph.
func writeManFlag(w io.Writer, f cli.Flag) {
	d, ok := f.(cli.DocGenerationFlag)
	if !ok {
		return
	}
	var names []string
	for _, n := range f.Names() {
		dash := "\\-\\-"
		if len(n) == 1 {
			dash = "\\-"
		}
		s := "\\fB" + dash + roffText(n) + "\\fR"
		if d.TakesValue() {
			s += " \\fIvalue\\fR"
		}
		names = append(names, s)
	}
	text := d.GetUsage()
	if def := d.GetDefaultText(); d.TakesValue() && def != "" && def != `""` && def != "[]" {
		text += " (default: " + def + ")"
	}
	fmt.Fprintf(w, ".TP\n%s\n%s\n", strings.Join(names, ", "), roffText(text))
}

// writeRoffText writes a help text: paragraphs separated by blank lines;
// indented lines (examples, tables) are kept as they are.
func writeRoffText(w io.Writer, text string) {
	for i, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if i > 0 {
			fmt.Fprint(w, ".PP\n")
		}
		pre := false
		for _, line := range strings.Split(para, "\n") {
			indented := strings.HasPrefix(line, " ")
			switch {
			case indented && !pre:
				fmt.Fprint(w, ".RS 4\n.nf\n")
			case !indented && pre:
				fmt.Fprint(w, ".fi\n.RE\n")
			}
			pre = indented
			if indented {
				line = strings.TrimPrefix(line, "  ")
			}
			fmt.Fprintln(w, roffText(line))
		}
		if pre {
			fmt.Fprint(w, ".fi\n.RE\n")
		}
	}
}

// roffText escapes a line of text for roff: backslashes, hyphens (so
// that options print as typed) and a leading dot or quote.
func roffText(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// roffQuote quotes a macro argument.
func roffQuote(s string) string {
	return `"` + strings.ReplaceAll(roffText(s), `"`, `\(dq`) + `"`
}

// roffArgs sets the words of an ArgsUsage in italics, options in bold.
func roffArgs(s string) string {
	var out []string
	for _, word := range strings.Fields(s) {
		if strings.HasPrefix(word, "-") {
			out = append(out, "\\fB"+roffText(word)+"\\fR")
		} else {
			out = append(out, "\\fI"+roffText(word)+"\\fR")
		}
	}
	return strings.Join(out, " ")
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
