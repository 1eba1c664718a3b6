package main

import (
	"strings"
	"testing"
)

// TestFlagWords checks that the messages the library says without flags
// (a prism.Hint, a limit's Config field) name the command line's flags
// when onus prints them: fatal errors, a property's own error (in its
// block and on stderr) and notes.
func TestFlagWords(t *testing.T) {
	cpd := "../../examples/cpd.prism"
	rows := []struct {
		name string
		args []string
		code int
		want string // a line of stdout or stderr
	}{
		{"constant without a value", []string{"check", cpd, "../../examples/cpd.props", "--prop", "4"}, exitBadInput,
			"../../examples/cpd.props:22:22: error: constant t is undefined: give its value with --const t=VALUE"},
		{"value for no constant", []string{"check", cpd, "--const", "zz=1", "--pf", `P=? [ X "fine" ]`}, exitBadInput,
			"../../examples/cpd.prism: error: --const zz: the model and properties declare no constant zz"},
		{"value for a defined constant", []string{"check", "../../examples/jammer.prism", "--const", "D=3", "--pf", `P=? [ X d=0 ]`}, exitBadInput,
			"../../examples/jammer.prism:11:11: error: --const D: constant D is already defined here; --const sets only undefined constants"},
		{"unbounded without a horizon, in the --test block", []string{"check", cpd, "--test", "--pf", `#=? [ F "reward" ]`}, exitFailed,
			"Error: --pf:1:7: error: the unbounded operator F needs a plan or --horizon"},
		{"unbounded without a horizon, on stderr", []string{"check", cpd, "--pf", `#=? [ F "reward" ]`}, exitBadInput,
			"--pf:1:7: error: the unbounded operator F needs a plan or --horizon"},
		{"entropy over no step", []string{"check", cpd, "--pf", `H=? [ "fine" ]`}, exitBadInput,
			"--pf:1:1: error: H=? needs a horizon of at least 1 (give --horizon or a bounded outcome)"},
		{"horizon from the plan", []string{"check", cpd, "--pf", `CPR(p1, [c1,c2] [c1,c2])=? [ F "reward" ]`}, exitOK,
			"--pf:1:30: note: F is judged within the horizon T = 2 set by the plan's length; give --horizon to look further"},
		{"blame's horizon note", []string{"blame", cpd, "--plan", "[c1,c2] [c1,c2]", "--outcome", `F "reward"`}, exitOK,
			"--outcome:1:1: note: F is judged within the horizon T = 2 set by the plan's length; give --horizon to look further"},
		{"states", []string{"check", cpd, "--max-states", "2", "--pf", `P=? [ X "fine" ]`}, exitLimit,
			"onus: error: the model has more than 2 states (raise the limit with --max-states)"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			code, out, errs := onus(t, row.args...)
			if code != row.code {
				t.Errorf("exit %d, want %d", code, row.code)
			}
			lines := strings.Split(out+errs, "\n")
			found := false
			for _, l := range lines {
				found = found || l == row.want
			}
			if !found {
				t.Errorf("no line\n%s\nin\n%s%s", row.want, out, errs)
			}
		})
	}
}
