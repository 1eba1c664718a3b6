package main

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/internal/atomicfile"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file writes the optimal strategies of coalition queries
// (-exportstrat of onus prism, --export-strat of onus check) in PRISM's
// forms: the choice per state (actions or indices), the model the
// strategy induces (a dtmc .tra over the game's states) or a dot graph of
// it. A strategy is memoryless and covers every state: the coalition's
// choices and its opponents' optimal answers.

// writeStrategy writes strategy s of game g in format (actions, indices,
// induced or dot).
func writeStrategy(w io.Writer, g *translate.Game, s *checker.Strategy, format string) error {
	switch format {
	case "induced":
		return translate.WriteTra(w, inducedChain(g, s))
	case "dot":
		return writeStrategyDot(w, g, s)
	}
	bw := bufio.NewWriter(w)
	for st := 0; st < g.NumStates; st++ {
		lo, hi := g.Choices(st)
		if lo == hi {
			continue
		}
		var parts []string
		for ch := lo; ch < hi; ch++ {
			pr := s.Choice[ch]
			if pr <= 0 {
				continue
			}
			name := strconv.Itoa(ch - lo)
			if format == "actions" {
				name = choiceName(g, st, ch)
			}
			if pr < 1 {
				name += "=" + strconv.FormatFloat(pr, 'g', 16, 64)
			}
			parts = append(parts, name)
		}
		fmt.Fprintf(bw, "%d:%s\n", st, strings.Join(parts, " "))
	}
	return bw.Flush()
}

// choiceName names a choice as the strategy files show it: the joint
// action [a,b] in a csg, else the action label, or #k (onus's plan name
// for the k-th choice) for an unlabelled one.
func choiceName(g *translate.Game, s, ch int) string {
	lo, _ := g.Choices(s)
	if g.Joint != nil {
		np := len(g.Players)
		names := make([]string, np)
		for p, a := range g.Joint[ch*np : (ch+1)*np] {
			names[p] = "-"
			if a > 0 {
				names[p] = g.Actions[a]
			}
		}
		return "[" + strings.Join(names, ",") + "]"
	}
	if g.ChoiceAction != nil && g.ChoiceAction[ch] > 0 {
		return g.Actions[g.ChoiceAction[ch]]
	}
	return "#" + strconv.Itoa(ch-lo)
}

// inducedChain is the dtmc the strategy induces on the game: from each
// state, each target with the probability summed over the choices.
func inducedChain(g *translate.Game, s *checker.Strategy) *translate.Game {
	d := &translate.Game{Type: prism.TypeDTMC, Vars: g.Vars, NumStates: g.NumStates, Values: g.Values,
		Initial: g.Initial, Labels: g.Labels, Deadlock: g.Deadlock, ChoiceStart: make([]int32, g.NumStates+1),
		TransStart: []int32{0}}
	for st := 0; st < g.NumStates; st++ {
		lo, hi := g.Choices(st)
		prob := map[int32]float64{}
		for ch := lo; ch < hi; ch++ {
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				if s.Choice[ch] > 0 {
					prob[g.Target[t]] += s.Choice[ch] * g.Prob[t]
				}
			}
		}
		targets := make([]int32, 0, len(prob))
		for t := range prob {
			targets = append(targets, t)
		}
		sort.Slice(targets, func(i, j int) bool { return targets[i] < targets[j] })
		for _, t := range targets {
			d.Target = append(d.Target, t)
			d.Prob = append(d.Prob, prob[t])
		}
		d.TransStart = append(d.TransStart, int32(len(d.Target)))
		d.ChoiceStart[st+1] = int32(st + 1)
	}
	return d
}

// writeStrategyDot writes the induced chain as a dot graph: each state
// with its variables and the choices the strategy takes, each transition
// with its probability.
func writeStrategyDot(w io.Writer, g *translate.Game, s *checker.Strategy) error {
	bw := bufio.NewWriter(w)
	d := inducedChain(g, s)
	bw.WriteString("digraph DTMC {\nnode [shape=box];\n")
	for st := 0; st < g.NumStates; st++ {
		var vals []string
		for i, x := range g.State(st) {
			if g.Vars[i].Bool {
				vals = append(vals, strconv.FormatBool(x != 0))
			} else {
				vals = append(vals, strconv.Itoa(int(x)))
			}
		}
		lo, hi := g.Choices(st)
		var acts []string
		for ch := lo; ch < hi; ch++ {
			if pr := s.Choice[ch]; pr > 0 {
				a := choiceName(g, st, ch)
				if pr < 1 {
					a += "=" + strconv.FormatFloat(pr, 'g', 4, 64)
				}
				acts = append(acts, a)
			}
		}
		fmt.Fprintf(bw, "%d [label=\"%d\\n(%s)\\n%s\"];\n", st, st, strings.Join(vals, ","), strings.Join(acts, " "))
		tlo, thi := d.Transitions(st)
		for t := tlo; t < thi; t++ {
			fmt.Fprintf(bw, "%d -> %d [ label=\"%s\" ];\n", st, d.Target[t], strconv.FormatFloat(d.Prob[t], 'g', 16, 64))
		}
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// strategyFiles names the files of several strategies: path itself for
// one, else path with 1, 2, ... before its extension (stdout stays
// stdout).
func strategyFiles(path string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = path
		if n > 1 {
			out[i] = numberedPath(path, i+1)
		}
	}
	return out
}

// exportStrategy writes r's strategy for -exportstrat (numbered when the
// run has several), or notes why there is none.
func (p *prismRun) exportStrategy(r *propResult) {
	if p.o.strat == nil {
		return
	}
	s := r.res.Strategy
	prof := equilibriumProfile(*r)
	if s == nil && prof == nil {
		fmt.Fprintf(p.log, "\nNote: no strategy exported for this property: %s.\n", strings.TrimSuffix(noStrategy(*r), "."))
		return
	}
	path := p.stratFiles[p.stratNext]
	p.stratNext++
	if prof != nil {
		// An equilibrium's profile: PRISM-games writes it as a dot graph.
		if path == "stdout" {
			fmt.Fprintf(p.log, "\nExporting strategy (dot) below:\n")
			equil.WriteStrategy(p.log, prof)
			return
		}
		fmt.Fprintf(p.log, "\nExporting strategy (dot) to file \"%s\"...\n", path)
		if err := writeFile(path, func(w io.Writer) error { return equil.WriteStrategy(w, prof) }); err != nil {
			fmt.Fprintf(p.log, "\nError: %s.\n", prismErrorText(err))
		}
		return
	}
	// Choice indices follow PRISM's order of a csg state's choices, as
	// the exported .tra does.
	g := translate.PrismOrder(r.model.Game)
	if g != r.model.Game {
		perm := translate.PrismChoiceOrder(r.model.Game)
		ps := &checker.Strategy{Coalition: s.Coalition, Choice: make([]float64, len(s.Choice))}
		for k, ch := range perm {
			ps.Choice[k] = s.Choice[ch]
		}
		s = ps
	}
	if path == "stdout" {
		fmt.Fprintf(p.log, "\nExporting strategy (%s) below:\n", p.o.strat.format)
		writeStrategy(p.log, g, s, p.o.strat.format)
		return
	}
	fmt.Fprintf(p.log, "\nExporting strategy (%s) to file \"%s\"...\n", p.o.strat.format, path)
	if err := writeFile(path, func(w io.Writer) error { return writeStrategy(w, g, s, p.o.strat.format) }); err != nil {
		fmt.Fprintf(p.log, "\nError: %s.\n", prismErrorText(err))
	}
}

// exportStrategies writes --export-strat for onus check: each result's
// strategy, files numbered when there are several; a property without
// one is an error naming the reason.
func exportStrategies(c *cli.Context, spec *stratSpec, results []propResult) error {
	var with []propResult
	for _, r := range results {
		if r.err != nil {
			continue
		}
		if r.res.Strategy == nil && equilibriumProfile(r) == nil {
			return usagef("--export-strat: %s: %s", propText(r.prop), noStrategy(r))
		}
		with = append(with, r)
	}
	files := strategyFiles(spec.path, len(with))
	for i, r := range with {
		var b bytes.Buffer
		var err error
		if prof := equilibriumProfile(r); prof != nil {
			err = equil.WriteStrategy(&b, prof) // a dot graph, as PRISM-games writes it
		} else {
			err = writeStrategy(&b, r.model.Game, r.res.Strategy, spec.format)
		}
		if err != nil {
			return err
		}
		if files[i] == "stdout" {
			if _, err := c.App.Writer.Write(b.Bytes()); err != nil {
				return err
			}
			continue
		}
		if err := atomicfile.WriteFile(files[i], b.Bytes()); err != nil {
			return usagef("cannot write %s: %v", files[i], err)
		}
	}
	return nil
}

// equilibriumProfile returns the strategy profile of an equilibrium
// result, or nil.
func equilibriumProfile(r propResult) *equil.Profile {
	if r.res == nil || r.res.Equilibrium == nil {
		return nil
	}
	return r.res.Equilibrium.Profile
}

// noStrategy says why result r has no strategy.
func noStrategy(r propResult) string {
	if why := r.res.NoStrategy; why != "" {
		return why
	}
	return "strategies are exported for coalition queries <<A>> P..."
}
