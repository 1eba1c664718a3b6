package prism

import "testing"

// FuzzCheck feeds mutated models and properties through the parser and the
// checker: whatever parses must be checked without a panic.
func FuzzCheck(f *testing.F) {
	for _, tc := range modelErrorTests {
		f.Add(tc.src, "")
	}
	for _, tc := range propsErrorTests {
		f.Add(tc.model, tc.props)
	}
	f.Fuzz(func(t *testing.T, model, props string) {
		fset := NewFileSet()
		m, err := ParseModel(fset, "m.prism", model)
		if err != nil {
			return
		}
		_ = CheckModel(fset, m)
		_ = ActionsOf(m)
		p, err := ParseProps(fset, "p.props", props)
		if err != nil {
			return
		}
		_ = CheckProps(fset, m, p)
		for _, d := range p.Plans {
			_ = CheckPlan(fset, m, d)
		}
	})
}
