package prism

import "strings"

// String returns the property as written (or printed, for a tree built by
// hand), after its name if it has one: "name": text.
func (p *Property) String() string {
	t := strings.TrimSpace(p.Text)
	if t == "" {
		t = ExprString(p.Expr)
	}
	if p.Name != "" && !strings.HasPrefix(t, `"`) {
		t = `"` + p.Name + `": ` + t
	}
	return t
}
