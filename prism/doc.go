// Package prism holds the syntax tree of PRISM-games model and properties
// files (with onus's extensions: plans, behaviours, the responsibility
// operators CAR, CPR, CCR, the power indices SHAPLEY and BANZHAF and the
// language metrics), source positions
// resolved through a FileSet, the one conversion from the ANTLR parse tree,
// the semantic checks, and printers.
//
// The layering follows go/token → go/parser → go/ast → go/types: Parse*
// builds the tree and collects syntax errors with positions; Check reports
// every semantic error of a file, sorted, as FILE:LINE:COL: error: MESSAGE.
package prism
