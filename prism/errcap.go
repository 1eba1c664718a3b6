package prism

// MaxErrors is how many diagnostics one file gets at most: after that many,
// parsing stops and one more line says "too many errors" (as the Go compiler
// does), so a file of junk is answered at once and briefly.
const MaxErrors = 20

// TooManyErrors is the message of the line that ends a capped list.
const TooManyErrors = "too many errors"

// psStop is the panic value that stops a parse whose errors are recorded:
// after MaxErrors errors, or after a hint that explains the rest.
type psStop struct{}

// psSLLFailed is the panic value that stops the first (SLL) stage of a
// parse at its first error: the second (LL) stage reports the errors.
type psSLLFailed struct{}

// Capped returns the list sorted and cut to MaxErrors diagnostics, followed
// by one "too many errors" line at the position of the first one left out.
// A list that is short enough is returned sorted and otherwise unchanged.
func (l ErrorList) Capped() ErrorList {
	l.Sort()
	if len(l) <= MaxErrors {
		return l
	}
	out := make(ErrorList, 0, MaxErrors+1)
	out = append(out, l[:MaxErrors]...)
	return append(out, &Error{Pos: l[MaxErrors].Pos, Msg: TooManyErrors})
}
