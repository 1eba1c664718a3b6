package translate

import "testing"

// FuzzParseConstSpecs: any --const text is parsed or refused without a
// panic, and a parsed range gives its first and last values and a sweep
// without expanding anything.
func FuzzParseConstSpecs(f *testing.F) {
	for _, s := range []string{"k=2", "k=2,t=1:4", "t=0:2:7", "b=true", "x=0.1:0.2:0.5", "N=1:1000000000",
		"x=0:1e-300:1", "a=-2147483648:2147483647,b=-2147483648:2147483647", "k=1:0", "x=1e308:1e308:1.7e308"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		specs, err := ParseConstSpecs(s)
		if err != nil {
			return
		}
		for _, sp := range specs {
			if sp.Len() < 1 {
				t.Fatalf("%q: %s has %d values", s, sp.Name, sp.Len())
			}
			_, _ = sp.At(0), sp.At(sp.Len()-1)
		}
		if w, err := NewSweep(specs); err == nil && w.Len() > 0 {
			_, _ = w.At(0), w.At(w.Len()-1)
		}
	})
}
