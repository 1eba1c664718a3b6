package main

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// listGroups prints every --group argument the model offers (onus locate
// --list-groups): the fixed groupings, then one labels(…) per label, one
// variables(…) per variable with its range, and the modules and actions
// the modules and actions groupings are made of.
func listGroups(c *cli.Context, job *locateJob) error {
	m, err := translate.Build(job.fset, job.model, job.props, withConsts(job.limits, job.consts, false))
	if err != nil {
		return err
	}
	g := m.Game
	w := c.App.Writer
	fmt.Fprintf(w, "Model: %s (%v, %d states)\n\n", job.modelPath, g.Type, g.NumStates)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "--group\twhat the players are")
	fmt.Fprintln(tw, "individual\teach relevant state (the default)")
	fmt.Fprintln(tw, "individual-all\teach state")
	mods, acts := modelParts(job.model)
	if g.Type != prism.TypeCSG {
		syncs := "none"
		if s := syncActions(job.model); len(s) > 0 {
			syncs = strings.Join(s, ", ")
		}
		fmt.Fprintf(tw, "modules\tthe scheduler, each module (%s) and each synchronising action (%s)\n", strings.Join(mods, ", "), syncs)
		fmt.Fprintf(tw, "actions\teach action: %s\n", strings.Join(acts, ", "))
	}
	if g.Type.IsGame() {
		fmt.Fprintf(tw, "players\teach player: %s\n", strings.Join(g.Players, ", "))
	}
	for _, l := range g.Labels {
		fmt.Fprintf(tw, "labels(%s)\tstates by label \"%s\"\n", l.Name, l.Name)
	}
	for _, l := range job.props.Labels {
		fmt.Fprintf(tw, "labels(%s)\tstates by label \"%s\" (%s)\n", l.Name.Name, l.Name.Name, c.Args().Get(1))
	}
	for _, v := range g.Vars {
		fmt.Fprintf(tw, "variables(%s)\tstates by the value of %s %s\n", v.Name, v.Name, varRange(v))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nLabels and variables combine: labels(a b), variables(x y).")
	return nil
}

func varRange(v translate.Var) string {
	if v.Bool {
		return "(bool)"
	}
	return fmt.Sprintf("[%d..%d]", v.Lo, v.Hi)
}

// modelParts returns the modules (renamed copies included) and the
// actions of the model in file order, unlabelled commands named by their
// source line as the actions grouping names them.
func modelParts(mf *prism.ModelFile) (mods, acts []string) {
	seen := map[string]bool{}
	for _, mod := range mf.Modules {
		mods = append(mods, mod.Name.Name)
	}
	for _, names := range moduleActions(mf) {
		for _, a := range names {
			if !seen[a] {
				seen[a] = true
				acts = append(acts, a)
			}
		}
	}
	return mods, acts
}

// moduleActions lists, per module, the action of each of its commands as
// the actions grouping names it: a renamed copy of a module has its base's
// commands with their labels renamed and its unlabelled commands named
// after the base's, with _MODULE appended (see nameCommands).
func moduleActions(mf *prism.ModelFile) [][]string {
	names := actionNames(mf)
	own := map[*prism.Command]string{}
	k := 0
	for _, mod := range mf.Modules {
		for _, cmd := range mod.Commands {
			own[cmd] = names[k]
			k++
		}
	}
	out := make([][]string, len(mf.Modules))
	for i, mod := range mf.Modules {
		base, ren := baseModule(mf, mod)
		for _, cmd := range base.Commands {
			switch {
			case mod.Rename == nil:
				out[i] = append(out[i], own[cmd])
			case len(cmd.Labels) > 0:
				out[i] = append(out[i], renamed(ren, cmd.Labels[0].Name))
			default:
				out[i] = append(out[i], own[cmd]+"_"+mod.Name.Name)
			}
		}
	}
	return out
}

// actionNames lists the action of every command in file order: its label,
// or unnamed_action_line_L (with _k for the k-th unlabelled command of
// line L after the first).
func actionNames(mf *prism.ModelFile) []string {
	var out []string
	perLine := map[int]int{}
	for _, mod := range mf.Modules {
		for _, cmd := range mod.Commands {
			if len(cmd.Labels) > 0 {
				out = append(out, cmd.Labels[0].Name)
				continue
			}
			line := mf.File.Position(cmd.Pos).Line
			k := perLine[line]
			perLine[line]++
			name := fmt.Sprintf("unnamed_action_line_%d", line)
			if k > 0 {
				name += fmt.Sprintf("_%d", k)
			}
			out = append(out, name)
		}
	}
	return out
}

// syncActions lists the labels that two or more modules use (a renamed
// copy counts with its renamed labels), sorted.
func syncActions(mf *prism.ModelFile) []string {
	users := map[string]int{}
	for _, mod := range mf.Modules {
		base, ren := baseModule(mf, mod)
		seen := map[string]bool{}
		for _, c := range base.Commands {
			for _, l := range c.Labels {
				a := renamed(ren, l.Name)
				if !seen[a] {
					seen[a] = true
					users[a]++
				}
			}
		}
	}
	var out []string
	for a, n := range users {
		if n > 1 {
			out = append(out, a)
		}
	}
	sort.Strings(out)
	return out
}
