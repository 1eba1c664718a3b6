package prism

import (
	"math"
	"strconv"
	"strings"
)

// This file prints expressions and plans back in PRISM syntax. The output
// re-parses to the same tree: an operand is parenthesised wherever the
// grammar would otherwise group it differently (a tree built by hand needs no
// Paren nodes), and existing Paren nodes are printed as written.

// Precedence levels of the grammar, lowest first (reference §3.1).
const (
	prLevTempBin = 1 + iota // U W R
	prLevTempUn             // X F G
	prLevITE
	prLevImplies
	prLevIff
	prLevOr
	prLevAnd
	prLevNot
	prLevEq
	prLevRel
	prLevPlus
	prLevTimes
	prLevPow
	prLevUnary
	prLevPrimary
)

// ExprString prints e in PRISM syntax.
func ExprString(e Expr) string {
	var b strings.Builder
	prExpr(&b, e, 0)
	return b.String()
}

// PlanString prints a plan as written in a plan declaration.
func PlanString(p *Plan) string {
	if p == nil {
		return ""
	}
	if p.Trace != "" {
		return `@"` + p.Trace + `"`
	}
	var b strings.Builder
	prPlanItems(&b, p.Items)
	return b.String()
}

func prLevel(e Expr) int {
	switch e := e.(type) {
	case *Temporal:
		if e.Left != nil {
			return prLevTempBin
		}
		return prLevTempUn
	case *Cond:
		return prLevITE
	case *Binary:
		switch e.Op {
		case OpImplies:
			return prLevImplies
		case OpIff:
			return prLevIff
		case OpOr:
			return prLevOr
		case OpAnd:
			return prLevAnd
		case OpEq, OpNe:
			return prLevEq
		case OpLt, OpLe, OpGt, OpGe:
			return prLevRel
		case OpAdd, OpSub:
			return prLevPlus
		case OpMul, OpDiv:
			return prLevTimes
		case OpPow:
			return prLevPow
		}
	case *Unary:
		if e.Op == OpNot {
			return prLevNot
		}
		return prLevUnary
	case *IntLit:
		if e.Value < 0 {
			return prLevUnary
		}
	case *DoubleLit:
		if e.Value < 0 || math.IsInf(e.Value, 0) || math.IsNaN(e.Value) {
			return prLevTimes
		}
	}
	return prLevPrimary
}

// prExpr prints e, in parentheses if its level is below min.
func prExpr(b *strings.Builder, e Expr, min int) {
	if e == nil {
		b.WriteString("<nil>")
		return
	}
	if prLevel(e) < min {
		b.WriteByte('(')
		prExpr(b, e, 0)
		b.WriteByte(')')
		return
	}
	switch e := e.(type) {
	case *IntLit:
		b.WriteString(strconv.FormatInt(e.Value, 10))
	case *DoubleLit:
		b.WriteString(prDouble(e))
	case *BoolLit:
		b.WriteString(strconv.FormatBool(e.Value))
	case *Name:
		b.WriteString(e.Name)
		if e.Primed {
			b.WriteByte('\'')
		}
	case *LabelRef:
		b.WriteString("\"" + e.Name + "\"")
	case *Paren:
		b.WriteByte('(')
		prExpr(b, e.X, 0)
		b.WriteByte(')')
	case *Unary:
		if e.Op == OpNot {
			b.WriteByte('!')
			prExpr(b, e.X, prLevNot)
		} else {
			b.WriteByte('-')
			prExpr(b, e.X, prLevUnary)
		}
	case *Binary:
		prBinary(b, e)
	case *Cond:
		prExpr(b, e.Cond, prLevImplies)
		b.WriteString(" ? ")
		prExpr(b, e.Then, prLevImplies)
		b.WriteString(" : ")
		prExpr(b, e.Else, prLevITE)
	case *Call:
		if e.Old {
			b.WriteString("func(" + e.Func)
			for _, a := range e.Args {
				b.WriteString(", ")
				prExpr(b, a, 0)
			}
			b.WriteByte(')')
			break
		}
		b.WriteString(e.Func + "(")
		prList(b, e.Args)
		b.WriteByte(')')
	case *Temporal:
		if e.Left != nil {
			prExpr(b, e.Left, prLevTempUn)
			b.WriteByte(' ')
		}
		b.WriteString(e.Op.String())
		prBound(b, e.Bound)
		b.WriteByte(' ')
		prExpr(b, e.Right, prLevTempUn)
	case *ProbOp:
		prProbOp(b, e)
	case *RewardOp:
		prRewardOp(b, e, false)
	case *Strategy:
		prStrategy(b, e)
	case *FilterExpr:
		b.WriteString("filter(" + e.Op + ", ")
		prExpr(b, e.X, 0)
		if e.States != nil {
			b.WriteString(", ")
			prExpr(b, e.States, 0)
		}
		b.WriteByte(')')
	case *MultiNash:
		if e.Max {
			b.WriteString("max")
		} else {
			b.WriteString("min")
		}
		prRel(b, e.Rel, e.Bound)
		b.WriteString(" (")
		for i, t := range e.Terms {
			if i > 0 {
				b.WriteString(" + ")
			}
			switch t := t.(type) {
			case *ProbOp:
				b.WriteString("P [ ")
				prExpr(b, t.Path, 0)
				b.WriteString(" ]")
			case *RewardOp:
				prRewardOp(b, t, true)
			default:
				prExpr(b, t, 0)
			}
		}
		b.WriteByte(')')
	case *Resp:
		prResp(b, e)
	case *Metric:
		b.WriteString([...]string{"#", "H", "Hinf"}[e.Kind] + "=? [ ")
		prExpr(b, e.Outcome, 0)
		b.WriteString(" ]")
	default:
		b.WriteString("<?>")
	}
}

func prList(b *strings.Builder, es []Expr) {
	for i, a := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		prExpr(b, a, 0)
	}
}

func prDouble(e *DoubleLit) string {
	if e.Text != "" {
		return e.Text
	}
	switch {
	case math.IsNaN(e.Value):
		return "0.0/0.0"
	case math.IsInf(e.Value, 1):
		return "1.0/0.0"
	case math.IsInf(e.Value, -1):
		return "-1.0/0.0"
	}
	s := strconv.FormatFloat(e.Value, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// prBinary prints a binary operator with the operand levels of the grammar:
// left-associative levels take the right operand one level tighter, the
// right-associative ones (=>, ^) the left one.
//
// The operators down the left operands that need no parentheses are printed
// with a loop, so that a chain of any length takes no stack.
func prBinary(b *strings.Builder, e *Binary) {
	chain := []*Binary{e}
	for {
		top := chain[len(chain)-1]
		x, ok := top.X.(*Binary)
		left, _ := prOperandLevels(top.Op)
		if !ok || prLevel(x) < left {
			break
		}
		chain = append(chain, x)
	}
	bottom := chain[len(chain)-1]
	left, _ := prOperandLevels(bottom.Op)
	prExpr(b, bottom.X, left)
	for i := len(chain) - 1; i >= 0; i-- {
		o := chain[i]
		if o.Op == OpPow {
			b.WriteByte('^')
		} else {
			b.WriteString(" " + o.Op.String() + " ")
		}
		_, right := prOperandLevels(o.Op)
		prExpr(b, o.Y, right)
	}
}

// prOperandLevels gives the lowest levels PRISM's grammar allows for the
// left and right operands of a binary operator.
func prOperandLevels(op Op) (left, right int) {
	lev := prLevel(&Binary{Op: op})
	switch op {
	case OpImplies:
		return lev + 1, lev
	case OpPow:
		return prLevUnary, lev
	}
	return lev, lev + 1
}

// prBound prints a time bound; a single bound value must be a literal, a
// name or parenthesised, as in PRISM.
func prBound(b *strings.Builder, t TimeBound) {
	switch t.Kind {
	case BoundNone:
		return
	case BoundRange:
		b.WriteByte('[')
		prExpr(b, t.Lo, 0)
		b.WriteByte(',')
		prExpr(b, t.Hi, 0)
		b.WriteByte(']')
		return
	}
	b.WriteString([...]string{"", "<=", "<", ">=", ">", "="}[t.Kind])
	prAtom(b, t.Lo)
}

// prAtom prints a bound or repetition count: a non-negative literal, an
// unprimed name or a parenthesised expression.
func prAtom(b *strings.Builder, e Expr) {
	switch x := e.(type) {
	case *IntLit:
		if x.Value >= 0 {
			prExpr(b, e, 0)
			return
		}
	case *DoubleLit:
		if x.Text != "" && !strings.HasPrefix(x.Text, "-") {
			prExpr(b, e, 0)
			return
		}
	case *Name:
		if !x.Primed {
			prExpr(b, e, 0)
			return
		}
	case *Paren:
		prExpr(b, e, 0)
		return
	}
	b.WriteByte('(')
	prExpr(b, e, 0)
	b.WriteByte(')')
}

var prRelQueries = [...]string{"=?", "min=?", "max=?", "minmin=?", "minmax=?", "maxmin=?", "maxmax=?"}

func prRel(b *strings.Builder, r RelKind, bound Expr) {
	if r.IsQuery() {
		b.WriteString(prRelQueries[r])
		return
	}
	b.WriteString([...]string{"<", "<=", ">", ">="}[r-RelLt])
	prExpr(b, bound, 0)
}

func prFilter(b *strings.Builder, f *InnerFilter) {
	if f == nil {
		return
	}
	b.WriteString(" {")
	prExpr(b, f.States, 0)
	b.WriteByte('}')
	if f.Min {
		b.WriteString("{min}")
	}
	if f.Max {
		b.WriteString("{max}")
	}
}

func prProbOp(b *strings.Builder, e *ProbOp) {
	b.WriteByte(e.Kind)
	if e.Kind == 'P' || e.Kind == 'S' {
		prRel(b, e.Rel, e.Bound)
	}
	b.WriteString(" [ ")
	prExpr(b, e.Path, 0)
	prFilter(b, e.Filter)
	b.WriteString(" ]")
}

// prRewardOp prints R{...}rel [ contents ]; a multi-Nash term has no relation.
func prRewardOp(b *strings.Builder, e *RewardOp, term bool) {
	b.WriteByte('R')
	if e.Modifier != "" && !term {
		b.WriteString("(" + e.Modifier + ")")
	}
	if e.StructName != "" || e.StructIndex != nil || e.Discount != nil {
		b.WriteByte('{')
		switch {
		case e.StructName != "":
			b.WriteString("\"" + e.StructName + "\"")
		case e.StructIndex != nil:
			prExpr(b, e.StructIndex, 0)
		}
		if e.Discount != nil {
			if e.StructName != "" || e.StructIndex != nil {
				b.WriteString(", ")
			}
			b.WriteString("disc=")
			prExpr(b, e.Discount, 0)
		}
		b.WriteByte('}')
	}
	if !term {
		prRel(b, e.Rel, e.Bound)
	}
	b.WriteString(" [ ")
	switch e.ContentKind {
	case 'C':
		b.WriteByte('C')
		if e.TimeBound != nil {
			b.WriteString("<=")
			prExpr(b, e.TimeBound, 0)
		}
	case 'I':
		b.WriteString("I=")
		prExpr(b, e.TimeBound, 0)
	case 'S':
		b.WriteByte('S')
	case 'F', 'c', '0':
		b.WriteString(map[byte]string{'F': "F ", 'c': "Fc ", '0': "F0 "}[e.ContentKind])
		prExpr(b, e.Target, prLevTempUn)
	default:
		prExpr(b, e.Target, 0)
	}
	prFilter(b, e.Filter)
	b.WriteString(" ]")
}

func prPlayer(b *strings.Builder, p PlayerRef) {
	if p.Name != "" {
		b.WriteString(p.Name)
	} else {
		b.WriteString(strconv.Itoa(p.Index))
	}
}

func prStrategy(b *strings.Builder, e *Strategy) {
	open, closing := "<<", ">>"
	if e.Dual {
		open, closing = "[[", "]]"
	}
	b.WriteString(open)
	for i, co := range e.Coalitions {
		if i > 0 {
			b.WriteByte(':')
		}
		if i < len(e.AllPlayers) && e.AllPlayers[i] {
			b.WriteByte('*')
			continue
		}
		for j, p := range co {
			if j > 0 {
				b.WriteByte(',')
			}
			prPlayer(b, p)
		}
	}
	b.WriteString(closing)
	if len(e.Options) > 0 {
		b.WriteByte('{')
		prList(b, e.Options)
		b.WriteByte('}')
	}
	b.WriteByte(' ')
	if e.Certain {
		b.WriteString("[ ")
		prExpr(b, e.Op, 0)
		b.WriteString(" ]")
		return
	}
	switch op := e.Op.(type) {
	case *ProbOp, *RewardOp, *MultiNash, *Paren:
		prExpr(b, op, 0)
	default:
		b.WriteByte('(')
		prExpr(b, op, 0)
		b.WriteByte(')')
	}
}

func prResp(b *strings.Builder, e *Resp) {
	b.WriteString(e.Kind.String() + "(")
	prPlayer(b, e.Agent)
	b.WriteString(", ")
	if e.Plan.Plan != nil {
		b.WriteString(PlanString(e.Plan.Plan))
	} else {
		b.WriteString(e.Plan.Name)
	}
	b.WriteByte(')')
	switch e.Degree {
	case DegAll:
		b.WriteString("=?")
	case DegCount, DegProb, DegEntropy:
		b.WriteString([...]string{"", "#", "P", "H"}[e.Degree])
		prRel(b, e.Rel, e.Bound)
	}
	b.WriteString(" [ ")
	prExpr(b, e.Outcome, 0)
	b.WriteString(" ]")
}

func prPlanItems(b *strings.Builder, items []PlanItem) {
	for i, it := range items {
		if i > 0 {
			b.WriteByte(' ')
		}
		var rep Expr
		switch it := it.(type) {
		case *PlanStep:
			b.WriteByte('[')
			if len(it.Actions) == 0 {
				b.WriteByte('*')
			}
			for j, a := range it.Actions {
				if j > 0 {
					b.WriteByte(',')
				}
				switch {
				case a.Idle:
					b.WriteByte('-')
				case a.Free:
					b.WriteByte('*')
				case a.Name == "" && a.Index >= 0:
					b.WriteString("#" + strconv.Itoa(a.Index))
				default:
					b.WriteString(a.Name)
				}
			}
			b.WriteByte(']')
			rep = it.Repeat
		case *PlanGroup:
			b.WriteByte('(')
			prPlanItems(b, it.Items)
			b.WriteByte(')')
			rep = it.Repeat
		}
		if rep != nil {
			b.WriteByte('^')
			switch rep.(type) {
			case *IntLit, *Name, *Paren:
				prAtom(b, rep)
			default:
				b.WriteByte('(')
				prExpr(b, rep, 0)
				b.WriteByte(')')
			}
		}
	}
}
