package prism

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Pos is a compact source position: an offset into a FileSet. The zero value
// NoPos means "no position". Offsets count characters (Unicode code points),
// as the ANTLR input stream does, not bytes.
type Pos int

// NoPos is the zero Pos.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// Position is a resolved position: file name, 1-based line and column.
type Position struct {
	Filename string
	Line     int // 1-based
	Column   int // 1-based, in characters
}

// IsValid reports whether the position has a line.
func (p Position) IsValid() bool { return p.Line > 0 }

// String formats the position as FILE:LINE:COL (or LINE:COL without a file).
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// File is one source file registered in a FileSet.
type File struct {
	name  string
	base  int
	size  int
	lines []int // offsets of the first character of each line
}

// Name returns the file name as registered.
func (f *File) Name() string { return f.name }

// Base returns the Pos of the file's first character.
func (f *File) Base() int { return f.base }

// Size returns the file's size in characters.
func (f *File) Size() int { return f.size }

// Pos converts a 0-based character offset within the file to a Pos.
func (f *File) Pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > f.size {
		offset = f.size
	}
	return Pos(f.base + offset)
}

// LineColPos converts a 1-based line and 1-based column to a Pos.
func (f *File) LineColPos(line, col int) Pos {
	if line < 1 {
		line = 1
	}
	if line > len(f.lines) {
		line = len(f.lines)
	}
	if col < 1 {
		col = 1
	}
	return f.Pos(f.lines[line-1] + col - 1)
}

// Position resolves a Pos inside this file.
func (f *File) Position(p Pos) Position {
	off := int(p) - f.base
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return Position{Filename: f.name, Line: i + 1, Column: off - f.lines[i] + 1}
}

// FileSet records source files so that a Pos can be resolved to a Position,
// in the manner of go/token.FileSet. It is safe for concurrent use.
type FileSet struct {
	mu    sync.Mutex
	base  int
	files []*File
}

// NewFileSet returns an empty file set.
func NewFileSet() *FileSet { return &FileSet{base: 1} }

// AddFile registers a file with its text and returns it. Line starts are
// computed from src, counting characters.
func (s *FileSet) AddFile(name, src string) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := &File{name: name, base: s.base, lines: []int{0}}
	n := 0
	for _, r := range src {
		n++
		if r == '\n' {
			f.lines = append(f.lines, n)
		}
	}
	f.size = n
	s.base += n + 1
	s.files = append(s.files, f)
	return f
}

// File returns the file containing p, or nil.
func (s *FileSet) File(p Pos) *File {
	if !p.IsValid() {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i := sort.Search(len(s.files), func(i int) bool { return s.files[i].base > int(p) }) - 1
	if i < 0 {
		return nil
	}
	f := s.files[i]
	if int(p) > f.base+f.size {
		return nil
	}
	return f
}

// Position resolves p; an invalid or unknown Pos gives the zero Position.
func (s *FileSet) Position(p Pos) Position {
	if f := s.File(p); f != nil {
		return f.Position(p)
	}
	return Position{}
}

// Error is one diagnostic with its resolved position.
type Error struct {
	Pos Position
	Msg string
	// Hint, when set, says which of the caller's settings the error is
	// about, for front ends that name their settings in their own words.
	Hint *Hint
}

// Error formats the diagnostic as FILE:LINE:COL: error: MESSAGE.
func (e *Error) Error() string {
	return e.Pos.String() + ": error: " + e.Msg
}

// ErrorList is a list of diagnostics; it is itself an error.
type ErrorList []*Error

// Add appends a diagnostic.
func (l *ErrorList) Add(pos Position, msg string) { *l = append(*l, &Error{Pos: pos, Msg: msg}) }

// Addf appends a formatted diagnostic at a Pos resolved through fset.
func (l *ErrorList) Addf(fset *FileSet, p Pos, format string, args ...any) {
	l.Add(fset.Position(p), fmt.Sprintf(format, args...))
}

// Sort orders the list by file, line, column and message, and removes exact
// duplicates.
func (l *ErrorList) Sort() {
	e := *l
	sort.SliceStable(e, func(i, j int) bool {
		a, b := e[i].Pos, e[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return e[i].Msg < e[j].Msg
	})
	out := e[:0]
	for i, x := range e {
		if i > 0 && x.Pos == e[i-1].Pos && x.Msg == e[i-1].Msg {
			continue
		}
		out = append(out, x)
	}
	*l = out
}

// Err returns nil for an empty list, else the list (sorted).
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Error prints every diagnostic, one a line.
func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}
