package main

import (
	"strings"
	"testing"
)

// TestPrismSwitchHint: a PRISM switch given to a subcommand names onus's
// flag or onus prism instead of the flag package's bare "not defined".
func TestPrismSwitchHint(t *testing.T) {
	const cpd, props = "../../examples/cpd.prism", "../../examples/cpd.props"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"check", cpd, props, "-exportresults", "res.txt"}, "onus check does not take -exportresults: onus's flag is --export-results; or run PRISM's command line as onus prism"},
		{[]string{"check", cpd, props, "-ex"}, "onus check does not take -ex: -ex tunes PRISM's engines"},
		{[]string{"blame", cpd, "-exportmodel", "x.all"}, "onus blame does not take -exportmodel: -exportmodel is PRISM's switch: onus export MODEL --dir DIR"},
		{[]string{"check", cpd, props, "-simpath", "10", "p.txt"}, "onus simulate MODEL --steps N --out FILE"},
		{[]string{"check", cpd, props, "-sim"}, "-sim is a PRISM switch onus does not support"},
		{[]string{"check", cpd, props, "-frobnicate"}, "flag provided but not defined: -frobnicate (see onus help check)"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args[3:], " "), func(t *testing.T) {
			code, _, errs := onus(t, c.args...)
			if code != exitBadInput || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 with %q", code, errs, c.want)
			}
		})
	}
}
