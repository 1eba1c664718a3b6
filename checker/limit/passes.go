package limit

// This file holds the share of the budget of SetWork that the passes over
// histories (package hist) and the sweeps of the constants draw on. A
// pass steps through its horizon one layer at a time, and a sweep builds
// one model per assignment; both count against the same --max-steps
// budget as the step-bounded operators, and both are refused at once,
// before any work, when their length alone exceeds what is left of it.

// What the passes and the sweeps count, as their Errors name it.
const (
	WhatPassSteps   = "steps of the passes over histories (a horizon that long needs as many)"
	WhatSweepPoints = "assignments of the sweep of the constants (one step each)"
)

// Left returns what is left of the budget of SetWork, or -1 when there is
// no budget.
func Left() int64 {
	m := work.maxSteps.Load()
	if m <= 0 {
		return -1
	}
	return max(m-work.used.Load(), 0)
}

// Reserve returns an *Error naming what when n steps of it alone exceed
// what is left of the budget, and nil otherwise; it counts nothing, so
// that work which stops early pays only the steps it takes.
func Reserve(n int64, what string) *Error {
	if l := Left(); l >= 0 && n > l {
		return &Error{What: what, Limit: int(work.maxSteps.Load()), Setting: SettingMaxSteps}
	}
	return nil
}

// PassStep counts one step of a pass over histories (one layer of a walk,
// however many coalitions share it) as Step does, naming the passes when
// the budget is spent.
func PassStep() { stepN(1, WhatPassSteps) }

// BeginPass refuses, with a panic carrying an *Error, a pass over
// histories of horizon T when T alone exceeds what is left of the budget.
func BeginPass(T int) {
	if err := Reserve(int64(T), WhatPassSteps); err != nil {
		panic(err)
	}
}

// Sweep counts the n assignments of a sweep of the constants, one step
// each, and returns an *Error, counting nothing, when they exceed what is
// left of the budget. A sweep of one assignment is no sweep and is free.
func Sweep(n int) error {
	if n <= 1 {
		return nil
	}
	if err := Reserve(int64(n), WhatSweepPoints); err != nil {
		return err
	}
	work.used.Add(int64(n))
	return nil
}
