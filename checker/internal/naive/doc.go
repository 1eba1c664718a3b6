// Package naive is a literal, test-only implementation of the definitions of
// SPEC §2, §3 and §5: it enumerates every history of length T, evaluates
// outcome formulas on each history by their recursive semantics, filters the
// sets Compat_J(π) step by step, and searches the existential "some
// executable full plan" conditions by enumerating full plans. It is
// exponential on purpose and exists only to cross-check the real checker on
// small games; it shares no code with it.
package naive
