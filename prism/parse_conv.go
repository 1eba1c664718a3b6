package prism

import (
	"strconv"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	g "github.com/onus-mc/onus/grammar"
)

// This file converts the items of model and properties files (everything
// but expressions, which are in parse_expr.go) from the ANTLR parse tree.
// It only ever sees trees without syntax errors.

// psConv holds the state of one conversion.
type psConv struct {
	fset  *FileSet
	file  *File
	src   []rune
	errs  ErrorList
	props bool // property operators and label references allowed
}

func (c *psConv) pos(t antlr.Token) Pos { return c.file.Pos(t.GetStart()) }

func (c *psConv) tpos(n antlr.TerminalNode) Pos { return c.pos(n.GetSymbol()) }

func (c *psConv) errorf(p Pos, format string, args ...any) {
	c.errs.Addf(c.fset, p, format, args...)
}

func (c *psConv) ident(n antlr.TerminalNode) Ident {
	return Ident{NamePos: c.tpos(n), Name: n.GetText()}
}

// qname converts a QNAME token `"x"` to an Ident without the quotes whose
// position is the opening quote.
func (c *psConv) qname(n antlr.TerminalNode) Ident {
	s := n.GetText()
	return Ident{NamePos: c.tpos(n), Name: strings.TrimSuffix(strings.TrimPrefix(s, "\""), "\"")}
}

// text returns the source text of a rule context.
func (c *psConv) text(ctx antlr.ParserRuleContext) string {
	a, b := ctx.GetStart().GetStart(), ctx.GetStop().GetStop()
	if a < 0 || b < a || b >= len(c.src) {
		return ctx.GetText()
	}
	return string(c.src[a : b+1])
}

// ---------------------------------------------------------------- model file

var psModelTypes = map[int]ModelType{
	g.PrismParserDTMC: TypeDTMC, g.PrismParserPROBABILISTIC: TypeDTMC,
	g.PrismParserMDP: TypeMDP, g.PrismParserNONDETERMINISTIC: TypeMDP,
	g.PrismParserCTMC: TypeCTMC, g.PrismParserSTOCHASTIC: TypeCTMC,
	g.PrismParserCTMDP: TypeCTMDP, g.PrismParserPTA: TypePTA,
	g.PrismParserPOMDP: TypePOMDP, g.PrismParserPOPTA: TypePOPTA,
	g.PrismParserSTPG: TypeSTPG, g.PrismParserSMG: TypeSMG,
	g.PrismParserTPTG: TypeTPTG, g.PrismParserCSG: TypeCSG,
}

// modelFile adds the items of ctx (a piece of the file) to m.
func (c *psConv) modelFile(m *ModelFile, ctx *g.ModelFileContext) {
	for _, it := range ctx.AllModelItem() {
		switch x := it.GetChild(0).(type) {
		case *g.ModelTypeContext:
			tok := x.GetStart()
			if m.TypePos.IsValid() {
				c.errorf(c.pos(tok), "duplicate model type %q (already given at %s)", tok.GetText(), c.fset.Position(m.TypePos))
				continue
			}
			m.Type = psModelTypes[tok.GetTokenType()]
			m.TypePos = c.pos(tok)
		case *g.ConstDeclContext:
			m.Consts = append(m.Consts, c.constDecl(x))
		case *g.FormulaDeclContext:
			m.Formulas = append(m.Formulas, &FormulaDecl{
				Pos: c.tpos(x.FORMULA()), Name: c.ident(x.IDENT()), Expr: c.expr(x.Expr(), false)})
		case *g.LabelDeclContext:
			m.Labels = append(m.Labels, c.labelDecl(x))
		case *g.GlobalDeclContext:
			v := c.varDecl(x.VarDecl())
			v.Global = true
			m.Globals = append(m.Globals, v)
		case *g.ModuleDeclContext:
			m.Modules = append(m.Modules, c.module(x))
		case *g.RenamedModuleContext:
			m.Modules = append(m.Modules, c.renamedModule(x))
		case *g.RewardsDeclContext:
			m.Rewards = append(m.Rewards, c.rewards(x))
		case *g.InitDeclContext:
			if m.Init != nil {
				c.errorf(c.tpos(x.INIT()), "duplicate init...endinit block (already given at %s)", c.fset.Position(m.Init.Pos))
				continue
			}
			m.Init = &InitBlock{Pos: c.tpos(x.INIT()), Expr: c.expr(x.Expr(), false)}
		case *g.PlayerDeclContext:
			m.Players = append(m.Players, c.player(x))
		case *g.SystemDeclContext:
			if m.System == nil {
				m.System = &SystemBlock{Pos: c.tpos(x.SYSTEM())}
			}
		case *g.ObservablesDeclContext:
			m.Observables = append(m.Observables, c.pos(x.GetStart()))
			if x.Expr() != nil {
				c.expr(x.Expr(), false)
			}
		}
	}

}

func (c *psConv) constDecl(x g.IConstDeclContext) *ConstDecl {
	ctx := x.(*g.ConstDeclContext)
	d := &ConstDecl{Pos: c.pos(ctx.GetStart()), Name: c.ident(ctx.IDENT()), Type: TInt}
	switch {
	case ctx.RATE() != nil, ctx.PROB() != nil, ctx.DOUBLE_KW() != nil:
		d.Type = TDouble
	case ctx.BOOL() != nil:
		d.Type = TBool
	}
	if ctx.Expr() != nil {
		d.Value = c.expr(ctx.Expr(), false)
	}
	return d
}

func (c *psConv) labelDecl(x g.ILabelDeclContext) *LabelDecl {
	ctx := x.(*g.LabelDeclContext)
	return &LabelDecl{Pos: c.tpos(ctx.LABEL()), Name: c.qname(ctx.QNAME()), Expr: c.expr(ctx.Expr(), false)}
}

func (c *psConv) varDecl(x g.IVarDeclContext) *VarDecl {
	ctx := x.(*g.VarDeclContext)
	v := &VarDecl{Pos: c.tpos(ctx.IDENT()), Name: c.ident(ctx.IDENT())}
	t := ctx.VarType().(*g.VarTypeContext)
	switch {
	case t.BOOL() != nil:
		v.Kind = VarBool
	case t.INT_KW() != nil:
		v.Kind = VarInt
	case t.CLOCK() != nil:
		v.Kind = VarClock
	default:
		v.Kind = VarRange
		v.Lo = c.expr(t.Expr(0), false)
		v.Hi = c.expr(t.Expr(1), false)
	}
	if ctx.Expr() != nil {
		v.Init = c.expr(ctx.Expr(), false)
	}
	return v
}

func (c *psConv) module(ctx *g.ModuleDeclContext) *Module {
	m := &Module{Pos: c.tpos(ctx.MODULE()), Name: c.ident(ctx.IDENT()), EndPos: c.tpos(ctx.ENDMODULE())}
	for _, v := range ctx.AllVarDecl() {
		m.Vars = append(m.Vars, c.varDecl(v))
	}
	if ctx.INVARIANT() != nil {
		m.Invariant = c.expr(ctx.Expr(), false)
	}
	for _, cmd := range ctx.AllCommand() {
		m.Commands = append(m.Commands, c.command(cmd.(*g.CommandContext)))
	}
	return m
}

func (c *psConv) renamedModule(ctx *g.RenamedModuleContext) *Module {
	m := &Module{Pos: c.tpos(ctx.MODULE()), Name: c.ident(ctx.IDENT(0)), EndPos: c.tpos(ctx.ENDMODULE())}
	r := &Renaming{Base: c.ident(ctx.IDENT(1))}
	for _, p := range ctx.AllRenamePair() {
		pc := p.(*g.RenamePairContext)
		old := pc.RenameName(0).(*g.RenameNameContext)
		nw := pc.RenameName(1).(*g.RenameNameContext)
		r.Pairs = append(r.Pairs, RenamePair{
			Old: Ident{NamePos: c.pos(old.GetStart()), Name: old.GetText()},
			New: Ident{NamePos: c.pos(nw.GetStart()), Name: nw.GetText()},
		})
	}
	m.Rename = r
	return m
}

func (c *psConv) actionList(x g.IActionListContext) []Ident {
	if x == nil {
		return nil
	}
	var out []Ident
	for _, id := range x.(*g.ActionListContext).AllIDENT() {
		out = append(out, c.ident(id))
	}
	return out
}

func (c *psConv) command(ctx *g.CommandContext) *Command {
	cmd := &Command{Pos: c.tpos(ctx.LBRACKET()), Labels: c.actionList(ctx.ActionList()), Guard: c.expr(ctx.Expr(), false)}
	u := ctx.Updates().(*g.UpdatesContext)
	if u.Update() != nil {
		up := c.update(u.Update())
		cmd.Updates = []*Update{up}
		return cmd
	}
	for _, pu := range u.AllProbUpdate() {
		puc := pu.(*g.ProbUpdateContext)
		prob := puc.UpdateProb().(*g.UpdateProbContext)
		up := c.update(puc.Update())
		up.Pos = c.pos(prob.GetStart())
		if prob.LBRACKET() != nil {
			up.Prob = c.expr(prob.Expr(0), false)
			up.ProbHi = c.expr(prob.Expr(1), false)
		} else {
			up.Prob = c.expr(prob.Expr(0), false)
		}
		cmd.Updates = append(cmd.Updates, up)
	}
	return cmd
}

func (c *psConv) update(x g.IUpdateContext) *Update {
	ctx := x.(*g.UpdateContext)
	u := &Update{Pos: c.pos(ctx.GetStart())}
	for _, a := range ctx.AllAssignment() {
		ac := a.(*g.AssignmentContext)
		name := ac.IDENTPRIME().GetText()
		u.Assigns = append(u.Assigns, &Assign{
			Pos:  c.tpos(ac.LPAREN()),
			Var:  Ident{NamePos: c.tpos(ac.IDENTPRIME()), Name: strings.TrimSuffix(name, "'")},
			Expr: c.expr(ac.Expr(), false),
		})
	}
	return u
}

func (c *psConv) rewards(ctx *g.RewardsDeclContext) *RewardStruct {
	r := &RewardStruct{Pos: c.tpos(ctx.REWARDS())}
	if ctx.QNAME() != nil {
		r.Name = c.qname(ctx.QNAME()).Name
	}
	for _, it := range ctx.AllRewardItem() {
		ic := it.(*g.RewardItemContext)
		item := &RewardItem{Pos: c.pos(ic.GetStart())}
		if ic.LBRACKET() != nil {
			item.Trans = true
			item.Labels = c.actionList(ic.ActionList())
		}
		item.Guard = c.expr(ic.Expr(0), false)
		item.Value = c.expr(ic.Expr(1), false)
		r.Items = append(r.Items, item)
	}
	return r
}

func (c *psConv) player(ctx *g.PlayerDeclContext) *Player {
	p := &Player{Pos: c.tpos(ctx.PLAYER()), Name: c.ident(ctx.IDENT())}
	for _, it := range ctx.AllPlayerItem() {
		ic := it.(*g.PlayerItemContext)
		if ic.LBRACKET() != nil {
			p.Actions = append(p.Actions, c.ident(ic.IDENT()))
		} else {
			p.Modules = append(p.Modules, c.ident(ic.IDENT()))
		}
	}
	return p
}

// ---------------------------------------------------------------- props file

// propsFile adds the items of ctx (a piece of the file) to pf.
func (c *psConv) propsFile(pf *PropsFile, ctx *g.PropsFileContext) {
	c.props = true
	for _, it := range ctx.AllPropsItem() {
		ic := it.(*g.PropsItemContext)
		switch {
		case ic.ConstDecl() != nil:
			pf.Consts = append(pf.Consts, c.constDecl(ic.ConstDecl()))
		case ic.LabelDecl() != nil:
			pf.Labels = append(pf.Labels, c.labelDecl(ic.LabelDecl()))
		case ic.PlanDecl() != nil:
			pc := ic.PlanDecl().(*g.PlanDeclContext)
			pf.Plans = append(pf.Plans, &PlanDecl{Pos: c.tpos(pc.PLAN()), Name: c.ident(pc.IDENT()), Plan: c.plan(pc.Plan())})
		case ic.BehaviourDecl() != nil:
			pf.Behaviours = append(pf.Behaviours, c.behaviour(ic.BehaviourDecl().(*g.BehaviourDeclContext)))
		case ic.Property() != nil:
			pf.Properties = append(pf.Properties, c.property(ic.Property().(*g.PropertyContext)))
		}
	}

}

func (c *psConv) property(ctx *g.PropertyContext) *Property {
	p := &Property{Pos: c.pos(ctx.GetStart()), Text: c.text(ctx)}
	if ctx.QNAME() != nil {
		p.Name = c.qname(ctx.QNAME()).Name
	}
	p.Expr = c.expr(ctx.Expr(), false)
	p.Comments = c.commentsAbove(ctx.GetStart().GetStart())
	return p
}

// commentsAbove returns the contiguous block of `//` comment lines directly
// above the line holding offset off (no blank line in between), provided the
// item starts its line. Each entry is the line without `//`, trimmed.
func (c *psConv) commentsAbove(off int) []string {
	start := off
	for start > 0 && c.src[start-1] != '\n' {
		start--
	}
	if strings.TrimSpace(string(c.src[start:off])) != "" {
		return nil
	}
	var out []string
	end := start // the '\n' ending the previous line is at end-1
	for end > 0 {
		b := end - 1
		a := b
		for a > 0 && c.src[a-1] != '\n' {
			a--
		}
		line := strings.TrimSpace(string(c.src[a:b]))
		if !strings.HasPrefix(line, "//") {
			break
		}
		out = append(out, strings.TrimSpace(line[2:]))
		end = a
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// ---------------------------------------------------------------- plans and behaviours

func (c *psConv) plan(x g.IPlanContext) *Plan {
	ctx := x.(*g.PlanContext)
	if t := ctx.TRACE(); t != nil {
		name := traceName(t.GetText())
		if name == "" {
			c.errorf(c.tpos(t), "a trace needs a file name: @\"FILE\"")
		}
		return &Plan{Pos: c.tpos(t), Trace: name}
	}
	return &Plan{Pos: c.pos(ctx.GetStart()), Items: c.planItems(ctx.AllPlanItem())}
}

func (c *psConv) planItems(items []g.IPlanItemContext) []PlanItem {
	var out []PlanItem
	for _, it := range items {
		ic := it.(*g.PlanItemContext)
		var rep Expr
		if ic.PlanCount() != nil {
			rep = c.planCount(ic.PlanCount().(*g.PlanCountContext))
		}
		if ic.PlanStep() != nil {
			s := c.planStep(ic.PlanStep().(*g.PlanStepContext))
			s.Repeat = rep
			out = append(out, s)
		} else {
			out = append(out, &PlanGroup{Pos: c.tpos(ic.LPAREN()), Items: c.planItems(ic.AllPlanItem()), Repeat: rep})
		}
	}
	return out
}

func (c *psConv) planStep(ctx *g.PlanStepContext) *PlanStep {
	s := &PlanStep{Pos: c.tpos(ctx.LBRACKET())}
	for _, e := range ctx.AllPlanEntry() {
		e := e.(*g.PlanEntryContext)
		switch {
		case e.NEG() != nil:
			s.Actions = append(s.Actions, PlanAction{Pos: c.tpos(e.NEG()), Index: -1, Idle: true})
		case e.TIMES() != nil:
			s.Actions = append(s.Actions, PlanAction{Pos: c.tpos(e.TIMES()), Index: -1, Free: true})
		default:
			s.Actions = append(s.Actions, c.planAction(e.PlanAction().(*g.PlanActionContext)))
		}
	}
	if len(s.Actions) == 1 && s.Actions[0].Free {
		s.Actions = nil // [*]: nobody is constrained
	}
	return s
}

func (c *psConv) planAction(ctx *g.PlanActionContext) PlanAction {
	if ctx.HASH() != nil {
		return PlanAction{Pos: c.tpos(ctx.HASH()), Index: c.smallInt(ctx.INT(), "choice index")}
	}
	return PlanAction{Pos: c.tpos(ctx.IDENT()), Name: ctx.IDENT().GetText(), Index: -1}
}

func (c *psConv) planCount(ctx *g.PlanCountContext) Expr {
	switch {
	case ctx.INT() != nil:
		return c.intLit(ctx.INT())
	case ctx.IDENT() != nil:
		return &Name{NamePos: c.tpos(ctx.IDENT()), Name: ctx.IDENT().GetText()}
	}
	return &Paren{Lparen: c.tpos(ctx.LPAREN()), X: c.expr(ctx.Expr(), false)}
}

func (c *psConv) behaviour(ctx *g.BehaviourDeclContext) *BehaviourDecl {
	b := &BehaviourDecl{Pos: c.tpos(ctx.BEHAVIOUR()), Player: c.playerRef(ctx.PlayerRef())}
	for _, w := range ctx.AllActionWeight() {
		wc := w.(*g.ActionWeightContext)
		b.Weights = append(b.Weights, ActionWeight{
			Action: c.planAction(wc.PlanAction().(*g.PlanActionContext)),
			Weight: c.expr(wc.Expr(), false),
		})
	}
	return b
}

func (c *psConv) playerRef(x g.IPlayerRefContext) PlayerRef {
	ctx := x.(*g.PlayerRefContext)
	if ctx.INT() != nil {
		p := PlayerRef{Pos: c.tpos(ctx.INT()), Index: c.smallInt(ctx.INT(), "player index")}
		if p.Index < 1 {
			c.errorf(p.Pos, "invalid player index %s (players are numbered from 1)", ctx.INT().GetText())
			p.Index = 1
		}
		return p
	}
	return PlayerRef{Pos: c.tpos(ctx.IDENT()), Name: ctx.IDENT().GetText()}
}

// smallInt converts an INT token that must fit an int32.
func (c *psConv) smallInt(n antlr.TerminalNode, what string) int {
	v, err := strconv.ParseInt(n.GetText(), 10, 32)
	if err != nil {
		c.errorf(c.tpos(n), "invalid %s %s", what, n.GetText())
		return 0
	}
	return int(v)
}
