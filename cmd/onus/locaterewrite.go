package main

import (
	"github.com/onus-mc/onus/checker/locate"
	"github.com/onus-mc/onus/translate"
)

// rewritten is the game of the modules or actions grouping.
type rewritten struct {
	model     *translate.Model
	game      *translate.Game
	groups    []locate.Group
	ungrouped []locate.Owner
}

// rewrite builds the game of the modules or actions grouping.
func (job *locateJob) rewrite(m *translate.Model) (*rewritten, error) {
	return nil, job.errAt(job.group.Pos, "--group %s is not available yet", job.group.Kind)
}
