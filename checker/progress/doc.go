// Package progress reports how far a long computation has got: a pass
// over the steps of a horizon, a plan search, the coalitions of a power
// index, a value iteration. The computation reports often and cheaply
// to a Meter; the Meter passes a Status on to the caller's Func only
// once the computation has run longer than a delay (2 s by default), and
// then at most a few times a second, so that a quick query shows nothing
// and a long one shows that it is alive and how far it has got.
//
// A nil *Meter is valid and reports nothing: code that computes takes a
// meter from its configuration and calls it unconditionally.
package progress
