// Package examples holds the models and properties users can run, starting
// with the paper's continuous prisoners' dilemma. They are embedded so that
// `onus demo` runs without any file at hand.
package examples
