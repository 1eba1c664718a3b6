package prism

import (
	"strconv"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	g "github.com/onus-mc/onus/grammar"
)

// This file converts expressions from the ANTLR parse tree. The grammar has
// one rule per precedence level and accepts temporal operators at every
// level; the conversion enforces PRISM's rule that they appear only inside
// an operator that takes a path formula (path == true), and that property
// operators and label references appear only in properties (c.props).

var psBinOps = map[int]Op{
	g.PrismParserAND: OpAnd, g.PrismParserOR: OpOr, g.PrismParserIMPLIES: OpImplies,
	g.PrismParserIFF: OpIff, g.PrismParserEQ: OpEq, g.PrismParserNE: OpNe,
	g.PrismParserLT: OpLt, g.PrismParserLE: OpLe, g.PrismParserGT: OpGt, g.PrismParserGE: OpGe,
	g.PrismParserPLUS: OpAdd, g.PrismParserMINUS: OpSub, g.PrismParserTIMES: OpMul,
	g.PrismParserDIVIDE: OpDiv, g.PrismParserCARET: OpPow,
}

var psTempOps = map[int]TempOp{
	g.PrismParserX: TempX, g.PrismParserF: TempF, g.PrismParserG: TempG,
	g.PrismParserU: TempU, g.PrismParserW: TempW, g.PrismParserR: TempR,
}

var psRels = map[int]RelKind{
	g.PrismParserLT: RelLt, g.PrismParserLE: RelLe, g.PrismParserGT: RelGt, g.PrismParserGE: RelGe,
	g.PrismParserMIN: RelMinQuery, g.PrismParserMAX: RelMaxQuery,
	g.PrismParserMINMIN: RelMinMin, g.PrismParserMINMAX: RelMinMax,
	g.PrismParserMAXMIN: RelMaxMin, g.PrismParserMAXMAX: RelMaxMax,
	g.PrismParserPMIN: RelMinQuery, g.PrismParserPMAX: RelMaxQuery,
	g.PrismParserPMINMIN: RelMinMin, g.PrismParserPMINMAX: RelMinMax,
	g.PrismParserPMAXMIN: RelMaxMin, g.PrismParserPMAXMAX: RelMaxMax,
	g.PrismParserRMIN: RelMinQuery, g.PrismParserRMAX: RelMaxQuery,
	g.PrismParserRMINMIN: RelMinMin, g.PrismParserRMINMAX: RelMinMax,
	g.PrismParserRMAXMIN: RelMaxMin, g.PrismParserRMAXMAX: RelMaxMax,
}

func psTok(t antlr.Tree) antlr.Token {
	if n, ok := t.(antlr.TerminalNode); ok {
		return n.GetSymbol()
	}
	return nil
}

func psRule(t antlr.Tree) antlr.ParserRuleContext {
	r, _ := t.(antlr.ParserRuleContext)
	return r
}

// expr converts any expression-level context. path says whether temporal
// operators are allowed here.
func (c *psConv) expr(t antlr.Tree, path bool) Expr {
	switch ctx := t.(type) {
	case *g.PrimaryExprContext:
		return c.expr(ctx.Primary(), path)
	case *g.TempBinaryExprContext:
		return c.binary(ctx, path)
	case *g.TempUnaryExprContext:
		op := ctx.GetStart()
		e := &Temporal{OpPos: c.pos(op), Op: psTempOps[op.GetTokenType()]}
		if ctx.TimeBound() != nil {
			e.Bound = c.timeBound(ctx.TimeBound().(*g.TimeBoundContext))
		}
		e.Right = c.expr(ctx.Expr(), path)
		c.checkTemporal(e, path)
		c.need(e.Right, prLevTempUn, ctx.Expr())
		return e
	case *g.CondExprContext:
		e := &Cond{Cond: c.expr(ctx.Expr(0), path), Then: c.expr(ctx.Expr(1), path), Else: c.expr(ctx.Expr(2), path)}
		c.needLeft(e.Cond, prLevImplies, ctx.QMARK().GetSymbol())
		c.need(e.Then, prLevImplies, ctx.Expr(1))
		c.need(e.Else, prLevITE, ctx.Expr(2))
		return e
	case *g.ImpliesExprContext, *g.IffExprContext, *g.OrExprContext, *g.AndExprContext,
		*g.EqExprContext, *g.RelExprContext, *g.PlusExprContext, *g.TimesExprContext, *g.PowExprContext:
		return c.binary(ctx.(antlr.ParserRuleContext), path)
	case *g.NotExprContext:
		e := &Unary{OpPos: c.tpos(ctx.NOT()), Op: OpNot, X: c.expr(ctx.Expr(), path)}
		c.need(e.X, prLevNot, ctx.Expr())
		return e
	case *g.NegExprContext:
		e := &Unary{OpPos: c.tpos(ctx.NEG()), Op: OpNeg, X: c.expr(ctx.Expr(), path)}
		c.need(e.X, prLevUnary, ctx.Expr())
		return e
	case *g.PrimaryContext:
		// not produced: every alternative is labelled
	case *g.IntLitContext:
		return c.intLit(ctx.INT())
	case *g.DoubleLitContext:
		return c.doubleLit(ctx.DOUBLE())
	case *g.BoolLitContext:
		return &BoolLit{ValuePos: c.pos(ctx.GetStart()), Value: ctx.TRUE() != nil}
	case *g.CallContext:
		return &Call{FuncPos: c.tpos(ctx.IDENT()), Func: ctx.IDENT().GetText(),
			Args: c.exprList(ctx.ExprList(), path), Rparen: c.tpos(ctx.RPAREN())}
	case *g.MinMaxCallContext:
		return &Call{FuncPos: c.pos(ctx.GetStart()), Func: ctx.GetStart().GetText(),
			Args: c.exprList(ctx.ExprList(), path), Rparen: c.tpos(ctx.RPAREN())}
	case *g.OldCallContext:
		name := psTok(ctx.GetChild(2))
		e := &Call{FuncPos: c.tpos(ctx.FUNC()), Func: name.GetText(), Old: true, Rparen: c.tpos(ctx.RPAREN())}
		if ctx.ExprList() != nil {
			e.Args = c.exprList(ctx.ExprList(), path)
		}
		return e
	case *g.NameContext:
		return &Name{NamePos: c.tpos(ctx.IDENT()), Name: ctx.IDENT().GetText()}
	case *g.PrimedNameContext:
		return &Name{NamePos: c.tpos(ctx.IDENTPRIME()), Name: strings.TrimSuffix(ctx.IDENTPRIME().GetText(), "'"), Primed: true}
	case *g.ParenContext:
		return &Paren{Lparen: c.tpos(ctx.LPAREN()), X: c.expr(ctx.Expr(), path)}
	case *g.LabelRefContext:
		id := c.qname(ctx.QNAME())
		if !c.props {
			c.errorf(id.NamePos, "syntax error: unexpected %s (a label can only be referred to in a property)", ctx.QNAME().GetText())
		}
		return &LabelRef{NamePos: id.NamePos, Name: id.Name}
	case *g.ProbPrimaryContext:
		c.propOnly(ctx)
		return c.probOp(ctx.ProbOp())
	case *g.RewardPrimaryContext:
		c.propOnly(ctx)
		return c.rewardOp(ctx.RewardOp())
	case *g.StrategyPrimaryContext:
		c.propOnly(ctx)
		return c.strategy(ctx.Strategy().(*g.StrategyContext), path)
	case *g.FilterPrimaryContext:
		c.propOnly(ctx)
		return c.filter(ctx.FilterExpr().(*g.FilterExprContext))
	case *g.RespPrimaryContext:
		c.propOnly(ctx)
		return c.resp(ctx.Resp().(*g.RespContext))
	case *g.MetricPrimaryContext:
		c.propOnly(ctx)
		return c.metric(ctx.Metric().(*g.MetricContext))
	}
	// Unreachable for trees without syntax errors.
	p := NoPos
	if r := psRule(t); r != nil {
		p = c.pos(r.GetStart())
	}
	c.errorf(p, "syntax error: unexpected expression")
	return &BoolLit{ValuePos: p}
}

// psInfix reports whether t is the context of an infix operator, whose
// left operand is its first child.
func psInfix(t antlr.Tree) bool {
	switch t.(type) {
	case *g.ImpliesExprContext, *g.IffExprContext, *g.OrExprContext, *g.AndExprContext,
		*g.EqExprContext, *g.RelExprContext, *g.PlusExprContext, *g.TimesExprContext,
		*g.PowExprContext, *g.TempBinaryExprContext:
		return true
	}
	return false
}

// binary converts a chain of infix operators `x op y op z ...` (nested down
// the left operands, as long as the input) with a loop, and checks that
// every operand may stand where it is in PRISM's grammar (the levels are
// those the printer uses).
func (c *psConv) binary(ctx antlr.ParserRuleContext, path bool) Expr {
	var chain []antlr.ParserRuleContext
	var t antlr.Tree = ctx
	for psInfix(t) {
		r := t.(antlr.ParserRuleContext)
		chain = append(chain, r)
		t = r.GetChild(0)
	}
	x := c.expr(t, path)
	for i := len(chain) - 1; i >= 0; i-- {
		x = c.infix(chain[i], x, path)
	}
	return x
}

// infix converts one infix operator whose left operand x is converted.
func (c *psConv) infix(ctx antlr.ParserRuleContext, x Expr, path bool) Expr {
	if tb, ok := ctx.(*g.TempBinaryExprContext); ok {
		op := psTok(tb.GetChild(1))
		e := &Temporal{OpPos: c.pos(op), Op: psTempOps[op.GetTokenType()], Left: x}
		if tb.TimeBound() != nil {
			e.Bound = c.timeBound(tb.TimeBound().(*g.TimeBoundContext))
		}
		e.Right = c.expr(tb.Expr(1), path)
		c.checkTemporal(e, path)
		c.needLeft(e.Left, prLevTempUn, op)
		c.need(e.Right, prLevTempUn, tb.Expr(1))
		return e
	}
	op := psTok(ctx.GetChild(1))
	yc := ctx.GetChild(ctx.GetChildCount() - 1)
	e := &Binary{X: x, OpPos: c.pos(op), Op: psBinOps[op.GetTokenType()], Y: c.expr(yc, path)}
	left, right := prOperandLevels(e.Op)
	c.needLeft(e.X, left, op)
	c.need(e.Y, right, yc)
	return e
}

// need reports an operand (converted from t) whose level is below min: PRISM's
// grammar cannot derive it there without parentheses. The error points at the
// operand's operator, where PRISM's parser stops.
func (c *psConv) need(e Expr, min int, t antlr.Tree) {
	if prLevel(e) >= min {
		return
	}
	var tok antlr.Token
	switch ctx := t.(type) {
	case *g.CondExprContext:
		tok = ctx.QMARK().GetSymbol()
	case *g.NotExprContext, *g.NegExprContext, *g.TempUnaryExprContext:
		tok = ctx.(antlr.ParserRuleContext).GetStart()
	case antlr.ParserRuleContext:
		if ctx.GetChildCount() > 1 {
			tok = psTok(ctx.GetChild(1))
		}
		if tok == nil {
			tok = ctx.GetStart()
		}
	}
	if tok == nil {
		c.errorf(e.Position(), "syntax error: operand needs parentheses")
		return
	}
	c.errorf(c.pos(tok), "syntax error: unexpected %s (parenthesise the operand)", psTokenDesc(tok))
}

// needLeft reports a left operand whose level is below min, at the operator
// that follows it (where PRISM's parser stops).
func (c *psConv) needLeft(e Expr, min int, op antlr.Token) {
	if prLevel(e) < min {
		c.errorf(c.pos(op), "syntax error: unexpected %s (parenthesise the operand before it)", psTokenDesc(op))
	}
}

func (c *psConv) exprList(x g.IExprListContext, path bool) []Expr {
	var out []Expr
	for _, e := range x.(*g.ExprListContext).AllExpr() {
		out = append(out, c.expr(e, path))
	}
	return out
}

// checkTemporal reports a temporal operator outside a path formula.
func (c *psConv) checkTemporal(e *Temporal, path bool) {
	if path {
		return
	}
	if !c.props {
		c.errorf(e.OpPos, "syntax error: unexpected '%s' (temporal operators are only allowed in properties)", e.Op)
		return
	}
	c.errorf(e.OpPos, "syntax error: temporal operator '%s' outside a path formula (use it inside P[...], E[...], A[...], <<...>>[...], R[...] or a responsibility or metric operator)", e.Op)
}

// propOnly reports a property operator in a model file.
func (c *psConv) propOnly(ctx antlr.ParserRuleContext) {
	if !c.props {
		t := ctx.GetStart()
		c.errorf(c.pos(t), "syntax error: unexpected %s (property operators are not allowed in a model)", psTokenDesc(t))
	}
}

func (c *psConv) intLit(n antlr.TerminalNode) Expr {
	v, err := strconv.ParseInt(n.GetText(), 10, 32)
	if err != nil {
		c.errorf(c.tpos(n), "invalid integer literal %s (integers must fit in 32 bits)", n.GetText())
	}
	return &IntLit{ValuePos: c.tpos(n), Value: v}
}

func (c *psConv) doubleLit(n antlr.TerminalNode) Expr {
	// ParseFloat returns ±Inf with a range error for huge literals, as Java
	// does; the lexer guarantees the syntax.
	v, _ := strconv.ParseFloat(n.GetText(), 64)
	return &DoubleLit{ValuePos: c.tpos(n), Value: v, Text: n.GetText()}
}

func (c *psConv) timeBound(ctx *g.TimeBoundContext) TimeBound {
	b := TimeBound{Pos: c.pos(ctx.GetStart())}
	if ctx.LBRACKET() != nil {
		b.Kind = BoundRange
		b.Lo = c.expr(ctx.Expr(0), false)
		b.Hi = c.expr(ctx.Expr(1), false)
		return b
	}
	switch ctx.GetStart().GetTokenType() {
	case g.PrismParserLE:
		b.Kind = BoundLe
	case g.PrismParserLT:
		b.Kind = BoundLt
	case g.PrismParserGE:
		b.Kind = BoundGe
	case g.PrismParserGT:
		b.Kind = BoundGt
	default:
		b.Kind = BoundEq
	}
	v := ctx.BoundValue().(*g.BoundValueContext)
	switch {
	case v.INT() != nil:
		b.Lo = c.intLit(v.INT())
	case v.DOUBLE() != nil:
		b.Lo = c.doubleLit(v.DOUBLE())
	case v.IDENT() != nil:
		b.Lo = &Name{NamePos: c.tpos(v.IDENT()), Name: v.IDENT().GetText()}
	default:
		b.Lo = &Paren{Lparen: c.tpos(v.LPAREN()), X: c.expr(v.Expr(), false)}
	}
	return b
}

// relation converts `=?`, `min=?`, ... or `~ bound`.
func (c *psConv) relation(x g.IRelationContext) (RelKind, Expr) {
	ctx := x.(*g.RelationContext)
	t := ctx.GetStart().GetTokenType()
	if t == g.PrismParserEQ {
		return RelQuery, nil
	}
	if ctx.Expr() != nil {
		return psRels[t], c.expr(ctx.Expr(), false)
	}
	return psRels[t], nil
}

func (c *psConv) innerFilter(x g.IInnerFilterContext) *InnerFilter {
	if x == nil {
		return nil
	}
	ctx := x.(*g.InnerFilterContext)
	f := &InnerFilter{States: c.expr(ctx.Expr(), false)}
	f.Min = len(ctx.AllMIN()) > 0
	f.Max = len(ctx.AllMAX()) > 0
	return f
}

func (c *psConv) probOp(x g.IProbOpContext) Expr {
	switch ctx := x.(type) {
	case *g.ProbPContext:
		rel, bound := c.relation(ctx.Relation())
		return &ProbOp{OpPos: c.tpos(ctx.P()), Kind: 'P', Rel: rel, Bound: bound,
			Path: c.expr(ctx.Expr(), true), Filter: c.innerFilter(ctx.InnerFilter()), Rbrack: c.tpos(ctx.RBRACKET())}
	case *g.ProbPQueryContext:
		t := ctx.GetStart()
		return &ProbOp{OpPos: c.pos(t), Kind: 'P', Rel: psRels[t.GetTokenType()],
			Path: c.expr(ctx.Expr(), true), Filter: c.innerFilter(ctx.InnerFilter()), Rbrack: c.tpos(ctx.RBRACKET())}
	case *g.SteadySContext:
		rel, bound := c.relation(ctx.Relation())
		return &ProbOp{OpPos: c.tpos(ctx.S()), Kind: 'S', Rel: rel, Bound: bound,
			Path: c.expr(ctx.Expr(), false), Filter: c.innerFilter(ctx.InnerFilter()), Rbrack: c.tpos(ctx.RBRACKET())}
	case *g.PathEAContext:
		t := ctx.GetStart()
		return &ProbOp{OpPos: c.pos(t), Kind: t.GetText()[0],
			Path: c.expr(ctx.Expr(), true), Filter: c.innerFilter(ctx.InnerFilter()), Rbrack: c.tpos(ctx.RBRACKET())}
	}
	return &BoolLit{}
}

func (c *psConv) rewardOp(x g.IRewardOpContext) Expr {
	var r *RewardOp
	switch ctx := x.(type) {
	case *g.RewardRContext:
		r = &RewardOp{OpPos: c.tpos(ctx.R()), Rbrack: c.tpos(ctx.RBRACKET())}
		if ctx.IDENT() != nil {
			r.Modifier = ctx.IDENT().GetText()
		}
		c.rewardIndex(r, ctx.RewardIndex())
		r.Rel, r.Bound = c.relation(ctx.Relation())
		c.rewardContent(r, ctx.RewardContent())
		r.Filter = c.innerFilter(ctx.InnerFilter())
	case *g.RewardRQueryContext:
		t := ctx.GetStart()
		r = &RewardOp{OpPos: c.pos(t), Rel: psRels[t.GetTokenType()], Rbrack: c.tpos(ctx.RBRACKET())}
		c.rewardIndex(r, ctx.RewardIndex())
		c.rewardContent(r, ctx.RewardContent())
		r.Filter = c.innerFilter(ctx.InnerFilter())
	default:
		return &BoolLit{}
	}
	return r
}

func (c *psConv) rewardIndex(r *RewardOp, x g.IRewardIndexContext) {
	if x == nil {
		return
	}
	ctx := x.(*g.RewardIndexContext)
	exprs := ctx.AllExpr()
	if ctx.GetChild(1) != nil && psTok(ctx.GetChild(1)) != nil && psTok(ctx.GetChild(1)).GetTokenType() == g.PrismParserDISC {
		r.Discount = c.expr(exprs[0], false)
		return
	}
	idx := c.expr(exprs[0], false)
	if l, ok := idx.(*LabelRef); ok {
		r.StructName = l.Name
	} else {
		r.StructIndex = idx
	}
	if len(exprs) > 1 {
		r.Discount = c.expr(exprs[1], false)
	}
}

// rewardContent converts the contents of R[...]. An unbounded `F phi` is the
// reachability reward ('F') with a state-formula target; any other path
// formula is kept as 'P'.
func (c *psConv) rewardContent(r *RewardOp, x g.IRewardContentContext) {
	ctx := x.(*g.RewardContentContext)
	switch {
	case ctx.C() != nil:
		r.ContentKind = 'C'
		if ctx.Expr() != nil {
			r.TimeBound = c.expr(ctx.Expr(), false)
		}
	case ctx.I() != nil:
		r.ContentKind = 'I'
		r.TimeBound = c.expr(ctx.Expr(), false)
	case ctx.S() != nil:
		r.ContentKind = 'S'
	case ctx.FC() != nil:
		r.ContentKind = 'c'
		r.Target = c.expr(ctx.Expr(), false)
	case ctx.F0() != nil:
		r.ContentKind = '0'
		r.Target = c.expr(ctx.Expr(), false)
	default:
		if u := psReachTarget(ctx.Expr()); u != nil {
			// F phi is a reachability reward only when phi is a state
			// formula; `F X a` and `F G a` are co-safe path formulas.
			if t := c.expr(u, true); !hasTemporal(t) {
				r.ContentKind = 'F'
				r.Target = t
				c.need(r.Target, prLevTempUn, u)
				return
			}
		}
		r.ContentKind = 'P'
		r.Target = c.expr(ctx.Expr(), true)
	}
}

// hasTemporal reports whether e has a temporal operator outside the
// operators (P, R, <<..>>, ...) that start path formulas of their own.
func hasTemporal(e Expr) bool {
	found := false
	Inspect(e, func(x Expr) bool {
		switch x.(type) {
		case *Temporal:
			found = true
		case *Paren, *Unary, *Binary, *Cond, *Call:
			return !found
		}
		return false
	})
	return found
}

// psReachTarget returns the operand of an expression that is exactly an
// unbounded `F operand`, else nil.
func psReachTarget(x g.IExprContext) g.IExprContext {
	u, ok := x.(*g.TempUnaryExprContext)
	if !ok || u.F() == nil || u.TimeBound() != nil {
		return nil
	}
	return u.Expr()
}

func (c *psConv) strategy(ctx *g.StrategyContext, path bool) Expr {
	s := &Strategy{OpPos: c.pos(ctx.GetStart()), Dual: ctx.DLBRACKET() != nil}
	for _, co := range ctx.Coalitions().(*g.CoalitionsContext).AllCoalition() {
		cc := co.(*g.CoalitionContext)
		var refs []PlayerRef
		for _, p := range cc.AllPlayerRef() {
			refs = append(refs, c.playerRef(p))
		}
		s.Coalitions = append(s.Coalitions, refs)
		s.AllPlayers = append(s.AllPlayers, cc.TIMES() != nil)
	}
	if ctx.ExprList() != nil {
		s.Options = c.exprList(ctx.ExprList(), false)
	}
	op := ctx.StrategyOp().(*g.StrategyOpContext)
	switch {
	case op.ProbOp() != nil:
		s.Op = c.probOp(op.ProbOp())
	case op.RewardOp() != nil:
		s.Op = c.rewardOp(op.RewardOp())
	case op.MultiNash() != nil:
		s.Op = c.multiNash(op.MultiNash().(*g.MultiNashContext))
	case op.LBRACKET() != nil:
		s.Certain = true
		s.Op = c.expr(op.Expr(), true)
	default:
		s.Op = &Paren{Lparen: c.tpos(op.LPAREN()), X: c.expr(op.Expr(), path)}
	}
	return s
}

func (c *psConv) multiNash(ctx *g.MultiNashContext) Expr {
	m := &MultiNash{OpPos: c.pos(ctx.GetStart()), Max: ctx.MAX() != nil, Rel: RelQuery}
	if ctx.Expr() != nil {
		m.Rel = psRels[psTok(ctx.GetChild(1)).GetTokenType()]
		m.Bound = c.expr(ctx.Expr(), false)
	}
	for _, t := range ctx.AllNashTerm() {
		tc := t.(*g.NashTermContext)
		if tc.P() != nil {
			m.Terms = append(m.Terms, &ProbOp{OpPos: c.tpos(tc.P()), Kind: 'P', Rel: RelQuery,
				Path: c.expr(tc.Expr(), true), Rbrack: c.tpos(tc.RBRACKET())})
			continue
		}
		r := &RewardOp{OpPos: c.tpos(tc.R()), Rel: RelQuery, Rbrack: c.tpos(tc.RBRACKET())}
		c.rewardIndex(r, tc.RewardIndex())
		c.rewardContent(r, tc.RewardContent())
		m.Terms = append(m.Terms, r)
	}
	return m
}

func (c *psConv) filter(ctx *g.FilterExprContext) Expr {
	f := &FilterExpr{FilterPos: c.tpos(ctx.FILTER()), Op: ctx.FilterOp().GetText()}
	exprs := ctx.AllExpr()
	f.X = c.expr(exprs[0], false)
	if len(exprs) > 1 {
		f.States = c.expr(exprs[1], false)
	}
	return f
}

var psRespKinds = map[int]RespKind{g.PrismParserCAR: CAR, g.PrismParserCPR: CPR, g.PrismParserCCR: CCR,
	g.PrismParserSHAPLEY: SHAPLEY, g.PrismParserBANZHAF: BANZHAF}

func (c *psConv) resp(ctx *g.RespContext) Expr {
	t := ctx.GetStart()
	r := &Resp{OpPos: c.pos(t), Kind: psRespKinds[t.GetTokenType()], Agent: c.playerRef(ctx.PlayerRef()),
		Rbrack: c.tpos(ctx.RBRACKET())}
	pr := ctx.PlanRef().(*g.PlanRefContext)
	r.Plan.Pos = c.pos(pr.GetStart())
	if pr.IDENT() != nil {
		r.Plan.Name = pr.IDENT().GetText()
	} else {
		r.Plan.Plan = c.plan(pr.Plan())
	}
	if d := ctx.Degree(); d != nil {
		dc := d.(*g.DegreeContext)
		first := dc.GetStart()
		switch first.GetTokenType() {
		case g.PrismParserEQ:
			r.Degree = DegAll
		case g.PrismParserHASH:
			r.Degree = DegCount
		case g.PrismParserP:
			r.Degree = DegProb
		default:
			r.Degree = DegEntropy
			if first.GetText() != "H" {
				c.errorf(c.pos(first), "syntax error: unknown degree %q (expected #, P or H)", first.GetText())
			}
		}
		r.Rel = RelQuery
		if dc.Expr() != nil {
			r.Rel = psRels[psTok(dc.GetChild(1)).GetTokenType()]
			r.Bound = c.expr(dc.Expr(), false)
		}
	}
	r.Outcome = c.expr(ctx.Expr(), true)
	return r
}

func (c *psConv) metric(ctx *g.MetricContext) Expr {
	t := ctx.GetStart()
	m := &Metric{OpPos: c.pos(t), Rbrack: c.tpos(ctx.RBRACKET())}
	switch t.GetTokenType() {
	case g.PrismParserHASH:
		m.Kind = MetricCount
	case g.PrismParserHINF:
		m.Kind = MetricEntropyInf
	default:
		m.Kind = MetricEntropy
		if t.GetText() != "H" {
			c.errorf(c.pos(t), "syntax error: unknown metric %q (expected #=?, H=? or Hinf=?)", t.GetText())
		}
	}
	m.Outcome = c.expr(ctx.Expr(), true)
	return m
}
