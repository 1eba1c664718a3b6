package ltlf

import "testing"

// TestNormalForm checks the simplifications that keep progression finite:
// equal formulas share one id, and the dual laws hold on ids.
func TestNormalForm(t *testing.T) {
	f := NewFactory()
	p, q := f.Atom(0), f.Atom(1)
	cases := []struct {
		name      string
		got, want int32
	}{
		{"and commutes", f.And(p, q), f.And(q, p)},
		{"or absorbs", f.Or(p, f.And(p, q)), p},
		{"double negation", f.Not(f.Not(p)), p},
		{"p and not p", f.And(p, f.Not(p)), False},
		{"F of true", f.Temporal(F, 3, 0, True), True},
		{"F<=0 is now", f.Temporal(F, 0, 0, p), p},
		{"not F is G not", f.Not(f.Temporal(F, 2, 0, p)), f.Temporal(G, 2, 0, f.Not(p))},
		{"F bounds merge in or", f.Or(f.Temporal(F, 2, 0, p), f.Temporal(F, 5, 0, p)), f.Temporal(F, 5, 0, p)},
		{"G bounds merge in and", f.And(f.Temporal(G, 2, 0, p), f.Temporal(G, 5, 0, p)), f.Temporal(G, 5, 0, p)},
		{"weak next of true", f.Next(True, true), True},
		{"strong next of false", f.Next(False, false), False},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("got formula %d, want %d", c.got, c.want)
			}
		})
	}
}

// TestClassify checks the co-safe/safety split of unbounded operators.
func TestClassify(t *testing.T) {
	f := NewFactory()
	p, q := f.Atom(0), f.Atom(1)
	cases := []struct {
		name         string
		id           int32
		coSafe, safe bool
	}{
		{"F", f.Temporal(F, Unbounded, 0, p), true, false},
		{"G", f.Temporal(G, Unbounded, 0, p), false, true},
		{"bounded U", f.Temporal(U, 4, p, q), true, true},
		{"F and G", f.And(f.Temporal(F, Unbounded, 0, p), f.Temporal(G, Unbounded, 0, q)), false, false},
		{"not F", f.Not(f.Temporal(F, Unbounded, 0, p)), false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cs, s := f.Classify(c.id)
			if cs != c.coSafe || s != c.safe {
				t.Errorf("Classify = (%v, %v), want (%v, %v)", cs, s, c.coSafe, c.safe)
			}
		})
	}
}
