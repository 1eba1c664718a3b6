package onus

import (
	"time"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Options say what to load with a model and how to check its properties.
// The zero value loads the model alone and checks as `onus check` does
// without options.
type Options struct {
	// Props lists props files read with the model by Load and LoadString:
	// their constants, labels, plans and behaviours serve every property
	// checked, and their properties are those CheckAll checks.
	Props []string

	// Const gives the undefined constants of the model and props files
	// their values, by name. A value is an int, a float64, a bool, a
	// *big.Rat (exact), or a string in PRISM's syntax ("3", "0.5",
	// "true"). A sweep checks every combination of several values: a
	// []int, []float64 or []any of values, or a string range "LO:HI" or
	// "LO:STEP:HI" as PRISM's -const takes it. Constants vary in name
	// order, the first slowest.
	Const map[string]any

	// Plans declares more plans, by name, in the plan syntax of props
	// files ("[*]^(t-1) [c1,c2]", or @"run.txt" for a trace), as
	// `plan NAME = PLAN;` would (Load and LoadString; New takes them
	// parsed). A position in one of them reads Plans["NAME"]:LINE:COL.
	Plans map[string]string

	// Behaviours names a file whose behaviour declarations
	// (`behaviour p1 { d1 : 1/4, c1 : 3/4 };`) replace those of the props
	// files for the same players; its other items are not read (Load and
	// LoadString; see ReplaceBehaviours).
	Behaviours string

	// Horizon is the horizon T of every finite-history query; 0 derives
	// it from the plan's length and the outcome's depth.
	Horizon int
	// OutcomeFrom is 0 to judge outcomes from the initial state, 1 to
	// judge them on the states the plan produces.
	OutcomeFrom int
	// Exact also computes probabilities, degrees and indices as exact
	// rationals (Result.Exact, Degrees.ProbExact, ...).
	Exact bool
	// Explain justifies each qualitative verdict with a witness plan or
	// a counterexample history (Result.Explain).
	Explain bool
	// Strategies also gives each coalition query's optimal strategy
	// profile (Result.Strategy), as onus prism -exportstrat writes it.
	Strategies bool
	// Unavailable says what a plan means where a player cannot take its
	// planned action: drop such histories from Compat_J(π) (the default,
	// the paper's definition) or let the player act as β says
	// (checker.UnavailableFree); see docs/guide/plans.md.
	Unavailable checker.Unavailable

	// MaxStates bounds the states of the model and of each product built
	// to check it (0: translate.DefaultMaxStates); MaxTransitions the
	// model's transitions (0: translate.DefaultMaxTransitions); MaxMemory
	// the bytes that building the model, or a product and its passes, may
	// hold (0: no limit). Beyond a limit, an error for which IsLimit is
	// true.
	MaxStates      int
	MaxTransitions int
	MaxMemory      int64

	// MaxSteps bounds the iterations of step-bounded operators (F<=k,
	// C<=k, I=k) and bounded equilibria over all the properties of one
	// call of CheckAll, Check, CheckFile or CheckString (0:
	// limit.DefaultMaxSteps, 10^6); an iteration is one step over every
	// state (and an equilibrium's stage game at each state), and one
	// whose values stop changing ends the loop early. The same budget
	// counts the steps of the passes over histories (one per step of the
	// horizon) and the assignments of a sweep (one each); a pass or a
	// sweep longer than what is left of it is refused before it starts.
	// Timeout bounds the time of such a call (0: none), checked by those
	// loops and by the passes over histories. Beyond either, an error
	// for which IsLimit is true. The limit is the process's: calls
	// running at the same time share it, and a Build's Check and
	// CheckProperty run under the one the last such call set (none
	// before). See docs/guide/limits.md.
	MaxSteps int64
	Timeout  time.Duration

	// Progress, when set, receives how far a query has got once it has
	// run longer than progress.Delay (2 s), a few times a second: the
	// step of its passes over the horizon. onus check shows it on a
	// terminal.
	Progress progress.Func
	// ProgressDelay is how long a query runs before Progress receives
	// its statuses (0: progress.Delay, 2 s).
	ProgressDelay time.Duration
}

// checkerConfig is the checker's configuration: the settings of opts and
// the plans and behaviours of props. A new setting of the checker is a
// field of Options and a line here.
func (opts *Options) checkerConfig(props *prism.PropsFile) checker.Config {
	plans := map[string]*prism.Plan{}
	for _, d := range props.Plans {
		plans[d.Name.Name] = d.Plan
	}
	return checker.Config{
		Horizon:       opts.Horizon,
		OutcomeFrom:   opts.OutcomeFrom,
		Exact:         opts.Exact,
		Explain:       opts.Explain,
		Strategies:    opts.Strategies,
		Unavailable:   opts.Unavailable,
		Progress:      opts.Progress,
		ProgressDelay: opts.ProgressDelay,
		MaxProduct:    opts.MaxStates,
		MaxMemory:     opts.MaxMemory,
		Plans:         plans,
		Behaviours:    props.Behaviours,
	}
}

// buildMeter is the progress meter of one model construction (nil
// without Options.Progress): shown once construction has run longer
// than ProgressDelay, as a query's.
func (opts *Options) buildMeter() *progress.Meter {
	delay := opts.ProgressDelay
	if delay <= 0 {
		delay = progress.Delay
	}
	return progress.StartAfter(opts.Progress, delay)
}

// BuildProgress turns model construction's statuses into progress
// statuses for a meter.
func BuildProgress(st translate.BuildStatus) progress.Status {
	task, detail, step, steps := st.Words()
	return progress.Status{Task: task, Detail: detail, Step: step, Steps: steps}
}

// buildConfig is the configuration of translate.Build for one assignment
// of the constants.
func (opts *Options) buildConfig(consts Constants) translate.Config {
	return translate.Config{
		Consts:         consts,
		Exact:          opts.Exact,
		MaxStates:      opts.MaxStates,
		MaxTransitions: opts.MaxTransitions,
		MaxMemory:      opts.MaxMemory,
	}
}
