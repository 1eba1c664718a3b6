// Package grammar holds the ANTLR grammars of the PRISM-games model and
// property languages (with the onus extensions) and the Go parser generated
// from them with antlr-ng 1.0.10 (ANTLR 4.13.2) for the antlr4-go runtime.
// Only package prism (parse*.go) uses it.
package grammar
