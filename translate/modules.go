package translate

import (
	"github.com/onus-mc/onus/prism"
)

// setupPlayers resolves player definitions: which player owns each module
// and (smg) each action.
func (b *builder) setupPlayers() {
	mf := b.mf
	b.modOwner = make([]int, len(b.modules))
	for i := range b.modOwner {
		b.modOwner[i] = -1
	}
	b.actionOwner = make([]int, len(b.actions))
	for i := range b.actionOwner {
		b.actionOwner[i] = -1
	}
	if b.typ != prism.TypeSMG && b.typ != prism.TypeCSG {
		for _, p := range mf.Players {
			b.errs.Addf(b.fset, p.Pos, "player definitions are only allowed in smg, stpg and csg models")
		}
		if b.typ == prism.TypeMDP {
			b.players = []string{"1"}
		}
		return
	}
	if len(mf.Players) == 0 {
		b.errs.Addf(b.fset, mf.TypePos, "%s model has no player definitions", mf.Type)
		return
	}
	if mf.Type == prism.TypeSTPG && len(mf.Players) != 2 {
		b.errs.Addf(b.fset, mf.TypePos, "an stpg must have exactly 2 players, not %d", len(mf.Players))
	}
	modIdx := map[string]int{}
	for i, m := range b.modules {
		modIdx[m.name] = i
	}
	names := map[string]bool{}
	for pi, p := range mf.Players {
		if names[p.Name.Name] {
			b.errs.Addf(b.fset, p.Name.NamePos, "player %s is defined twice", p.Name.Name)
		}
		names[p.Name.Name] = true
		b.players = append(b.players, p.Name.Name)
		for _, m := range p.Modules {
			mi, ok := modIdx[m.Name]
			if !ok {
				b.errs.Addf(b.fset, m.NamePos, "player %s lists unknown module %s", p.Name.Name, m.Name)
				continue
			}
			if b.modOwner[mi] >= 0 {
				b.errs.Addf(b.fset, m.NamePos, "module %s belongs to two players (%s and %s)", m.Name, mf.Players[b.modOwner[mi]].Name.Name, p.Name.Name)
				continue
			}
			b.modOwner[mi] = pi
			b.modules[mi].player = pi
		}
		for _, a := range p.Actions {
			ai, ok := b.actionIndex[a.Name]
			if !ok {
				b.errs.Addf(b.fset, a.NamePos, "player %s lists unknown action %s", p.Name.Name, a.Name)
				continue
			}
			if b.typ == prism.TypeCSG {
				continue // [a] items play no role in a csg
			}
			if b.actionOwner[ai] >= 0 {
				b.errs.Addf(b.fset, a.NamePos, "action %s belongs to two players (%s and %s)", a.Name, mf.Players[b.actionOwner[ai]].Name.Name, p.Name.Name)
				continue
			}
			b.actionOwner[ai] = pi
		}
		if b.typ == prism.TypeCSG && len(p.Modules) == 0 {
			b.errs.Addf(b.fset, p.Name.NamePos, "player %s owns no module: in a csg each player must own at least one module", p.Name.Name)
		}
	}
	for i, m := range b.modules {
		if b.modOwner[i] < 0 {
			m.player = -1
		}
	}
}

// compileModules compiles every command of every module.
func (b *builder) compileModules() {
	for mi, m := range b.modules {
		if b.modOwner != nil && b.modOwner[mi] < 0 {
			m.player = -1
		}
		m.alpha = map[int]bool{}
		m.byAct = map[int][]*command{}
		for ci, src := range m.src {
			c := &command{mod: mi, idx: ci, pos: src.Pos}
			for _, l := range src.Labels {
				c.labels = append(c.labels, b.actionIndex[rename(m.ren, l.Name)])
			}
			if err := b.catch(func() { b.compileCommand(m, mi, src, c) }); err != nil {
				b.addEvalErr(err)
				continue
			}
			m.cmds = append(m.cmds, c)
			for _, a := range c.labels {
				m.alpha[a] = true
			}
			if len(c.labels) == 0 {
				m.unlab = append(m.unlab, c)
			} else {
				m.byAct[c.labels[0]] = append(m.byAct[c.labels[0]], c)
			}
		}
	}
	if b.typ == prism.TypeCSG && len(b.errs) == 0 {
		b.checkCSGStructure()
	}
}

func (b *builder) compileCommand(m *module, mi int, src *prism.Command, c *command) {
	cp := &compiler{b: b, ren: m.ren}
	c.guard = cp.bool(src.Guard).b
	for _, u := range src.Updates {
		cu := &update{pos: u.Pos, probE: u.Prob, ren: m.ren}
		if u.Prob != nil {
			pc := cp.num(u.Prob)
			cu.prob = pc.fl()
			if pc.k {
				cu.probK, cu.probConst = pc.kv.F, true
				if pc.t == prism.TInt {
					cu.probK = float64(pc.kv.I)
				}
			}
		}
		set := map[int]bool{}
		for _, a := range u.Assigns {
			name := rename(m.ren, a.Var.Name)
			vi, ok := b.varIndex[name]
			if !ok {
				fail(a.Var.NamePos, "unknown variable %s in update", name)
			}
			if vm := b.varModule[vi]; vm >= 0 && vm != mi {
				fail(a.Var.NamePos, "module %s is not allowed to modify variable %s of module %s", m.name, name, b.modules[vm].name)
			}
			if set[vi] {
				fail(a.Var.NamePos, "variable %s is set twice in the same update", name)
			}
			set[vi] = true
			pc := &compiler{b: b, ren: m.ren, primed: true}
			rhs := pc.compile(a.Expr)
			ca := assign{v: vi, pos: a.Pos, isBool: b.vars[vi].Bool, primes: rhs.primes}
			switch {
			case ca.isBool && rhs.t != prism.TBool:
				fail(a.Expr.Position(), "variable %s is bool but is assigned a value of type %s", name, rhs.t)
			case !ca.isBool && rhs.t != prism.TInt:
				fail(a.Expr.Position(), "variable %s is int but is assigned a value of type %s", name, rhs.t)
			}
			if ca.isBool {
				ca.b = rhs.b
			} else {
				ca.i = rhs.i
			}
			if len(rhs.primes) > 0 {
				cu.primed = true
			}
			cu.assigns = append(cu.assigns, ca)
		}
		c.updates = append(c.updates, cu)
	}
}

// checkCSGStructure applies the static rules of a csg (reference §4.8).
func (b *builder) checkCSGStructure() {
	owner := make([]int, len(b.actions))
	for i := range owner {
		owner[i] = -1
	}
	for mi, m := range b.modules {
		p := b.modOwner[mi]
		if p < 0 {
			continue
		}
		for _, c := range m.cmds {
			if len(c.labels) == 0 {
				b.errs.Addf(b.fset, c.pos, "commands in module %s, owned by player %s, must be labelled", m.name, b.players[p])
				continue
			}
			a := c.labels[0]
			if owner[a] >= 0 && owner[a] != p {
				b.errs.Addf(b.fset, c.pos, "action %s is used by players %s and %s: their action sets must be disjoint", b.actions[a], b.players[owner[a]], b.players[p])
				continue
			}
			owner[a] = p
		}
	}
	for _, m := range b.modules {
		for ci, c := range m.cmds {
			for _, a := range c.labels {
				if owner[a] < 0 {
					b.errs.Addf(b.fset, m.src[ci].Pos, "label %s of module %s is not an action of any player (in a csg, modules synchronise only on players' actions)", b.actions[a], m.name)
				}
			}
		}
	}
	b.actionOwner = owner
}
