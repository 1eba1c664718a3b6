package main

import "github.com/onus-mc/onus/prism"

// This file finds which constants of the properties file a property uses,
// so that onus prism checks a property once per value of those only, as
// PRISM does (a property that does not use the swept constant k is checked
// once, not once per k).

// usedPropsConsts returns the properties file's constants that property p
// uses: directly, through the definitions of other constants, through
// labels and named properties it refers to, and through its plans. The
// behaviours' weights count as used by every property.
func usedPropsConsts(pf *prism.PropsFile, p *prism.Property) map[string]bool {
	consts := map[string]*prism.ConstDecl{}
	for _, c := range pf.Consts {
		consts[c.Name.Name] = c
	}
	labels := map[string]prism.Expr{}
	for _, l := range pf.Labels {
		labels[l.Name.Name] = l.Expr
	}
	for _, q := range pf.Properties {
		if q.Name != "" {
			if _, ok := labels[q.Name]; !ok {
				labels[q.Name] = q.Expr
			}
		}
	}
	plans := map[string]*prism.Plan{}
	for _, d := range pf.Plans {
		plans[d.Name.Name] = d.Plan
	}
	used := map[string]bool{}
	seen := map[string]bool{}
	var walk func(e prism.Expr)
	var walkPlan func(items []prism.PlanItem)
	walkPlan = func(items []prism.PlanItem) {
		for _, it := range items {
			switch it := it.(type) {
			case *prism.PlanStep:
				walk(it.Repeat)
			case *prism.PlanGroup:
				walk(it.Repeat)
				walkPlan(it.Items)
			}
		}
	}
	walk = func(e prism.Expr) {
		prism.Inspect(e, func(x prism.Expr) bool {
			switch x := x.(type) {
			case *prism.Name:
				if c, ok := consts[x.Name]; ok && !used[x.Name] {
					used[x.Name] = true
					walk(c.Value)
				}
			case *prism.LabelRef:
				if l, ok := labels[x.Name]; ok && !seen[x.Name] {
					seen[x.Name] = true
					walk(l)
				}
			case *prism.Resp:
				pl := x.Plan.Plan
				if pl == nil && !seen["plan "+x.Plan.Name] {
					seen["plan "+x.Plan.Name] = true
					pl = plans[x.Plan.Name]
				}
				if pl != nil {
					walkPlan(pl.Items)
				}
			}
			return true
		})
	}
	walk(p.Expr)
	for _, b := range pf.Behaviours {
		for _, w := range b.Weights {
			walk(w.Weight)
		}
	}
	return used
}
