package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// This file reads what every command that takes a plan shares: the forms
// of --plan (one function for check, blame, simulate and export-outcome)
// and --unavailable, the reading of plans that cannot be followed.

// planUsage is the help text of --plan; what it does with the plan is the
// command's.
const planUsage = "its steps ('[go1,go2] [*]'), a trace '@FILE', a plan NAME of PROPS, or 'NAME=PLAN' " +
	"(see docs/guide/plans.md)"

// unavailableFlag is --unavailable (check, blame, export-outcome).
func unavailableFlag() cli.Flag {
	return &cli.StringFlag{Name: "unavailable", Value: "drop",
		Usage: "what a plan means where a player cannot take its planned action (not enabled in the state reached): " +
			"drop, the history leaves Compat_J(plan) (the paper's definition); free, the player acts as its " +
			"behaviour says at that step (see " + checker.GuidePlans + ")"}
}

// unavailableOption reads --unavailable.
func unavailableOption(c *cli.Context) (checker.Unavailable, error) {
	u, err := checker.ParseUnavailable(c.String("unavailable"))
	if err != nil {
		return u, usagef("--unavailable takes drop or free, not %q (see %s)", c.String("unavailable"), checker.GuidePlans)
	}
	return u, nil
}

// planNameRE matches a plan given by name, alone or as NAME=PLAN.
var planNameRE = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=|$)`)

// unnamedPlan is the name an unnamed --plan gets (with underscores added
// if PROPS declares a plan of that name).
const unnamedPlan = "pi"

// planArg reads one --plan value in any of its forms and returns its
// declaration, adding it to props unless it is a plan props declares:
//
//	NAME=PLAN, NAME=@FILE   a plan under a name
//	PLAN, @FILE             an unnamed plan, called pi
//	NAME                    a plan declared in PROPS
//
// A word that names no plan but an existing file gets a hint to write
// @FILE, as does NAME=FILE.
func planArg(fset *prism.FileSet, props *prism.PropsFile, s string) (*prism.PlanDecl, error) {
	if m := planNameRE.FindStringSubmatch(s); m != nil {
		if m[2] == "=" {
			rhs := strings.TrimSpace(s[len(m[0]):])
			if isFileWord(rhs) {
				return nil, planFileHint(rhs, m[1]+"=@"+rhs)
			}
			d, err := prism.ParsePlan(fset, "--plan", s)
			if err != nil {
				return nil, err
			}
			props.Plans = append(props.Plans, d)
			return d, nil
		}
		for _, d := range props.Plans {
			if d.Name.Name == m[1] {
				return d, nil
			}
		}
		if isFileWord(m[1]) {
			return nil, planFileHint(m[1], "@"+m[1])
		}
		return nil, planArgError("no plan is named %s%s; give the steps (--plan '[a1,b1]'), a trace (--plan @FILE) or NAME=PLAN (see docs/guide/plans.md)", m[1], declaredPlans(props))
	}
	if w := strings.TrimSpace(s); isFileWord(w) {
		return nil, planFileHint(w, "@"+w)
	}
	pl, err := prism.ParseBarePlan(fset, "--plan", s)
	if err != nil {
		return nil, err
	}
	name := unnamedPlan
	for taken := true; taken; {
		taken = false
		for _, d := range props.Plans {
			if d.Name.Name == name {
				name, taken = name+"_", true
			}
		}
	}
	d := &prism.PlanDecl{Pos: pl.Pos, Name: prism.Ident{NamePos: pl.Pos, Name: name}, Plan: pl}
	props.Plans = append(props.Plans, d)
	return d, nil
}

// planArgs reads every --plan value of a command into props.
func planArgs(fset *prism.FileSet, props *prism.PropsFile, values []string) error {
	for _, s := range values {
		if _, err := planArg(fset, props, s); err != nil {
			return err
		}
	}
	return nil
}

// isFileWord reports whether s is not plan syntax (no step, group or @)
// but the name of an existing file.
func isFileWord(s string) bool {
	if s == "" || strings.ContainsAny(s, "[]()@^ \t") {
		return false
	}
	fi, err := os.Stat(s)
	return err == nil && !fi.IsDir()
}

// planFileHint is the error for a file given without @.
func planFileHint(file, fix string) error {
	return planArgError("%s is a file, not a plan: to read the trace it holds, write --plan %s (see docs/guide/plans.md)", file, fix)
}

// planArgError is an error about the --plan value as a whole.
func planArgError(format string, args ...any) error {
	return &prism.Error{Pos: prism.Position{Filename: "--plan", Line: 1, Column: 1}, Msg: fmt.Sprintf(format, args...)}
}

// declaredPlans lists the plans of props for a message ("" if none).
func declaredPlans(props *prism.PropsFile) string {
	var names []string
	for _, d := range props.Plans {
		names = append(names, d.Name.Name)
	}
	if len(names) == 0 {
		return ""
	}
	return " (the props file declares " + strings.Join(names, ", ") + ")"
}
