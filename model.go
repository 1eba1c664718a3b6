package onus

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Model is a loaded model: the model file and its declarations (constants,
// labels, plans, behaviours and properties of the props files), parsed and
// checked. It builds the explicit game when a property is first checked,
// once per assignment of the constants, and keeps the last build, so that
// checking many properties builds once.
//
// A Model is safe for concurrent use: its methods, and those of its
// builds, take turns. To check in parallel, load one Model per goroutine.
type Model struct {
	fset    *prism.FileSet
	file    *prism.ModelFile
	props   *prism.PropsFile
	refused map[*prism.Property]error // properties that cannot be checked
	opts    Options
	sweep   *translate.Sweep

	sh   *shared
	last *Build // the last build, used again for the same constants
}

// shared is what the models derived from one Load share: their syntax
// trees, in which the steps of plans read from traces are filled per build.
type shared struct {
	mu     sync.Mutex
	filled *Build // the build whose steps the trace plans hold
}

// New makes a Model of files parsed into fset (see ReadModel and
// ReadProps). props holds every declaration and property (nil: none);
// Options.Props, Plans and Behaviours are not read: add them to props. A
// property with an error of its own is refused (Refused) and the others
// can be checked; an error in the declarations refuses the model.
func New(fset *prism.FileSet, file *prism.ModelFile, props *prism.PropsFile, opts Options) (*Model, error) {
	if fset == nil || file == nil {
		return nil, errors.New("onus.New: no file set or no model")
	}
	if props == nil {
		props = &prism.PropsFile{}
	}
	refused, err := checkProps(fset, file, props)
	if err != nil {
		return nil, err
	}
	if err := prism.ExpandPropertyRefs(fset, checkable(props, refused)); err != nil {
		return nil, err
	}
	sw, err := sweep(opts.Const)
	if err != nil {
		return nil, err
	}
	return &Model{fset: fset, file: file, props: props, refused: refused, opts: opts, sweep: sw, sh: &shared{}}, nil
}

// Properties returns the properties of the props files, in order.
func (m *Model) Properties() []*prism.Property {
	return slices.Clone(m.props.Properties)
}

// Refused returns why property p, one of Properties, cannot be checked,
// or nil.
func (m *Model) Refused(p *prism.Property) error {
	return m.refused[p]
}

// Sweep returns the assignments of the constants that Options.Const
// describes, in the order they are checked (one, unless it sweeps). A
// long sweep is better read with SweepLen and SweepAt, which compute one
// assignment at a time.
func (m *Model) Sweep() []Constants {
	out := make([]Constants, m.sweep.Len())
	for i := range out {
		out[i] = m.sweep.At(i)
	}
	return out
}

// SweepLen is the number of assignments of the constants that
// Options.Const describes (1 unless it sweeps).
func (m *Model) SweepLen() int { return m.sweep.Len() }

// SweepAt returns assignment i of the sweep (0 ≤ i < SweepLen), computed
// from the ranges rather than stored.
func (m *Model) SweepAt(i int) Constants { return m.sweep.At(i) }

// Build builds the game under one assignment of the constants, given as
// in Options.Const (single values), in place of Options.Const. The last
// build is kept and returned again for the same values.
func (m *Model) Build(consts map[string]any) (*Build, error) {
	cs, err := single(consts)
	if err != nil {
		return nil, err
	}
	m.sh.mu.Lock()
	defer m.sh.mu.Unlock()
	return m.build(cs)
}

// build builds the game for cs, or returns the last build if it has the
// same constants. The caller holds the lock.
func (m *Model) build(cs Constants) (*Build, error) {
	if b := m.last; b != nil && b.consts.equal(cs) {
		return b, nil
	}
	cfg := m.opts.buildConfig(cs)
	if meter := m.opts.buildMeter(); meter != nil {
		cfg.Progress = func(st translate.BuildStatus) { meter.Report(BuildProgress(st)) }
		defer meter.Finish()
	}
	tm, err := translate.Build(m.fset, m.file, m.props, cfg)
	if err != nil {
		return nil, err
	}
	m.last = &Build{m: m, consts: cs, model: tm}
	return m.last, nil
}

// CheckAll checks the properties of the props files under each assignment
// of the constants. A property that cannot be checked keeps its error in
// its Result, and the others are checked, as PRISM does; the error
// returned is then Results.Err. An error building the game, or a resource
// limit, stops the check and is returned alone.
func (m *Model) CheckAll() (Results, error) {
	m.sh.mu.Lock()
	defer m.sh.mu.Unlock()
	return m.run(m.props.Properties, m.refused, nil)
}

// Check checks properties written in PRISM's property syntax, as CheckAll
// checks those of the props files; they may use the declarations of the
// props files and refer to their named properties. A position in a
// property reads "property" (or "property N" when there are several).
func (m *Model) Check(properties ...string) (Results, error) {
	m.sh.mu.Lock()
	defer m.sh.mu.Unlock()
	ps, refused, err := m.parse(properties)
	if err != nil {
		return nil, err
	}
	return m.run(ps, refused, ps)
}

// CheckFile checks the properties of the props file at path, as CheckAll
// does; its declarations are added to those loaded (its behaviours replace
// theirs for the same players), and the game is built anew for them.
func (m *Model) CheckFile(path string) (Results, error) {
	src, err := ReadSource(path)
	if err != nil {
		return nil, err
	}
	return m.CheckString(path, src)
}

// CheckString is CheckFile for a props file given as text; name is its
// file name in positions.
func (m *Model) CheckString(name, src string) (Results, error) {
	pf, err := prism.ParseProps(m.fset, name, src)
	if err != nil {
		return nil, err
	}
	m.sh.mu.Lock()
	defer m.sh.mu.Unlock()
	decls := *m.props
	decls.Properties = nil
	all := merge(&decls, pf)
	all.Behaviours = replaceBehaviours(m.props.Behaviours, pf.Behaviours)
	d, err := New(m.fset, m.file, all, m.opts)
	if err != nil {
		return nil, err
	}
	d.sweep, d.sh = m.sweep, m.sh
	return d.run(d.props.Properties, d.refused, nil)
}

// parse parses and checks properties given as text. Those with an error
// of their own are refused; a syntax error refuses them all.
func (m *Model) parse(properties []string) ([]*prism.Property, map[*prism.Property]error, error) {
	var ps []*prism.Property
	var errs prism.ErrorList
	for i, s := range properties {
		name := "property"
		if len(properties) > 1 {
			name = fmt.Sprintf("property %d", i+1)
		}
		e, err := prism.ParseExpr(m.fset, name, s)
		var el prism.ErrorList
		if errors.As(err, &el) {
			errs = append(errs, el...)
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		ps = append(ps, &prism.Property{Pos: e.Position(), Expr: e, Text: s})
	}
	if len(errs) > 0 {
		return nil, nil, errs
	}
	all := *m.props
	all.Properties = slices.Concat(checkable(m.props, m.refused).Properties, ps)
	refused, err := checkProps(m.fset, m.file, &all)
	if err != nil {
		return nil, nil, err
	}
	if err := prism.ExpandPropertyRefs(m.fset, checkable(&all, refused)); err != nil {
		return nil, nil, err
	}
	return ps, refused, nil
}

// run checks props under each assignment of the constants; refused holds
// those that cannot be checked, and extra those that are not in the props
// files (their trace plans are read for each build). The caller holds the
// lock.
func (m *Model) run(props []*prism.Property, refused map[*prism.Property]error, extra []*prism.Property) (Results, error) {
	limit.SetWork(m.opts.MaxSteps, m.opts.Timeout)
	per := make([]Results, len(props))
	for i := 0; i < m.sweep.Len(); i++ {
		b, err := m.build(m.sweep.At(i))
		if err != nil {
			return nil, err
		}
		// The first build has checked the constants' names; a sweep whose
		// results cannot fit stops before checking anything.
		if i == 0 {
			if err := limit.SweepFits(m.sweep.Len(), len(props), m.opts.MaxMemory); err != nil {
				return nil, err
			}
			if err := limit.Sweep(m.sweep.Len()); err != nil { // MaxSteps: one step an assignment
				return nil, err
			}
		}
		if _, err := b.prepare(); err != nil {
			return nil, err
		}
		if err := b.fillExtra(extra); err != nil {
			return nil, err
		}
		for i, p := range props {
			r := b.check(p, refused[p])
			if r.Err != nil && IsLimit(r.Err) {
				return nil, r.Err
			}
			per[i] = append(per[i], r)
		}
	}
	out := slices.Concat(per...)
	return out, out.Err()
}
