package onus

import (
	"errors"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/translate"
)

// IsLimit reports whether err is a resource limit: an input file larger
// than MaxInputBytes, a model beyond MaxStates, MaxTransitions or
// MaxMemory (*translate.LimitError), or a product, pass or search beyond
// its bound (*checker.LimitError). The command line exits with code 3 for
// them, and 2 for the other errors, which are bad input.
func IsLimit(err error) bool {
	var fl *FileTooLargeError
	var tl *translate.LimitError
	var cl *checker.LimitError
	return errors.As(err, &fl) || errors.As(err, &tl) || errors.As(err, &cl)
}
