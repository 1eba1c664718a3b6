package main

import (
	"bytes"
	"encoding/csv"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/internal/atomicfile"
)

// This file writes --export-results FILE (docs/guide/output.md#results-files): the results of a
// run, constant sweeps included, as PRISM's -exportresults does. FILE takes
// PRISM's forms FILE[:options]: `stdout` prints the results instead of
// writing a file, the options `csv` and `comment` choose PRISM's CSV list
// and its `// RESULT:` comments. Without options a FILE ending in .csv gets
// onus's single CSV table (the swept constants, then one column per
// property and measure) and any other FILE PRISM's plain-text lists, one
// per property (headed by the property when there are several).

// Formats of a results export.
const (
	resultsPlain   = "plain"   // PRISM's tab-separated lists
	resultsCSV     = "csv"     // PRISM's CSV lists (`:csv`)
	resultsComment = "comment" // PRISM's `// RESULT (c=v): value` lines (`:comment`)
	resultsOnusCSV = "table"   // onus's single CSV table (FILE.csv)
)

// resultsSpec is a parsed --export-results argument.
type resultsSpec struct {
	path   string // "stdout" for standard output
	format string
}

// toStdout reports whether the results go to standard output.
func (s resultsSpec) toStdout() bool { return s.path == "stdout" }

// parseResultsSpec reads FILE[:options] as PRISM's -exportresults does:
// the options follow the first colon that does not start a Windows path
// (`:\`), or, in PRISM's older notation, the first comma when there is no
// colon. table says whether a FILE.csv without options gets onus's single
// table (the subcommands) or PRISM's plain lists (onus prism).
func parseResultsSpec(arg, flag string, table bool) (resultsSpec, error) {
	file, opts := splitFileOptions(arg)
	if opts == "" {
		if i := strings.IndexByte(file, ','); i >= 0 {
			file, opts = file[:i], file[i+1:]
		}
	}
	if file == "" {
		return resultsSpec{}, usagef("%s needs a file name (or stdout) before its options", flag)
	}
	spec := resultsSpec{path: file, format: resultsPlain}
	given := false
	for _, o := range strings.Split(opts, ",") {
		switch o {
		case "":
		case "csv", "comment":
			spec.format, given = o, true
		case "matrix":
			return resultsSpec{}, usagef("%s: the matrix option (results as 2D matrices) is not supported; use csv and arrange the columns", flag)
		default:
			return resultsSpec{}, usagef("unknown option %q for %s (the options are csv and comment)", o, flag)
		}
	}
	if !given && table && strings.HasSuffix(file, ".csv") {
		spec.format = resultsOnusCSV
	}
	return spec, nil
}

// splitFileOptions splits PRISM's FILES:OPTIONS at the first colon that is
// not followed by a backslash (a Windows drive, C:\...).
func splitFileOptions(s string) (file, opts string) {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' && (i+1 >= len(s) || s[i+1] != '\\') {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// exportResults writes the results of job as spec says: to its file, or
// to stdout.
func exportResults(spec resultsSpec, stdout io.Writer, job *checkJob, results []propResult) error {
	var b bytes.Buffer
	table := newResultsTable(job, results, formatFloat)
	table.write(&b, spec.format)
	if spec.toStdout() {
		_, err := stdout.Write(b.Bytes())
		return err
	}
	if err := atomicfile.WriteFile(spec.path, b.Bytes()); err != nil {
		return usagef("cannot write %s: %v", spec.path, err)
	}
	return nil
}

// write writes the table in one of the formats.
func (t *resultsTable) write(b *bytes.Buffer, format string) {
	switch format {
	case resultsOnusCSV:
		t.writeCSV(b)
	case resultsCSV:
		t.writeLists(b, ", ", true)
	case resultsComment:
		t.writeComments(b)
	default:
		t.writeLists(b, "\t", false)
	}
}

// resultsTable holds the results by property (in run order), each with
// its own constant assignments (in sweep order).
type resultsTable struct {
	props []propTable
}

// propTable is one property's results.
type propTable struct {
	text   string
	swept  []string   // the constants that take several values
	rows   [][]string // per assignment: the swept constants' values
	all    []string   // per assignment: every constant, as c1=v1,c2=v2
	names  []string   // the measures' column names
	values [][]string // per assignment: one cell per measure
}

// newResultsTable lays the results out (consecutive results of one
// property form its table), printing numbers with num.
func newResultsTable(job *checkJob, results []propResult, num func(float64) string) *resultsTable {
	t := &resultsTable{}
	for i := 0; i < len(results); {
		j := i + 1
		for j < len(results) && results[j].prop == results[i].prop {
			j++
		}
		t.props = append(t.props, newPropTable(results[i:j], job.exact, num))
		i = j
	}
	return t
}

func newPropTable(group []propResult, exact bool, num func(float64) string) propTable {
	pt := propTable{text: propText(group[0].prop), names: []string{"Result"}}
	distinct := map[string]map[string]bool{}
	var order []string
	for _, r := range group {
		for _, a := range r.consts {
			if distinct[a.Name] == nil {
				distinct[a.Name] = map[string]bool{}
				order = append(order, a.Name)
			}
			distinct[a.Name][formatValue(a.Value)] = true
		}
	}
	for _, name := range order {
		if len(distinct[name]) > 1 {
			pt.swept = append(pt.swept, name)
		}
	}
	for _, r := range group {
		var cells []string
		for _, a := range r.consts {
			if len(distinct[a.Name]) > 1 {
				cells = append(cells, formatValue(a.Value))
			}
		}
		pt.rows = append(pt.rows, cells)
		pt.all = append(pt.all, formatConsts(r.consts))
	}
	for _, r := range group {
		if r.err == nil {
			pt.names = measureNames(r.res)
			break
		}
	}
	for _, r := range group {
		pt.values = append(pt.values, measureCells(r, len(pt.names), exact, num))
	}
	return pt
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
func measureCells(r propResult, n int, exact bool, num func(float64) string) []string {
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
			cell := num(m.Value)
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
		cells[0] = "[" + num(res.Range.Lo) + "," + num(res.Range.Hi) + "]"
	default:
		cells[0] = num(res.Number)
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

// writeLists writes PRISM's lists: per property (a header when there are
// several: `PROPERTY:` in plain text, the quoted property in CSV), a header
// of the swept constants and the measures, then one row per assignment,
// items separated by sep; a blank line between properties.
func (t *resultsTable) writeLists(b *bytes.Buffer, sep string, quoted bool) {
	for i, p := range t.props {
		if i > 0 {
			b.WriteString("\n")
		}
		switch {
		case len(t.props) == 1:
		case quoted:
			b.WriteString(`"` + strings.ReplaceAll(p.text, `"`, `""`) + "\"\n")
		default:
			b.WriteString(p.text + ":\n")
		}
		b.WriteString(strings.Join(append(append([]string(nil), p.swept...), p.names...), sep) + "\n")
		for j, row := range p.rows {
			b.WriteString(strings.Join(append(append([]string(nil), row...), p.values[j]...), sep) + "\n")
		}
	}
}

// writeComments writes PRISM's comment form, ready to paste above a
// property for -test: per assignment `// RESULT (c=v,...): value` (the
// constants of the run, `// RESULT: value` when there are none), then the
// property; a blank line between properties. Several measures are written
// as the tuple (count,prob,entropy) that --test reads.
func (t *resultsTable) writeComments(b *bytes.Buffer) {
	for i, p := range t.props {
		if i > 0 {
			b.WriteString("\n")
		}
		for j, all := range p.all {
			b.WriteString("// RESULT")
			if all != "" {
				b.WriteString(" (" + all + ")")
			}
			v := p.values[j]
			val := v[0]
			if len(v) > 1 {
				val = "(" + strings.Join(v, ",") + ")"
			}
			b.WriteString(": " + val + "\n")
		}
		b.WriteString(p.text + "\n")
	}
}

// writeCSV writes onus's single table: the swept constants, then a column
// per property and measure (`PROPERTY` or `PROPERTY: measure`). Every
// property of an onus check run has the same assignments.
func (t *resultsTable) writeCSV(b *bytes.Buffer) {
	w := csv.NewWriter(b)
	defer w.Flush()
	if len(t.props) == 0 {
		return
	}
	header := append([]string(nil), t.props[0].swept...)
	for _, p := range t.props {
		for _, m := range p.names {
			if len(p.names) > 1 {
				header = append(header, p.text+": "+m)
			} else {
				header = append(header, p.text)
			}
		}
	}
	w.Write(header)
	for j, row := range t.props[0].rows {
		line := append([]string(nil), row...)
		for _, p := range t.props {
			line = append(line, p.values[j]...)
		}
		w.Write(line)
	}
}

// checkResultsSpec parses the --export-results of a check or blame run
// (nil when there is none); printing the results cannot share stdout with
// --json.
func checkResultsSpec(c *cli.Context) (*resultsSpec, error) {
	arg := c.String("export-results")
	if arg == "" {
		return nil, nil
	}
	spec, err := parseResultsSpec(arg, "--export-results", true)
	if err != nil {
		return nil, err
	}
	if spec.toStdout() && c.Bool("json") {
		return nil, usagef("--export-results stdout prints a table, which --json's document cannot hold; give a file name")
	}
	return &spec, nil
}
