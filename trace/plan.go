package trace

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file turns plans written @"FILE" into ordinary plans: the full plan
// of the joint actions of the trace in FILE, read against the built model.

// Load reads, parses and checks the trace in file against model m.
// at positions the error when the file cannot be read.
func Load(fset *prism.FileSet, m *translate.Model, file string, at prism.Pos) (*History, error) {
	b, err := readLimited(file)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, (&errs{fset}).at(at, "cannot read trace %s: %v", file, err)
	}
	p, err := Parse(fset, file, string(b))
	if err != nil {
		return nil, err
	}
	return Check(fset, m, p)
}

// MaxTraceBytes is the largest trace file Load reads (as the CLI limits
// model and props files), so that @"/dev/zero" cannot exhaust memory.
const MaxTraceBytes = 16 << 20

// readLimited reads at most MaxTraceBytes of file.
func readLimited(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxTraceBytes+1))
	if err == nil && len(b) > MaxTraceBytes {
		err = fmt.Errorf("the file is larger than %d MiB", MaxTraceBytes>>20)
	}
	return b, err
}

// Resolve returns the file a plan @"FILE" names: FILE itself when absolute
// or when the plan was given on the command line (its pseudo-file is named
// "--plan"), else FILE relative to the directory of the props file holding
// the plan.
func Resolve(fset *prism.FileSet, pl *prism.Plan) string {
	name := pl.Trace
	if filepath.IsAbs(name) {
		return name
	}
	f := fset.File(pl.Pos)
	if f == nil || strings.HasPrefix(f.Name(), "--") {
		return name
	}
	return filepath.Join(filepath.Dir(f.Name()), name)
}

// Fill reads the trace of a plan written @"FILE" and sets the plan's Items
// to one step per transition of the trace. Plans without a trace are left
// alone. It may be called again (for another build of the model): the
// steps are read afresh.
func Fill(fset *prism.FileSet, m *translate.Model, pl *prism.Plan) error {
	if pl == nil || pl.Trace == "" {
		return nil
	}
	h, err := Load(fset, m, Resolve(fset, pl), pl.Pos)
	if err != nil {
		return err
	}
	pl.Items = make([]prism.PlanItem, len(h.Steps))
	for i, s := range h.Steps {
		pl.Items[i] = s
	}
	return nil
}

// FillAll fills every trace plan of a props file (prism.TracePlans).
func FillAll(fset *prism.FileSet, m *translate.Model, props *prism.PropsFile) error {
	for _, pl := range prism.TracePlans(props) {
		if err := Fill(fset, m, pl); err != nil {
			return err
		}
	}
	return nil
}
