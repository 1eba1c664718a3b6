package trace

import (
	"strings"

	"github.com/onus-mc/onus/prism"
)

// This file parses the text of a path file into a header and rows; it
// knows nothing of the model (history.go checks the rows against it).

// Path is a parsed path file.
type Path struct {
	File    *prism.File
	Comma   bool     // columns separated by commas (else by blanks)
	Columns []Column // the header
	Rows    []Row
}

// Column is one header cell.
type Column struct {
	Name string
	Pos  prism.Pos
}

// Row is one step of the path: its cells in header order.
type Row struct {
	Pos    prism.Pos // the row's first character
	Fields []Cell
}

// Cell is one cell of a row.
type Cell struct {
	Text string
	Pos  prism.Pos
}

// Parse reads the text of a path file registered in fset under filename.
// It checks the shape only: a header starting `action step`, then rows with
// one cell per column. Errors are positioned prism.ErrorLists.
func Parse(fset *prism.FileSet, filename, src string) (*Path, error) {
	f := fset.AddFile(filename, src)
	p := &Path{File: f}
	errAt := func(pos prism.Pos, format string, args ...any) error {
		var l prism.ErrorList
		l.Addf(fset, pos, format, args...)
		return l
	}
	off := 0
	header := true
	for _, line := range strings.SplitAfter(src, "\n") {
		lineOff := off
		off += len([]rune(line))
		line = strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if header {
			header = false
			p.Comma = strings.Contains(line, ",")
			for _, c := range splitLine(line, lineOff, p.Comma) {
				p.Columns = append(p.Columns, Column{Name: c.text, Pos: f.Pos(c.off)})
			}
			for i, want := range []string{"action", "step"} {
				if i >= len(p.Columns) {
					return nil, errAt(f.Pos(lineOff), "the header must start with `action step`, then the variables")
				}
				if p.Columns[i].Name != want {
					return nil, errAt(p.Columns[i].Pos, "column %d of the header must be %q, not %q", i+1, want, p.Columns[i].Name)
				}
			}
			continue
		}
		cells := splitLine(line, lineOff, p.Comma)
		row := Row{Pos: f.Pos(lineOff)}
		for _, c := range cells {
			row.Fields = append(row.Fields, Cell{Text: c.text, Pos: f.Pos(c.off)})
		}
		if n := len(p.Columns); len(row.Fields) != n {
			at := row.Pos
			if len(row.Fields) > n {
				at = row.Fields[n].Pos
			}
			return nil, errAt(at, "this row has %d fields but the header has %d columns", len(row.Fields), n)
		}
		p.Rows = append(p.Rows, row)
	}
	if header {
		return nil, errAt(f.Pos(0), "empty path file: expected a header `action step VARS...`")
	}
	if len(p.Rows) == 0 {
		return nil, errAt(p.Columns[0].Pos, "the path has a header but no rows")
	}
	return p, nil
}
