package prism

// A Hint says which of the caller's settings an error (or a note) is
// about: a value given, or missing, for a constant, or the horizon of a
// query. An error's message (Error.Msg) never names a setting as one front
// end spells it (a flag, a field of a Go struct); a front end that wants
// to name its own spelling reads the hint. The command line, for one, turns HintConstMissing
// into "give its value with --const NAME=VALUE".
type Hint struct {
	Kind  HintKind
	Name  string // the constant (the HintConst kinds) or the operator (HintHorizonMissing, HintHorizonFromPlan)
	Value string // the value given, as written (HintConstType), or the horizon (HintHorizonFromPlan)
	Type  string // the constant's declared type (HintConstType)
}

// HintKind says what a Hint is about.
type HintKind int

// The kinds of hints.
const (
	HintConstMissing    HintKind = iota + 1 // constant Name is used but has no value
	HintConstUnknown                        // a value is given for Name, which no file declares
	HintConstDefined                        // a value is given for Name, which a file already defines
	HintConstType                           // the value given for Name does not fit its declared Type
	HintHorizonMissing                      // the unbounded operator Name needs a plan or a horizon
	HintHorizonTooShort                     // H=? needs a horizon of at least 1
	HintHorizonFromPlan                     // a note: the unbounded operator Name is judged within the horizon Value, the plan's length
	HintHorizonIgnored                      // a note: a horizon was set, and <<A>> and [[A]] judge infinite paths
)

// AddHint appends a diagnostic that carries a hint.
func (l *ErrorList) AddHint(pos Position, h *Hint, msg string) {
	*l = append(*l, &Error{Pos: pos, Msg: msg, Hint: h})
}
