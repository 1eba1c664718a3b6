// Package chaincheck is a test-only, independent reader and model checker
// for the chains `onus export-outcome` writes: it reads PRISM's explicit
// dtmc files (.tra, .sta, .lab) back from disk, checking their format
// (reference §6), and computes the value of a P=? [ path ] property by
// enumerating the chain's paths. The chains are acyclic up to absorbing
// self-loops, so every path is a lasso: a finite prefix, then one
// absorbing state forever; the LTL formula is evaluated on each lasso with
// PRISM's infinite-path semantics directly. Nothing here is shared with
// the checker's automata.
package chaincheck
