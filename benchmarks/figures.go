package main

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// writeFigures draws the suite's figures into dir and returns, per group,
// the file names drawn.
func writeFigures(dir string, ms []Measurement) (map[string][]string, error) {
	figs := map[string][]string{}
	draw := func(group, name string, p *plot.Plot) (err error) {
		if p == nil {
			return nil
		}
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("figure %s: %v", name, r)
			}
		}()
		if err := p.Save(18*vg.Centimeter, 12*vg.Centimeter, filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("figure %s: %v", name, err)
		}
		figs[group] = append(figs[group], name)
		return nil
	}
	steps := []struct {
		group, name string
		p           *plot.Plot
	}{
		{"cpd", "cpd-horizon.png", logLog("CAR, CPR, CCR on the CPD (all degrees) against the horizon",
			"horizon T", "seconds", seconds(ms, "cpd", "naive"))},
		{"search", "search-horizon.png", logLog("CAR, CPR, CCR verdicts (the plan search) on the robots, N = 100, against the horizon",
			"horizon T", "CPU seconds (user + system)", cpuSeconds(searchCurve(ms), "search"))},
		{"build", "build-time.png", logLog("Model construction: time against states", "states", "seconds",
			seconds(ms, "build"))},
		{"build", "build-memory.png", logLog("Model construction: peak memory against states", "states", "peak MiB",
			memory(ms, "build"))},
		{"prism", "prism-vs-onus.png", prismFigure(ms)},
	}
	for _, s := range steps {
		if err := draw(s.group, s.name, s.p); err != nil {
			return nil, err
		}
	}
	return figs, nil
}

// searchCurve keeps the search group's cases that lie on its curve (X set).
func searchCurve(ms []Measurement) []Measurement {
	var out []Measurement
	for _, m := range ms {
		if m.Case.Group != "search" || m.Case.X > 0 {
			out = append(out, m)
		}
	}
	return out
}

// seriesXYs maps a series name to its points, in the order first seen.
type seriesXYs struct {
	order []string
	xys   map[string]plotter.XYs
}

func (s *seriesXYs) add(name string, x, y float64) {
	if x <= 0 || y <= 0 || math.IsInf(y, 0) || math.IsNaN(y) {
		return // log axes
	}
	if s.xys == nil {
		s.xys = map[string]plotter.XYs{}
	}
	if _, ok := s.xys[name]; !ok {
		s.order = append(s.order, name)
	}
	s.xys[name] = append(s.xys[name], plotter.XY{X: x, Y: y})
}

// seconds and memory collect the measurements of groups as figure points:
// x against time, or against peak memory.
func seconds(ms []Measurement, groups ...string) *seriesXYs {
	return points(ms, func(m Measurement) float64 { return m.Seconds }, groups)
}

// cpuSeconds: the CPU time (user + system) of the onus process, which a
// machine busy with other work changes less than the wall time.
func cpuSeconds(ms []Measurement, groups ...string) *seriesXYs {
	return points(ms, func(m Measurement) float64 { return m.CPU }, groups)
}

func memory(ms []Measurement, groups ...string) *seriesXYs {
	return points(ms, func(m Measurement) float64 { return m.PeakMiB }, groups)
}

func points(ms []Measurement, y func(Measurement) float64, groups []string) *seriesXYs {
	s := &seriesXYs{}
	for _, m := range ms {
		if m.Err == nil && inGroups(m.Case.Group, groups) {
			s.add(m.Series, m.X, y(m))
		}
	}
	return s
}

func inGroups(g string, groups []string) bool {
	for _, x := range groups {
		if g == x {
			return true
		}
	}
	return false
}

// logLog draws the series on log-log axes, or returns nil when there is
// nothing to draw.
func logLog(title, xlabel, ylabel string, s *seriesXYs) *plot.Plot {
	if !spread(s) {
		return nil // log axes need a range: a -filter run may measure one point
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	var args []any
	for _, name := range s.order {
		xys := s.xys[name]
		sort.Slice(xys, func(i, j int) bool { return xys[i].X < xys[j].X })
		args = append(args, name, xys)
	}
	if err := plotutil.AddLinePoints(p, args...); err != nil {
		return nil
	}
	return p
}

// prismFigure puts each verify/ props file at (PRISM-games' time, onus's
// time), with the lines onus = PRISM and onus = 0.2 × PRISM.
func prismFigure(ms []Measurement) *plot.Plot {
	var pts plotter.XYs
	lo, hi := math.Inf(1), 0.0
	for _, m := range ms {
		if m.Case.Group != "prism" || m.Err != nil || m.Case.PRISM <= 0 || m.Seconds <= 0 {
			continue
		}
		pts = append(pts, plotter.XY{X: m.Case.PRISM, Y: m.Seconds})
		lo = math.Min(lo, math.Min(m.Case.PRISM, m.Seconds))
		hi = math.Max(hi, math.Max(m.Case.PRISM, m.Seconds))
	}
	if len(pts) == 0 {
		return nil
	}
	p := plot.New()
	p.Title.Text = "PRISM-games' verify/ props files: onus against PRISM-games"
	p.X.Label.Text, p.Y.Label.Text = "PRISM-games seconds (incl. 0.7 s JVM start)", "onus seconds (end to end)"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	lo, hi = lo/2, hi*2
	same := plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}}
	fifth := plotter.XYs{{X: lo, Y: lo / 5}, {X: hi, Y: hi / 5}}
	if err := plotutil.AddLines(p, "onus = PRISM-games", same, "onus = 0.2 × PRISM-games", fifth); err != nil {
		return nil
	}
	if err := plotutil.AddScatters(p, "props file", pts); err != nil {
		return nil
	}
	return p
}

// spread reports whether the points span a range on both axes.
func spread(s *seriesXYs) bool {
	xs, ys := map[float64]bool{}, map[float64]bool{}
	for _, xys := range s.xys {
		for _, p := range xys {
			xs[p.X], ys[p.Y] = true, true
		}
	}
	return len(xs) > 1 && len(ys) > 1
}
