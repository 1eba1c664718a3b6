package translate

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/prism"
)

// Model is a built model: the explicit game plus what is needed to evaluate
// state formulas of properties over it. Its methods are not safe for
// concurrent use; the Game is read-only and may be shared freely.
type Model struct {
	Game   *Game
	Fset   *prism.FileSet
	File   *prism.ModelFile
	Props  *prism.PropsFile // may be nil
	Consts map[string]Value // every constant of model and props, resolved

	b *builder
}

// builder holds everything derived from the syntax tree while a model is
// translated.
type builder struct {
	fset *prism.FileSet
	mf   *prism.ModelFile
	pf   *prism.PropsFile
	cfg  Config
	errs prism.ErrorList

	typ prism.ModelType // DTMC, MDP, SMG or CSG after normalisation

	constDecls  map[string]*prism.ConstDecl
	constOrder  []string
	constVals   map[string]Value
	constBusy   map[string]bool
	constFailed map[string]bool
	given       map[string]Value

	formulas      map[string]*prism.FormulaDecl
	formulaActive map[string]bool

	vars      []Var
	varDecls  []*prism.VarDecl
	varModule []int // owning module index, -1 for globals
	varIndex  map[string]int
	init      []int32

	modules     []*module
	actions     []string // 1-based, [0] = ""
	actionIndex map[string]int

	players     []string
	modOwner    []int // smg/csg: player owning each module, -1 if none
	actionOwner []int // smg: player owning each action ([a] items); csg: via modules

	labels  []clabel
	rewards []creward
}

// module is a module after renaming: the commands of its base with a
// renaming map applied when they are compiled.
type module struct {
	name   string
	pos    prism.Pos
	decls  []*prism.VarDecl
	ren    map[string]string
	src    []*prism.Command
	cmds   []*command
	alpha  map[int]bool // every label of every command
	byAct  map[int][]*command
	unlab  []*command
	player int // owning player or -1
}

type command struct {
	gid     int // index among all commands of the model
	mod     int
	idx     int // index within its module
	pos     prism.Pos
	labels  []int // action indices; empty if unlabelled
	guard   func([]int32) bool
	updates []*update
}

type update struct {
	pos  prism.Pos
	prob func([]int32) float64 // nil: probability 1
	// probK is the probability when it is a constant (probConst)
	probK     float64
	probConst bool
	probE     prism.Expr
	ren       map[string]string
	assigns   []assign
	primed    bool // some right-hand side reads a primed variable
}

type assign struct {
	v      int
	pos    prism.Pos
	isBool bool
	i      func([]int32) int64
	b      func([]int32) bool
	primes []int
}

type clabel struct {
	name string
	f    func([]int32) bool
}

type creward struct {
	name   string
	state  []rewItem
	trans  []rewItem
	hasS   bool
	hasT   bool
	pos    prism.Pos
	allowN bool  // negative values allowed (csg)
	neg    error // the first forbidden negative value met (Rewards.Negative)
}

type rewItem struct {
	pos    prism.Pos
	labels []int // action indices; empty for [] / state items
	guard  func([]int32) bool
	value  func([]int32) float64
	expr   prism.Expr  // the value as written, for Config.Exact
	memo   *rewardMemo // its exact values (rewardsexact.go)
}

// catch runs f and returns the evaluation error it raised, if any.
func (b *builder) catch(f func()) (err *evalError) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*evalError)
			if !ok {
				panic(r)
			}
			b.formulaActive = map[string]bool{}
			err = e
		}
	}()
	f()
	return nil
}

func (b *builder) addEvalErr(e *evalError) {
	b.errs = append(b.errs, e.list(b.fset)...)
}

func (b *builder) enterFormula(e *prism.Name) {
	if b.formulaActive[e.Name] {
		fail(e.NamePos, "formula %s is defined in terms of itself", e.Name)
	}
	b.formulaActive[e.Name] = true
}

func (b *builder) leaveFormula(n string) { delete(b.formulaActive, n) }

// staticType reports the type of e (ok false if it does not type-check).
func (b *builder) staticType(e prism.Expr, ren map[string]string) (t prism.ConstType, ok bool) {
	saved := b.formulaActive
	b.formulaActive = map[string]bool{}
	defer func() { b.formulaActive = saved }()
	err := b.catch(func() {
		cp := &compiler{b: b, ren: ren, primed: true}
		t = cp.compile(e).t
	})
	return t, err == nil
}

// Build translates a parsed (and checked) model into its explicit game.
// pf may be nil; its constants and labels are resolved along with the
// model's. Errors are a prism.ErrorList, or a *LimitError.
func Build(fset *prism.FileSet, mf *prism.ModelFile, pf *prism.PropsFile, cfg Config) (*Model, error) {
	b := &builder{fset: fset, mf: mf, pf: pf, cfg: cfg, formulaActive: map[string]bool{}}
	if cfg.MaxStates <= 0 {
		b.cfg.MaxStates = DefaultMaxStates
	}
	if cfg.MaxTransitions <= 0 || cfg.MaxTransitions > DefaultMaxTransitions {
		b.cfg.MaxTransitions = DefaultMaxTransitions
	}
	if mf == nil {
		return nil, fmt.Errorf("no model")
	}
	steps := []func(){b.checkType, b.collectConsts, b.resolveConsts, b.collectFormulas,
		b.expandModules, b.declareVars, b.collectActions, b.setupPlayers, b.compileModules,
		b.compileLabels, b.compileRewards}
	for _, step := range steps {
		step()
		if len(b.errs) > 0 {
			return nil, b.errs.Err()
		}
	}
	g, err := b.explore()
	if err != nil {
		return nil, err
	}
	consts := make(map[string]Value, len(b.constVals))
	for k, v := range b.constVals {
		if !b.cfg.Exact {
			v.Rat = nil
		}
		consts[k] = v
	}
	m := &Model{Game: g, Fset: fset, File: mf, Props: pf, Consts: consts, b: b}
	return m, nil
}

func (b *builder) checkType() {
	mf := b.mf
	switch mf.Type {
	case prism.TypeDTMC:
		b.typ = prism.TypeDTMC
	case prism.TypeMDP, prism.TypeNone, prism.TypeLTS:
		b.typ = prism.TypeMDP
	case prism.TypeSMG, prism.TypeSTPG:
		b.typ = prism.TypeSMG
	case prism.TypeCSG:
		b.typ = prism.TypeCSG
	default:
		b.errs.Addf(b.fset, mf.TypePos, "%s models are not supported: onus builds dtmc, mdp, smg, stpg and csg models", mf.Type)
	}
	if mf.System != nil {
		b.errs.Addf(b.fset, mf.System.Pos, "the system...endsystem construct is not supported (PRISM-games' explicit engine rejects it too)")
	}
	for _, p := range mf.Observables {
		b.errs.Addf(b.fset, p, "observables are not supported (partially observable models cannot be built)")
	}
	for _, m := range mf.Modules {
		if m.Invariant != nil {
			b.errs.Addf(b.fset, m.Invariant.Position(), "invariants are not supported (they belong to PTA models)")
		}
		for _, c := range m.Commands {
			for _, u := range c.Updates {
				if u.ProbHi != nil {
					b.errs.Addf(b.fset, u.Pos, "interval probabilities are not supported")
				}
			}
		}
	}
	if len(mf.Modules) == 0 {
		b.errs.Add(prism.Position{Filename: b.fileName(), Line: 1, Column: 1}, "the model has no modules")
	}
}

func (b *builder) collectFormulas() {
	b.formulas = map[string]*prism.FormulaDecl{}
	for _, f := range b.mf.Formulas {
		if _, ok := b.formulas[f.Name.Name]; ok {
			b.errs.Addf(b.fset, f.Name.NamePos, "formula %s is defined twice", f.Name.Name)
			continue
		}
		b.formulas[f.Name.Name] = f
	}
}

// expandModules resolves renamed modules against their bases.
func (b *builder) expandModules() {
	byName := map[string]*prism.Module{}
	for _, m := range b.mf.Modules {
		if m.Rename == nil {
			byName[m.Name.Name] = m
		}
	}
	seen := map[string]bool{}
	for _, m := range b.mf.Modules {
		if seen[m.Name.Name] {
			b.errs.Addf(b.fset, m.Name.NamePos, "module %s is defined twice", m.Name.Name)
			continue
		}
		seen[m.Name.Name] = true
		if m.Rename == nil {
			b.modules = append(b.modules, &module{name: m.Name.Name, pos: m.Pos, decls: m.Vars, src: m.Commands})
			continue
		}
		base := byName[m.Rename.Base.Name]
		if base == nil {
			b.errs.Addf(b.fset, m.Rename.Base.NamePos, "module %s renames unknown module %s", m.Name.Name, m.Rename.Base.Name)
			continue
		}
		ren := map[string]string{base.Name.Name: m.Name.Name}
		explicit := map[string]bool{}
		for _, p := range m.Rename.Pairs {
			if explicit[p.Old.Name] {
				b.errs.Addf(b.fset, p.Old.NamePos, "%s is renamed twice", p.Old.Name)
				continue
			}
			if _, ok := b.formulas[p.Old.Name]; ok {
				b.errs.Addf(b.fset, p.Old.NamePos, "formula %s cannot be renamed", p.Old.Name)
			}
			explicit[p.Old.Name] = true
			ren[p.Old.Name] = p.New.Name
		}
		for _, d := range base.Vars {
			if !explicit[d.Name.Name] {
				b.errs.Addf(b.fset, m.Name.NamePos, "module %s must rename variable %s of module %s", m.Name.Name, d.Name.Name, base.Name.Name)
			}
		}
		b.modules = append(b.modules, &module{name: m.Name.Name, pos: m.Pos, decls: base.Vars, src: base.Commands, ren: ren})
	}
}

func (b *builder) declareVars() {
	b.varIndex = map[string]int{}
	add := func(d *prism.VarDecl, mod int, ren map[string]string) {
		name := rename(ren, d.Name.Name)
		if _, dup := b.varIndex[name]; dup {
			b.errs.Addf(b.fset, d.Name.NamePos, "variable %s is declared twice", name)
			return
		}
		if _, c := b.constDecls[name]; c {
			b.errs.Addf(b.fset, d.Name.NamePos, "variable %s clashes with a constant", name)
			return
		}
		v := Var{Name: name}
		var init int64
		err := b.catch(func() {
			in := &interp{b: b, ren: ren}
			switch d.Kind {
			case prism.VarBool:
				v.Bool, v.Lo, v.Hi = true, 0, 1
				if d.Init != nil {
					x := in.eval(d.Init)
					if x.Type != prism.TBool {
						fail(d.Init.Position(), "variable %s is bool but its initial value is %s", name, x.Type)
					}
					if x.B {
						init = 1
					}
				}
			case prism.VarInt:
				v.Lo, v.Hi = math.MinInt32, math.MaxInt32
				if d.Init != nil {
					x := in.eval(d.Init)
					if x.Type != prism.TInt {
						fail(d.Init.Position(), "variable %s is int but its initial value is %s", name, x.Type)
					}
					init = x.I
				}
			case prism.VarRange:
				lo, hi := in.eval(d.Lo), in.eval(d.Hi)
				if lo.Type != prism.TInt {
					fail(d.Lo.Position(), "the lower bound of %s must be an int, not %s", name, lo.Type)
				}
				if hi.Type != prism.TInt {
					fail(d.Hi.Position(), "the upper bound of %s must be an int, not %s", name, hi.Type)
				}
				if hi.I <= lo.I {
					fail(d.Lo.Position(), "invalid range [%d..%d] for variable %s: the upper bound must exceed the lower bound", lo.I, hi.I, name)
				}
				v.Lo, v.Hi = int32(lo.I), int32(hi.I)
				init = lo.I
				if d.Init != nil {
					x := in.eval(d.Init)
					if x.Type != prism.TInt {
						fail(d.Init.Position(), "variable %s is int but its initial value is %s", name, x.Type)
					}
					if x.I < lo.I || x.I > hi.I {
						fail(d.Init.Position(), "initial value %d of variable %s is outside its range [%d..%d]", x.I, name, lo.I, hi.I)
					}
					init = x.I
				}
			default:
				fail(d.Pos, "clock variables are not supported (they belong to PTA models)")
			}
		})
		if err != nil {
			b.addEvalErr(err)
			return
		}
		b.varIndex[name] = len(b.vars)
		b.vars = append(b.vars, v)
		b.varDecls = append(b.varDecls, d)
		b.varModule = append(b.varModule, mod)
		b.init = append(b.init, int32(init))
	}
	for _, d := range b.mf.Globals {
		add(d, -1, nil)
	}
	for mi, m := range b.modules {
		for _, d := range m.decls {
			add(d, mi, m.ren)
		}
	}
	if len(b.vars) == 0 && len(b.errs) == 0 {
		b.errs.Add(prism.Position{Filename: b.fileName(), Line: 1, Column: 1}, "the model has no variables")
	}
}

func (b *builder) collectActions() {
	b.actions = []string{""}
	b.actionIndex = map[string]int{}
	for _, m := range b.modules {
		for _, c := range m.src {
			for _, l := range c.Labels {
				n := rename(m.ren, l.Name)
				if _, ok := b.actionIndex[n]; !ok {
					b.actionIndex[n] = len(b.actions)
					b.actions = append(b.actions, n)
				}
			}
		}
	}
}
