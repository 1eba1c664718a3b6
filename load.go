package onus

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// MaxInputBytes is the size of the largest model, props or behaviour file
// onus reads (the largest model of PRISM-games' own suite has 26 KB).
const MaxInputBytes = 16 << 20

// FileTooLargeError reports an input file larger than MaxInputBytes. It
// is a resource limit (IsLimit).
type FileTooLargeError struct {
	Path  string
	Limit int64
}

func (e *FileTooLargeError) Error() string {
	return fmt.Sprintf("%s: the file is larger than %s, the largest input onus reads", e.Path, translate.FormatBytes(e.Limit))
}

// ReadSource reads a source file (a model, props, trace or counterexample)
// of at most MaxInputBytes; a larger one is a *FileTooLargeError. The size
// is checked before reading and while reading, so that a device such as
// /dev/zero or a pipe without end cannot exhaust memory.
func ReadSource(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", readError(path, err)
	}
	defer f.Close()
	tooBig := &FileTooLargeError{Path: path, Limit: MaxInputBytes}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > MaxInputBytes {
		return "", tooBig
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxInputBytes+1))
	if err != nil {
		return "", readError(path, err)
	}
	if len(b) > MaxInputBytes {
		return "", tooBig
	}
	return string(b), nil
}

func readError(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot read %s: %w", path, err)
}

// ReadModel reads, parses and checks the model file at path into fset.
func ReadModel(fset *prism.FileSet, path string) (*prism.ModelFile, error) {
	src, err := ReadSource(path)
	if err != nil {
		return nil, err
	}
	return parseModel(fset, path, src)
}

func parseModel(fset *prism.FileSet, name, src string) (*prism.ModelFile, error) {
	mf, err := prism.ParseModel(fset, name, src)
	if err != nil {
		return nil, err
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		return nil, err
	}
	return mf, nil
}

// ReadProps reads and parses the props file at path into fset. New checks
// it against the model.
func ReadProps(fset *prism.FileSet, path string) (*prism.PropsFile, error) {
	src, err := ReadSource(path)
	if err != nil {
		return nil, err
	}
	return prism.ParseProps(fset, path, src)
}

// ReplaceBehaviours reads the behaviour declarations of the file at path
// into props, in place of props' own for the same players (named alike,
// or by the same index). It returns how many other items (properties,
// plans, constants, labels) the file holds: they are not read.
func ReplaceBehaviours(fset *prism.FileSet, props *prism.PropsFile, path string) (ignored int, err error) {
	bf, err := ReadProps(fset, path)
	if err != nil {
		return 0, err
	}
	props.Behaviours = replaceBehaviours(props.Behaviours, bf.Behaviours)
	return len(bf.Properties) + len(bf.Plans) + len(bf.Consts) + len(bf.Labels), nil
}

// replaceBehaviours returns the behaviours of old that are for players
// without one in repl, then those of repl.
func replaceBehaviours(old, repl []*prism.BehaviourDecl) []*prism.BehaviourDecl {
	same := func(a, b prism.PlayerRef) bool {
		return (a.Name != "" && a.Name == b.Name) || (a.Name == "" && b.Name == "" && a.Index == b.Index)
	}
	var kept []*prism.BehaviourDecl
	for _, p := range old {
		if !slices.ContainsFunc(repl, func(f *prism.BehaviourDecl) bool { return same(p.Player, f.Player) }) {
			kept = append(kept, p)
		}
	}
	return append(kept, repl...)
}

// Load reads the model file at path, and the props files and plans that
// opts names, and checks them. The game is built when a property is first
// checked, once per assignment of the constants.
func Load(path string, opts Options) (*Model, error) {
	src, err := ReadSource(path)
	if err != nil {
		return nil, err
	}
	return LoadString(path, src, opts)
}

// LoadString is Load for a model given as text; name is its file name in
// positions. The files of opts are read from disk.
func LoadString(name, src string, opts Options) (*Model, error) {
	fset := prism.NewFileSet()
	mf, err := parseModel(fset, name, src)
	if err != nil {
		return nil, err
	}
	props := &prism.PropsFile{}
	for _, path := range opts.Props {
		pf, err := ReadProps(fset, path)
		if err != nil {
			return nil, err
		}
		props = merge(props, pf)
	}
	var errs prism.ErrorList
	for _, n := range slices.Sorted(maps.Keys(opts.Plans)) {
		pl, err := prism.ParseBarePlan(fset, fmt.Sprintf("Plans[%q]", n), opts.Plans[n])
		var el prism.ErrorList
		if errors.As(err, &el) {
			errs = append(errs, el...)
			continue
		}
		if err != nil {
			return nil, err
		}
		props.Plans = append(props.Plans, &prism.PlanDecl{Pos: pl.Pos, Name: prism.Ident{NamePos: pl.Pos, Name: n}, Plan: pl})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if opts.Behaviours != "" {
		if _, err := ReplaceBehaviours(fset, props, opts.Behaviours); err != nil {
			return nil, err
		}
	}
	return New(fset, mf, props, opts)
}

// merge returns the declarations and properties of a and b in one file,
// a's first. Neither is changed.
func merge(a, b *prism.PropsFile) *prism.PropsFile {
	out := &prism.PropsFile{File: a.File}
	if out.File == nil {
		out.File = b.File
	}
	out.Consts = slices.Concat(a.Consts, b.Consts)
	out.Labels = slices.Concat(a.Labels, b.Labels)
	out.Properties = slices.Concat(a.Properties, b.Properties)
	out.Plans = slices.Concat(a.Plans, b.Plans)
	out.Behaviours = slices.Concat(a.Behaviours, b.Behaviours)
	return out
}
