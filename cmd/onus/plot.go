package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/internal/atomicfile"
)

// plotFormats are the figure formats --plot accepts.
var plotFormats = map[string]bool{".svg": true, ".png": true, ".pdf": true}

// sweptConstant returns the one constant that takes several values in the
// sweep, as --plot needs.
func sweptConstant(job *checkJob) (string, error) {
	if job.sweep.Len() < 2 {
		return "", usagef("--plot needs a range of one constant, e.g. --const t=1:10")
	}
	var swept []string
	for _, s := range job.sweep.Specs() {
		if s.Len() > 1 {
			swept = append(swept, s.Name)
		}
	}
	if len(swept) != 1 {
		return "", usagef("--plot needs exactly one swept constant (got %s)", strings.Join(swept, ", "))
	}
	return swept[0], nil
}

// writePlot draws every numeric result against the swept constant: one
// line per property and measure (count, prob, entropy for =? degrees;
// count, prob, avoid for =? power indices).
func writePlot(path string, job *checkJob, results []propResult) error {
	name, err := sweptConstant(job)
	if err != nil {
		return err
	}
	p := plot.New()
	p.X.Label.Text = name
	p.Y.Label.Text = "value"
	p.Title.Text = filepath.Base(job.modelPath)
	p.Legend.Top = true
	type series struct {
		label string
		xys   plotter.XYs
	}
	var order []string
	lines := map[string]*series{}
	add := func(label string, x, y float64) {
		s, ok := lines[label]
		if !ok {
			s = &series{label: label}
			lines[label] = s
			order = append(order, label)
		}
		s.xys = append(s.xys, plotter.XY{X: x, Y: y})
	}
	for _, r := range results {
		if r.err != nil || r.res == nil {
			continue
		}
		var x float64
		for _, c := range r.consts {
			if c.Name == name {
				x = c.Value.Float()
			}
		}
		label := propText(r.prop)
		switch r.res.Kind {
		case checker.KindBool:
			v := 0.0
			if r.res.Bool {
				v = 1
			}
			add(label, x, v)
		case checker.KindCount:
			f, _ := r.res.Count.Float64()
			add(label, x, f)
		case checker.KindRange:
			add(label+" (min)", x, r.res.Range.Lo)
			add(label+" (max)", x, r.res.Range.Hi)
		case checker.KindDegrees, checker.KindPower:
			for _, m := range r.res.Measures() {
				add(label+" ("+m.Name+")", x, m.Value)
			}
		default:
			add(label, x, r.res.Number)
		}
	}
	if len(order) == 0 {
		return usagef("--plot: no results to draw")
	}
	var args []any
	for _, l := range order {
		args = append(args, lines[l].label, lines[l].xys)
	}
	if err := plotutil.AddLinePoints(p, args...); err != nil {
		return fmt.Errorf("--plot: %w", err)
	}
	legendRoom(p, len(order))
	if err := savePlot(p, 18*vg.Centimeter, 12*vg.Centimeter, path); err != nil {
		return usagef("--plot: cannot write %s: %v", path, err)
	}
	return nil
}

// legendRoom starts the y axis at 0 or below and leaves room above the
// data for a legend of n entries, one text line each.
func legendRoom(p *plot.Plot, n int) {
	lo, hi := p.Y.Min, p.Y.Max
	if lo > 0 {
		lo = 0
	}
	if hi <= lo {
		hi = lo + 1
	}
	p.Y.Min, p.Y.Max = lo, hi+(hi-lo)*0.09*float64(n+1)
}

// checkPlotPath validates --plot before any work is done.
func checkPlotPath(path string) error {
	if path == "" {
		return nil
	}
	if !plotFormats[strings.ToLower(filepath.Ext(path))] {
		return usagef("--plot %s: the file must end in .svg, .png or .pdf", path)
	}
	return nil
}

// savePlot writes the figure in the format its extension names, whole or
// not at all (internal/atomicfile).
func savePlot(p *plot.Plot, w, h vg.Length, path string) error {
	wt, err := p.WriterTo(w, h, strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), "."))
	if err != nil {
		return err
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := wt.WriteTo(f); err != nil {
		return err
	}
	return f.Commit()
}
