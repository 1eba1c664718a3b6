package ltlf

import (
	"fmt"
	"testing"
)

// bits is a set of game states given by a bit mask.
type bits uint

func (b bits) Has(s int) bool { return b&(1<<uint(s)) != 0 }

// TestAnchorAgrees checks that deadlines decide every history as the
// relative bounds do: all histories of length up to 6 over three states,
// where atom 0 holds in states 1 and 2 and atom 1 in state 2, for formulas
// with bounded operators at known positions (top level, under X, in
// boolean combinations with unbounded and nested bounded ones).
func TestAnchorAgrees(t *testing.T) {
	f := NewFactory()
	p, q := f.Atom(0), f.Atom(1)
	formulas := map[string]int32{
		"F<=2 q":                f.Temporal(F, 2, 0, q),
		"G<=3 p":                f.Temporal(G, 3, 0, p),
		"p U<=2 q":              f.Temporal(U, 2, p, q),
		"p W<=3 q":              f.Temporal(W, 3, p, q),
		"p R<=2 q":              f.Temporal(R, 2, p, q),
		"X F<=1 q":              f.Next(f.Temporal(F, 1, 0, q), false),
		"WX G<=2 p":             f.Next(f.Temporal(G, 2, 0, p), true),
		"F<=1 q | G<=4 p":       f.Or(f.Temporal(F, 1, 0, q), f.Temporal(G, 4, 0, p)),
		"F<=3 q & !G<=2 p":      f.And(f.Temporal(F, 3, 0, q), f.Not(f.Temporal(G, 2, 0, p))),
		"G<=3 F<=1 q":           f.Temporal(G, 3, 0, f.Temporal(F, 1, 0, q)),
		"F q & G<=2 p":          f.And(f.Temporal(F, Unbounded, 0, q), f.Temporal(G, 2, 0, p)),
		"F<=1 p & F<=2 p":       f.And(f.Temporal(F, 1, 0, p), f.Temporal(F, 2, 0, p)),
		"X (p U<=1 q) | F<=2 q": f.Or(f.Next(f.Temporal(U, 1, p, q), false), f.Temporal(F, 2, 0, q)),
	}
	atoms := []StateSet{bits(0b110), bits(0b100)}
	for name, id := range formulas {
		t.Run(name, func(t *testing.T) {
			rel := NewAutomaton(f, id, atoms, 3)
			abs := NewAutomaton(f, f.Anchor(id), atoms, 3)
			for n := 1; n <= 6; n++ {
				// AnchorWithin for the horizon of these histories (n states:
				// positions 0 to n-1), where deadlines at or past it are
				// unbounded operators.
				var within *Automaton
				if n >= 2 {
					within = NewAutomaton(f, f.AnchorWithin(id, int32(n-1)), atoms, 3)
				}
				forHistories(n, 3, func(h []int) {
					want := run(rel, h, false)
					if got := run(abs, h, true); got != want {
						t.Errorf("history %v: deadlines say %v, relative bounds %v", h, got, want)
					}
					if within != nil {
						if got := run(within, h, true); got != want {
							t.Errorf("history %v: anchored within %d says %v, relative bounds %v", h, n-1, got, want)
						}
					}
				})
			}
		})
	}
}

// run decides history h on automaton a; with deadlines the step counter
// picks Prog or ProgDue.
func run(a *Automaton, h []int, deadlines bool) bool {
	q := a.Init()
	for t, s := range h[:len(h)-1] {
		if deadlines && int(a.Due(q)) < t {
			panic(fmt.Sprintf("state %d reached at step %d after its due position %d", q, t, a.Due(q)))
		}
		if deadlines && int(a.Due(q)) == t {
			q = a.ProgDue(q, a.Letter(s))
		} else {
			q = a.Prog(q, a.Letter(s))
		}
	}
	return a.Final(q, a.Letter(h[len(h)-1]))
}

func forHistories(n, states int, f func([]int)) {
	h := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(h)
			return
		}
		for s := 0; s < states; s++ {
			h[i] = s
			rec(i + 1)
		}
	}
	rec(0)
}

// TestAnchorWithinUnbounds checks that AnchorWithin makes an operator
// whose deadline is at or past the horizon the unbounded one, with no Due
// position, and keeps the others' deadlines.
func TestAnchorWithinUnbounds(t *testing.T) {
	f := NewFactory()
	p, q := f.Atom(0), f.Atom(1)
	cases := []struct {
		name      string
		id        int32
		T         int32
		unbounded int32 // the formula expected, or -1: a deadline (Due = want)
		due       int32
	}{
		{"F<=5 q within 5", f.Temporal(F, 5, 0, q), 5, f.Temporal(F, Unbounded, 0, q), NoDue},
		{"F<=5 q within 9", f.Temporal(F, 5, 0, q), 9, -1, 5},
		{"X F<=3 q within 4", f.Next(f.Temporal(F, 3, 0, q), false), 4, f.Next(f.Temporal(F, Unbounded, 0, q), false), NoDue},
		{"p U<=7 q within 3", f.Temporal(U, 7, p, q), 3, f.Temporal(U, Unbounded, p, q), NoDue},
		{"G<=2 p within 3", f.Temporal(G, 2, 0, p), 3, -1, 2},
	}
	atoms := []StateSet{bits(0b110), bits(0b100)}
	for _, c := range cases {
		got := f.AnchorWithin(c.id, c.T)
		if c.unbounded >= 0 && got != c.unbounded {
			t.Errorf("%s: formula %d, want %d", c.name, got, c.unbounded)
		}
		if d := NewAutomaton(f, got, atoms, 3).Due(got); d != c.due {
			t.Errorf("%s: Due %d, want %d", c.name, d, c.due)
		}
	}
}

// TestAnchorStates checks that a deadline keeps the automaton small: F<=k
// with a deadline has two residuals whatever k (itself and true).
func TestAnchorStates(t *testing.T) {
	f := NewFactory()
	for _, k := range []int32{5, 1000, 1_000_000} {
		id := f.Anchor(f.Temporal(F, k, 0, f.Atom(0)))
		a := NewAutomaton(f, id, []StateSet{bits(0b10)}, 2)
		seen := map[int32]bool{}
		q := id
		for t := int32(0); t < k && !seen[q]; t++ {
			seen[q] = true
			q = a.Prog(q, a.Letter(0))
		}
		if len(seen) != 1 || q != id {
			t.Errorf("k=%d: %d residuals on a history without the atom, want 1", k, len(seen))
		}
		if got := a.Due(id); got != k {
			t.Errorf("k=%d: due at %d", k, got)
		}
		if r := a.ProgDue(id, a.Letter(0)); r != False {
			t.Errorf("k=%d: the closing window without the atom gives %d, want false", k, r)
		}
	}
}
