package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/onus-mc/onus/checker/locate"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file builds the games of the modules and actions groupings (specification
// §12.1, §12.7). Both rewrite a copy of the model's syntax, so that PRISM's
// synchronisation and the model's renamed modules are handled by the
// translator as for any model:
//
//   - modules: a new module holds onus_active; in a state with
//     onus_active=0 (the scheduler's) a choice picks a module or a
//     synchronising action, whose own state (onus_active=k) offers that
//     module's commands (or the synchronised product of the action's
//     commands) and returns to 0. A pick whose state has nothing enabled
//     is removed (the translator made it a deadlock).
//   - actions: every unlabelled command gets the action
//     unnamed_action_line_L (a label of one module, so nothing new
//     synchronises); locate.ActionGame then adds the states where the
//     action is tried.
//
// An smg is read as an mdp here (the players of these groupings are
// modules and actions, not the game's players); a csg, whose modules move
// together, is refused.

// rewritten is the game of the modules or actions grouping.
type rewritten struct {
	model     *translate.Model
	game      *translate.Game
	groups    []locate.Group
	ungrouped []locate.Owner
}

// rewrite builds the game of the modules or actions grouping.
func (job *locateJob) rewrite(m *translate.Model) (*rewritten, error) {
	mf := job.model
	if mf.Type == prism.TypeCSG {
		return nil, job.errAt(job.group.Pos, "--group %s needs modules that move one at a time; in a csg they move together (use players, individual, labels(...) or variables(...))", job.group.Kind)
	}
	cp := copyModel(mf)
	if job.group.Kind == "actions" {
		return job.actionsGame(cp)
	}
	return job.modulesGame(cp)
}

func ident(name string) prism.Ident { return prism.Ident{Name: name} }

func intLit(x int) prism.Expr { return &prism.IntLit{Value: int64(x)} }

// activeIs is onus_active = k.
func activeIs(k int) prism.Expr {
	return &prism.Binary{X: &prism.Name{Name: "onus_active"}, Op: prism.OpEq, Y: intLit(k)}
}

// setActive is the update (onus_active' = k).
func setActive(k int) []*prism.Update {
	return []*prism.Update{{Assigns: []*prism.Assign{{Var: ident("onus_active"), Expr: intLit(k)}}}}
}

// baseModule returns the module a renamed module copies, and the renaming
// of each action (identity when absent).
func baseModule(mf *prism.ModelFile, mod *prism.Module) (*prism.Module, map[string]string) {
	ren := map[string]string{}
	if mod.Rename == nil {
		return mod, ren
	}
	for _, p := range mod.Rename.Pairs {
		ren[p.Old.Name] = p.New.Name
	}
	for _, b := range mf.Modules {
		if b.Name.Name == mod.Rename.Base.Name && b.Rename == nil {
			return b, ren
		}
	}
	return mod, ren
}

func renamed(ren map[string]string, a string) string {
	if n, ok := ren[a]; ok {
		return n
	}
	return a
}

// modulesGame rewrites the model with a scheduler (see the file comment).
func (job *locateJob) modulesGame(mf *prism.ModelFile) (*rewritten, error) {
	nm := len(mf.Modules)
	// The actions of each module (after renaming), and who uses each.
	users := map[string][]int{}
	alpha := make([][]string, nm)
	for k, mod := range mf.Modules {
		base, ren := baseModule(mf, mod)
		seen := map[string]bool{}
		for _, cmd := range base.Commands {
			for _, l := range cmd.Labels {
				a := renamed(ren, l.Name)
				if !seen[a] {
					seen[a] = true
					alpha[k] = append(alpha[k], a)
					users[a] = append(users[a], k)
				}
			}
		}
	}
	var syncs []string
	for a, us := range users {
		if len(us) > 1 {
			syncs = append(syncs, a)
		}
	}
	sort.Strings(syncs)
	// Unlabelled commands of module k become [onus_module_k]; a renamed
	// module maps its base's label to its own.
	for k, mod := range mf.Modules {
		if mod.Rename != nil {
			base, _ := baseModule(mf, mod)
			for b, bm := range mf.Modules {
				if bm == base {
					mod.Rename.Pairs = append(mod.Rename.Pairs, prism.RenamePair{Old: ident(fmt.Sprintf("onus_module_%d", b+1)), New: ident(fmt.Sprintf("onus_module_%d", k+1))})
				}
			}
			continue
		}
		for i, cmd := range mod.Commands {
			if len(cmd.Labels) == 0 {
				c := *cmd
				c.Labels = []prism.Ident{ident(fmt.Sprintf("onus_module_%d", k+1))}
				mod.Commands[i] = &c
			}
		}
	}
	total := nm + len(syncs)
	sched := &prism.Module{Name: ident("onus_scheduler"),
		Vars: []*prism.VarDecl{{Name: ident("onus_active"), Kind: prism.VarRange, Lo: intLit(0), Hi: intLit(total), Init: intLit(0)}}}
	add := func(label string, guard prism.Expr, to int) {
		c := &prism.Command{Guard: guard, Updates: setActive(to)}
		if label != "" {
			c.Labels = []prism.Ident{ident(label)}
		}
		sched.Commands = append(sched.Commands, c)
	}
	isSync := map[string]bool{}
	for _, a := range syncs {
		isSync[a] = true
	}
	for k, mod := range mf.Modules {
		add("", activeIs(0), k+1)
		// Without unlabelled commands the label would be the scheduler's
		// alone, and the return would be enabled on its own.
		base, _ := baseModule(mf, mod)
		for _, cmd := range base.Commands {
			if len(cmd.Labels) == 0 || (len(cmd.Labels) == 1 && strings.HasPrefix(cmd.Labels[0].Name, "onus_module_")) {
				add(fmt.Sprintf("onus_module_%d", k+1), activeIs(k+1), 0)
				break
			}
		}
		for _, a := range alpha[k] {
			if !isSync[a] {
				add(a, activeIs(k+1), 0)
			}
		}
	}
	for i, a := range syncs {
		add("", activeIs(0), nm+1+i)
		add(a, activeIs(nm+1+i), 0)
	}
	mf.Modules = append(mf.Modules, sched)
	m, err := translate.Build(job.fset, mf, job.props, withConsts(job.limits, job.consts, false))
	if err != nil {
		return nil, err
	}
	g := dropDeadPicks(m.Game)
	m.Game = g
	active := len(g.Vars) - 1
	for v := range g.Vars {
		if g.Vars[v].Name == "onus_active" {
			active = v
		}
	}
	names := []string{"scheduler"}
	for _, mod := range job.model.Modules {
		names = append(names, mod.Name.Name)
	}
	names = append(names, syncs...)
	groups := make([]locate.Group, len(names))
	for i, n := range names {
		groups[i].Name = n
	}
	for s := 0; s < g.NumStates; s++ {
		k := g.Values[s*len(g.Vars)+active]
		groups[k].States = append(groups[k].States, int32(s))
	}
	return &rewritten{model: m, game: g, groups: groups}, nil
}

// dropDeadPicks removes the scheduler's picks that lead to a state the
// translator found without a choice (a module or action with nothing
// enabled there); a scheduler state left without a pick keeps a self-loop,
// as the model's own deadlocks do.
func dropDeadPicks(g *translate.Game) *translate.Game {
	out := *g
	out.ChoiceStart = make([]int32, 0, g.NumStates+1)
	out.TransStart = out.TransStart[:0:0]
	out.Target, out.Prob = nil, nil
	out.ChoiceAction = nil
	for s := 0; s < g.NumStates; s++ {
		out.ChoiceStart = append(out.ChoiceStart, int32(len(out.TransStart)))
		lo, hi := g.Choices(s)
		kept := 0
		for c := lo; c < hi; c++ {
			tlo, thi := g.Transitions(c)
			if !g.Deadlock.Has(s) && thi-tlo == 1 && g.Deadlock.Has(int(g.Target[tlo])) && int(g.Target[tlo]) != s {
				continue
			}
			kept++
			out.TransStart = append(out.TransStart, int32(len(out.Target)))
			out.Target = append(out.Target, g.Target[tlo:thi]...)
			out.Prob = append(out.Prob, g.Prob[tlo:thi]...)
			if g.ChoiceAction != nil {
				out.ChoiceAction = append(out.ChoiceAction, g.ChoiceAction[c])
			}
		}
		if kept == 0 {
			out.TransStart = append(out.TransStart, int32(len(out.Target)))
			out.Target = append(out.Target, int32(s))
			out.Prob = append(out.Prob, 1)
			if g.ChoiceAction != nil {
				out.ChoiceAction = append(out.ChoiceAction, 0)
			}
		}
	}
	out.ChoiceStart = append(out.ChoiceStart, int32(len(out.TransStart)))
	out.TransStart = append(out.TransStart, int32(len(out.Target)))
	out.ProbExact = nil
	out.Rewards = nil
	return &out
}

// actionsGame names every unlabelled command and builds the game where
// each action is tried in turn (locate.ActionGame).
func (job *locateJob) actionsGame(mf *prism.ModelFile) (*rewritten, error) {
	nameCommands(job.model, mf)
	m, err := translate.Build(job.fset, mf, job.props, withConsts(job.limits, job.consts, false))
	if err != nil {
		return nil, err
	}
	ag := locate.ActionGame(m.Game)
	m.Game = ag.Game
	return &rewritten{model: m, game: ag.Game, groups: ag.Groups, ungrouped: ag.Ungrouped}, nil
}

// nameCommands gives every unlabelled command of mf (a copy of orig from
// rewrite) its name unnamed_action_line_L; a renamed copy of a module
// names them after itself.
func nameCommands(orig, mf *prism.ModelFile) {
	names := actionNames(orig)
	i := 0
	for _, mod := range mf.Modules {
		if mod.Rename != nil {
			continue
		}
		for j, cmd := range mod.Commands {
			if len(cmd.Labels) == 0 {
				c := *cmd
				c.Labels = []prism.Ident{ident(names[i])}
				mod.Commands[j] = &c
			}
			i++
		}
	}
	for _, mod := range mf.Modules {
		if mod.Rename == nil {
			continue
		}
		base, _ := baseModule(mf, mod)
		for _, cmd := range base.Commands {
			if len(cmd.Labels) == 1 && strings.HasPrefix(cmd.Labels[0].Name, "unnamed_action_line_") {
				mod.Rename.Pairs = append(mod.Rename.Pairs, prism.RenamePair{Old: cmd.Labels[0], New: ident(cmd.Labels[0].Name + "_" + mod.Name.Name)})
			}
		}
	}
}

// copyModel returns a copy of mf whose modules and commands may be
// changed, an smg read as an mdp.
func copyModel(mf *prism.ModelFile) *prism.ModelFile {
	cp := *mf
	if cp.Type == prism.TypeSMG || cp.Type == prism.TypeSTPG {
		cp.Type = prism.TypeMDP
		cp.Players = nil
	}
	cp.Modules = make([]*prism.Module, len(mf.Modules))
	for i, mod := range mf.Modules {
		c := *mod
		c.Commands = append([]*prism.Command(nil), mod.Commands...)
		if mod.Rename != nil {
			r := *mod.Rename
			r.Pairs = append([]prism.RenamePair(nil), mod.Rename.Pairs...)
			c.Rename = &r
		}
		cp.Modules[i] = &c
	}
	return &cp
}
