package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/trace"
	"github.com/onus-mc/onus/translate"
)

// This file carries out onus prism's model exports (-exportmodel,
// -exporttrans, ...) and -simpath: for each assignment of the model's
// constants the model is built, written in PRISM's explicit formats (csg
// choices in PRISM's own order, so that the files match PRISM's byte for
// byte) and simulated, before any property is checked, as PRISM does.

// buildAndExport builds the model for each assignment of its constants,
// prints its statistics, and does the exports and the simulation asked.
func (p *prismRun) buildAndExport(fset *prism.FileSet, mf *prism.ModelFile) error {
	sweep, err := constSweep(p.o.consts)
	if err != nil {
		return err
	}
	ctx, err := p.checkContext()
	if err != nil {
		return err
	}
	limits, err := buildLimits(ctx)
	if err != nil {
		return err
	}
	model := modelConsts(mf)
	seen := map[string]bool{}
	for consts := range sweep.All() {
		mc, _ := splitConsts(consts, model)
		key := formatConsts(mc)
		if seen[key] {
			continue
		}
		seen[key] = true
		if len(mc) > 0 {
			fmt.Fprintf(p.log, "\n%s\n\nModel constants: %s\n", prismSeparator, key)
		}
		// Exports and -simpath read the doubles only: exact probabilities
		// (-exact) are made by the check's own build, not this one.
		cfg := limits
		cfg.Consts = mc
		m, err := translate.Build(fset, mf, nil, cfg)
		if err != nil {
			return err
		}
		// The first build has checked the constants' names; a sweep longer
		// than --max-steps (one step an assignment) stops there. The check
		// of the properties counts the sweep's steps; this only refuses.
		if len(seen) == 1 && sweep.Len() > 1 {
			if err := limit.Reserve(int64(sweep.Len()), limit.WhatSweepPoints); err != nil {
				return err
			}
		}
		p.modelStats(m.Game)
		if p.o.simpath != nil {
			if err := p.simulate(fset, m); err != nil {
				return err
			}
		}
		order := prismChoiceOrder(m.Game, p.o.exports)
		for _, e := range p.o.exports {
			if err := p.export(m.Game, order, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// exportTitles are the log's words for each exported file.
var exportTitles = map[string]string{
	"tra":  "transition matrix",
	"sta":  "list of reachable states",
	"lab":  "labels and satisfying states",
	"srew": "state rewards vector",
	"trew": "transition rewards matrix",
}

// prismChoiceOrder is the order in which PRISM writes the choices of a
// csg's states (translate.PrismChoiceOrder), when a .tra or .trew is to be
// written; nil for other games, whose order is PRISM's already.
func prismChoiceOrder(g *translate.Game, exports []modelExport) []int {
	if g.Joint == nil {
		return nil
	}
	for _, e := range exports {
		if e.what == "tra" || e.what == "trew" {
			return translate.PrismChoiceOrder(g)
		}
	}
	return nil
}

// export writes one file of the model, the choices of each state in the
// given order (nil: the game's); reward files are numbered before their
// extension when the model has several reward structures (x1.srew,
// x2.srew), as PRISM numbers them.
func (p *prismRun) export(g *translate.Game, order []int, e modelExport) error {
	type file struct {
		path  string
		write func(io.Writer) error
	}
	var files []file
	switch e.what {
	case "tra":
		files = []file{{e.path, func(w io.Writer) error { return translate.WriteTraOrder(w, g, order) }}}
	case "sta":
		files = []file{{e.path, func(w io.Writer) error { return translate.WriteSta(w, g) }}}
	case "lab":
		files = []file{{e.path, func(w io.Writer) error { return translate.WriteLab(w, g) }}}
	case "srew", "trew":
		if len(g.Rewards) == 0 {
			fmt.Fprintf(p.log, "\nThere are no %s to export.\n", map[string]string{"srew": "state rewards", "trew": "transition rewards"}[e.what])
			return nil
		}
		for r := range g.Rewards {
			path := e.path
			if len(g.Rewards) > 1 {
				path = numberedPath(path, r+1)
			}
			if e.what == "srew" {
				files = append(files, file{path, func(w io.Writer) error { return translate.WriteSrew(w, g, r) }})
			} else {
				files = append(files, file{path, func(w io.Writer) error { return translate.WriteTrewOrder(w, g, r, order) }})
			}
		}
	}
	for _, f := range files {
		if f.path == "stdout" {
			fmt.Fprintf(p.log, "\nExporting %s in plain text format below:\n", exportTitles[e.what])
			if err := f.write(p.stdout); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(p.log, "\nExporting %s in plain text format to file \"%s\"...\n", exportTitles[e.what], f.path)
		if err := writeFile(f.path, f.write); err != nil {
			return err
		}
	}
	return nil
}

// numberedPath puts k before the extension of path's file name:
// x.prism.srew becomes x.prism1.srew; stdout stays stdout.
func numberedPath(path string, k int) string {
	if path == "stdout" {
		return path
	}
	ext := filepathExt(path)
	return strings.TrimSuffix(path, ext) + strconv.Itoa(k) + ext
}

// writeFile writes path through a buffered writer.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := atomicfile.Create(path)
	if err != nil {
		return usagef("couldn't open file \"%s\" for output: %v", path, err)
	}
	defer f.Abort()
	w := bufio.NewWriter(f)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Commit()
}

// simulate writes -simpath: a random path of the model under the uniform
// behaviour, in PRISM's simulation-path format (seed 1, so that the same
// command line gives the same path).
func (p *prismRun) simulate(fset *prism.FileSet, m *translate.Model) error {
	sp := p.o.simpath
	if sp.steps > maxSimSteps {
		return &checker.LimitError{What: "simulation steps", Limit: maxSimSteps}
	}
	chk, err := checker.New(fset, m.Game, m, checker.Config{})
	if err != nil {
		return err
	}
	beta, err := chk.Beta()
	if err != nil {
		return err
	}
	h, err := trace.Simulate(m, trace.SimConfig{Steps: sp.steps, Seed: 1, Beta: beta})
	if err != nil {
		return err
	}
	write := func(w io.Writer) error { return trace.Write(w, m, h, sp.comma) }
	if sp.path == "stdout" {
		fmt.Fprintf(p.log, "\nGenerating random path of %d steps:\n\n", sp.steps)
		return write(p.log)
	}
	fmt.Fprintf(p.log, "\nGenerating random path of %d steps to file \"%s\"...\n", sp.steps, sp.path)
	return writeFile(sp.path, write)
}
