package main

import (
	"bytes"
	"strings"
	"testing"
)

// A missing required flag names the command, the flag as typed and an
// example, instead of the framework's `Required flag "outcome" not set`.
func TestRequiredFlag(t *testing.T) {
	cpd := "../../examples/cpd.prism"
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"blame without --outcome", []string{"blame", cpd, "--plan", "[d1,d2]"},
			`onus: error: blame needs --outcome (e.g. --outcome 'X "fine"'; onus help blame)`},
		{"blame without --plan", []string{"blame", cpd, "--outcome", `X "fine"`},
			`onus: error: blame needs --plan (e.g. --plan '[d1,d2]'; onus help blame)`},
		{"blame without either", []string{"blame", cpd},
			`onus: error: blame needs --plan and --outcome (e.g. --plan '[d1,d2]' --outcome 'X "fine"'; onus help blame)`},
		{"export without --dir", []string{"export", cpd},
			`onus: error: export needs --dir (e.g. --dir out; onus help export)`},
		{"export-outcome without --prop and --dir", []string{"export-outcome", cpd, "../../examples/cpd.props", "--const", "t=1"},
			`onus: error: export-outcome needs --prop and --dir (e.g. --prop 1 --dir out; onus help export-outcome)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(tc.args, &out, &errb)
			if code != exitBadInput {
				t.Errorf("exit %d, want %d", code, exitBadInput)
			}
			if got := strings.TrimSpace(errb.String()); got != tc.want {
				t.Errorf("stderr\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestRequiredFlagText(t *testing.T) {
	for _, tc := range []struct{ msg, cmd, want string }{
		{`Required flag "dir" not set`, "", "this command needs --dir (e.g. --dir out; onus help)"},
		{`Required flags "a, b, c" not set`, "x", "x needs --a, --b and --c (onus help x)"},
		{`flag provided but not defined: -zz`, "x", ""},
	} {
		got, ok := requiredFlagText(tc.msg, tc.cmd)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("requiredFlagText(%q, %q) = %q, %v; want %q", tc.msg, tc.cmd, got, ok, tc.want)
		}
	}
}

// A value its flag's type cannot read names the flag with its dashes.
func TestInvalidValue(t *testing.T) {
	cpd := "../../examples/cpd.prism"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", cpd, "--steps", "x"}, `onus: error: --steps "x": not a whole number (see onus help simulate)`},
		{[]string{"check", cpd, "--horizon", "1.5"}, `onus: error: --horizon "1.5": not a whole number (see onus help check)`},
		{[]string{"simulate", cpd, "--seed", "18446744073709551616"}, `onus: error: --seed "18446744073709551616": out of range (see onus help simulate)`},
		{[]string{"check", cpd, "--json=x"}, `onus: error: --json="x": give true or false (see onus help check)`},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != exitBadInput {
			t.Errorf("%q: exit %d, want %d", tc.args, code, exitBadInput)
		}
		if got := strings.TrimSpace(errb.String()); got != tc.want {
			t.Errorf("%q:\n%s\nwant\n%s", tc.args, got, tc.want)
		}
	}
}
