// Package export builds what `onus export-outcome` writes (SPEC §7): each
// language a measure depends on as a Markov chain PRISM can load, with one
// property P=? [ … ] whose value on the chain is the language's
// probability, so that PRISM can confirm onus's numbers.
//
// Outcomes translates the outcome into a PRISM LTL formula over the chain
// (formula.go) and builds one chain per language (chain.go); Write writes
// the chains in PRISM's explicit format, the properties and a manifest.
// The checker finds the languages (hist.Language) and evaluates atoms and
// bounds through the Atoms interface.
package export
