package main

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file prints PRISM's main log for onus prism: the header, the model
// and properties read, the model built, and each result, with numbers as
// Java prints doubles (1.0, 0.85, 1.0E-5) so that scripts reading PRISM's
// log read onus's the same way.

// prismSeparator is PRISM's line between the blocks of a log.
const prismSeparator = "---------------------------------------------------------------------"

// header prints the log's title, the command line and a note per switch
// accepted without effect.
func (p *prismRun) header() {
	fmt.Fprintf(p.log, "onus prism (PRISM-games' command line)\n======================================\n\nVersion: onus %s\n", version)
	fmt.Fprintf(p.log, "Command line: onus prism%s\n", quoteArgs(p.o.args))
	for _, n := range p.o.notes {
		fmt.Fprintf(p.log, "Note: %s\n", n)
	}
}

// safeArg matches the arguments PRISM prints without quotes.
var safeArg = regexp.MustCompile(`^[_a-zA-Z0-9./=-]*$`)

// quoteArgs prints arguments as PRISM's log does: in single quotes when
// they hold anything but letters, digits and ._/=-.
func quoteArgs(args []string) string {
	var b strings.Builder
	for _, a := range args {
		if !safeArg.MatchString(a) {
			a = "'" + a + "'"
		}
		b.WriteString(" " + a)
	}
	return b.String()
}

// modelInfo prints the model's type, modules and variables.
func (p *prismRun) modelInfo(mf *prism.ModelFile) {
	var mods, vars []string
	for _, v := range mf.Globals {
		vars = append(vars, v.Name.Name)
	}
	byName := map[string]*prism.Module{}
	for _, m := range mf.Modules {
		byName[m.Name.Name] = m
	}
	for _, m := range mf.Modules {
		mods = append(mods, m.Name.Name)
		if m.Rename == nil {
			for _, v := range m.Vars {
				vars = append(vars, v.Name.Name)
			}
			continue
		}
		if base := byName[m.Rename.Base.Name]; base != nil {
			for _, v := range base.Vars {
				name := v.Name.Name
				for _, pr := range m.Rename.Pairs {
					if pr.Old.Name == name {
						name = pr.New.Name
					}
				}
				vars = append(vars, name)
			}
		}
	}
	fmt.Fprintf(p.log, "\nType:        %s\n", modelTypeTitle(mf.Type))
	fmt.Fprintf(p.log, "Modules:     %s\n", strings.Join(mods, " "))
	fmt.Fprintf(p.log, "Variables:   %s\n", strings.Join(vars, " "))
}

// modelTypeTitle is PRISM's upper-case name of a model type.
func modelTypeTitle(t prism.ModelType) string {
	return strings.ToUpper(t.String())
}

// listProperties prints the properties read, numbered.
func (p *prismRun) listProperties(props []*prism.Property) {
	s := "ies"
	if len(props) == 1 {
		s = "y"
	}
	fmt.Fprintf(p.log, "\n%d propert%s:\n", len(props), s)
	for i, pr := range props {
		fmt.Fprintf(p.log, "(%d) %s\n", i+1, propText(pr))
	}
}

// modelStats prints what building the model gave, as PRISM's log does.
func (p *prismRun) modelStats(g *translate.Game) {
	fmt.Fprint(p.log, "\nBuilding model...\n")
	if n := g.Deadlock.Count(); n > 0 {
		p.warn(fmt.Sprintf("Deadlocks detected and fixed in %d states", n))
	}
	fmt.Fprintf(p.log, "\nType:        %s\n", modelTypeTitle(g.Type))
	fmt.Fprintf(p.log, "States:      %d (%d initial)\n", g.NumStates, len(g.Initial))
	fmt.Fprintf(p.log, "Transitions: %d\n", g.NumTransitions())
	if g.Type != prism.TypeDTMC {
		fmt.Fprintf(p.log, "Choices:     %d\n", g.NumChoices())
	}
}

// prismResult prints a result as PRISM's "Result:" line does.
func prismResult(r *checker.Result, exact bool) string {
	switch r.Kind {
	case checker.KindBool:
		return strconv.FormatBool(r.Bool)
	case checker.KindCount:
		return r.Count.String()
	case checker.KindRange:
		if r.Range.Int {
			return fmt.Sprintf("[%d,%d]", int64(r.Range.Lo), int64(r.Range.Hi))
		}
		return "[" + javaDouble(r.Range.Lo) + "," + javaDouble(r.Range.Hi) + "]"
	case checker.KindDegrees, checker.KindPower:
		var parts []string
		for _, m := range r.Measures() {
			v := javaDouble(m.Value)
			if exact && m.Exact != nil {
				v = m.Exact.RatString()
			}
			parts = append(parts, m.Name+" "+v)
		}
		return strings.Join(parts, ", ")
	}
	if exact && r.Exact != nil {
		return r.Exact.RatString() + " (exact)"
	}
	return javaDouble(r.Number)
}

// javaDouble prints x as Java's Double.toString does: the shortest digits
// that read back as x, in plain notation with at least one decimal when
// 10^-3 <= |x| < 10^7 (0.85, 1.0, 3.75) and in Java's scientific notation
// otherwise (1.0E-5, 1.2345678E7); Infinity, -Infinity and NaN as words.
func javaDouble(x float64) string {
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x):
		return formatFloat(x)
	case x == 0:
		if math.Signbit(x) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(x); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(x, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// prismErrorText is an error's message as PRISM's log prints it: the
// message, then the position as (line L, column C); no final period (the
// log adds it).
func prismErrorText(err error) string {
	one := func(e *prism.Error) string {
		msg := strings.TrimSuffix(e.Msg, ".")
		if e.Pos.IsValid() {
			if e.Pos.Filename != "" && !strings.HasPrefix(e.Pos.Filename, "--") {
				msg += fmt.Sprintf(" (file %s, line %d, column %d)", e.Pos.Filename, e.Pos.Line, e.Pos.Column)
			} else {
				msg += fmt.Sprintf(" (line %d, column %d)", e.Pos.Line, e.Pos.Column)
			}
		}
		return msg
	}
	var el prism.ErrorList
	var pe *prism.Error
	var ue *usageError
	switch {
	case errors.As(err, &el) && len(el) > 0:
		el.Sort()
		var parts []string
		for _, e := range el {
			parts = append(parts, one(e))
		}
		return strings.Join(parts, "; ")
	case errors.As(err, &pe):
		return one(pe)
	case errors.As(err, &ue):
		return strings.TrimSuffix(ue.msg, ".")
	case isLimit(err):
		return prismLimitText(err)
	}
	return strings.TrimSuffix(err.Error(), ".")
}

// prismLimitText is limitText in onus prism's words: it takes PRISM's
// -timeout; the step budget is onus check's.
func prismLimitText(err error) string {
	t := strings.ReplaceAll(limitText(err), "--timeout", "-timeout")
	return strings.ReplaceAll(t, "with --max-steps", "with --max-steps of onus check")
}

// printHelp lists the switches onus prism accepts (what = "-"), or says
// what one switch does.
func (p *prismRun) printHelp(what string) error {
	if what != "-" {
		switch {
		case prismSwitchHelp[what] != "":
			fmt.Fprintf(p.log, "\nSwitch: -%s\n\n%s\n", what, prismSwitchHelp[what])
		case prismNoEffect[what].why != "":
			fmt.Fprintf(p.log, "\nSwitch: -%s\n\nAccepted with no effect: %s.\n", what, prismNoEffect[what].why)
		case prismUnsupported[what] != "":
			fmt.Fprintf(p.log, "\nSwitch: -%s\n\nNot supported by onus prism (%s).\n", what, prismUnsupported[what])
		default:
			fmt.Fprintf(p.log, "\nSorry - no help available for switch -%s\n", what)
		}
		return nil
	}
	fmt.Fprint(p.log, "\nUsage: onus prism [options] <model-file> [<properties-file>] [more-options]\n\n")
	fmt.Fprint(p.log, "Switches onus prism carries out (onus prism -help SWITCH for one):\n\n")
	names := make([]string, 0, len(prismSwitchHelp))
	for n := range prismSwitchHelp {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		first, _, _ := strings.Cut(prismSwitchHelp[n], "\n")
		fmt.Fprintf(p.log, "  -%-20s %s\n", n, first)
	}
	names = names[:0]
	for n := range prismNoEffect {
		names = append(names, "-"+n)
	}
	sort.Strings(names)
	fmt.Fprintf(p.log, "\nAccepted with no effect (they tune PRISM's engines): %s\n", strings.Join(names, " "))
	fmt.Fprint(p.log, "\nThe guide's page: docs/guide/prism.md\n")
	return nil
}

// prismSwitchHelp says what each switch onus prism carries out does: a
// first line for the list, details after.
var prismSwitchHelp = map[string]string{
	"pf":                 "check the properties given as text (-pctl and -csl are the same)",
	"prop":               "check only the properties with these indices or names (-property; a comma-separated list)",
	"const":              "give values to undefined constants: N=V, ranges N=LO:HI and N=LO:STEP:HI, several as a=1,b=2",
	"test":               "compare each result with its // RESULT: comment; stop at the first failure (exit code 1)",
	"testall":            "as -test, but go on after a failure",
	"exact":              "compute exact rationals where onus can (as onus check --exact)",
	"mainlog":            "write the log to FILE instead of stdout (FILE:append adds to it)",
	"exportresults":      "write the results to FILE[:csv|:comment] at the end (stdout: print them)",
	"exportmodel":        "write the built model: BASE.tra,sta,lab,srew,trew (BASE.all for every file, .EXT for the model's name)",
	"exporttrans":        "write the transitions (.tra) to FILE",
	"exportstates":       "write the states (.sta) to FILE",
	"exportlabels":       "write the labels (.lab) to FILE",
	"exportstaterewards": "write the state rewards (.srew) to FILE (also -exportsrew)",
	"exporttransrewards": "write the transition rewards (.trew) to FILE (also -exporttrew)",
	"exportrewards":      "write the state and transition rewards to FILE1 and FILE2",
	"exportstrat":        "write the optimal strategy of each <<A>> query to FILE[:type=actions|indices|induced|dot]",
	"simpath":            "write a random path of N steps to FILE (N,sep=comma: comma-separated)",
	"timeout":            "stop with exit code 3 after N seconds (or N with a unit: 90s, 5m, 2h, 1d), as onus check --timeout",
	"help":               "list the switches, or explain one (-help SWITCH)",
	"version":            "print onus's version",
}
