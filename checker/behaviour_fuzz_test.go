package checker

import "testing"

// FuzzBehaviour reads mutated behaviour declarations (as in a props file
// or a --behaviour file) and runs a property that uses them on the CPD and
// on ruinSMG: any weights are used or refused, never a panic.
//
//	go test ./checker -run '^$' -fuzz FuzzBehaviour -fuzztime 1m
func FuzzBehaviour(f *testing.F) {
	for _, s := range []string{
		"behaviour p1 { d1 : 1/4, c1 : 3/4 };",
		"behaviour p2 { #1 : 1, #2 : 0 };\nbehaviour p1 { c1 : 2 };",
		"behaviour 1 { c1 : 0.5, d1 : 0.5 }",
		"behaviour a { up1 : 1e300, #2 : 1e300 };",
		"behaviour b { up2 : -1 };",
		"behaviour p1 { d1 : 0/0 };",
		"behaviour p1 { };",
		"behaviour p3 { x : 1 };",
		"const double w = 1/3;\nbehaviour p1 { c1 : w, d1 : 1-w };",
	} {
		f.Add(s)
	}
	models := []string{cpdSrc(f) + cpdRewards, ruinSMG + ruinExtras}
	f.Fuzz(func(t *testing.T, decls string) {
		if len(decls) > 300 || bigNumber.MatchString(decls) {
			t.Skip("too long to run quickly")
		}
		for _, model := range models {
			fuzzOne(t, model, decls+"\nP=? [ F<=2 \"reward\" ]\nCPR(1, [*])P=? [ X \"fine\" ]\n")
		}
	})
}
