// Package translate turns a checked PRISM-games model into an explicit Game:
// it resolves constants (from the file and from --const), expands formulas
// and module renaming, compiles expressions, and explores the reachable
// state space exactly as PRISM-games' explicit engine does for dtmc, mdp,
// smg and csg models. It also writes PRISM's explicit export formats.
//
// The Game type is the interface between the translator and the checker.
package translate
