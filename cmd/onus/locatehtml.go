package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/checker/locate"
	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file writes the HTML report of onus locate (--html FILE): the
// model's source, each module, command and variable declaration shaded by
// its responsibility, with a tooltip (the title attribute) giving its
// values and the coalitions where its group swings. The page is one XHTML
// file with its style inline: no script, no external resource.
//
// What a part of the source gets:
//   - modules grouping: a module its group's share; a command the share of
//     its module, or of its action when that action synchronises;
//   - actions grouping: a command its action's share (an unlabelled
//     command, unnamed_action_line_L's);
//   - state groupings (individual, labels, variables, players): a command
//     the sum over the groups of the group's share times the fraction of
//     the group's states where the command is a wrong choice — where one
//     of its choices leaves the region P1 wins when it holds every state
//     (Pmax=?: falls short of the best value), or, backward, follows the
//     counterexample; when that cannot be told (a csg), where it is
//     enabled;
//   - a module, in the other groupings, the sum of its commands'; a
//     variable the largest share of the commands that assign it
//     (variables(…): the shares of its groups).
//
// Shares are the first index of --index.

// part is one shaded stretch of the source.
type part struct {
	start, end int // rune offsets, end exclusive
	kind       string
	name       string
	value      float64
	notes      []string
}

func writeLocateHTMLFile(path string, job *locateJob, run *locateRun) error {
	src, err := readFile(job.modelPath)
	if err != nil {
		return err
	}
	var b strings.Builder
	writeLocateHTML(&b, job, run, src)
	if err := atomicfile.WriteFile(path, []byte(b.String())); err != nil {
		return usagef("cannot write %s: %v", path, err)
	}
	return nil
}

// stmtEnd returns the offset after the ';' ending the statement at start
// (or the end of the line when there is none).
func stmtEnd(src []rune, start int) int {
	for i := start; i < len(src); i++ {
		switch src[i] {
		case ';':
			return i + 1
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
			}
		}
	}
	return len(src)
}

// sourceParts finds the modules, commands and variable declarations of the
// model and gives each its responsibility.
func sourceParts(job *locateJob, run *locateRun, src []rune) []part {
	mf := job.model
	base := mf.File.Base()
	off := func(p prism.Pos) int { return int(p) - base }
	vals := run.res.Values
	index := job.indices[0]
	share := func(i int) float64 { return indexValue(vals[i], index) }
	byName := map[string]int{}
	for i, v := range vals {
		byName[v.Name] = i
	}
	groupNote := func(i int) []string {
		v := vals[i]
		notes := []string{fmt.Sprintf("%s: %s", v.Name, valuesText(job, v))}
		for _, sw := range v.Swings {
			names := []string{}
			for _, g := range sw {
				names = append(names, vals[g].Name)
			}
			if len(names) == 0 {
				notes = append(notes, "swings alone: it wins where no group does")
				continue
			}
			notes = append(notes, "swings when joining {"+strings.Join(names, ", ")+"}")
		}
		return notes
	}
	actions := actionNames(mf)
	users := map[string]int{}
	for _, mod := range mf.Modules {
		seen := map[string]bool{}
		for _, c := range mod.Commands {
			for _, l := range c.Labels {
				if !seen[l.Name] {
					seen[l.Name] = true
					users[l.Name]++
				}
			}
		}
	}
	wrongAt := job.commandWrongs(run)
	var parts []part
	assigns := map[string]float64{}
	assignNotes := map[string][]string{}
	k := 0
	for _, mod := range mf.Modules {
		mp := part{start: off(mod.Pos), end: off(mod.EndPos) + len("endmodule"), kind: "module", name: mod.Name.Name}
		mi, isGroup := byName[mod.Name.Name]
		if job.group.Kind == "modules" && isGroup {
			mp.value = share(mi)
			mp.notes = groupNote(mi)
		}
		for _, v := range mod.Vars {
			parts = append(parts, part{start: off(v.Pos), end: stmtEnd(src, off(v.Pos)), kind: "variable", name: v.Name.Name})
		}
		sum := 0.0
		for _, c := range mod.Commands {
			cp := part{start: off(c.Pos), end: stmtEnd(src, off(c.Pos)), kind: "command", name: actions[k]}
			k++
			switch job.group.Kind {
			case "modules":
				if len(c.Labels) > 0 && users[c.Labels[0].Name] > 1 {
					if i, ok := byName[c.Labels[0].Name]; ok {
						cp.value, cp.notes = share(i), groupNote(i)
					}
				} else if isGroup {
					cp.value, cp.notes = share(mi), []string{"a command of " + mod.Name.Name}
				}
			case "actions":
				name := cp.name
				if mod.Rename == nil {
					if i, ok := byName[name]; ok {
						cp.value, cp.notes = share(i), groupNote(i)
					}
				}
			default:
				cp.value, cp.notes = commandShare(job, run, c, share, wrongAt, k-1)
			}
			sum += cp.value
			for _, u := range c.Updates {
				for _, a := range u.Assigns {
					assigns[a.Var.Name] = math.Max(assigns[a.Var.Name], cp.value)
					if cp.value != 0 {
						assignNotes[a.Var.Name] = append(assignNotes[a.Var.Name], fmt.Sprintf("assigned by %s (line %d): %s", cp.name, mf.File.Position(c.Pos).Line, formatShare(cp.value)))
					}
				}
			}
			parts = append(parts, cp)
		}
		if job.group.Kind != "modules" {
			mp.value = sum
			mp.notes = []string{fmt.Sprintf("sum of its commands: %s", formatShare(sum))}
		}
		parts = append(parts, mp)
	}
	// Variables: their groups' shares (variables grouping), else what the
	// commands assigning them carry.
	for i := range parts {
		p := &parts[i]
		if p.kind != "variable" {
			continue
		}
		if job.group.Kind == "variables" {
			for _, n := range job.group.Names {
				if n.Name != p.name {
					continue
				}
				for gi, v := range vals {
					if share(gi) != 0 {
						p.value += share(gi) / float64(len(job.group.Names))
						p.notes = append(p.notes, fmt.Sprintf("%s: %s", v.Name, valuesText(job, v)))
					}
				}
			}
			continue
		}
		p.value = assigns[p.name]
		p.notes = assignNotes[p.name]
	}
	for _, v := range mf.Globals {
		parts = append(parts, part{start: off(v.Pos), end: stmtEnd(src, off(v.Pos)), kind: "variable", name: v.Name.Name, value: assigns[v.Name.Name], notes: assignNotes[v.Name.Name]})
	}
	return parts
}

// commandShare is a command's part of the state groups' shares: each
// group's share times the fraction of its states where the command is a
// wrong choice (wrongAt[k], or enabled when wrongAt is nil).
func commandShare(job *locateJob, run *locateRun, c *prism.Command, share func(int) float64, wrongAt []translate.Bitset, k int) (float64, []string) {
	set, err := run.model.StateSet(c.Guard)
	what := "enabled"
	if wrongAt != nil {
		set, what = wrongAt[k], "a wrong choice"
	}
	if err != nil || set == nil {
		return 0, nil
	}
	total := 0.0
	var notes []string
	for i, v := range run.res.Values {
		if share(i) == 0 || len(v.States) == 0 {
			continue
		}
		on := 0
		for _, s := range v.States {
			if set.Has(int(s)) {
				on++
			}
		}
		if on == 0 {
			continue
		}
		f := float64(on) / float64(len(v.States))
		total += share(i) * f
		notes = append(notes, fmt.Sprintf("%s in %s (%d of %d states): %s", what, v.Name, on, len(v.States), valuesText(job, v)))
	}
	return total, notes
}

// commandWrongs returns, per command of the source (file order), the
// states where one of its choices is wrong (see the file comment); nil
// when the model's choices cannot be traced to commands (csg, dtmc, a
// rebuilt model that differs).
func (job *locateJob) commandWrongs(run *locateRun) []translate.Bitset {
	mf := job.model
	if mf.Type == prism.TypeCSG || mf.Type == prism.TypeDTMC || job.group.Kind == "modules" || job.group.Kind == "actions" {
		return nil
	}
	cp := copyModel(mf)
	nameCommands(mf, cp)
	m, err := translate.Build(job.fset, cp, job.props, withConsts(job.limits, job.consts, false))
	if err != nil || m.Game.NumStates != run.game.NumStates {
		return nil
	}
	g := m.Game
	gm := run.res.Game
	var wrong []bool
	if job.mode == locate.Forward {
		if wrong, err = locate.Wrong(g, gm.Init, gm.Obj); err != nil {
			return nil
		}
	} else {
		next := make([][]int32, g.NumStates)
		for i := 0; i+1 < len(gm.Path); i++ {
			next[gm.Path[i]] = append(next[gm.Path[i]], gm.Path[i+1])
		}
		wrong = make([]bool, g.NumChoices())
		for s := 0; s < g.NumStates; s++ {
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				tlo, thi := g.Transitions(ch)
				for t := tlo; t < thi; t++ {
					for _, n := range next[s] {
						wrong[ch] = wrong[ch] || g.Target[t] == n
					}
				}
			}
		}
	}
	names := actionNames(mf)
	out := make([]translate.Bitset, len(names))
	k := 0
	for _, mod := range mf.Modules {
		for _, c := range mod.Commands {
			name := names[k]
			out[k] = translate.NewBitset(g.NumStates)
			enabled, err := run.model.StateSet(c.Guard)
			if err == nil {
				for s := 0; s < g.NumStates; s++ {
					if !enabled.Has(s) {
						continue
					}
					lo, hi := g.Choices(s)
					for ch := lo; ch < hi; ch++ {
						if wrong[ch] && g.Actions[g.ChoiceAction[ch]] == name {
							out[k].Set(s)
						}
					}
				}
			}
			k++
		}
	}
	return out
}

func formatShare(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }

// valuesText lists a group's indices.
func valuesText(job *locateJob, v locate.Value) string {
	var parts []string
	for _, x := range job.indices {
		parts = append(parts, x+" "+indexCell(job, v, x, false))
	}
	return strings.Join(parts, ", ")
}

// writeLocateHTML writes the report for the model source src.
func writeLocateHTML(w io.Writer, job *locateJob, run *locateRun, text string) {
	src := []rune(text)
	parts := sourceParts(job, run, src)
	most := 0.0
	for _, p := range parts {
		most = math.Max(most, math.Abs(p.value))
	}
	// Outer parts (modules) first, so that spans nest.
	sort.SliceStable(parts, func(a, b int) bool {
		if parts[a].start != parts[b].start {
			return parts[a].start < parts[b].start
		}
		return parts[a].end > parts[b].end
	})
	esc := html.EscapeString
	fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta charset="UTF-8"/>
<title>`+esc("onus locate: "+job.modelPath)+`</title>
<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; }
pre { font-family: monospace; font-size: 14px; line-height: 1.45; background: #fbfbf8; border: 1px solid #ddd; padding: 1em; }
span.part { border-radius: 3px; }
span.module { display: inline-block; padding: 0 4px; border-left: 3px solid rgba(214,60,40,0.5); }
span.command, span.variable { padding: 1px 0; }
span[title]:hover { outline: 1px solid #a33; }
table { border-collapse: collapse; margin-top: 1em; }
td, th { padding: 2px 10px; text-align: left; border-bottom: 1px solid #eee; }
.key { display: inline-block; width: 10em; height: 0.9em; background: linear-gradient(to right, rgba(214,60,40,0.05), rgba(214,60,40,0.75)); vertical-align: middle; }
</style>
</head>
<body>
`)
	fmt.Fprintf(w, "<h1>%s</h1>\n", esc(job.modelPath))
	fmt.Fprintf(w, "<p>Objective <code>%s</code>; %s game, group <code>%s</code>; shading: %s (0 <span class=\"key\"></span> %s). Hover over a part for its values.</p>\n",
		esc(prism.ExprString(job.objective)), esc(modeText(job)), esc(job.groupText), esc(job.indices[0]), esc(formatShare(most)))
	fmt.Fprint(w, "<pre>")
	pos := 0
	var open []part
	closeTo := func(at int) {
		for len(open) > 0 && open[len(open)-1].end <= at {
			top := open[len(open)-1]
			fmt.Fprint(w, esc(string(src[pos:top.end])))
			pos = top.end
			fmt.Fprint(w, "</span>")
			open = open[:len(open)-1]
		}
	}
	for _, p := range parts {
		if p.start < pos || p.end > len(src) || p.start >= p.end {
			continue
		}
		closeTo(p.start)
		if len(open) > 0 && p.end > open[len(open)-1].end {
			continue // would cross its parent
		}
		fmt.Fprint(w, esc(string(src[pos:p.start])))
		pos = p.start
		alpha := 0.0
		if most > 0 {
			alpha = 0.05 + 0.7*math.Abs(p.value)/most
			if p.kind == "module" {
				// A module's tint stays light, so that its commands show.
				alpha = 0.03 + 0.17*math.Abs(p.value)/most
			}
		}
		title := fmt.Sprintf("%s %s: %s", p.kind, p.name, formatShare(p.value))
		if len(p.notes) > 0 {
			title += "\n" + strings.Join(p.notes, "\n")
		}
		style := ""
		if p.value != 0 {
			style = fmt.Sprintf(` style="background: rgba(214,60,40,%.3f)"`, alpha)
		}
		fmt.Fprintf(w, `<span class="part %s"%s title="%s">`, p.kind, style, esc(title))
		open = append(open, p)
	}
	closeTo(len(src) + 1)
	fmt.Fprint(w, esc(string(src[pos:])))
	fmt.Fprint(w, "</pre>\n")
	// The table of groups, as the text output has it.
	fmt.Fprint(w, "<table>\n<tr><th>group</th><th>states</th>")
	for _, x := range job.indices {
		fmt.Fprintf(w, "<th>%s</th>", esc(x))
	}
	fmt.Fprint(w, "</tr>\n")
	for _, i := range sortedGroups(job, run) {
		v := run.res.Values[i]
		fmt.Fprintf(w, "<tr><td>%s</td><td>%d</td>", esc(v.Name), len(v.States))
		for _, x := range job.indices {
			fmt.Fprintf(w, "<td>%s</td>", esc(indexCell(job, v, x, false)))
		}
		fmt.Fprint(w, "</tr>\n")
	}
	fmt.Fprint(w, "</table>\n</body>\n</html>\n")
}
