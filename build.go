package onus

import (
	"time"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/trace"
	"github.com/onus-mc/onus/translate"
)

// Build is the game of a Model built under one assignment of its
// constants: the explicit states and transitions, ready to check any
// number of properties. Products and automata built for one property are
// kept for the next.
type Build struct {
	m      *Model
	consts Constants
	model  *translate.Model
	chk    *checker.Checker // made by prepare
}

// Constants returns the assignment the game was built under.
func (b *Build) Constants() Constants { return b.consts }

// Model returns the built model: the explicit game (Model().Game: states,
// transitions, players, labels) and what evaluates expressions over it.
func (b *Build) Model() *translate.Model { return b.model }

// Checker returns the checker of the game, for what the Check methods do
// not cover (onus blame's table, outcome exports, simulation). It reads
// the plans of the props files that are traces. Unlike the Model, the
// checker is not safe for concurrent use, and holds the traces' steps as
// read for the latest build that needed them.
func (b *Build) Checker() (*checker.Checker, error) {
	b.m.sh.mu.Lock()
	defer b.m.sh.mu.Unlock()
	return b.prepare()
}

// prepare reads the trace plans of the props files against this build,
// unless they hold its steps already, and makes the checker. The caller
// holds the lock.
func (b *Build) prepare() (*checker.Checker, error) {
	sh := b.m.sh
	if sh.filled != b {
		if err := trace.FillAll(b.m.fset, b.model, b.m.props); err != nil {
			return nil, err
		}
		sh.filled = b
	}
	if b.chk == nil {
		chk, err := checker.New(b.m.fset, b.model.Game, b.model, b.m.opts.checkerConfig(b.m.props))
		if err != nil {
			return nil, err
		}
		b.chk = chk
	}
	return b.chk, nil
}

// fillExtra reads the trace plans written inline in properties that are
// not in the props files.
func (b *Build) fillExtra(props []*prism.Property) error {
	if len(props) == 0 {
		return nil
	}
	return trace.FillAll(b.m.fset, b.model, &prism.PropsFile{Properties: props})
}

// Check checks one property written in PRISM's property syntax on this
// build, as Model.Check does. The Result is returned also with an error:
// it records the property and the error (Result.Err).
func (b *Build) Check(property string) (*Result, error) {
	b.m.sh.mu.Lock()
	defer b.m.sh.mu.Unlock()
	ps, refused, err := b.m.parse([]string{property})
	if err != nil {
		return nil, err
	}
	return b.checkOne(ps[0], refused[ps[0]], true)
}

// CheckProperty checks p, one of the Model's Properties, on this build.
// The Result is returned also with an error: it records the property and
// the error (Result.Err).
func (b *Build) CheckProperty(p *prism.Property) (*Result, error) {
	b.m.sh.mu.Lock()
	defer b.m.sh.mu.Unlock()
	return b.checkOne(p, b.m.refused[p], false)
}

// checkOne prepares the build and checks p. The caller holds the lock.
func (b *Build) checkOne(p *prism.Property, refused error, extra bool) (*Result, error) {
	r := &Result{Property: p.String(), Constants: b.consts, Syntax: p, Build: b, exact: b.m.opts.Exact}
	if _, err := b.prepare(); err != nil {
		r.Err = err
		return r, err
	}
	if extra {
		if err := b.fillExtra([]*prism.Property{p}); err != nil {
			r.Err = err
			return r, err
		}
	}
	r = b.check(p, refused)
	return r, r.Err
}

// check checks p on the prepared build; refused, if set, is why p cannot
// be checked. The caller holds the lock.
func (b *Build) check(p *prism.Property, refused error) *Result {
	r := &Result{Property: p.String(), Constants: b.consts, Syntax: p, Build: b, exact: b.m.opts.Exact}
	t0 := time.Now()
	var res *checker.Result
	err := refused
	if err == nil {
		res, err = b.chk.Check(p.Expr)
	}
	r.Seconds = time.Since(t0).Seconds()
	r.Err = err
	res = clampProbabilities(p.Expr, res)
	if res != nil && err == nil {
		r.Result = *res
	}
	r.Notes = b.notes(p.Expr, res)
	return r
}

// Notes returns the notes due for property e with result res (nil if it
// failed), as the Check methods give them in Result.Notes: an unbounded
// operator judged within the horizon its plan's length set, a horizon
// that does not apply to a game operator, and the notes the checker made
// (res.Notes). It is for properties checked
// with the Checker.
func (b *Build) Notes(e prism.Expr, res *checker.Result) []Note {
	b.m.sh.mu.Lock()
	defer b.m.sh.mu.Unlock()
	if _, err := b.prepare(); err != nil {
		return nil
	}
	return b.notes(e, res)
}

func (b *Build) notes(e prism.Expr, res *checker.Result) []Note {
	notes := horizonNotes(b.m.fset, b.chk, e, res, b.m.opts.Horizon > 0)
	if res != nil {
		// the checker's own: plans that cannot always be followed, players
		// a step leaves free without saying so, negative shares
		for _, n := range res.Notes {
			notes = append(notes, Note{Pos: b.m.fset.Position(n.Pos), Msg: n.Msg})
		}
	}
	return notes
}
