// Package trace reads and writes traces: paths in PRISM's simulation-path
// format (the output of `prism -simpath`), SPEC §10.4.
//
// A trace is read against a built model and becomes an ordinary plan (a
// *prism.Plan of one step per row), so the checker never sees a trace:
//
//	Parse    text → *Path (header, rows, positioned fields)
//	History  *Path + model → the states and choices of the history, or the
//	         first row that is not a history of the model
//	Fill     a plan written @"FILE" → its steps (the full plan of the
//	         trace's joint actions)
//	Simulate model + β + plan → a random history; Write prints it as a trace
package trace
