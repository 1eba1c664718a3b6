package main

import (
	"errors"
	"fmt"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// The library's messages name no flag: an error about a setting carries a
// prism.Hint, a resource limit its kind, and the library says "needs a
// horizon" where the command line says "needs --horizon". This file puts
// the command line's flags into them, wherever onus reports an error.

// flagWords returns err with the messages that carry a hint reworded to
// name the flag that resolves them. Other errors are returned as they are.
func flagWords(err error) error {
	var el prism.ErrorList
	if errors.As(err, &el) {
		out := make(prism.ErrorList, len(el))
		for i, e := range el {
			out[i] = flagError(e)
		}
		return out
	}
	var pe *prism.Error
	if errors.As(err, &pe) {
		return flagError(pe)
	}
	return err
}

// flagError rewords one diagnostic that carries a hint.
func flagError(e *prism.Error) *prism.Error {
	h := e.Hint
	if h == nil {
		if w := cliWords(e.Msg); w != e.Msg {
			return &prism.Error{Pos: e.Pos, Msg: w}
		}
		return e
	}
	msg := e.Msg
	switch h.Kind {
	case prism.HintConstMissing:
		msg = fmt.Sprintf("constant %s is undefined: give its value with --const %s=VALUE", h.Name, h.Name)
	case prism.HintConstUnknown:
		msg = fmt.Sprintf("--const %s: the model and properties declare no constant %s", h.Name, h.Name)
	case prism.HintConstDefined:
		msg = fmt.Sprintf("--const %s: constant %s is already defined here; --const sets only undefined constants", h.Name, h.Name)
	case prism.HintConstType:
		msg = fmt.Sprintf("--const %s=%s: constant %s is declared %s", h.Name, h.Value, h.Name, h.Type)
	case prism.HintHorizonMissing:
		msg = fmt.Sprintf("the unbounded operator %s needs a plan or --horizon", h.Name)
	case prism.HintHorizonTooShort:
		msg = "H=? needs a horizon of at least 1 (give --horizon or a bounded outcome)"
	}
	return &prism.Error{Pos: e.Pos, Msg: msg}
}

// flagNotes returns the library's notes as check prints them: positioned
// messages, naming --horizon where they speak of the horizon.
func flagNotes(notes []lib.Note) []*prism.Error {
	var out []*prism.Error
	for _, n := range notes {
		msg := cliWords(n.Msg)
		if h := n.Hint; h != nil {
			switch h.Kind {
			case prism.HintHorizonFromPlan:
				msg = fmt.Sprintf("%s is judged within the horizon T = %s set by the plan's length; give --horizon to look further", h.Name, h.Value)
			case prism.HintHorizonIgnored:
				msg = "--horizon does not apply to <<...>> and [[...]] queries: they are judged on infinite paths as in PRISM-games (bound their operators, e.g. F<=T, to look T steps ahead)"
			}
		}
		out = append(out, &prism.Error{Pos: n.Pos, Msg: msg})
	}
	return out
}

// limitText is the message of a resource limit, naming the flag that
// raises it.
func limitText(err error) string {
	if pl, ok := err.(*prismLimit); ok {
		return prismLimitText(pl.err)
	}
	switch le := err.(type) {
	case *translate.LimitError:
		switch le.Resource {
		case translate.Transitions:
			return fmt.Sprintf("the model has more than %d transitions (raise the limit with --max-transitions)", le.Limit)
		case translate.Memory:
			return fmt.Sprintf("model construction needs more than %s (--max-memory); raise the limit with --max-memory or reduce the model", translate.FormatBytes(le.Limit))
		}
		return fmt.Sprintf("the model has more than %d states (raise the limit with --max-states)", le.Limit)
	case *limit.Error:
		switch le.Setting {
		case "MaxMemory":
			return fmt.Sprintf("resource limit exceeded: more than %d %s (--max-memory)", le.Limit, le.What)
		case limit.SettingMaxSteps:
			return fmt.Sprintf("resource limit exceeded: more than %d %s (raise the limit with --max-steps)", le.Limit, le.What)
		case limit.SettingTimeout:
			return fmt.Sprintf("resource limit exceeded: %s (raise it with --timeout)", le.Text)
		case limit.SettingInterrupt:
			return le.Text
		}
	}
	return err.Error()
}

// during is what a limit stopped and how far it had got, e.g.
// `P=? [ F<=9 "crash" ]: histories: step 40 of 1000` ("": unknown).
func during(err error) string {
	var le *limit.Error
	if errors.As(err, &le) {
		return le.During
	}
	return ""
}

// stoppedText is the "stopped" member of the JSON document of a run that
// a limit stopped: the error and, when known, where it stopped.
func stoppedText(err error) string {
	s := limitText(err)
	if d := during(err); d != "" {
		s += "; stopped in " + d
	}
	return s
}

// interrupted reports whether err is the stop that Ctrl-C asked for.
func interrupted(err error) bool {
	var le *limit.Error
	return errors.As(err, &le) && le.Setting == limit.SettingInterrupt
}
