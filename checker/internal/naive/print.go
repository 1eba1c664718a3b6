package naive

import (
	"fmt"
	"strings"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// FormatExpr prints the subset of expressions the enumerator understands
// in PRISM syntax, fully parenthesised, so that a failing case can be
// pasted into a props file.
func FormatExpr(e prism.Expr) string {
	switch x := e.(type) {
	case nil:
		return "<nil>"
	case *prism.IntLit:
		return fmt.Sprint(x.Value)
	case *prism.DoubleLit:
		if x.Text != "" {
			return x.Text
		}
		return fmt.Sprint(x.Value)
	case *prism.BoolLit:
		return fmt.Sprint(x.Value)
	case *prism.LabelRef:
		return fmt.Sprintf("%q", x.Name)
	case *prism.Name:
		return x.Name
	case *prism.Paren:
		return "(" + FormatExpr(x.X) + ")"
	case *prism.Unary:
		return x.Op.String() + FormatExpr(x.X)
	case *prism.Binary:
		return "(" + FormatExpr(x.X) + " " + x.Op.String() + " " + FormatExpr(x.Y) + ")"
	case *prism.Temporal:
		op := x.Op.String() + formatBound(x.Bound)
		if x.Left == nil {
			return "(" + op + " " + FormatExpr(x.Right) + ")"
		}
		return "(" + FormatExpr(x.Left) + " " + op + " " + FormatExpr(x.Right) + ")"
	case *prism.ProbOp:
		return fmt.Sprintf("%c%s [ %s ]", x.Kind, formatRel(x.Rel, x.Bound), FormatExpr(x.Path))
	case *prism.Metric:
		return [...]string{"#", "H", "Hinf"}[x.Kind] + "=? [ " + FormatExpr(x.Outcome) + " ]"
	case *prism.Resp:
		agent := x.Agent.Name
		if agent == "" {
			agent = fmt.Sprint(x.Agent.Index)
		}
		plan := x.Plan.Name
		if x.Plan.Plan != nil {
			plan = FormatPlan(x.Plan.Plan)
		}
		deg := ""
		switch x.Degree {
		case prism.DegCount:
			deg = "#" + formatRel(x.Rel, x.Bound)
		case prism.DegProb:
			deg = "P" + formatRel(x.Rel, x.Bound)
		case prism.DegEntropy:
			deg = "H" + formatRel(x.Rel, x.Bound)
		case prism.DegAll:
			deg = "=?"
		}
		return fmt.Sprintf("%v(%s, %s)%s [ %s ]", x.Kind, agent, plan, deg, FormatExpr(x.Outcome))
	}
	return fmt.Sprintf("<%T>", e)
}

func formatBound(b prism.TimeBound) string {
	switch b.Kind {
	case prism.BoundLe:
		return "<=" + FormatExpr(b.Lo)
	case prism.BoundLt:
		return "<" + FormatExpr(b.Lo)
	case prism.BoundNone:
		return ""
	}
	return fmt.Sprintf("<bound %d>", b.Kind)
}

func formatRel(r prism.RelKind, b prism.Expr) string {
	switch r {
	case prism.RelQuery:
		return "=?"
	case prism.RelLt:
		return "<" + FormatExpr(b)
	case prism.RelLe:
		return "<=" + FormatExpr(b)
	case prism.RelGt:
		return ">" + FormatExpr(b)
	case prism.RelGe:
		return ">=" + FormatExpr(b)
	}
	return fmt.Sprintf("<rel %d>", r)
}

// FormatPlan prints a plan in onus syntax.
func FormatPlan(p *prism.Plan) string {
	if p == nil {
		return "<nil>"
	}
	return formatItems(p.Items)
}

func formatItems(items []prism.PlanItem) string {
	var parts []string
	for _, it := range items {
		switch x := it.(type) {
		case *prism.PlanStep:
			var names []string
			for _, a := range x.Actions {
				names = append(names, formatAction(a))
			}
			if len(names) == 0 {
				names = []string{"*"}
			}
			s := "[" + strings.Join(names, ",") + "]"
			if x.Repeat != nil {
				s += "^" + FormatExpr(x.Repeat)
			}
			parts = append(parts, s)
		case *prism.PlanGroup:
			s := "(" + formatItems(x.Items) + ")"
			if x.Repeat != nil {
				s += "^" + FormatExpr(x.Repeat)
			}
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

func formatAction(a prism.PlanAction) string {
	switch {
	case a.Idle:
		return "-"
	case a.Free:
		return "*"
	}
	if a.Name == "" && a.Index >= 0 {
		return fmt.Sprintf("#%d", a.Index)
	}
	return a.Name
}

// FormatBehaviours prints behaviour declarations as props-file lines.
func FormatBehaviours(bs []*prism.BehaviourDecl) string {
	var b strings.Builder
	for _, d := range bs {
		p := d.Player.Name
		if p == "" {
			p = fmt.Sprint(d.Player.Index)
		}
		var ws []string
		for _, w := range d.Weights {
			ws = append(ws, formatAction(w.Action)+" : "+FormatExpr(w.Weight))
		}
		fmt.Fprintf(&b, "behaviour %s { %s };\n", p, strings.Join(ws, ", "))
	}
	return b.String()
}

// FormatGame prints a small game: its players and actions, and per state
// its labels, owner, and every choice with its transitions.
func FormatGame(g *translate.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v game, players %v, actions %q, initial %v\n", g.Type, g.Players, g.Actions, g.Initial)
	for s := 0; s < g.NumStates; s++ {
		var labs []string
		for _, l := range g.Labels {
			if l.States.Has(s) {
				labs = append(labs, l.Name)
			}
		}
		fmt.Fprintf(&b, "  state %d labels %v", s, labs)
		if g.Owner != nil {
			fmt.Fprintf(&b, " owner %s", g.Players[g.Owner[s]])
		}
		b.WriteString("\n")
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			var name string
			if g.Joint != nil {
				var parts []string
				for p := range g.Players {
					a := g.Joint[c*len(g.Players)+p]
					if a == 0 {
						parts = append(parts, "-")
					} else {
						parts = append(parts, g.Actions[a])
					}
				}
				name = "[" + strings.Join(parts, ",") + "]"
			} else {
				name = fmt.Sprintf("#%d[%s]", c-lo, g.Actions[g.ChoiceAction[c]])
			}
			var ts []string
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				p := fmt.Sprint(g.Prob[t])
				if g.ProbExact != nil && g.ProbExact[t] != nil {
					p = g.ProbExact[t].RatString()
				}
				ts = append(ts, fmt.Sprintf("%s:%d", p, g.Target[t]))
			}
			fmt.Fprintf(&b, "    %s -> %s\n", name, strings.Join(ts, " + "))
		}
	}
	return b.String()
}
