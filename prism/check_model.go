package prism

// This file checks the items of a model file: constants, formulas, labels,
// variables, modules and their commands, renamings, rewards and the init
// block. Players are in check_players.go, cycles in check_cycles.go.

func (c *checker) checkModel() {
	m := c.m
	c.checkUnsupported()
	c.buildModules()
	c.buildNamespace()
	c.buildActions()
	c.checkCycles()
	if c.tooDeep {
		return
	}

	for _, d := range m.Consts {
		c.checkConst(d, false)
	}
	for _, d := range m.Formulas {
		if id := c.idents[d.Name.Name]; id != nil && id.fdecl == d {
			c.formulaType(id)
		} else {
			c.expr(d.Expr, ectx{formula: &ident{}, primes: true})
		}
	}
	c.checkLabels(m.Labels)
	for _, d := range m.Globals {
		c.checkVarDecl(d)
	}
	for _, mi := range c.mods {
		if mi.mod.Rename == nil {
			c.checkModule(mi)
		} else {
			c.checkRenamed(mi)
		}
	}
	c.checkRewards()
	if m.Init != nil {
		c.wantBool(m.Init.Expr, ctxModel, "init predicate")
		for _, d := range c.allVarDecls() {
			if d.Init != nil {
				c.errorf(d.Name.NamePos, "variable %q has an initial value but the model has an init block", d.Name.Name)
			}
		}
	}
	c.checkPlayers()
}

// allVarDecls lists global and local declarations as written.
func (c *checker) allVarDecls() []*VarDecl {
	ds := append([]*VarDecl(nil), c.m.Globals...)
	for _, mod := range c.m.Modules {
		ds = append(ds, mod.Vars...)
	}
	return ds
}

// checkUnsupported rejects constructs onus does not build.
func (c *checker) checkUnsupported() {
	m := c.m
	if m.System != nil {
		c.errorf(m.System.Pos, "system ... endsystem is not supported")
	}
	for _, p := range m.Observables {
		c.errorf(p, "observables are not supported")
	}
	for _, d := range c.allVarDecls() {
		if d.Kind == VarClock {
			c.errorf(d.Name.NamePos, "clock variable %q is not supported", d.Name.Name)
		}
	}
	for _, mod := range m.Modules {
		if mod.Invariant != nil {
			c.errorf(posOf(mod.Invariant), "invariants are not supported")
		}
		for _, cmd := range mod.Commands {
			for _, u := range cmd.Updates {
				if u.ProbHi != nil {
					c.errorf(posOf(u.Prob), "interval probabilities are not supported")
				}
			}
		}
	}
}

// checkConst checks a constant's value: constant, and of the declared type.
func (c *checker) checkConst(d *ConstDecl, props bool) {
	if d.Value == nil {
		return
	}
	t := c.expr(d.Value, constCtx("value of constant "+quote(d.Name.Name), props))
	want := constValType(d.Type)
	if !assignable(want, t) {
		c.errorf(posOf(d.Value), "type error: %s constant %q cannot take %s value", want, d.Name.Name, t.article())
	}
}

func quote(s string) string { return "\"" + s + "\"" }

// checkLabels checks label definitions: unique names, not built-in, bool.
func (c *checker) checkLabels(ls []*LabelDecl) {
	props := c.props != nil
	for _, l := range ls {
		switch {
		case l.Name.Name == "init" || l.Name.Name == "deadlock":
			c.errorf(l.Name.NamePos, "cannot redefine built-in label %q", l.Name.Name)
		case c.labels[l.Name.Name]:
			c.errorf(l.Name.NamePos, "duplicate label %q", l.Name.Name)
		default:
			c.labels[l.Name.Name] = true
		}
	}
	x := ctxModel
	if props {
		x = ctxProps
	}
	for _, l := range ls {
		c.wantBool(l.Expr, x, "label "+quote(l.Name.Name))
	}
}

// checkVarDecl checks a declaration's range and initial value.
func (c *checker) checkVarDecl(d *VarDecl) {
	if d.Kind == VarRange {
		x := constCtx("range bound", false)
		c.wantInt(d.Lo, x, "range bound")
		c.wantInt(d.Hi, x, "range bound")
		lo, ok1 := c.eval(d.Lo)
		hi, ok2 := c.eval(d.Hi)
		if ok1 && ok2 && lo.t == tyInt && hi.t == tyInt && hi.i-lo.i < 1 {
			c.errorf(d.Name.NamePos, "invalid range [%d..%d] for variable %q", lo.i, hi.i, d.Name.Name)
		}
	}
	if d.Init != nil {
		t := c.expr(d.Init, constCtx("initial value of "+quote(d.Name.Name), false))
		if want := varValType(d.Kind); !assignable(want, t) {
			c.errorf(posOf(d.Init), "type error: %s variable %q cannot take %s value", want, d.Name.Name, t.article())
		}
	}
}

// checkModule checks a plain module's declarations and commands.
func (c *checker) checkModule(mi *modInfo) {
	for _, d := range mi.mod.Vars {
		c.checkVarDecl(d)
	}
	for _, cmd := range mi.mod.Commands {
		c.wantBool(cmd.Guard, ctxModel, "guard")
		for _, u := range cmd.Updates {
			if u.Prob != nil {
				c.wantNum(u.Prob, ctxModel, "probability")
			}
			if u.ProbHi != nil {
				c.wantNum(u.ProbHi, ctxModel, "probability")
			}
			seen := map[string]bool{}
			for _, a := range u.Assigns {
				rhs := c.expr(a.Expr, ectx{primes: true})
				if seen[a.Var.Name] {
					c.errorf(a.Var.NamePos, "variable %q is assigned twice in one update", a.Var.Name)
				}
				seen[a.Var.Name] = true
				id := c.idents[a.Var.Name]
				switch {
				case id == nil:
					c.errorf(a.Var.NamePos, "undeclared variable %q", a.Var.Name)
					continue
				case id.kind != idVar:
					c.errorf(a.Var.NamePos, "%q is not a variable", a.Var.Name)
					continue
				case id.mod != nil && id.mod != mi:
					c.errorf(a.Var.NamePos, "module %q may not modify variable %q of module %q",
						mi.mod.Name.Name, a.Var.Name, id.mod.mod.Name.Name)
				}
				if want := varValType(id.vdecl.Kind); !assignable(want, rhs) {
					c.errorf(posOf(a.Expr), "type error: %s variable %q cannot take %s value", want, a.Var.Name, rhs.article())
				}
			}
		}
	}
}

// checkRenamed checks a renamed module (reference §2.7): formulas may not be
// renamed, renamed constants and globals must exist, and the copy may only
// write its own variables and globals.
func (c *checker) checkRenamed(mi *modInfo) {
	if mi.base == nil {
		return
	}
	locals := map[string]bool{}
	for _, d := range mi.base.Vars {
		locals[d.Name.Name] = true
	}
	for _, p := range mi.mod.Rename.Pairs {
		if locals[p.Old.Name] {
			continue
		}
		id := c.idents[p.Old.Name]
		if id == nil {
			continue // an action, a module name, or unused
		}
		if id.kind == idFormula {
			c.errorf(p.Old.NamePos, "formula %q cannot be renamed", p.Old.Name)
			continue
		}
		nid := c.idents[p.New.Name]
		switch {
		case nid == nil:
			c.errorf(p.New.NamePos, "undeclared identifier %q", p.New.Name)
		case id.kind == idConst && nid.kind == idVar && nid.mod == mi:
			c.errorf(p.New.NamePos, "duplicate identifier %q", p.New.Name)
		}
	}
	for _, cmd := range mi.base.Commands {
		for _, u := range cmd.Updates {
			for _, a := range u.Assigns {
				if locals[a.Var.Name] {
					continue
				}
				n, renamed := mi.ren[a.Var.Name]
				if !renamed {
					continue // reported in the base module
				}
				id := c.idents[n.Name]
				if id != nil && id.kind == idVar && id.mod != nil && id.mod != mi {
					c.errorf(n.NamePos, "module %q may not modify variable %q of module %q",
						mi.mod.Name.Name, n.Name, id.mod.mod.Name.Name)
				}
			}
		}
	}
}

// checkRewards checks reward structures: unique names, bool guards, numeric
// values, known actions.
func (c *checker) checkRewards() {
	for _, r := range c.m.Rewards {
		if r.Name != "" {
			if c.rewardNames[r.Name] {
				c.errorf(r.Pos, "duplicate reward structure %q", r.Name)
			}
			c.rewardNames[r.Name] = true
		}
		for _, it := range r.Items {
			for _, l := range it.Labels {
				if !c.actionSet[l.Name] {
					c.errorf(l.NamePos, "unknown action %q in reward structure", l.Name)
				}
			}
			c.wantBool(it.Guard, ctxModel, "reward guard")
			c.wantNum(it.Value, ctxModel, "reward value")
		}
	}
}
