package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/examples"
)

func demoCommand() *cli.Command {
	return &cli.Command{
		Name:  "demo",
		Usage: "run the paper's examples on the embedded CPD model and compare with the paper",
		Description: "Checks every worked example of the paper on its continuous prisoners' dilemma\n" +
			"(examples/cpd.prism, embedded in the binary) and prints, per example, the value\n" +
			"the paper prints, onus's value and whether they agree. Where the paper\n" +
			"disagrees with its own definitions the row is marked as an erratum and onus's\n" +
			"value is the one the definitions give.\n\n" +
			"Examples:\n" +
			"  onus demo\n" +
			"  onus demo -t 5\n\n" +
			"Guide: onus guide responsibility#the-papers-worked-examples (the errata:\n" +
			"onus guide responsibility#the-papers-errata)",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "t", Value: 3, Usage: "the value of t for the t-parametrised examples (1..20)"},
		},
		Action: func(c *cli.Context) error {
			t := c.Int("t")
			if t < 1 || t > 20 {
				return usagef("-t must be between 1 and 20, not %d", t)
			}
			return runDemo(c.App.Writer, t)
		},
	}
}

// demoRow is one example of the paper.
type demoRow struct {
	name    string
	q       bool   // behaviour q: p(d)=1/4, p(c)=3/4
	from1   bool   // --outcome-from 1
	decls   string // plan declarations
	prop    string
	printed string                // the value as the paper prints it
	paper   func(t int) []float64 // the paper's printed value (nil: boolean row)
	paperB  bool                  // the paper's boolean
	tol     float64               // agreement tolerance (0: 1e-9)
	erratum string                // why the paper is wrong, if it is
	usesT   bool
}

func log2(x float64) float64 { return math.Log2(x) }
func pow(b float64, e int) float64 {
	return math.Pow(b, float64(e))
}

var demoRows = []demoRow{
	{name: "Ex. 2 CAR", prop: `CAR(p1, [d1,d2]) [ X ("fine"|"payoff2") ]`, printed: "true", paperB: true},
	{name: "Ex. 3 CPR", prop: `CPR(p1, [c1,c2]) [ X "reward" ]`, printed: "true", paperB: true},
	{name: "Ex. 4 CCR", prop: `CCR(p1, [c1,d2] [d1,d2]) [ F<=2 "fine" ]`, printed: "true", paperB: true,
		erratum: "F<=2 fine holds in the initial state, so no plan avoids it; true with --outcome-from 1"},
	{name: "Ex. 4 CCR, --outcome-from 1", from1: true, prop: `CCR(p1, [c1,d2] [d1,d2]) [ F<=2 "fine" ]`, printed: "true", paperB: true},
	{name: "D_CAR (a), q", q: true, prop: `CAR(p1, [d1,c2])=? [ X ("fine"|"payoff2") ]`,
		printed: "1, 1, 1", paper: func(int) []float64 { return []float64{1, 1, 1} }},
	{name: "D_CAR (b), q", q: true, usesT: true, decls: "plan pi = [*]^(t-1) [d1,c2];",
		prop:    `CAR(p1, pi)=? [ F<=t ("reward"|"payoff2") ]`,
		printed: "1/2, 1/4, log(1+3^(t-1))/log(1+2·3^(t-1))",
		paper: func(t int) []float64 {
			return []float64{0.5, 0.25, log2(1+pow(3, t-1)) / log2(1+2*pow(3, t-1))}
		},
		erratum: "the entropy counts the free prefix as 3 choices a step; the definitions give log2(1+2·4^(t-1)−2^(t-1))/log2(1+4^t−2^t)"},
	{name: "D_CPR, free prefix", usesT: true, decls: "plan pi = [*]^(t-1) [c1,c2];",
		prop:    `CPR(p1, pi)=? [ F<=t "reward" ]`,
		printed: "1/3, 1/3, log(1+3^(t-1))/log(1+3^t)",
		paper: func(t int) []float64 {
			return []float64{1.0 / 3, 1.0 / 3, log2(1+pow(3, t-1)) / log2(1+pow(3, t))}
		}},
	{name: "D_CPR, [d1,c2]^t", usesT: true, prop: `CPR(p1, [d1,c2]^t)=? [ F<=t "reward" ]`,
		printed: "0, 0, 0", paper: func(int) []float64 { return []float64{0, 0, 0} }},
	{name: "D_CCR, alternating", usesT: true,
		decls:   "plan pi = ([c1,c2] [d1,d2])^(floor(t/2)) [c1,c2]^(t-2*floor(t/2));",
		prop:    `CCR(p1, pi)=? [ G<=t ("fine"|"reward") ]`,
		printed: "2^-t, 2^-t, 1/(2t)",
		paper: func(t int) []float64 {
			return []float64{pow(2, -t), pow(2, -t), 1 / (2 * float64(t))}
		},
		erratum: "the paper's own figure gives H(L+)/H(L) = 1/log2(1+2^t), not 1/(2t)"},
	{name: "Ex. 6 entropy", prop: `Hinf=? [ G ("fine"|"reward") ]`, printed: "1",
		paper: func(int) []float64 { return []float64{1} }},
	{name: "Ex. 6 entropy", prop: `Hinf=? [ G F<100 ("payoff1"|"payoff2") ]`, printed: "≈1.99",
		paper: func(int) []float64 { return []float64{1.99} }, tol: 0.01},
	{name: "Ex. 6 probability", usesT: true, prop: `P=? [ G<=t ("fine"|"reward") ]`, printed: "2^-t",
		paper: func(t int) []float64 { return []float64{pow(2, -t)} }},
}

const demoBehaviour = "behaviour p1 { d1 : 1/4, c1 : 3/4 };\nbehaviour p2 { d2 : 1/4, c2 : 3/4 };\n"

func runDemo(w io.Writer, t int) error {
	src, err := examples.FS.ReadFile("cpd.prism")
	if err != nil {
		return err
	}
	var models [2]*lib.Model // by --outcome-from
	for from := range models {
		if models[from], err = lib.LoadString("cpd.prism", string(src), lib.Options{OutcomeFrom: from}); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "The continuous prisoners' dilemma (examples/cpd.prism), agent p1, t = %d.\n", t)
	fmt.Fprintln(w, "Values are (count, probability, entropy) degrees unless boolean; q: p(d)=1/4, p(c)=3/4.")
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "example\tproperty\tpaper prints\tonus\tagree")
	var notes []string
	disagree := 0
	for _, row := range demoRows {
		m := models[0]
		if row.from1 {
			m = models[1]
		}
		val, err := demoValue(m, row, t)
		if err != nil {
			return fmt.Errorf("%s: %w", row.name, err)
		}
		agree := "yes"
		if !demoAgrees(row, t, val) {
			agree = "no"
			disagree++
			if row.erratum != "" {
				notes = append(notes, fmt.Sprintf("[%d] %s: %s", len(notes)+1, row.name, row.erratum))
				agree = fmt.Sprintf("no: erratum [%d]", len(notes))
			}
		}
		prop := row.prop
		if row.q {
			prop += "  (q)"
		}
		if row.from1 {
			prop += "  (--outcome-from 1)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", row.name, prop, row.printed, demoFormat(val), agree)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(notes) > 0 {
		fmt.Fprintln(w, "\nErrata (onus guide responsibility#the-papers-errata): onus follows the definitions.")
		for _, n := range notes {
			fmt.Fprintln(w, n)
		}
	}
	if disagree > len(notes) {
		return &exitError{exitFailed}
	}
	writeGallery(w)
	return nil
}

// galleryStudies are the analyses of the README's Gallery: who is
// responsible for what happened in three more systems (run from a
// checkout: the models and traces are files of examples/).
var galleryStudies = []struct{ what, cmd string }{
	{"Two robots at a crossing: a crash nobody forced",
		`onus blame examples/robots.prism --const N=4,cross=1 --plan @examples/robots.trace.txt --outcome 'F<=2 "crash"'`},
	{"Two stations backing off: why each is to blame",
		`onus blame examples/backoff.prism --plan @examples/backoff.trace.txt --outcome 'X "collision"' --explain`},
	{"A user and a jammer: blame under a known behaviour",
		`onus blame examples/jammer.prism examples/jammer.props --plan happened --outcome 'G<=2 d=0'`},
}

// writeGallery lists the gallery's studies after the paper's examples.
func writeGallery(w io.Writer) {
	fmt.Fprintln(w, "\nWho is responsible? The README's Gallery asks it of three more systems (from a checkout):")
	for _, g := range galleryStudies {
		fmt.Fprintf(w, "  %s\n    %s\n", g.what, g.cmd)
	}
}

// demoValue checks one row and returns its value: a bool or a []float64.
func demoValue(m *lib.Model, row demoRow, t int) (any, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "const int t = %d;\n", t)
	if row.q {
		b.WriteString(demoBehaviour)
	}
	b.WriteString(row.decls + "\n" + row.prop + "\n")
	rs, err := m.CheckString("demo.props", b.String())
	if err != nil {
		return nil, err
	}
	res := rs[0]
	switch res.Kind {
	case checker.KindBool:
		return res.Bool, nil
	case checker.KindDegrees, checker.KindPower:
		var out []float64
		for _, m := range res.Measures() {
			out = append(out, m.Value)
		}
		return out, nil
	}
	return []float64{res.Number}, nil
}

func demoAgrees(row demoRow, t int, val any) bool {
	if b, ok := val.(bool); ok {
		return row.paper == nil && b == row.paperB
	}
	got := val.([]float64)
	want := row.paper(t)
	if len(want) != len(got) {
		return false
	}
	tol := row.tol
	if tol == 0 {
		tol = 1e-9
	}
	for i := range want {
		if math.Abs(want[i]-got[i]) > tol {
			return false
		}
	}
	return true
}

func demoFormat(val any) string {
	if b, ok := val.(bool); ok {
		return fmt.Sprint(b)
	}
	var parts []string
	for _, x := range val.([]float64) {
		parts = append(parts, fmt.Sprintf("%.4g", x))
	}
	return strings.Join(parts, ", ")
}
