package resp

import (
	"iter"
	"slices"
)

// Plan is a full plan written compactly: Prefix, then Loop repeated
// Times times, then Suffix. A witness plan whose search stopped at a
// stationary level (witness.go) repeats a cycle of that level's links up
// to the horizon, which this form keeps in a few steps whatever the
// horizon; a plan with no repeated part has Loop nil and Times 0.
type Plan struct {
	Prefix, Loop, Suffix []FullStep
	Times                int
}

// Len is the number of steps of the plan.
func (p *Plan) Len() int {
	return len(p.Prefix) + len(p.Loop)*p.Times + len(p.Suffix)
}

// Expand returns the plan step by step, one FullStep per step (Len of
// them).
func (p *Plan) Expand() []FullStep {
	out := make([]FullStep, 0, p.Len())
	out = append(out, p.Prefix...)
	for range p.Times {
		out = append(out, p.Loop...)
	}
	return append(out, p.Suffix...)
}

// All yields the plan's steps with their positions, without expanding it.
func (p *Plan) All() iter.Seq2[int, FullStep] {
	return func(yield func(int, FullStep) bool) {
		t := 0
		each := func(steps []FullStep) bool {
			for _, st := range steps {
				if !yield(t, st) {
					return false
				}
				t++
			}
			return true
		}
		if !each(p.Prefix) {
			return
		}
		for range p.Times {
			if !each(p.Loop) {
				return
			}
		}
		each(p.Suffix)
	}
}

// Writable reports whether every step of the plan can be written as one
// plan step (see the function Writable).
func (p *Plan) Writable() bool {
	return Writable(p.Prefix) && Writable(p.Loop) && Writable(p.Suffix)
}

// fold moves copies of Loop at the end of Prefix and at the start of
// Suffix into Times: the same plan, with fewer steps kept.
func (p *Plan) fold() {
	c := len(p.Loop)
	if c == 0 {
		return
	}
	for len(p.Prefix) >= c && slices.EqualFunc(p.Prefix[len(p.Prefix)-c:], p.Loop, sameStep) {
		p.Prefix, p.Times = p.Prefix[:len(p.Prefix)-c], p.Times+1
	}
	for len(p.Suffix) >= c && slices.EqualFunc(p.Suffix[:c], p.Loop, sameStep) {
		p.Suffix, p.Times = p.Suffix[c:], p.Times+1
	}
}

// sameStep reports whether two full steps are the same.
func sameStep(a, b FullStep) bool {
	if !slices.Equal(a.Joint, b.Joint) || len(a.Names) != len(b.Names) {
		return false
	}
	for i := range a.Names {
		if (a.Names[i] == nil) != (b.Names[i] == nil) || !slices.Equal(a.Names[i], b.Names[i]) {
			return false
		}
	}
	return true
}
