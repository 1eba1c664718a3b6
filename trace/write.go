package trace

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file prints a history in PRISM's simulation-path format.

// Write prints history h of model m: a header `action step VARS...`, then
// one row per state; columns are separated by commas (comma true) or
// spaces. A csg row shows the joint action in player order (- for an idle
// player); an smg or mdp row shows [label], or for an unlabelled choice the
// first module with an enabled unlabelled command (- if none).
func Write(w io.Writer, m *translate.Model, h *History, comma bool) error {
	g := m.Game
	sep := " "
	if comma {
		sep = ","
	}
	bw := bufio.NewWriter(w)
	cols := []string{"action", "step"}
	for _, v := range g.Vars {
		cols = append(cols, v.Name)
	}
	bw.WriteString(strings.Join(cols, sep) + "\n")
	for k, s := range h.States {
		act := "-"
		if k > 0 {
			act = actionText(m, h.States[k-1], h.Choices[k-1])
		}
		row := []string{act, strconv.Itoa(k)}
		for i, v := range g.State(s) {
			if g.Vars[i].Bool {
				row = append(row, strconv.FormatBool(v != 0))
			} else {
				row = append(row, strconv.Itoa(int(v)))
			}
		}
		bw.WriteString(strings.Join(row, sep) + "\n")
	}
	return bw.Flush()
}

// actionText prints choice ch of state s as PRISM's paths do.
func actionText(m *translate.Model, s, ch int) string {
	g := m.Game
	if g.Type == prism.TypeCSG {
		n := len(g.Players)
		parts := make([]string, n)
		for p := range parts {
			parts[p] = "-"
			if a := g.Joint[ch*n+p]; a > 0 {
				parts[p] = g.Actions[a]
			}
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	if g.ChoiceAction != nil && g.ChoiceAction[ch] > 0 {
		return "[" + g.Actions[g.ChoiceAction[ch]] + "]"
	}
	if mods := m.UnlabelledModules(s); len(mods) > 0 {
		return mods[0]
	}
	return "-"
}
