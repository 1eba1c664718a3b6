package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
)

// This file prints the results of `onus blame`: a readable table, the JSON
// object (docs/guide/output.md#json-from-blame), the --export-results table and
// the --plot bars.

// ---------------------------------------------------------------- JSON

type jsonVerdict struct {
	Holds   bool              `json:"holds"`
	Count   float64           `json:"count"`
	Prob    float64           `json:"prob"`
	Entropy float64           `json:"entropy"`
	Exact   map[string]string `json:"exact,omitempty"`
}

type jsonPower struct {
	Count float64           `json:"count"`
	Prob  float64           `json:"prob"`
	Avoid float64           `json:"avoid"`
	Exact map[string]string `json:"exact,omitempty"`
}

type jsonAgent struct {
	Agent   string      `json:"agent"`
	CAR     jsonVerdict `json:"CAR"`
	CPR     jsonVerdict `json:"CPR"`
	CCR     jsonVerdict `json:"CCR"`
	SHAPLEY jsonPower   `json:"SHAPLEY"`
	BANZHAF jsonPower   `json:"BANZHAF"`
	// Explain is for the witnesses of --explain, per operator.
	Explain map[string]any `json:"explain,omitempty"`
}

type jsonCoalition struct {
	Players []string          `json:"players"`
	Count   float64           `json:"count"`
	Prob    float64           `json:"prob"`
	Avoid   int               `json:"avoid"`
	Forces  bool              `json:"forces"`
	Exact   map[string]string `json:"exact,omitempty"`
}

type jsonBlame struct {
	Model      string          `json:"model"`
	Constants  map[string]any  `json:"constants,omitempty"`
	Horizon    int             `json:"horizon"`
	Plan       string          `json:"plan"`
	Outcome    string          `json:"outcome"`
	Agents     []jsonAgent     `json:"agents"`
	Coalitions []jsonCoalition `json:"coalitions,omitempty"`
	Notes      []string        `json:"notes,omitempty"`
}

// exactOf names the exact values known (nil when none is).
func exactOf(names []string, rats ...*big.Rat) map[string]string {
	var out map[string]string
	for i, r := range rats {
		if r == nil {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[names[i]] = r.RatString()
	}
	return out
}

func verdictJSON(v checker.Verdict, exact bool) jsonVerdict {
	d := v.Degrees
	j := jsonVerdict{Holds: v.Holds, Count: d.Count, Prob: d.Prob, Entropy: d.Entropy}
	if exact {
		j.Exact = exactOf([]string{"count", "prob"}, d.CountExact, d.ProbExact)
	}
	return j
}

func powerJSON(p checker.Power, exact bool) jsonPower {
	j := jsonPower{Count: p.Count, Prob: p.Prob, Avoid: p.Avoid}
	if exact {
		j.Exact = exactOf([]string{"count", "prob", "avoid"}, p.CountExact, p.ProbExact, p.AvoidExact)
	}
	return j
}

func writeBlameJSON(w io.Writer, job *blameJob, run *blameRun, coalitions bool) error {
	b := run.blame
	out := jsonBlame{Model: job.modelPath, Horizon: b.Horizon, Plan: job.planText(),
		Outcome: prism.ExprString(job.outcome), Agents: []jsonAgent{}, Notes: noteTexts(run.notes)}
	if len(job.consts) > 0 {
		out.Constants = constMap(job.consts)
	}
	for i, a := range b.Agents {
		ja := jsonAgent{Agent: a.Agent,
			CAR: verdictJSON(a.CAR, job.exact), CPR: verdictJSON(a.CPR, job.exact), CCR: verdictJSON(a.CCR, job.exact),
			SHAPLEY: powerJSON(a.Shapley, job.exact), BANZHAF: powerJSON(a.Banzhaf, job.exact)}
		if run.explain != nil {
			ja.Explain = explainMember(run.model, run.explain[i])
		}
		out.Agents = append(out.Agents, ja)
	}
	if coalitions {
		for _, co := range b.Coalitions {
			jc := jsonCoalition{Players: append([]string{}, co.Players...), Count: co.Count, Prob: co.Prob,
				Avoid: boolNum(co.Avoid), Forces: co.Forces}
			if job.exact {
				jc.Exact = exactOf([]string{"count", "prob"}, co.CountRat, co.ProbRat)
			}
			out.Coalitions = append(out.Coalitions, jc)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func boolNum(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ---------------------------------------------------------------- tables

// cell prints a number for the table: the exact rational under --exact
// when known, else six significant digits.
func cell(x float64, r *big.Rat, exact bool) string {
	if exact && r != nil {
		return r.RatString()
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

// blameHeader names the columns of the agents' table.
var blameHeader = []string{"agent",
	"CAR", "#", "P", "H", "CPR", "#", "P", "H", "CCR", "#", "P", "H",
	"SHAPLEY #", "P", "avoid", "BANZHAF #", "P", "avoid"}

// agentCells is one agent's row of the table.
func agentCells(a checker.AgentBlame, exact bool) []string {
	row := []string{a.Agent}
	for _, v := range []checker.Verdict{a.CAR, a.CPR, a.CCR} {
		d := v.Degrees
		row = append(row, formatBool(v.Holds), cell(d.Count, d.CountExact, exact), cell(d.Prob, d.ProbExact, exact), cell(d.Entropy, nil, exact))
	}
	for _, p := range []checker.Power{a.Shapley, a.Banzhaf} {
		row = append(row, cell(p.Count, p.CountExact, exact), cell(p.Prob, p.ProbExact, exact), cell(p.Avoid, p.AvoidExact, exact))
	}
	return row
}

// tableWidth is the width the agents' table is wrapped at (--wide: none).
const tableWidth = 100

// blameGroups are the agents' table's column groups (after the agent
// column), in two sections: CAR, CPR and CCR with their degrees, then
// SHAPLEY and BANZHAF. When the table is too wide it is printed in pieces
// of whole groups, each with the agent column again.
var blameGroups = [][][2]int{{{1, 5}, {5, 9}, {9, 13}}, {{13, 16}, {16, 19}}}

func writeBlameText(w io.Writer, job *blameJob, run *blameRun, coalitions, wide bool) {
	b := run.blame
	fmt.Fprintf(w, "Model: %s\n", job.modelPath)
	if len(job.consts) > 0 {
		fmt.Fprintf(w, "Constants: %s\n", formatConsts(job.consts))
	}
	fmt.Fprintf(w, "Plan: %s\nOutcome: %s\nHorizon: %d\n\n", job.planText(), prism.ExprString(job.outcome), b.Horizon)
	rows := [][]string{blameHeader}
	for _, a := range b.Agents {
		rows = append(rows, agentCells(a, job.exact))
	}
	width := tableWidth
	if wide {
		width = 0
	}
	writeWrapped(w, rows, blameGroups, width)
	if coalitions {
		writeCoalitions(w, b, job.exact)
	}
	if run.explain != nil {
		writeBlameExplain(w, run.model, b, run.explain)
	}
}

// writeWrapped prints a table whose first column names the rows, in
// pieces of whole column groups no wider than width (0: one piece),
// separated by blank lines. A section of groups starts a new piece unless
// it fits whole on the current one; a group wider than width gets a piece
// of its own.
func writeWrapped(w io.Writer, rows [][]string, sections [][][2]int, width int) {
	render := func(gs [][2]int) string {
		var buf bytes.Buffer
		tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
		for _, r := range rows {
			cells := []string{r[0]}
			for _, g := range gs {
				cells = append(cells, r[g[0]:g[1]]...)
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		tw.Flush()
		return buf.String()
	}
	fits := func(gs [][2]int) bool { return width == 0 || maxLineWidth(render(gs)) <= width }
	var pieces []string
	var cur [][2]int
	for _, sec := range sections {
		if len(cur) > 0 && !fits(append(append([][2]int{}, cur...), sec...)) {
			pieces = append(pieces, render(cur))
			cur = nil
		}
		for _, g := range sec {
			next := append(append([][2]int{}, cur...), g)
			if len(cur) > 0 && !fits(next) {
				pieces = append(pieces, render(cur))
				next = [][2]int{g}
			}
			cur = next
		}
	}
	pieces = append(pieces, render(cur))
	fmt.Fprint(w, strings.Join(pieces, "\n"))
}

// maxLineWidth is the width of the widest line of s, in characters.
func maxLineWidth(s string) int {
	most := 0
	for _, l := range strings.Split(s, "\n") {
		most = max(most, utf8.RuneCountInString(strings.TrimRight(l, " ")))
	}
	return most
}

// writeCoalitions prints every coalition's characteristic functions.
func writeCoalitions(w io.Writer, b *checker.Blame, exact bool) {
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "coalition J\tv_C\tv_P\ta\tforces")
	for _, co := range b.Coalitions {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", coalitionName(co.Players), cell(co.Count, co.CountRat, exact),
			cell(co.Prob, co.ProbRat, exact), boolNum(co.Avoid), formatBool(co.Forces))
	}
	tw.Flush()
}

// exportBlame writes the agents' table as spec says (to its file, or to
// stdout): CSV for FILE.csv and FILE:csv, else tab-separated (as PRISM's
// plain-text results), with the measures at full precision (exact
// rationals under --exact).
func exportBlame(spec resultsSpec, stdout io.Writer, job *blameJob, run *blameRun) error {
	if spec.format == resultsComment {
		return usagef("--export-results: blame's table has no comment form (it holds no property to test); use csv or plain text")
	}
	header := []string{"agent"}
	for _, op := range []string{"CAR", "CPR", "CCR"} {
		header = append(header, op, op+" #", op+" P", op+" H")
	}
	for _, op := range []string{"SHAPLEY", "BANZHAF"} {
		header = append(header, op+" #", op+" P", op+" avoid")
	}
	full := func(x float64, r *big.Rat) string {
		if job.exact && r != nil {
			return r.RatString()
		}
		return formatFloat(x)
	}
	rows := [][]string{header}
	for _, a := range run.blame.Agents {
		row := []string{a.Agent}
		for _, v := range []checker.Verdict{a.CAR, a.CPR, a.CCR} {
			d := v.Degrees
			row = append(row, formatBool(v.Holds), full(d.Count, d.CountExact), full(d.Prob, d.ProbExact), full(d.Entropy, nil))
		}
		for _, p := range []checker.Power{a.Shapley, a.Banzhaf} {
			row = append(row, full(p.Count, p.CountExact), full(p.Prob, p.ProbExact), full(p.Avoid, p.AvoidExact))
		}
		rows = append(rows, row)
	}
	var buf bytes.Buffer
	if spec.format == resultsCSV || spec.format == resultsOnusCSV {
		cw := csv.NewWriter(&buf)
		cw.WriteAll(rows)
	} else {
		for _, r := range rows {
			buf.WriteString(strings.Join(r, "\t") + "\n")
		}
	}
	if spec.toStdout() {
		_, err := stdout.Write(buf.Bytes())
		return err
	}
	if err := atomicfile.WriteFile(spec.path, buf.Bytes()); err != nil {
		return usagef("cannot write %s: %v", spec.path, err)
	}
	return nil
}

// ---------------------------------------------------------------- plot

// plotBlame draws the agents' shares side by side: one group of bars per
// agent, one bar per index and characteristic function.
func plotBlame(path string, job *blameJob, run *blameRun) error {
	agents := run.blame.Agents
	p := plot.New()
	p.Title.Text = filepath.Base(job.modelPath) + ": " + prism.ExprString(job.outcome)
	p.Y.Label.Text = "share"
	p.Legend.Top = true
	var names []string
	for _, a := range agents {
		names = append(names, a.Agent)
	}
	p.NominalX(names...)
	series := []struct {
		label string
		value func(a checker.AgentBlame) float64
	}{
		{"SHAPLEY #", func(a checker.AgentBlame) float64 { return a.Shapley.Count }},
		{"SHAPLEY P", func(a checker.AgentBlame) float64 { return a.Shapley.Prob }},
		{"SHAPLEY avoid", func(a checker.AgentBlame) float64 { return a.Shapley.Avoid }},
		{"BANZHAF #", func(a checker.AgentBlame) float64 { return a.Banzhaf.Count }},
		{"BANZHAF P", func(a checker.AgentBlame) float64 { return a.Banzhaf.Prob }},
		{"BANZHAF avoid", func(a checker.AgentBlame) float64 { return a.Banzhaf.Avoid }},
	}
	width := vg.Points(60 / float64(len(series)))
	for k, s := range series {
		vals := make(plotter.Values, len(agents))
		for i, a := range agents {
			vals[i] = s.value(a)
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return fmt.Errorf("--plot: %w", err)
		}
		bars.LineStyle.Width = 0
		bars.Color = plotutil.Color(k)
		bars.Offset = width * vg.Length(2*k-len(series)+1) / 2
		p.Add(bars)
		p.Legend.Add(s.label, bars)
	}
	legendRoom(p, len(series))
	wide := 10*vg.Centimeter + vg.Length(len(agents))*3*vg.Centimeter
	if err := savePlot(p, wide, 12*vg.Centimeter, path); err != nil {
		return usagef("--plot: cannot write %s: %v", path, err)
	}
	return nil
}
