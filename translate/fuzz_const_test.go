package translate

import (
	"math"
	"regexp"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// wideRange finds ranges whose expansion would take long (an int range of
// millions of values is expanded eagerly: docs/KNOWN-ISSUES.md).
var wideRange = regexp.MustCompile(`:[^,]*[0-9]{6,}`)

// FuzzParseConstSpecs: any --const value is parsed or refused, never a
// panic; parsed constants have valid names, at least one value each, and
// finite numbers of one type.
//
//	go test ./translate -run '^$' -fuzz FuzzParseConstSpecs -fuzztime 1m
func FuzzParseConstSpecs(f *testing.F) {
	for _, s := range []string{"k=2", "t=1:20,x=0.5,b=true", "N=1:2:9", "p=0.1:0.1:0.5", "a=-3", " n = 4 , m=false ",
		"x=1e3", "y=.5", "k=", "=1", "k=1,k=2", "k=1:0", "k=1:-1:5", "k=true:false", "k=1:2:3:4", "k=NaN", "k=Inf", "é=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if wideRange.MatchString(s) {
			t.Skip("a wide range")
		}
		specs, err := ParseConstSpecs(s)
		if err != nil {
			return
		}
		for _, sp := range specs {
			if !isIdent(sp.Name) || len(sp.Values) == 0 {
				t.Fatalf("%q: constant %q with %d values", s, sp.Name, len(sp.Values))
			}
			for _, v := range sp.Values {
				if v.Type != sp.Values[0].Type && v.Type != prism.TDouble && sp.Values[0].Type != prism.TDouble {
					t.Fatalf("%q: values of %s have types %s and %s", s, sp.Name, sp.Values[0].Type, v.Type)
				}
				if v.Type == prism.TDouble && (math.IsNaN(v.F) || math.IsInf(v.F, 0)) {
					t.Fatalf("%q: %s = %v", s, sp.Name, v.F)
				}
			}
		}
	})
}
