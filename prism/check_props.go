package prism

import (
	"fmt"
	"strings"
)

// This file checks properties files (reference §5, SPEC §2–§5): constants,
// labels, property names, the property operators, plans, behaviours and the
// responsibility operators.

func (c *checker) checkProps(p *PropsFile) {
	c.props = p
	var ids []*ident
	for _, d := range p.Consts {
		ids = append(ids, &ident{kind: idConst, name: d.Name.Name, pos: d.Name.NamePos, cdecl: d, props: true})
	}
	// Model identifiers come first; a props constant never shadows them.
	for _, id := range ids {
		if _, dup := c.idents[id.name]; dup {
			c.errorf(id.pos, "duplicate identifier %q", id.name)
			id.name = ""
		}
	}
	c.declare(ids)
	var nodes []*ident
	for _, id := range ids {
		if id.name != "" {
			nodes = append(nodes, id)
		}
	}
	c.cyclesAmong(nodes, idConst, "constant")
	if c.tooDeep {
		return
	}
	for _, d := range p.Consts {
		c.checkConst(d, true)
	}
	c.checkLabelDepth(p.Labels)
	if c.tooDeep {
		return
	}
	c.checkLabels(p.Labels)
	for _, pr := range p.Properties {
		if pr.Name == "" {
			continue
		}
		switch {
		case c.propNames[pr.Name]:
			c.errorf(pr.Pos, "duplicate property name %q", pr.Name)
		case c.labels[pr.Name] || pr.Name == "init" || pr.Name == "deadlock":
			c.errorf(pr.Pos, "property name %q clashes with a label", pr.Name)
		}
		c.propNames[pr.Name] = true
	}
	for _, d := range p.Plans {
		if _, dup := c.plans[d.Name.Name]; dup {
			c.errorf(d.Name.NamePos, "duplicate plan %q", d.Name.Name)
		} else {
			c.plans[d.Name.Name] = d
		}
		c.checkPlan(d.Plan)
	}
	seen := map[int]bool{}
	for _, b := range p.Behaviours {
		c.checkBehaviour(b, seen)
	}
	for _, pr := range p.Properties {
		c.expr(pr.Expr, ctxProps)
	}
}

// propExpr checks the property-only expression nodes.
func (c *checker) propExpr(e Expr, x ectx) valType {
	switch e := e.(type) {
	case *Temporal:
		c.wantConstNum(e.Bound.Lo, "time bound")
		c.wantConstNum(e.Bound.Hi, "time bound")
		c.wantBool(e.Left, x, "operand of "+e.Op.String())
		c.wantBool(e.Right, x, "operand of "+e.Op.String())
		return tyBool
	case *ProbOp:
		c.wantConstNum(e.Bound, "probability bound")
		c.wantBool(e.Path, x, fmt.Sprintf("operand of %c", e.Kind))
		if e.Filter != nil {
			c.wantBool(e.Filter.States, x, "filter")
		}
		if e.Rel.IsQuery() && e.Kind != 'E' && e.Kind != 'A' {
			return tyDouble
		}
		return tyBool
	case *RewardOp:
		c.rewardRef(e)
		c.wantConstNum(e.Discount, "discount")
		c.wantConstNum(e.Bound, "reward bound")
		c.wantConstNum(e.TimeBound, "time bound")
		c.wantBool(e.Target, x, "reward target")
		if e.Filter != nil {
			c.wantBool(e.Filter.States, x, "filter")
		}
		if e.Rel.IsQuery() {
			return tyDouble
		}
		return tyBool
	case *Strategy:
		if c.m.Type.IsGame() {
			for _, co := range e.Coalitions {
				for _, r := range co {
					c.playerRef(r)
				}
			}
		}
		for _, o := range e.Options {
			if _, ok := o.(*Name); !ok {
				c.expr(o, x)
			}
		}
		if e.Certain {
			c.wantBool(e.Op, x, "operand of <<...>>")
			return tyBool
		}
		return c.expr(e.Op, x)
	case *FilterExpr:
		return c.filter(e, x)
	case *MultiNash:
		c.wantConstNum(e.Bound, "bound")
		for _, t := range e.Terms {
			c.expr(t, x)
		}
		if e.Rel.IsQuery() {
			return tyDouble
		}
		return tyBool
	case *Resp:
		return c.resp(e, x)
	case *Metric:
		c.wantBool(e.Outcome, x, "outcome")
		return tyDouble
	}
	return tyUnknown
}

// filterNames maps the filter operators, shorthands included, to their
// names (reference prism-games-equilibria.md §2).
var filterNames = map[string]string{
	"min": "min", "max": "max", "argmin": "argmin", "argmax": "argmax",
	"count": "count", "sum": "sum", "+": "sum", "avg": "avg", "first": "first",
	"range": "range", "forall": "forall", "&": "forall", "exists": "exists", "|": "exists",
	"print": "print", "printall": "printall", "state": "state",
}

// FilterName returns the name of a filter operator (sum for +, forall for
// &, exists for |), or "" if op is none.
func FilterName(op string) string { return filterNames[op] }

// filter checks filter(op, φ, states) with PRISM's messages and returns
// its type.
func (c *checker) filter(e *FilterExpr, x ectx) valType {
	t := c.expr(e.X, x)
	if e.States != nil {
		if st := c.expr(e.States, x); st != tyUnknown && !st.isBool() {
			c.errorf(posOf(e.States), "Type error: Second argument of filter is not a Boolean")
		}
	}
	op := filterNames[e.Op]
	switch op {
	case "":
		c.errorf(e.FilterPos, "Unknown filter type %q", e.Op)
		return tyUnknown
	case "forall", "exists", "count":
		if t != tyUnknown && !t.isBool() {
			c.errorf(posOf(e.X), "Type error: Operand for filter of type %q must be Boolean", op)
		}
		if op == "count" {
			return tyInt
		}
		return tyBool
	case "min", "max", "argmin", "argmax", "sum", "avg", "range":
		if t.isBool() {
			c.errorf(posOf(e.X), "Type error: Boolean argument not allowed as operand for filter of type %q", op)
		}
		switch op {
		case "argmin", "argmax":
			return tyBool
		case "avg":
			return tyDouble
		}
	}
	return t
}

// rewardRef checks the reward structure a reward operator selects.
func (c *checker) rewardRef(e *RewardOp) {
	n := len(c.m.Rewards)
	if n == 0 {
		c.errorf(e.OpPos, "model has no reward structures")
		return
	}
	if e.StructName != "" && !c.rewardNames[e.StructName] {
		c.errorf(e.OpPos, "unknown reward structure %q", e.StructName)
	}
	if e.StructIndex != nil {
		c.wantInt(e.StructIndex, constCtx("reward structure index", true), "reward structure index")
		if v, ok := c.eval(e.StructIndex); ok && v.t == tyInt && (v.i < 1 || v.i > int64(n)) {
			c.errorf(posOf(e.StructIndex), "invalid reward structure index %d", v.i)
		}
	}
}

// resp checks a CAR/CPR/CCR operator.
func (c *checker) resp(e *Resp, x ectx) valType {
	if c.m.Type == TypeDTMC {
		c.errorf(e.OpPos, "responsibility queries are not allowed on dtmc models")
	} else {
		c.playerRef(e.Agent)
		switch {
		case e.Plan.Plan != nil:
			c.checkPlan(e.Plan.Plan)
		case c.plans[e.Plan.Name] == nil:
			c.errorf(e.Plan.Pos, "undefined plan %q", e.Plan.Name)
		}
	}
	c.wantConstNum(e.Bound, "bound")
	c.wantBool(e.Outcome, x, "outcome")
	if e.Kind.IsPower() {
		c.power(e)
		return tyDouble
	}
	if e.Degree != DegNone && e.Rel.IsQuery() {
		return tyDouble
	}
	return tyBool
}

// power checks the form of a power index (SPEC §10.1): `=?` (count, prob
// and avoid), `#=?` or `P=?`; it has no boolean form, no bound and no
// entropy.
func (c *checker) power(e *Resp) {
	switch {
	case e.Degree == DegNone:
		c.errorf(e.OpPos, "%v is numeric: write %v(...)=?, #=? or P=?", e.Kind, e.Kind)
	case e.Degree == DegEntropy:
		c.errorf(e.OpPos, "%v has no entropy form: write %v(...)=?, #=? or P=?", e.Kind, e.Kind)
	case !e.Rel.IsQuery():
		c.errorf(e.OpPos, "%v takes no bound: write %v(...)=?, #=? or P=?", e.Kind, e.Kind)
	}
}

// checkPlan checks the steps of a plan and their repetition counts.
func (c *checker) checkPlan(p *Plan) {
	if p == nil {
		return
	}
	if !c.m.Type.IsGame() && !c.singlePlayer() {
		c.errorf(p.Pos, "plans are not allowed on %s models", c.m.Type)
		return
	}
	c.planItems(p.Items)
}

func (c *checker) planItems(items []PlanItem) {
	for _, it := range items {
		switch it := it.(type) {
		case *PlanStep:
			c.planStep(it)
			c.repeatCount(it.Repeat)
		case *PlanGroup:
			c.planItems(it.Items)
			c.repeatCount(it.Repeat)
		}
	}
}

func (c *checker) repeatCount(e Expr) {
	if e == nil {
		return
	}
	switch t := c.expr(e, constCtx("repetition count", c.props != nil)); t {
	case tyInt, tyUnknown:
	case tyDouble:
		c.errorf(posOf(e), "type error: repetition count must be int, not double (/ divides as doubles: write floor(...) or ceil(...) of the quotient)")
	default:
		c.errorf(posOf(e), "type error: repetition count must be int, not %s", t)
	}
	if v, ok := c.eval(e); ok && v.t == tyInt && v.i < 0 {
		c.errorf(posOf(e), "negative repetition count %d", v.i)
	}
}

func actionText(a PlanAction) string {
	if a.Idle {
		return "-"
	}
	if a.Free {
		return "*"
	}
	if a.Name == "" {
		return "#" + itoa(a.Index)
	}
	return a.Name
}

func (c *checker) planStep(s *PlanStep) {
	used := map[int]PlanAction{}
	// In a turn-based game only the owner of the state acts, so a step has
	// one action: the owner's (SPEC §2).
	turnBased := c.m.Type == TypeSMG || c.m.Type == TypeSTPG
	if c.idleStep(s) {
		return
	}
	named := 0
	for _, a := range s.Actions {
		pl, ok := c.actionPlayer(a)
		if !ok {
			continue
		}
		if turnBased {
			if named++; named == 2 {
				c.errorf(a.Pos, "an smg plan step names one action: only the state's owner acts")
			}
			continue
		}
		if pl < 0 {
			continue
		}
		if prev, dup := used[pl]; dup {
			c.errorf(a.Pos, "two actions of player %q in one step: %q and %q",
				c.playerLabel(pl), actionText(prev), actionText(a))
			continue
		}
		used[pl] = a
	}
}

// idleStep checks a positional step, one naming an idle player (`-`, or
// `idle` when no action has that name) or a free one (`*`), and reports
// whether it was one. Such a step lists, as a trace's joint action, one
// entry per player in player order, each an action of its player, idle or
// free.
func (c *checker) idleStep(s *PlanStep) bool {
	_, hasIdle := c.owner[IdleName]
	if c.m.Type != TypeCSG {
		hasIdle = c.actionSet[IdleName]
	}
	var mark *PlanAction
	for i := range s.Actions {
		if s.Actions[i].Free || s.Actions[i].IsIdle(hasIdle) {
			mark = &s.Actions[i]
			break
		}
	}
	if mark == nil {
		return false
	}
	if c.m.Type != TypeCSG {
		if mark.Free {
			c.errorf(mark.Pos, "\"*\" names a free player only in csg models; in an smg only the state's owner acts (write [*] for a step that leaves the owner free)")
			return true
		}
		c.errorf(mark.Pos, "%q names an idle player only in csg models; in an smg only the state's owner acts", actionText(*mark))
		return true
	}
	n := len(c.m.Players)
	if len(s.Actions) != n {
		names := make([]string, n)
		for p := range names {
			names[p] = c.playerLabel(p)
		}
		c.errorf(s.Pos, "a step naming an idle (-) or free (*) player lists one entry per player in player order (%d players: %s), not %d",
			n, strings.Join(names, ", "), len(s.Actions))
		return true
	}
	for p, a := range s.Actions {
		if a.Free || a.IsIdle(hasIdle) {
			continue
		}
		o, ok := c.actionPlayer(a)
		if ok && o != p {
			c.errorf(a.Pos, "%q is not an action of player %s (entry %d), but of %s", actionText(a), c.playerLabel(p), p+1, c.playerLabel(o))
		}
	}
	return true
}

// actionPlayer resolves a plan action to the player it constrains (-1 when
// that depends on the state, as for `#k` and unowned labels in smg models).
func (c *checker) actionPlayer(a PlanAction) (int, bool) {
	csg := c.m.Type == TypeCSG
	if a.Name == "" {
		if csg {
			c.errorf(a.Pos, "choice index %q is only allowed in smg and mdp models", actionText(a))
			return -1, false
		}
		if c.singlePlayer() {
			return 0, true
		}
		return -1, true
	}
	if csg {
		if o, ok := c.owner[a.Name]; ok {
			return o, true
		}
		c.errorf(a.Pos, "%q is not an action of any player", a.Name)
		return -1, false
	}
	if !c.actionSet[a.Name] {
		c.errorf(a.Pos, "%q is not an action of any player", a.Name)
		return -1, false
	}
	if c.singlePlayer() {
		return 0, true
	}
	if o, ok := c.owner[a.Name]; ok {
		return o, true
	}
	return -1, true
}

// checkBehaviour checks `behaviour PLAYER { action : weight, ... }`.
func (c *checker) checkBehaviour(b *BehaviourDecl, seen map[int]bool) {
	pl, ok := c.playerRef(b.Player)
	if ok {
		if seen[pl] {
			c.errorf(b.Player.Pos, "duplicate behaviour for player %q", c.playerLabel(pl))
		}
		seen[pl] = true
	}
	names := map[string]bool{}
	for _, w := range b.Weights {
		c.wantConstNum(w.Weight, "weight")
		if !ok {
			continue
		}
		txt := actionText(w.Action)
		if names[txt] {
			c.errorf(w.Action.Pos, "duplicate weight for action %q", txt)
		}
		names[txt] = true
		o, valid := c.actionPlayer(w.Action)
		if valid && o >= 0 && o != pl {
			c.errorf(w.Action.Pos, "%q is not an action of player %q", txt, c.playerLabel(pl))
		}
	}
}

// wantConstNum checks a numeric expression over constants in a props file.
func (c *checker) wantConstNum(e Expr, what string) {
	c.wantNum(e, constCtx(what, true), what)
}
