package checker

import (
	"errors"
	"fmt"
	"github.com/onus-mc/onus/checker/progress"
	"math/big"
	"slices"
	"sync/atomic"
	"time"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Env gives the checker what depends on the model's source.
type Env interface {
	// StateSet returns the states satisfying an atom: a label ("x") or a
	// boolean expression over variables.
	StateSet(e prism.Expr) (translate.Bitset, error)
	// EvalConst evaluates a constant expression (plan repeat counts,
	// behaviour weights, bounds).
	EvalConst(e prism.Expr) (translate.Value, error)
}

// Config holds the options of a check.
type Config struct {
	Horizon     int                    // --horizon; 0: derive (SPEC §2)
	OutcomeFrom int                    // 0 or 1 (SPEC §3)
	Exact       bool                   // also compute exact rationals
	Plans       map[string]*prism.Plan // named plans (props file and --plan)
	Behaviours  []*prism.BehaviourDecl // weights (SPEC §2); none: uniform
	MaxProduct  int                    // 0: 10,000,000 product states; beyond: *LimitError
	MaxMemory   int64                  // bytes the product and passes may hold (--max-memory, hist/budget.go); 0: no limit
	Explain     bool                   // justify qualitative verdicts (Result.Explain, SPEC §10.3)
	// Strategies gives coalition queries' optimal strategies
	// (Result.Strategy) and records the strategy profile behind
	// equilibrium answers (Result.Equilibrium.Profile, for
	// equil.WriteStrategy); Explain records the profile too, with its
	// certificate.
	Strategies bool
	// Unavailable says what a plan means where a player cannot take its
	// planned action (docs/guide/plans.md): drop such histories from Compat_J(π)
	// (the default) or let the player act as β says (free).
	Unavailable Unavailable
	// Progress receives, for a query that runs longer than
	// progress.Delay, how far its passes have got (nil: nobody).
	Progress progress.Func
	// ProgressDelay is how long a query runs before Progress receives
	// its statuses (0: progress.Delay).
	ProgressDelay time.Duration
}

// DefaultMaxProduct is the product-state limit used when Config.MaxProduct is 0.
const DefaultMaxProduct = 10_000_000

// ResultKind says which fields of a Result hold the value.
type ResultKind int

// Result kinds.
const (
	KindBool    ResultKind = iota // Bool
	KindNumber                    // Number (and Exact)
	KindCount                     // Count
	KindDegrees                   // Degrees
	KindPower                     // Power
	KindRange                     // Range: filter(range, …) or a number over several initial states
)

func (k ResultKind) String() string {
	switch k {
	case KindBool:
		return "bool"
	case KindNumber:
		return "number"
	case KindCount:
		return "count"
	case KindDegrees:
		return "degrees"
	case KindPower:
		return "power"
	case KindRange:
		return "range"
	}
	return "?"
}

// Result is the value of a property at the initial state.
type Result struct {
	Kind   ResultKind
	Bool   bool
	Number float64  // P=?, H=?, Hinf=?, and single degrees (#=?, P=?, H=? of CAR/CPR/CCR)
	Exact  *big.Rat // Number exactly, when Config.Exact and rational (nil otherwise; for P on infinite paths and S, nil too when the chain is beyond the exact solve's limit, a note says so)
	Count  *big.Int // metric #=?, and int values (filter count, sums of ints)
	Range  *Range   // KindRange
	// Log holds what PRISM prints while checking: the lines of filters
	// (print, printall, min, …) and of the default filter.
	Log     []string
	Degrees *Degrees // the `=?` form: all three
	Power   *Power   // the `=?` form of SHAPLEY and BANZHAF: count, prob and avoid
	Horizon int      // the horizon T used (0 if none, e.g. P on infinite paths)
	// HasHorizon says that the result was judged on histories of length
	// Horizon (a finite-history query), so that a horizon of 0 is told
	// apart from no horizon at all (pATL, P on infinite paths, Hinf).
	HasHorizon bool
	// Explain justifies a qualitative verdict (Config.Explain only): the
	// boolean responsibility operators, their bounds and <<A>> [ψ].
	Explain *Explanation
	// Strategy is, with Config.Strategies, an optimal strategy profile
	// behind a coalition query; NoStrategy says why there is none for a
	// coalition query onus cannot give one for.
	Strategy   *Strategy
	NoStrategy string
	// Notes are remarks on how the value was computed: plans that cannot
	// always be followed (docs/guide/plans.md) and players a plan step leaves free
	// without saying so.
	Notes []Note
	// Equilibrium details an equilibrium query's answer: the coalitions'
	// values and, under Config.Explain, the profile and its certificate.
	Equilibrium *Equilibrium
}

// Range is an interval of values [Lo, Hi]; Int says that they are ints.
type Range struct {
	Lo, Hi float64
	Int    bool
}

// Degrees holds the three degrees of a responsibility operator.
type Degrees struct {
	Count, Prob, Entropy float64
	// ProbExact only when Config.Exact; CountExact when Config.Exact, or
	// when the counts it divides are below 2^53 (larger counts are carried
	// in floating point, docs/guide/precision.md).
	CountExact, ProbExact *big.Rat
}

// LimitError reports that a resource limit was exceeded (CLI exit code 3).
// Its fields are What (what grew too large, e.g. "product states") and
// Limit.
type LimitError = limit.Error

// Checker evaluates properties on one game. It is not safe for concurrent use.
type Checker struct {
	fset *prism.FileSet
	g    *translate.Game
	env  Env
	cfg  Config

	nplayers  int
	beta      []float64  // β(s)(α) per choice
	betaRat   []*big.Rat // exact β per choice (Config.Exact only)
	probRat   []*big.Rat // exact transition probabilities (Config.Exact only)
	chainGame int8       // the game has one choice per state at most: 1 yes, 2 no, 0 not known yet
	// steadyRat: S's exact values per operator (nil values: not exact)
	steadyRat map[*prism.ProbOp][]*big.Rat

	hist *hist.Model // the game with β, for the passes (made by New; β by profile)
	// profiled says that β is computed and set in hist (profile).
	profiled bool
	fac      *ltlf.Factory
	autos    map[autoKey]*hist.Product
	// stepPos holds the position of each resolved plan step, for errors.
	stepPos map[*hist.Step]prism.Pos
	// omitted holds the players a csg plan step leaves free by naming no
	// action of theirs (notes.go).
	omitted map[*prism.PlanStep][]int
	notes   []Note          // the notes of the current call (notes.go)
	noted   map[string]bool // their messages

	patl map[*prism.Strategy]translate.Bitset // coalition operators' state sets (patl.go)
	log  []string                             // lines logged by the property being checked (filter.go)
	inf  *infState                            // P on infinite paths: the induced chain (pinf.go)

	steady map[*prism.ProbOp][]float64 // S operators' values per state (steady.go)

	// phase names the part of a long query that is running (a string; ""
	// or unset: none), between the query and the task in progress lines.
	phase atomic.Value
}

// New prepares a checker for game g. It resolves the behaviour profile
// (SPEC §2) and reports behaviour errors. Without behaviour declarations
// (the uniform profile, which has no errors) the profile is computed only
// once a query needs it: pATL, equilibria and onus locate never do, and it
// takes about a second at 10^6 states. Its computation reads the deadline
// (--timeout, Ctrl-C): New then returns the *LimitError.
func New(fset *prism.FileSet, g *translate.Game, env Env, cfg Config) (*Checker, error) {
	if g == nil {
		return nil, fmt.Errorf("checker: no game")
	}
	if cfg.MaxProduct <= 0 {
		cfg.MaxProduct = DefaultMaxProduct
	}
	if fset == nil {
		fset = prism.NewFileSet()
	}
	c := &Checker{
		fset:     fset,
		g:        g,
		env:      env,
		cfg:      cfg,
		nplayers: len(g.Players),
		fac:      ltlf.NewFactory(),
		autos:    map[autoKey]*hist.Product{},
		stepPos:  map[*hist.Step]prism.Pos{},
		omitted:  map[*prism.PlanStep][]int{},
	}
	c.hist = hist.NewModel(g, hist.Config{Exact: cfg.Exact, ExactCounts: cfg.Exact, MaxProduct: cfg.MaxProduct, MaxMemory: cfg.MaxMemory})
	if slices.ContainsFunc(cfg.Behaviours, func(d *prism.BehaviourDecl) bool { return d != nil }) {
		// Declared weights may be wrong: their errors are New's.
		if err := c.profileNow(); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// profileNow is profile returning a limit (the deadline) as its error.
func (c *Checker) profileNow() (err error) {
	defer settle(&err)
	return c.profile()
}

// profile computes the behaviour profile, once, and gives it to the
// passes' model. It stops, with a panic carrying a *LimitError, at the
// deadline (a failed computation is made again at the next call).
func (c *Checker) profile() error {
	if c.profiled {
		return nil
	}
	if err := c.initBehaviour(); err != nil {
		return err
	}
	c.hist.SetBehaviour(c.beta, c.betaRat, c.probRat)
	c.profiled = true
	return nil
}

// needProfile is profile where a query needs β. Only declared weights can
// be in error, and New has computed their profile, so none is left here.
func (c *Checker) needProfile() {
	if err := c.profile(); err != nil {
		panic(fmt.Sprintf("checker: behaviour error after New: %v", err))
	}
}

// exactProbs returns the game's transition probabilities as exact
// rationals under Config.Exact (made with the behaviour profile, which it
// computes if no query has yet), else nil.
func (c *Checker) exactProbs() []*big.Rat {
	if !c.cfg.Exact {
		return nil
	}
	c.needProfile()
	return c.probRat
}

// errAt returns a one-entry prism.ErrorList positioned at p.
func (c *Checker) errAt(p prism.Pos, format string, args ...any) error {
	var l prism.ErrorList
	l.Addf(c.fset, p, format, args...)
	return l
}

// hintAt is errAt for an error about one of the caller's settings (a
// prism.Hint): the message says it in words of no particular front end.
func (c *Checker) hintAt(p prism.Pos, h *prism.Hint, format string, args ...any) error {
	var l prism.ErrorList
	l.AddHint(c.fset.Position(p), h, fmt.Sprintf(format, args...))
	return l
}

// wrapErr positions an error from the environment at p unless it already
// carries positions.
func (c *Checker) wrapErr(p prism.Pos, err error) error {
	switch err.(type) {
	case prism.ErrorList, *LimitError:
		return err
	case *prism.Error:
		return prism.ErrorList{err.(*prism.Error)}
	}
	return c.errAt(p, "%v", err)
}

// settle is deferred by the checker's entry points: a planError becomes
// its positioned ErrorList, and a *LimitError panic (raised deep inside a
// pass when the product outgrows Config.MaxProduct) becomes the returned
// error. Any other panic is a bug and goes on.
func settle(err *error) {
	if r := recover(); r != nil {
		le, ok := r.(*LimitError)
		if !ok {
			panic(r)
		}
		*err = le
		return
	}
	if pe, ok := (*err).(planError); ok {
		*err = pe.ErrorList
	}
}

// Check evaluates property e at the single initial state of the game.
func (c *Checker) Check(e prism.Expr) (res *Result, err error) {
	c.resetNotes()
	defer c.startProgress(prism.ExprString(e))(&err)
	res, err = c.check(e)
	if res != nil {
		res.Notes = c.Notes()
	}
	return res, err
}

// startProgress makes the passes of the query report their progress to
// Config.Progress, each status prefixed with the query; the function it
// returns ends that and, when the query was stopped by a limit (*err a
// *LimitError), words in the error's During what was running and how
// far it had got.
func (c *Checker) startProgress(query string) func(err *error) {
	_, end := c.trackProgress(query)
	return end
}

// trackProgress is startProgress that also returns the meter the query's
// searches report to (onus locate's, which are not passes).
func (c *Checker) trackProgress(query string) (*progress.Meter, func(err *error)) {
	short := query
	if len(short) > 60 {
		short = short[:57] + "..."
	}
	c.setPhase("")
	label := func(s progress.Status) progress.Status {
		if ph, _ := c.phase.Load().(string); ph != "" {
			s.Task = ph + ": " + s.Task
		}
		return s
	}
	var show progress.Func
	if f := c.cfg.Progress; f != nil {
		show = func(s progress.Status) {
			if !s.Done {
				s.Task = short + ": " + s.Task
			}
			f(s)
		}
	}
	delay := progressDelay
	if c.cfg.ProgressDelay > 0 {
		delay = c.cfg.ProgressDelay
	}
	m := progress.Track(show, delay, label)
	c.hist.SetMeter(m)
	return m, func(err *error) {
		m.Finish()
		c.hist.SetMeter(nil)
		c.setPhase("")
		var le *LimitError
		if err == nil || !errors.As(*err, &le) || le.During != "" {
			return
		}
		le.During = query
		if s, ok := m.Last(); ok {
			le.During += ": " + s.String()
		}
	}
}

// progressDelay is how long a query runs before its progress is shown
// (tests set 0).
var progressDelay = progress.Delay

// setPhase names the part of the query that runs next in its progress
// lines, e.g. "loss notes" ("": none).
func (c *Checker) setPhase(ph string) { c.phase.Store(ph) }

// inPhase names the part of the query that runs until the function it
// returns is called, which restores the name before.
func (c *Checker) inPhase(ph string) func() {
	old, _ := c.phase.Load().(string)
	c.setPhase(ph)
	return func() { c.setPhase(old) }
}

func (c *Checker) check(e prism.Expr) (res *Result, err error) {
	defer settle(&err)
	e = prism.Unparen(e)
	if e == nil {
		return nil, c.errAt(prism.NoPos, "no property to check")
	}
	if m, ok := isMulti(e); ok {
		return c.checkMulti(m)
	}
	if c.needsVectors(e) {
		return c.checkVector(e)
	}
	if len(c.g.Initial) != 1 {
		if len(c.g.Initial) == 0 {
			return nil, c.errAt(safePos(e), "the model has no initial state")
		}
		return nil, c.errAt(safePos(e), "the model has %d initial states; %s", len(c.g.Initial), severalInitial(e))
	}
	init := int(c.g.Initial[0])
	switch x := e.(type) {
	case *prism.Resp:
		if x.Kind.IsPower() {
			return c.checkPower(x, init)
		}
		return c.checkResp(x, init)
	case *prism.Metric:
		return c.checkMetric(x, init)
	case *prism.Strategy:
		res, err := c.checkStrategy(x, init)
		if err == nil && c.cfg.Explain && x.Certain {
			res.Explain = c.explainCertain(x, res.Bool)
		}
		return res, err
	case *prism.RewardOp:
		if x.Rel == prism.RelMaxQuery || x.Rel == prism.RelMinQuery || c.g.Type == prism.TypeDTMC {
			return c.checkOptReward(x, init)
		}
		if x.Rel == prism.RelQuery {
			return nil, c.errAt(x.OpPos, `Can't use "R=?" for nondeterministic models; use "Rmin=?" or "Rmax=?"`)
		}
	case *prism.ProbOp:
		if x.Kind == 'S' {
			return c.checkSteady(x, init)
		}
		if x.Kind == 'P' && x.Filter == nil && (x.Rel == prism.RelQuery || !x.Rel.IsQuery()) {
			return c.checkProb(x, init)
		}
		if x.Kind == 'P' && x.Filter == nil && (x.Rel == prism.RelMaxQuery || x.Rel == prism.RelMinQuery) {
			return c.checkOptProb(x, init)
		}
	}
	if err := c.unsupported(e); err != nil {
		return nil, err
	}
	b, err := c.evalAt(e, init, false)
	if err != nil {
		return nil, err
	}
	return &Result{Kind: KindBool, Bool: b}, nil
}

// severalInitial says why a property cannot be checked on a model with
// several initial states, in the words of the property's kind.
func severalInitial(e prism.Expr) string {
	switch e.(type) {
	case *prism.Resp:
		return "responsibility queries are judged from exactly one (docs/guide/models.md#model-types-and-players)"
	case *prism.Metric:
		return "metric queries are judged from exactly one (docs/guide/models.md#model-types-and-players)"
	}
	return "responsibility, metric and P=? queries on histories are judged from exactly one"
}

// safePos returns e's position, or NoPos where a hand-built tree lacks
// the operand its Position reads.
func safePos(e prism.Expr) (p prism.Pos) {
	defer func() {
		if recover() != nil {
			p = prism.NoPos
		}
	}()
	return e.Position()
}

// unsupported reports the first operator in e that onus does not check yet.
func (c *Checker) unsupported(e prism.Expr) error {
	var found error
	prism.Inspect(e, func(x prism.Expr) bool {
		if found != nil {
			return false
		}
		switch y := x.(type) {
		case *prism.Strategy:
			found = c.strategyUnsupported(y)
			return false
		case *prism.RewardOp:
			found = c.errAt(y.OpPos, "the reward operator R is not supported yet")
		case *prism.MultiNash:
			found = c.errAt(y.OpPos, "equilibrium queries inside other operators are not supported yet (only a whole property <<a:b>>max=?(...))")
		case *prism.Call:
			if y.Func == "multi" {
				found = c.errAt(y.FuncPos, "multi(...) is a whole property: it cannot be used inside other operators or expressions")
			}
		case *prism.ProbOp:
			switch {
			case y.Kind == 'S':
				found = c.steadyOpForm(y)
			case y.Kind != 'P':
				found = c.errAt(y.OpPos, "the path quantifier %c is not supported yet", y.Kind)
			case y.Filter != nil:
				found = c.errAt(y.OpPos, "filters inside P are not supported yet")
			case y.Rel.IsQuery() && y.Rel != prism.RelQuery:
				found = c.errAt(y.OpPos, "P%s is not supported yet", relString(y.Rel))
			}
		}
		return found == nil
	})
	return found
}

func relString(r prism.RelKind) string {
	return [...]string{"=?", "min=?", "max=?", "minmin=?", "minmax=?", "maxmin=?", "maxmax=?", "<", "<=", ">", ">="}[r]
}
