package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrismLog pins onus prism's log (golden files, timings masked): a
// sweep over a properties file's constant with -test and -exportresults
// stdout:csv, and a run with -pf and engine switches.
func TestPrismLog(t *testing.T) {
	const cpd = "../../examples/cpd.prism"
	cases := []struct {
		name string
		args []string
	}{
		{"prism_cpd_q", []string{cpd, "../../examples/cpd_q.props", "-const", "t=1:2", "-prop", "2,3", "-test", "-exportresults", "stdout:csv"}},
		{"prism_pf", []string{"../../examples/parcel.prism", "-ex", "-epsilon", "1e-8", "-pf", `<<p1>>Pmax=? [ F "goal" ]`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := onus(t, append([]string{"prism"}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			checkGolden(t, c.name, timing.ReplaceAllString(out, "${1}X"))
		})
	}
}

// TestPrismRuns checks what onus prism does with PRISM's switches: exit
// codes, the lines of the log that matter to scripts, and the files
// written.
func TestPrismRuns(t *testing.T) {
	const smg = "../../examples/parcel.prism"
	const cpd, cpdProps = "../../examples/cpd.prism", "../../examples/cpd.props"
	cases := []struct {
		name string
		args []string // DIR in an argument is the test's directory
		code int
		log  []string // lines the log (stdout) must hold
		errs string   // text stderr must hold
		file string   // a file of DIR that must exist
		body string   // and begin with this
	}{
		{name: "test failure stops", args: []string{smg, "-pf", `<<p1>>Pmax=? [ F "goal" ]`, "-test"}, code: exitFailed,
			log: []string{"Testing result: FAIL: did not find a RESULT specification", "Error: Testing failed."}},
		{name: "unknown switch", args: []string{smg, "-frobnicate"}, code: exitBadInput,
			errs: "unknown switch -frobnicate"},
		{name: "unsupported switch", args: []string{smg, "-sim"}, code: exitBadInput,
			errs: "the PRISM switch -sim is not supported by onus prism (statistical model checking)"},
		{name: "missing value", args: []string{smg, "-const"}, code: exitBadInput, errs: "the -const switch needs a value"},
		{name: "three files", args: []string{smg, "a.props", "b.props"}, code: exitBadInput, errs: "a third file name"},
		{name: "no model", args: []string{"-ex"}, code: exitBadInput, log: []string{"Usage: onus prism"}},
		{name: "bad model", args: []string{"no-such.prism"}, code: exitBadInput, log: []string{"Error: cannot read no-such.prism"}},
		{name: "property error", args: []string{smg, "-pf", `<<p9>>Pmax=? [ F "goal" ]`}, code: exitBadInput,
			log: []string{`Error: unknown player "p9" (line 1, column 3).`}, errs: `--pf:1:3: error: unknown player "p9"`},
		{name: "property error keeps going", args: []string{smg, "-pf", `<<p9>>Pmax=? [ F "goal" ]; <<p1>>Pmax=? [ F "goal" ]`}, code: 0,
			log: []string{`Error: unknown player "p9" (line 1, column 3).`, "Result: 0.5"}},
		{name: "help", args: []string{"-help"}, log: []string{"  -exportstrat", "Accepted with no effect"}},
		{name: "help switch", args: []string{"-help", "epsilon"}, log: []string{"Accepted with no effect: onus's value iteration"}},
		{name: "version", args: []string{"-version"}, log: []string{"onus version " + version}},
		{name: "mainlog", args: []string{smg, "-pf", `<<p1>>Pmax=? [ F "goal" ]`, "-mainlog", "DIR/log.txt"},
			file: "log.txt", body: "onus prism (PRISM-games' command line)"},
		{name: "exportresults file", args: []string{cpd, cpdProps, "-prop", "1", "-exportresults", "DIR/res.txt"},
			file: "res.txt", body: "Result\ntrue\n"},
		{name: "exportresults comment", args: []string{cpd, cpdProps, "-prop", "1", "-exportresults", "DIR/res.txt:comment"},
			file: "res.txt", body: "// RESULT: true\n"},
		{name: "exportmodel all", args: []string{smg, "-exportmodel", "DIR/m.all"}, log: []string{"Exporting transition matrix in plain text format to file"},
			file: "m.tra", body: "# Transitions (SMG)\n4:2 7 9\n"},
		{name: "exportmodel states", args: []string{smg, "-exportmodel", "DIR/m.sta,lab"}, file: "m.lab", body: "# Labels\n0=\"init\" 1=\"deadlock\" 2=\"goal\" 3=\"trap\"\n0: 0\n"},
		{name: "exportmodel no rewards", args: []string{smg, "-exportmodel", "DIR/m.srew"}, log: []string{"There are no state rewards to export."}},
		{name: "exporttrans stdout", args: []string{smg, "-exporttrans", "stdout"}, log: []string{"# Transitions (SMG)", "0:0 2 2 0.5 risk"}},
		{name: "simpath", args: []string{smg, "-simpath", "3", "DIR/path.txt"}, file: "path.txt", body: "action step s\n- 0 0\n"},
		{name: "simpath comma", args: []string{smg, "-simpath", "2,sep=comma", "DIR/path.csv"}, file: "path.csv", body: "action,step,s\n-,0,0\n"},
		{name: "simpath options", args: []string{smg, "-simpath", "time=3", "p.txt"}, code: exitBadInput, errs: `not "time=3"`},
		{name: "prop by name", args: []string{"../../examples/robots.prism", "../../examples/robots.props", "-prop", "nobody", "-const", "T=2"}, code: exitBadInput,
			errs: "--prop nobody: no property of that name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"prism"}
			for _, a := range c.args {
				args = append(args, strings.ReplaceAll(a, "DIR", dir))
			}
			code, out, errs := onus(t, args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, c.code, out, errs)
			}
			for _, l := range c.log {
				if !strings.Contains(out, l) {
					t.Errorf("the log lacks %q:\n%s", l, out)
				}
			}
			if !strings.Contains(errs, c.errs) {
				t.Errorf("stderr lacks %q:\n%s", c.errs, errs)
			}
			if c.file != "" {
				b, err := os.ReadFile(filepath.Join(dir, c.file))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(string(b), c.body) {
					t.Errorf("%s:\n%s\nwant it to begin with\n%s", c.file, b, c.body)
				}
			}
		})
	}
}

// TestPrismArgs checks the reading of PRISM's command line.
func TestPrismArgs(t *testing.T) {
	o, err := parsePrismArgs([]string{"--const", "a=1", "m.prism", "-exportmodel", ".all:ordered", "p.props", "-const", "b=2:3",
		"-javamaxmem", "4g", "-exportstrat", "s.dot", "-exportresults", "r.txt,csv", "-prop", "1,two"})
	if err != nil {
		t.Fatal(err)
	}
	if o.model != "m.prism" || o.props != "p.props" || strings.Join(o.consts, " ") != "a=1 b=2:3" || strings.Join(o.propSel, " ") != "1 two" {
		t.Errorf("files, constants or properties wrong: %+v", o)
	}
	if len(o.exports) != 5 || o.exports[0].path != "m.tra" || o.exports[4].path != "m.lab" {
		t.Errorf("exports %+v", o.exports)
	}
	if o.strat == nil || o.strat.format != "dot" || o.results.format != resultsCSV || o.results.path != "r.txt" {
		t.Errorf("strategy %+v, results %+v", o.strat, o.results)
	}
	if len(o.notes) != 1 || !strings.HasPrefix(o.notes[0], "-javamaxmem 4g has no effect") {
		t.Errorf("notes %q", o.notes)
	}
}
