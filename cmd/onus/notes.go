package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// This file prints the notes of results (onus.Note): an unbounded
// operator judged within the horizon the plan's length set, and others.

// checkerNotes returns the notes the checker made (plans that cannot always
// be followed, players a step leaves free without saying so) positioned
// in the files.
func checkerNotes(fset *prism.FileSet, notes []checker.Note) []*prism.Error {
	var out []*prism.Error
	for _, n := range notes {
		out = append(out, &prism.Error{Pos: fset.Position(n.Pos), Msg: cliWords(n.Msg)})
	}
	return out
}

// cliWords puts the command line's flag where the checker's messages name
// a library option.
func cliWords(msg string) string {
	return strings.ReplaceAll(msg, checker.FreeReading, checker.FreeReadingFlag)
}

// noteTexts returns the messages of notes (for JSON).
func noteTexts(notes []*prism.Error) []string {
	var out []string
	for _, n := range notes {
		out = append(out, n.Msg)
	}
	return out
}

// printNotes writes each distinct note of the results to w as
// FILE:LINE:COL: note: MESSAGE.
func printNotes(w io.Writer, results []propResult) {
	seen := map[string]bool{}
	for _, r := range results {
		for _, n := range r.notes {
			line := n.Pos.String() + ": note: " + n.Msg
			if !seen[line] {
				seen[line] = true
				fmt.Fprintln(w, line)
			}
		}
	}
}
