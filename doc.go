// Package onus checks the responsibility of agents for outcomes in
// PRISM-games models from Go: load a model with its props files, check
// properties, read the results.
//
//	m, err := onus.Load("examples/cpd.prism", onus.Options{
//		Props: []string{"examples/cpd.props"},
//		Const: map[string]any{"t": 3},
//	})
//	...
//	rs, err := m.Check(`CPR(p1, cpr_late)=? [ F<=t "reward" ]`)
//	...
//	fmt.Println(rs[0].Degrees.Prob) // 0.3333333333333333
//
// Load reads a model and the props files, plans and behaviours that
// Options name, and checks them; a Model is the reusable result. Its
// constants take their values from Options.Const, a single value or a
// sweep of several. Check checks properties written in PRISM's syntax,
// CheckAll the properties of the props files, CheckFile and CheckString
// those of another props file. The game is built on the first check, once
// per assignment of the constants, and kept for the next: a Build, which
// Model.Build also returns for explicit constants.
//
// Each Result holds the value of one property under one assignment: a
// truth value, a number (exact under Options.Exact), a count, the three
// degrees of CAR, CPR and CCR, the power indices of SHAPLEY and BANZHAF,
// the horizon it was judged within, notes and, with Options.Explain, a
// justification. String prints it as onus check does.
//
// Errors in the files are a prism.ErrorList of FILE:LINE:COL: error:
// MESSAGE entries (a property written as a string is the file
// "property"). Messages name no setting as the command line spells it: an
// error about one carries a prism.Hint. IsLimit tells a resource limit
// from bad input.
//
// What each operator and measure means is the subject of the user guide,
// docs/guide/ in the repository; docs/guide/library.md covers this
// package.
package onus
