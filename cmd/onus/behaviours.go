package main

import (
	"github.com/onus-mc/onus/prism"
)

// overrideBehaviours returns the props file's behaviours with those of the
// --behaviour file in place of the ones for the same player (named alike,
// or by the same index).
func overrideBehaviours(props, flag []*prism.BehaviourDecl) []*prism.BehaviourDecl {
	same := func(a, b prism.PlayerRef) bool {
		return (a.Name != "" && a.Name == b.Name) || (a.Name == "" && b.Name == "" && a.Index == b.Index)
	}
	var out []*prism.BehaviourDecl
	for _, p := range props {
		kept := true
		for _, f := range flag {
			if same(p.Player, f.Player) {
				kept = false
			}
		}
		if kept {
			out = append(out, p)
		}
	}
	return append(out, flag...)
}
