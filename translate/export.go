package translate

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
)

// fmtFloat prints a double as PRISM's explicit exports do (%.16g without
// trailing zeros).
func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', 16, 64) }

// exportBuffer is the size of the buffer each exported file is written
// through.
const exportBuffer = 1 << 16

// Export writes DIR/BASE.sta, .tra, .lab and the reward files: with one
// reward structure BASE.srew and BASE.trew, with k > 1 BASE1.srew ..
// BASEk.srew (and .trew).
func Export(dir, base string, g *Game) error {
	write := func(name string, f func(w io.Writer) error) error {
		fh, err := atomicfile.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		defer fh.Abort()
		w := bufio.NewWriterSize(fh, exportBuffer)
		if err := f(w); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
		return fh.Commit()
	}
	files := []struct {
		ext string
		f   func(io.Writer, *Game) error
	}{{".sta", WriteSta}, {".tra", WriteTra}, {".lab", WriteLab}}
	for _, f := range files {
		if err := write(base+f.ext, func(w io.Writer) error { return f.f(w, g) }); err != nil {
			return err
		}
	}
	for r := range g.Rewards {
		num := ""
		if len(g.Rewards) > 1 {
			num = strconv.Itoa(r + 1)
		}
		if err := write(base+num+".srew", func(w io.Writer) error { return WriteSrew(w, g, r) }); err != nil {
			return err
		}
		if err := write(base+num+".trew", func(w io.Writer) error { return WriteTrew(w, g, r) }); err != nil {
			return err
		}
	}
	return nil
}

// WriteSta writes the states file.
func WriteSta(w io.Writer, g *Game) error {
	out := newLines(w)
	out.buf = append(out.buf, "# States\n("...)
	for i, v := range g.Vars {
		if i > 0 {
			out.buf = append(out.buf, ',')
		}
		out.buf = append(out.buf, v.Name...)
	}
	out.buf = append(out.buf, ")\n"...)
	for s := 0; s < g.NumStates; s++ {
		buf := strconv.AppendInt(out.buf, int64(s), 10)
		buf = append(buf, ':', '(')
		for i, x := range g.State(s) {
			if i > 0 {
				buf = append(buf, ',')
			}
			if g.Vars[i].Bool {
				buf = strconv.AppendBool(buf, x != 0)
			} else {
				buf = strconv.AppendInt(buf, int64(x), 10)
			}
		}
		out.buf = append(buf, ')', '\n')
		out.line()
	}
	return out.flush()
}

// WriteLab writes the labels file: init, deadlock, then the model's labels.
func WriteLab(w io.Writer, g *Game) error {
	out := newLines(w)
	out.buf = append(out.buf, "# Labels\n0=\"init\" 1=\"deadlock\""...)
	for i, l := range g.Labels {
		out.buf = append(out.buf, ' ')
		out.buf = strconv.AppendInt(out.buf, int64(i+2), 10)
		out.buf = append(out.buf, "=\""...)
		out.buf = append(out.buf, l.Name...)
		out.buf = append(out.buf, '"')
	}
	out.buf = append(out.buf, '\n')
	init := g.Label("init")
	var ls []byte // the state's labels, " 0 2 ..."
	for s := 0; s < g.NumStates; s++ {
		ls = ls[:0]
		if init.Has(s) {
			ls = append(ls, " 0"...)
		}
		if g.Deadlock.Has(s) {
			ls = append(ls, " 1"...)
		}
		for i, l := range g.Labels {
			if l.States.Has(s) {
				ls = append(ls, ' ')
				ls = strconv.AppendInt(ls, int64(i+2), 10)
			}
		}
		if len(ls) == 0 {
			continue // a state without labels has no row
		}
		buf := strconv.AppendInt(out.buf, int64(s), 10)
		buf = append(buf, ':')
		buf = append(buf, ls...)
		out.buf = append(buf, '\n')
		out.line()
	}
	return out.flush()
}

func typeTitle(t prism.ModelType) string {
	switch t {
	case prism.TypeDTMC:
		return "DTMC"
	case prism.TypeMDP:
		return "MDP"
	case prism.TypeSMG:
		return "SMG"
	case prism.TypeCSG:
		return "CSG"
	}
	return t.String()
}

// WriteTra writes the transitions file in PRISM's explicit format for the
// game's type.
func WriteTra(w io.Writer, g *Game) error { return WriteTraOrder(w, g, nil) }

// WriteTraOrder is WriteTra with the choices in the given order: order[i]
// is the choice of g written at position i, a permutation of each state's
// choices (PrismChoiceOrder's); nil is g's own order. It writes what
// WriteTra(w, PrismOrder(g)) does without copying the game.
func WriteTraOrder(w io.Writer, g *Game, order []int) error {
	out := newLines(w)
	out.buf = fmt.Appendf(out.buf, "# Transitions (%s)\n", typeTitle(g.Type))
	switch g.Type {
	case prism.TypeDTMC:
		out.buf = fmt.Appendf(out.buf, "%d %d\n", g.NumStates, g.NumTransitions())
	case prism.TypeMDP:
		out.buf = fmt.Appendf(out.buf, "%d %d %d\n", g.NumStates, g.NumChoices(), g.NumTransitions())
	default:
		out.buf = fmt.Appendf(out.buf, "%d:%d %d %d\n", g.NumStates, len(g.Players), g.NumChoices(), g.NumTransitions())
	}
	np := len(g.Players)
	var act, head []byte
	probs := new(floatText)
	for s := 0; s < g.NumStates; s++ {
		// the row's start: "s " (smg "s:owner "), without the choice
		head = strconv.AppendInt(head[:0], int64(s), 10)
		if g.Type == prism.TypeSMG {
			head = append(head, ':')
			head = strconv.AppendInt(head, int64(g.Owner[s]), 10)
		}
		head = append(head, ' ')
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			ch := c // the choice written at position c
			if order != nil {
				ch = order[c]
			}
			act = act[:0]
			switch {
			case g.Joint != nil:
				act = append(act, " ["...)
				for p, a := range g.Joint[ch*np : (ch+1)*np] {
					if p > 0 {
						act = append(act, ',')
					}
					if a == 0 {
						act = append(act, '-')
					} else {
						act = append(act, g.Actions[a]...)
					}
				}
				act = append(act, ']')
			case g.ChoiceAction != nil && g.ChoiceAction[ch] > 0:
				act = append(act, ' ')
				act = append(act, g.Actions[g.ChoiceAction[ch]]...)
			}
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				buf := append(out.buf, head...)
				if g.Type != prism.TypeDTMC {
					buf = strconv.AppendInt(buf, int64(c-lo), 10)
					buf = append(buf, ' ')
				}
				buf = strconv.AppendInt(buf, int64(g.Target[t]), 10)
				buf = append(buf, ' ')
				buf = probs.append(buf, g.Prob[t])
				buf = append(buf, act...)
				out.buf = append(buf, '\n')
				out.line()
			}
		}
	}
	return out.flush()
}

func rewardHeader(out *lines, g *Game, r int, kind string) {
	if name := g.Rewards[r].Name; name != "" {
		out.buf = fmt.Appendf(out.buf, "# Reward structure \"%s\"\n", name)
	} else {
		out.buf = append(out.buf, "# Reward structure\n"...)
	}
	out.buf = fmt.Appendf(out.buf, "# %s rewards\n", kind)
}

// WriteSrew writes the state rewards of structure r (0-based).
func WriteSrew(w io.Writer, g *Game, r int) error {
	out := newLines(w)
	rewardHeader(out, g, r, "State")
	st := g.Rewards[r].State
	k := 0
	for _, v := range st {
		if v != 0 {
			k++
		}
	}
	out.buf = fmt.Appendf(out.buf, "%d %d\n", g.NumStates, k)
	values := new(floatText)
	for s, v := range st {
		if v != 0 {
			buf := strconv.AppendInt(out.buf, int64(s), 10)
			buf = append(buf, ' ')
			buf = values.append(buf, v)
			out.buf = append(buf, '\n')
			out.line()
		}
	}
	return out.flush()
}

// WriteTrew writes the transition rewards of structure r (0-based): one
// row per transition of each choice with a non-zero reward.
func WriteTrew(w io.Writer, g *Game, r int) error { return WriteTrewOrder(w, g, r, nil) }

// WriteTrewOrder is WriteTrew with the choices in the given order, as
// WriteTraOrder.
func WriteTrewOrder(w io.Writer, g *Game, r int, order []int) error {
	out := newLines(w)
	rewardHeader(out, g, r, "Transition")
	tr := g.Rewards[r].Trans
	k := 0
	for c, v := range tr {
		if v != 0 {
			lo, hi := g.Transitions(c)
			k += hi - lo
		}
	}
	if g.Type == prism.TypeDTMC {
		out.buf = fmt.Appendf(out.buf, "%d %d\n", g.NumStates, k)
	} else {
		out.buf = fmt.Appendf(out.buf, "%d %d %d\n", g.NumStates, g.NumChoices(), k)
	}
	if tr == nil {
		return out.flush()
	}
	var head, val []byte
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			ch := c // the choice written at position c
			if order != nil {
				ch = order[c]
			}
			v := tr[ch]
			if v == 0 {
				continue
			}
			// "s " or "s choice ", and " value\n", the same on each row
			head = strconv.AppendInt(head[:0], int64(s), 10)
			head = append(head, ' ')
			if g.Type != prism.TypeDTMC {
				head = strconv.AppendInt(head, int64(c-lo), 10)
				head = append(head, ' ')
			}
			val = append(val[:0], ' ')
			val = strconv.AppendFloat(val, v, 'g', 16, 64)
			val = append(val, '\n')
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				buf := append(out.buf, head...)
				buf = strconv.AppendInt(buf, int64(g.Target[t]), 10)
				out.buf = append(buf, val...)
				out.line()
			}
		}
	}
	return out.flush()
}
