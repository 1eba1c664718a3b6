package onus

import (
	"errors"

	"github.com/onus-mc/onus/prism"
)

// checkProps checks the props file. An error inside one property refuses
// that property only (it is reported as its result, as PRISM reports a
// property it cannot check, and the others are checked); an error in the
// declarations (constants, labels, plans, behaviours) refuses the file.
// It returns the refused properties with their errors.
func checkProps(fset *prism.FileSet, m *prism.ModelFile, pf *prism.PropsFile) (map[*prism.Property]error, error) {
	err := prism.CheckProps(fset, m, pf)
	var all prism.ErrorList
	if err == nil || !errors.As(err, &all) || len(pf.Properties) == 0 {
		return nil, err
	}
	// Check the declarations with every property replaced by `true`, then
	// each property alone (the others `true`), so that every error is
	// told apart by where it arises, not by its position.
	only := func(keep int) error {
		cp := *pf
		cp.Properties = make([]*prism.Property, len(pf.Properties))
		for i, p := range pf.Properties {
			if i == keep {
				cp.Properties[i] = p
				continue
			}
			q := *p
			q.Expr = &prism.BoolLit{ValuePos: p.Expr.Position(), Value: true}
			cp.Properties[i] = &q
		}
		return prism.CheckProps(fset, m, &cp)
	}
	if only(-1) != nil {
		return nil, err
	}
	refused := map[*prism.Property]error{}
	for i, p := range pf.Properties {
		if e := only(i); e != nil {
			refused[p] = e
		}
	}
	if len(refused) == 0 {
		return nil, err // not attributable: refuse the file as before
	}
	return refused, nil
}

// checkable is the props file without the refused properties (for the
// expansion of property references: a reference to a refused property is
// then reported when the referring property is checked).
func checkable(pf *prism.PropsFile, refused map[*prism.Property]error) *prism.PropsFile {
	if len(refused) == 0 {
		return pf
	}
	cp := *pf
	cp.Properties = nil
	for _, p := range pf.Properties {
		if refused[p] == nil {
			cp.Properties = append(cp.Properties, p)
		}
	}
	return &cp
}
