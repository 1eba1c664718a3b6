package main

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// paperMaxT is the last horizon of the paper's figures (t = 1..20).
const paperMaxT = 20

// A paperCurve is one \addplot line of the paper's figures: its label, its
// formula in t, and the erratum it is (docs/guide/responsibility.md#the-papers-errata;
// "" when none).
type paperCurve struct {
	label   string
	f       func(t float64) float64
	erratum string
}

// A paperFigure is one of the paper's Figures 2–4: the onus query whose
// degrees the right panel shows, the outcome whose language the left panel
// measures, and the curves the paper draws in each panel.
type paperFigure struct {
	file     string // file name prefix: fig2 → fig2a-….png, fig2b-….png
	slug     string // car, cpr, ccr
	title    string
	prelude  string // behaviours and plans of the props file
	degree   string // the =? degree query
	language string // path formula of the language the measures are of (L_φ, or L_¬φ for CPR)
	lang     string // its name in labels
	part     string // the name of the agent's part (L⁺, or L⁻ for CPR)
	measures []paperCurve
	degrees  []paperCurve
}

// paperOnus is what onus answered for one figure at one horizon.
type paperOnus struct {
	dCount, dProb, dEntropy float64 // the degrees
	count, prob, entropy    float64 // #, P, H of the language
}

// paperFigures lists the paper's Figures 2–4 (fig:car-eg-plot,
// fig:cpr-eg-plot, fig:ccr-eg-plot) with the paper's formulas.
func paperFigures() []paperFigure {
	log2 := math.Log2
	pow := math.Pow
	row2 := "erratum [2]"
	row3 := "erratum [3]"
	other := "differs, see README"
	return []paperFigure{{
		file:  "fig2",
		slug:  "car",
		title: "Fig. 2: D_CAR(p1, [*]^(t-1) [d1,c2], F<=t (reward|payoff2)), behaviour q",
		prelude: "behaviour p1 { d1 : 1/4, c1 : 3/4 };\nbehaviour p2 { d2 : 1/4, c2 : 3/4 };\n" +
			"plan car_late = [*]^(t-1) [d1,c2];\n",
		degree:   `CAR(p1, car_late)=? [ F<=t ("reward"|"payoff2") ]`,
		language: `F<=t ("reward"|"payoff2")`,
		lang:     "L_φ",
		part:     "L+",
		measures: []paperCurve{
			{"P(L_φ)", func(t float64) float64 { return 12.0 / 16 * pow(0.25, t-1) }, other},
			{"H(L_φ)", func(t float64) float64 { return log2(1+2*pow(3, t-1)) / t }, row2},
			{"P(L+)", func(t float64) float64 { return 3.0 / 16 * pow(0.25, t-1) }, other},
			{"H(L+)", func(t float64) float64 { return log2(1+pow(3, t-1)) / t }, row2},
		},
		degrees: []paperCurve{
			{"D^#", func(float64) float64 { return 0.5 }, ""},
			{"D^P", func(float64) float64 { return 0.25 }, ""},
			{"D^H", func(t float64) float64 { return log2(1+pow(3, t-1)) / log2(1+2*pow(3, t-1)) }, row2},
		},
	}, {
		file:     "fig3",
		slug:     "cpr",
		title:    "Fig. 3: D_CPR(p1, [*]^(t-1) [c1,c2], F<=t reward), uniform behaviour",
		prelude:  "plan cpr_late = [*]^(t-1) [c1,c2];\n",
		degree:   `CPR(p1, cpr_late)=? [ F<=t "reward" ]`,
		language: `G<=t !"reward"`,
		lang:     "L_¬φ",
		part:     "L−",
		measures: []paperCurve{
			{"P(L_¬φ)", func(float64) float64 { return 3.0 / 4 }, other},
			{"H(L_¬φ)", func(t float64) float64 { return log2(pow(3, t)+1) / t }, ""},
			{"P(L−)", func(float64) float64 { return 1.0 / 4 }, other},
			{"H(L−)", func(t float64) float64 { return log2(pow(3, t-1)+1) / t }, ""},
		},
		degrees: []paperCurve{
			{"D^P", func(float64) float64 { return 1.0 / 3 }, ""},
			{"D^H", func(t float64) float64 { return log2(pow(3, t-1)+1) / log2(pow(3, t)+1) }, ""},
		},
	}, {
		file:     "fig4",
		slug:     "ccr",
		title:    "Fig. 4: D_CCR(p1, ([c1,c2] [d1,d2]) alternating, G<=t (fine|reward)), uniform",
		prelude:  "plan alternate = ([c1,c2] [d1,d2])^(floor(t/2)) [c1,c2]^(t-2*floor(t/2));\n",
		degree:   `CCR(p1, alternate)=? [ G<=t ("fine"|"reward") ]`,
		language: `G<=t ("fine"|"reward")`,
		lang:     "L_φ",
		part:     "L+",
		measures: []paperCurve{
			{"P(L_φ)", func(t float64) float64 { return pow(0.5, t) }, ""},
			{"H(L_φ)", func(t float64) float64 { return log2(pow(2, t)+1) / t }, ""},
			{"P(L+)", func(t float64) float64 { return pow(0.25, t) }, ""},
			{"H(L+)", func(t float64) float64 { return 1 / t }, ""},
		},
		degrees: []paperCurve{
			{"D^P", func(t float64) float64 { return pow(0.5, t) }, ""},
			{"D^H", func(t float64) float64 { return 1 / (2 * t) }, row3},
		},
	}}
}

// writePaperFigures runs onus on the paper's Figures 2–4 for t = 1..20 and
// draws two panels a figure into dir (docs/figures/): the paper's curves
// as lines, onus's values as points.
func writePaperFigures(env *Env, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "onus-paper-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, f := range paperFigures() {
		vals, err := runPaperFigure(env, tmp, f)
		if err != nil {
			return fmt.Errorf("%s: %v", f.file, err)
		}
		left, right := paperPanels(f, vals)
		for name, p := range map[string]*plot.Plot{
			f.file + "a-" + f.slug + "-measures.png": left,
			f.file + "b-" + f.slug + "-degrees.png":  right,
		} {
			path := filepath.Join(dir, name)
			if err := p.Save(20*vg.Centimeter, 13*vg.Centimeter, path); err != nil {
				return fmt.Errorf("figure %s: %v", name, err)
			}
			fmt.Fprintln(os.Stderr, "wrote", path)
		}
	}
	return nil
}

// runPaperFigure checks the figure's degree query and the #, P and H of its
// language with one onus run over t = 1..paperMaxT and returns the answers
// indexed by t-1.
func runPaperFigure(env *Env, tmp string, f paperFigure) ([]paperOnus, error) {
	props := "const int t;\n" + f.prelude + f.degree + "\n" +
		"#=? [ " + f.language + " ]\nP=? [ " + f.language + " ]\nH=? [ " + f.language + " ]\n"
	path := filepath.Join(tmp, f.slug+".props")
	if err := os.WriteFile(path, []byte(props), 0o644); err != nil {
		return nil, err
	}
	out, _, _, err := runOnus(env, []string{"check", "--json", "examples/cpd.prism", path,
		"--const", "t=1:" + strconv.Itoa(paperMaxT)}, false)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Results []struct {
			Property  string
			Constants map[string]int
			Value     json.RawMessage
			Error     string
		}
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		return nil, fmt.Errorf("reading onus's JSON: %v", err)
	}
	vals := make([]paperOnus, paperMaxT)
	seen := 0
	for _, r := range doc.Results {
		t := r.Constants["t"]
		if r.Error != "" || t < 1 || t > paperMaxT {
			return nil, fmt.Errorf("%s at t=%d: %s", r.Property, t, r.Error)
		}
		v := &vals[t-1]
		var err error
		switch r.Property {
		case f.degree:
			var d struct{ Count, Prob, Entropy float64 }
			err = json.Unmarshal(r.Value, &d)
			v.dCount, v.dProb, v.dEntropy = d.Count, d.Prob, d.Entropy
		case "#=? [ " + f.language + " ]":
			err = json.Unmarshal(r.Value, &v.count)
		case "P=? [ " + f.language + " ]":
			err = json.Unmarshal(r.Value, &v.prob)
		case "H=? [ " + f.language + " ]":
			err = json.Unmarshal(r.Value, &v.entropy)
		default:
			err = fmt.Errorf("unexpected property")
		}
		if err != nil {
			return nil, fmt.Errorf("%s at t=%d: %v", r.Property, t, err)
		}
		seen++
	}
	if seen != 4*paperMaxT {
		return nil, fmt.Errorf("onus gave %d answers, want %d", seen, 4*paperMaxT)
	}
	return vals, nil
}

// paperPanels draws the figure's two panels. The agent's part of the
// language is not queried on its own: its measures follow exactly from
// the degrees, C(L+) = D^# · C(L), P(L+) = D^P · P(L) and
// H(L+) = log2(1+C(L+))/t (for CCR every coalition's part is the same
// language here, so the average is that part).
func paperPanels(f paperFigure, vals []paperOnus) (left, right *plot.Plot) {
	at := func(g func(t float64, v paperOnus) float64) plotter.XYs {
		xys := make(plotter.XYs, len(vals))
		for i, v := range vals {
			t := float64(i + 1)
			xys[i] = plotter.XY{X: t, Y: g(t, v)}
		}
		return xys
	}
	measures := []plotter.XYs{
		at(func(_ float64, v paperOnus) float64 { return v.prob }),
		at(func(_ float64, v paperOnus) float64 { return v.entropy }),
		at(func(_ float64, v paperOnus) float64 { return v.dProb * v.prob }),
		at(func(t float64, v paperOnus) float64 { return math.Log2(1+v.dCount*v.count) / t }),
	}
	measureLabels := []string{"P(" + f.lang + ")", "H(" + f.lang + ")", "P(" + f.part + ")", "H(" + f.part + ")"}
	degrees := []plotter.XYs{
		at(func(_ float64, v paperOnus) float64 { return v.dCount }),
		at(func(_ float64, v paperOnus) float64 { return v.dProb }),
		at(func(_ float64, v paperOnus) float64 { return v.dEntropy }),
	}
	degreeLabels := []string{"D^#", "D^P", "D^H"}

	left = paperPanel(f.title, f.lang+" and "+f.part+" measure (onus: "+f.part+" from the degrees)",
		f.measures, measureLabels, measures)
	right = paperPanel(f.title, "degree of "+strings.ToUpper(f.slug), f.degrees, degreeLabels, degrees)
	return left, right
}

// paperColor gives each quantity one colour, shared by the paper's line
// and onus's points, as in the paper: the language's P and H in blue and
// red, the agent's part in green and orange; D^# black, D^P blue, D^H red.
func paperColor(label string) color.RGBA {
	switch label {
	case "P(L+)", "P(L−)":
		return color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}
	case "H(L+)", "H(L−)":
		return color.RGBA{R: 0xff, G: 0x8c, B: 0x00, A: 0xff}
	case "D^#":
		return color.RGBA{R: 0x20, G: 0x20, B: 0x20, A: 0xff}
	case "D^H", "H(L_φ)", "H(L_¬φ)":
		return color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	default:
		return color.RGBA{R: 0x1f, G: 0x4e, B: 0xd8, A: 0xff}
	}
}

// paperPanel draws one panel: each paper curve as a line over t in [1,20]
// (dashed when the guide's errata or the README say it differs from the
// definitions), each onus series as points joined by a thin line.
func paperPanel(title, ylabel string, paper []paperCurve, labels []string, onus []plotter.XYs) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = "time t", ylabel
	p.X.Min, p.X.Max = 0, paperMaxT+0.5
	p.Y.Min = 0
	p.Add(plotter.NewGrid())
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	// Room above the data for the legend: about 4% of the height a line.
	high := 0.0
	for _, xys := range onus {
		for _, xy := range xys {
			high = math.Max(high, xy.Y)
		}
	}
	for _, c := range paper {
		for t := 1; t <= paperMaxT; t++ {
			high = math.Max(high, c.f(float64(t)))
		}
	}
	p.Y.Max = high / (1 - 0.045*float64(len(paper)+len(onus)))
	for _, c := range paper {
		fn := plotter.NewFunction(c.f)
		fn.XMin, fn.XMax, fn.Samples = 1, paperMaxT, 200
		fn.Color, fn.Width = paperColor(c.label), vg.Points(2)
		label := "paper: " + c.label
		if c.erratum != "" {
			fn.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
			label += " (" + c.erratum + ")"
		}
		p.Add(fn)
		p.Legend.Add(label, fn)
	}
	for i, xys := range onus {
		col := paperColor(labels[i])
		line, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			continue // onus gave NaN or Inf: nothing to draw
		}
		line.Color, line.Width = col, vg.Points(0.5)
		pts.Color, pts.Shape, pts.Radius = col, draw.CircleGlyph{}, vg.Points(2.5)
		if labels[i] == "D^#" {
			// D^# equals D^P under the uniform behaviour: a ring around
			// D^P's dot keeps both visible.
			pts.Shape, pts.Radius = draw.RingGlyph{}, vg.Points(5)
		}
		p.Add(line, pts)
		p.Legend.Add("onus: "+labels[i], line, pts)
	}
	return p
}
