package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"strings"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/checker"
)

// This file writes --export-results FILE (docs/guide/output.md#results-files): the results of a
// run, constant sweeps included, as PRISM's -exportresults does. A FILE
// ending in .csv gets one table: the swept constants, then one column per
// property and measure; any other FILE PRISM's plain-text tables, one per
// property (headed by the property when there are several).

// exportResults writes the results of job to path.
func exportResults(path string, job *checkJob, results []propResult) error {
	var b bytes.Buffer
	table := newResultsTable(job, results)
	if strings.HasSuffix(path, ".csv") {
		table.writeCSV(&b)
	} else {
		table.writeText(&b)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return usagef("cannot write %s: %v", path, err)
	}
	return nil
}

// resultsTable holds the results by property (in run order) and by
// constant assignment (in sweep order).
type resultsTable struct {
	swept  []string     // the constants that take several values
	rows   [][]string   // per assignment: the swept constants' values
	props  []string     // property texts
	names  [][]string   // per property: its measures' column names
	values [][][]string // per property, per assignment: one cell per measure
}

func newResultsTable(job *checkJob, results []propResult) *resultsTable {
	t := &resultsTable{}
	n := len(job.sweep)
	distinct := map[string]map[string]bool{}
	for _, row := range job.sweep {
		for _, a := range row {
			if distinct[a.Name] == nil {
				distinct[a.Name] = map[string]bool{}
			}
			distinct[a.Name][formatValue(a.Value)] = true
		}
	}
	if n > 0 {
		for _, a := range job.sweep[0] {
			if len(distinct[a.Name]) > 1 {
				t.swept = append(t.swept, a.Name)
			}
		}
	}
	for _, row := range job.sweep {
		var cells []string
		for _, a := range row {
			if len(distinct[a.Name]) > 1 {
				cells = append(cells, formatValue(a.Value))
			}
		}
		t.rows = append(t.rows, cells)
	}
	for i := 0; n > 0 && i+n <= len(results); i += n {
		group := results[i : i+n]
		t.props = append(t.props, propText(group[0].prop))
		names := []string{"Result"}
		for _, r := range group {
			if r.err == nil {
				names = measureNames(r.res)
				break
			}
		}
		t.names = append(t.names, names)
		var vals [][]string
		for _, r := range group {
			vals = append(vals, measureCells(r, len(names), job.exact))
		}
		t.values = append(t.values, vals)
	}
	return t
}

// measureNames names the columns of a result: count, prob and entropy for
// the three degrees of a `=?` operator (count, prob and avoid for a power
// index), else PRISM's single "Result".
func measureNames(r *lib.Result) []string {
	ms := r.Measures()
	if len(ms) == 0 {
		return []string{"Result"}
	}
	var names []string
	for _, m := range ms {
		names = append(names, m.Name)
	}
	return names
}

// measureCells prints a result's measures (exact rationals under --exact
// where the checker has them); an error fills every cell with its message.
func measureCells(r propResult, n int, exact bool) []string {
	cells := make([]string, n)
	if r.err != nil {
		for i := range cells {
			cells[i] = "Error: " + r.err.Error()
		}
		return cells
	}
	res := r.res
	switch res.Kind {
	case checker.KindDegrees, checker.KindPower:
		cells = cells[:0]
		for _, m := range res.Measures() {
			cell := formatFloat(m.Value)
			if exact && m.Exact != nil {
				cell = m.Exact.RatString()
			}
			cells = append(cells, cell)
		}
	case checker.KindBool:
		cells[0] = formatBool(res.Bool)
	case checker.KindCount:
		cells[0] = res.Count.String()
	case checker.KindRange:
		cells[0] = res.Format(false) // [lo,hi]
	default:
		cells[0] = formatFloat(res.Number)
		if exact && res.Exact != nil {
			cells[0] = res.Exact.RatString()
		}
	}
	return cells
}

func formatBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// writeText writes PRISM's plain-text tables: per property (a header line
// `PROPERTY:` when there are several), a tab-separated header of the swept
// constants and the measures, then one row per assignment; a blank line
// between properties.
func (t *resultsTable) writeText(b *bytes.Buffer) {
	for i, p := range t.props {
		if i > 0 {
			b.WriteString("\n")
		}
		if len(t.props) > 1 {
			b.WriteString(p + ":\n")
		}
		b.WriteString(strings.Join(append(append([]string(nil), t.swept...), t.names[i]...), "\t") + "\n")
		for j, row := range t.rows {
			b.WriteString(strings.Join(append(append([]string(nil), row...), t.values[i][j]...), "\t") + "\n")
		}
	}
}

// writeCSV writes one table: the swept constants, then a column per
// property and measure (`PROPERTY` or `PROPERTY: measure`).
func (t *resultsTable) writeCSV(b *bytes.Buffer) {
	w := csv.NewWriter(b)
	header := append([]string(nil), t.swept...)
	for i, p := range t.props {
		for _, m := range t.names[i] {
			if len(t.names[i]) > 1 {
				header = append(header, p+": "+m)
			} else {
				header = append(header, p)
			}
		}
	}
	w.Write(header)
	for j, row := range t.rows {
		line := append([]string(nil), row...)
		for i := range t.props {
			line = append(line, t.values[i][j]...)
		}
		w.Write(line)
	}
	w.Flush()
}
