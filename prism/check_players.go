package prism

import "strconv"

// This file checks player definitions (reference §2.8) and the static
// structure of csg models (reference §4.8, SPEC §1), and resolves player
// references in properties, plans and behaviours.

func (c *checker) checkPlayers() {
	m := c.m
	if !m.Type.IsGame() {
		if len(m.Players) > 0 {
			c.errorf(m.Players[0].Pos, "players are only allowed in smg, stpg and csg models")
		}
		return
	}
	if len(m.Players) == 0 {
		c.errorf(m.TypePos, "%s model has no player definitions", m.Type)
		return
	}
	modOwner := map[string]int{}
	actOwner := map[string]int{}
	for i, p := range m.Players {
		c.players = append(c.players, p)
		if _, dup := c.playerName[p.Name.Name]; dup {
			c.errorf(p.Name.NamePos, "duplicate player %q", p.Name.Name)
		} else {
			c.playerName[p.Name.Name] = i
		}
		for _, mn := range p.Modules {
			mi := c.modName[mn.Name]
			if mi == nil {
				c.errorf(mn.NamePos, "unknown module %q", mn.Name)
				continue
			}
			if j, dup := modOwner[mn.Name]; dup {
				c.errorf(mn.NamePos, "module %q already belongs to player %q", mn.Name, m.Players[j].Name.Name)
				continue
			}
			modOwner[mn.Name] = i
			mi.player = i
		}
		for _, a := range p.Actions {
			if !c.actionSet[a.Name] {
				c.errorf(a.NamePos, "unknown action %q", a.Name)
				continue
			}
			if j, dup := actOwner[a.Name]; dup {
				c.errorf(a.NamePos, "action %q already belongs to player %q", a.Name, m.Players[j].Name.Name)
				continue
			}
			actOwner[a.Name] = i
		}
	}
	if m.Type == TypeSTPG && len(m.Players) != 2 {
		c.errorf(m.TypePos, "stpg model must have exactly 2 players, not %d", len(m.Players))
	}
	if m.Type == TypeCSG {
		c.checkCSG()
	} else {
		c.owner = actOwner
	}
}

// checkCSG checks that commands of player modules are labelled, that
// players' action sets (first labels) are disjoint, that every label of a
// non-player module is some player's action, and that every player owns a
// module.
func (c *checker) checkCSG() {
	owns := make([]bool, len(c.players))
	for _, mi := range c.mods {
		if mi.player < 0 {
			continue
		}
		owns[mi.player] = true
		for _, ci := range mi.cmds {
			if len(ci.labels) == 0 {
				pos := ci.cmd.Pos
				if mi.mod.Rename != nil {
					pos = mi.mod.Name.NamePos
				}
				c.errorf(pos, "unlabelled command in player module %q", mi.mod.Name.Name)
				continue
			}
			a := ci.labels[0]
			if o, ok := c.owner[a.Name]; ok && o != mi.player {
				c.errorf(a.NamePos, "action %q of player %q already belongs to player %q",
					a.Name, c.players[mi.player].Name.Name, c.players[o].Name.Name)
				continue
			}
			c.owner[a.Name] = mi.player
		}
	}
	for _, mi := range c.mods {
		if mi.player >= 0 {
			continue
		}
		for _, ci := range mi.cmds {
			for _, l := range ci.labels {
				if _, ok := c.owner[l.Name]; !ok {
					c.errorf(l.NamePos, "label %q of module %q is not an action of any player", l.Name, mi.mod.Name.Name)
				}
			}
		}
	}
	for i, p := range c.players {
		if !owns[i] {
			c.errorf(p.Name.NamePos, "player %q owns no module", p.Name.Name)
		}
	}
}

// singlePlayer reports whether the model is an mdp-like model whose one
// player is named `1` (SPEC §1).
func (c *checker) singlePlayer() bool {
	switch c.m.Type {
	case TypeMDP, TypeNone, TypeLTS:
		return true
	}
	return false
}

// playerRef resolves a player by name or 1-based index to a 0-based index.
func (c *checker) playerRef(r PlayerRef) (int, bool) {
	label := r.Name
	if r.Name == "" {
		label = itoa(r.Index)
	}
	switch {
	case c.m.Type.IsGame():
		if r.Name != "" {
			if i, ok := c.playerName[r.Name]; ok {
				return i, true
			}
			c.errorf(r.Pos, "unknown player %q", r.Name)
			return -1, false
		}
		if r.Index >= 1 && r.Index <= len(c.players) {
			return r.Index - 1, true
		}
	case c.singlePlayer():
		if r.Name == "" && r.Index == 1 {
			return 0, true
		}
		if r.Name != "" {
			c.errorf(r.Pos, "unknown player %q", label)
			return -1, false
		}
	default:
		c.errorf(r.Pos, "%s models have no players", c.m.Type)
		return -1, false
	}
	c.errorf(r.Pos, "invalid player index %d", r.Index)
	return -1, false
}

// playerLabel names player i for messages.
func (c *checker) playerLabel(i int) string {
	if i >= 0 && i < len(c.players) {
		return c.players[i].Name.Name
	}
	return itoa(i + 1)
}

func itoa(i int) string { return strconv.Itoa(i) }
