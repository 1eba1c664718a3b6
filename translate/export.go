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
		w := bufio.NewWriterSize(fh, 1<<16)
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
	bw := bufio.NewWriter(w)
	bw.WriteString("# States\n(")
	for i, v := range g.Vars {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString(v.Name)
	}
	bw.WriteString(")\n")
	var buf []byte
	for s := 0; s < g.NumStates; s++ {
		buf = strconv.AppendInt(buf[:0], int64(s), 10)
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
		buf = append(buf, ')', '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// WriteLab writes the labels file: init, deadlock, then the model's labels.
func WriteLab(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("# Labels\n0=\"init\" 1=\"deadlock\"")
	for i, l := range g.Labels {
		fmt.Fprintf(bw, " %d=\"%s\"", i+2, l.Name)
	}
	bw.WriteByte('\n')
	init := g.Label("init")
	var buf []byte
	for s := 0; s < g.NumStates; s++ {
		buf = buf[:0]
		if init.Has(s) {
			buf = append(buf, " 0"...)
		}
		if g.Deadlock.Has(s) {
			buf = append(buf, " 1"...)
		}
		for i, l := range g.Labels {
			if l.States.Has(s) {
				buf = append(buf, ' ')
				buf = strconv.AppendInt(buf, int64(i+2), 10)
			}
		}
		if len(buf) > 0 {
			bw.WriteString(strconv.Itoa(s))
			bw.WriteByte(':')
			bw.Write(buf)
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
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
func WriteTra(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Transitions (%s)\n", typeTitle(g.Type))
	switch g.Type {
	case prism.TypeDTMC:
		fmt.Fprintf(bw, "%d %d\n", g.NumStates, g.NumTransitions())
	case prism.TypeMDP:
		fmt.Fprintf(bw, "%d %d %d\n", g.NumStates, g.NumChoices(), g.NumTransitions())
	default:
		fmt.Fprintf(bw, "%d:%d %d %d\n", g.NumStates, len(g.Players), g.NumChoices(), g.NumTransitions())
	}
	np := len(g.Players)
	var buf []byte
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			var act []byte
			switch {
			case g.Joint != nil:
				act = append(act, " ["...)
				for p, a := range g.Joint[c*np : (c+1)*np] {
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
			case g.ChoiceAction != nil && g.ChoiceAction[c] > 0:
				act = append(act, ' ')
				act = append(act, g.Actions[g.ChoiceAction[c]]...)
			}
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				buf = strconv.AppendInt(buf[:0], int64(s), 10)
				if g.Type == prism.TypeSMG {
					buf = append(buf, ':')
					buf = strconv.AppendInt(buf, int64(g.Owner[s]), 10)
				}
				buf = append(buf, ' ')
				if g.Type != prism.TypeDTMC {
					buf = strconv.AppendInt(buf, int64(c-lo), 10)
					buf = append(buf, ' ')
				}
				buf = strconv.AppendInt(buf, int64(g.Target[t]), 10)
				buf = append(buf, ' ')
				buf = strconv.AppendFloat(buf, g.Prob[t], 'g', 16, 64)
				buf = append(buf, act...)
				buf = append(buf, '\n')
				bw.Write(buf)
			}
		}
	}
	return bw.Flush()
}

func rewardHeader(bw *bufio.Writer, g *Game, r int, kind string) {
	if name := g.Rewards[r].Name; name != "" {
		fmt.Fprintf(bw, "# Reward structure \"%s\"\n", name)
	} else {
		bw.WriteString("# Reward structure\n")
	}
	fmt.Fprintf(bw, "# %s rewards\n", kind)
}

// WriteSrew writes the state rewards of structure r (0-based).
func WriteSrew(w io.Writer, g *Game, r int) error {
	bw := bufio.NewWriter(w)
	rewardHeader(bw, g, r, "State")
	st := g.Rewards[r].State
	k := 0
	for _, v := range st {
		if v != 0 {
			k++
		}
	}
	fmt.Fprintf(bw, "%d %d\n", g.NumStates, k)
	for s, v := range st {
		if v != 0 {
			fmt.Fprintf(bw, "%d %s\n", s, fmtFloat(v))
		}
	}
	return bw.Flush()
}

// WriteTrew writes the transition rewards of structure r (0-based): one
// row per transition of each choice with a non-zero reward.
func WriteTrew(w io.Writer, g *Game, r int) error {
	bw := bufio.NewWriter(w)
	rewardHeader(bw, g, r, "Transition")
	tr := g.Rewards[r].Trans
	k := 0
	for c, v := range tr {
		if v != 0 {
			lo, hi := g.Transitions(c)
			k += hi - lo
		}
	}
	if g.Type == prism.TypeDTMC {
		fmt.Fprintf(bw, "%d %d\n", g.NumStates, k)
	} else {
		fmt.Fprintf(bw, "%d %d %d\n", g.NumStates, g.NumChoices(), k)
	}
	if tr == nil {
		return bw.Flush()
	}
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			v := tr[c]
			if v == 0 {
				continue
			}
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				if g.Type == prism.TypeDTMC {
					fmt.Fprintf(bw, "%d %d %s\n", s, g.Target[t], fmtFloat(v))
				} else {
					fmt.Fprintf(bw, "%d %d %d %s\n", s, c-lo, g.Target[t], fmtFloat(v))
				}
			}
		}
	}
	return bw.Flush()
}
