package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/translate"
)

// This file prints the explanations of --explain (docs/guide/explain.md): as text for
// a person under each result, and as the "explain" member of each JSON
// result.

// jsonExplain is the "explain" member of a JSON result.
type jsonExplain struct {
	Plan       string        `json:"plan,omitempty"`
	Replayable *bool         `json:"replayable,omitempty"` // only when false
	Coalition  []string      `json:"coalition,omitempty"`
	History    []jsonHistory `json:"history,omitempty"`
	Settled    *int          `json:"settled,omitempty"`
	Reason     string        `json:"reason"`
}

// jsonHistory is one state of a counterexample and the joint action taken
// there (none at the last state).
type jsonHistory struct {
	State  stateValues `json:"state"`
	Action string      `json:"action,omitempty"`
}

// stateValues prints a state's variables in the model's order.
type stateValues struct {
	g *translate.Game
	s int
}

func (v stateValues) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range v.g.Vars {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(x.Name)
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(varValue(x, v.g.State(v.s)[i]))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func varValue(x translate.Var, v int32) string {
	if x.Bool {
		return strconv.FormatBool(v != 0)
	}
	return strconv.Itoa(int(v))
}

func explainJSON(m *translate.Model, ex *checker.Explanation) *jsonExplain {
	if ex == nil {
		return nil
	}
	out := &jsonExplain{Plan: ex.Plan, Coalition: ex.Coalition, Reason: ex.Reason}
	if !ex.Replayable {
		f := false
		out.Replayable = &f
	}
	for _, h := range ex.History {
		out.History = append(out.History, jsonHistory{State: stateValues{m.Game, h.State}, Action: h.Action})
	}
	if len(ex.History) > 0 {
		s := ex.Settled
		out.Settled = &s
	}
	return out
}

// writeExplainText prints an explanation under its result.
func writeExplainText(w io.Writer, m *translate.Model, ex *checker.Explanation) {
	if ex == nil {
		return
	}
	fmt.Fprintf(w, "Why: %s\n", ex.Reason)
	if ex.Plan != "" {
		fmt.Fprintf(w, "Witness plan: %s\n", ex.Plan)
	}
	if len(ex.Coalition) > 0 {
		fmt.Fprintf(w, "Coalition: {%s}\n", strings.Join(ex.Coalition, ","))
	}
	if len(ex.History) == 0 {
		return
	}
	if ex.Settled < len(ex.History)-1 {
		fmt.Fprintf(w, "Counterexample history (it violates ψ from step %d on, whatever follows):\n", ex.Settled)
	} else {
		fmt.Fprintln(w, "Counterexample history (it violates ψ at its end):")
	}
	// A history can be a million steps long: write it through a buffer
	// (stdout is unbuffered: a write a line costs a system call each) and
	// print each state's text once.
	bw := bufio.NewWriterSize(w, 64<<10)
	texts := map[int]string{}
	var line []byte
	for k, h := range ex.History {
		st, ok := texts[h.State]
		if !ok {
			st = stateText(m.Game, h.State)
			if len(texts) < 1<<12 { // a long history of distinct states keeps none
				texts[h.State] = st
			}
		}
		line = append(line[:0], "  "...)
		line = strconv.AppendInt(line, int64(k), 10)
		line = append(line, "  "...)
		line = append(line, st...)
		if h.Action != "" {
			line = append(line, "  --"...)
			line = append(line, h.Action...)
			line = append(line, "-->"...)
		}
		line = append(line, '\n')
		bw.Write(line)
	}
	bw.Flush()
}

// stateText prints a state as its variables' values: (s=0,b=true).
func stateText(g *translate.Game, s int) string {
	parts := make([]string, len(g.Vars))
	for i, x := range g.Vars {
		parts[i] = x.Name + "=" + varValue(x, g.State(s)[i])
	}
	return "(" + strings.Join(parts, ",") + ")"
}
