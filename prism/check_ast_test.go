package prism

import (
	"reflect"
	"strings"
	"testing"
)

// These tests build syntax trees by hand, so they do not depend on the
// parser. Positions are offsets into a fake one-line file.

type astBuilder struct {
	fset *FileSet
	f    *File
}

func newAST() *astBuilder {
	fs := NewFileSet()
	return &astBuilder{fset: fs, f: fs.AddFile("m.prism", strings.Repeat(" ", 2000))}
}

// id returns an identifier at column col of line 1.
func (b *astBuilder) id(name string, col int) Ident {
	return Ident{NamePos: b.f.Pos(col - 1), Name: name}
}
func (b *astBuilder) name(name string, col int) *Name {
	return &Name{NamePos: b.f.Pos(col - 1), Name: name}
}
func (b *astBuilder) num(v int64, col int) *IntLit {
	return &IntLit{ValuePos: b.f.Pos(col - 1), Value: v}
}

// cmd builds `[labels] true -> true` at column col.
func (b *astBuilder) cmd(col int, labels ...string) *Command {
	c := &Command{Pos: b.f.Pos(col - 1), Guard: &BoolLit{ValuePos: b.f.Pos(col), Value: true},
		Updates: []*Update{{Pos: b.f.Pos(col)}}}
	for i, l := range labels {
		c.Labels = append(c.Labels, b.id(l, col+1+3*i))
	}
	return c
}

func errLines(err error) []string {
	if err == nil {
		return nil
	}
	var out []string
	for _, line := range strings.Split(err.Error(), "\n") {
		out = append(out, strings.TrimPrefix(line, "m.prism:"))
	}
	return out
}

func TestActionsOfRenamed(t *testing.T) {
	b := newAST()
	m1 := &Module{Name: b.id("M1", 1), Vars: []*VarDecl{{Name: b.id("x", 5), Kind: VarBool}},
		Commands: []*Command{b.cmd(10, "a", "b"), b.cmd(20), b.cmd(30, "c", "a")}}
	m2 := &Module{Name: b.id("M2", 100), Rename: &Renaming{Base: b.id("M1", 110),
		Pairs: []RenamePair{{b.id("x", 120), b.id("y", 124)}, {b.id("a", 130), b.id("d", 134)}}}}
	m3 := &Module{Name: b.id("M3", 200), Commands: []*Command{b.cmd(210, "e", "b")}}
	m := &ModelFile{Type: TypeMDP, Modules: []*Module{m1, m2, m3}}
	got := ActionsOf(m)
	want := []string{"a", "b", "c", "d", "e"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ActionsOf = %v, want %v", got, want)
	}
	if err := CheckModel(b.fset, m); err != nil {
		t.Errorf("CheckModel: %v", err)
	}
}

func TestCheckASTErrors(t *testing.T) {
	b := newAST()
	// formula f = g + 1; formula g = f; const k = k; module M1 with x:[3..1],
	// module M2 writing x, renamed M3 = M1 without renaming x.
	f := &FormulaDecl{Name: b.id("f", 1), Expr: &Binary{X: b.name("g", 5), OpPos: b.f.Pos(6), Op: OpAdd, Y: b.num(1, 8)}}
	g := &FormulaDecl{Name: b.id("g", 10), Expr: b.name("f", 14)}
	k := &ConstDecl{Name: b.id("k", 20), Type: TInt, Value: b.name("k", 24)}
	x := &VarDecl{Name: b.id("x", 40), Kind: VarRange, Lo: b.num(3, 44), Hi: b.num(1, 47)}
	m1 := &Module{Name: b.id("M1", 30), Vars: []*VarDecl{x}}
	w := b.cmd(60)
	w.Updates[0].Assigns = []*Assign{{Var: b.id("x", 65), Expr: b.num(2, 70)}}
	m2 := &Module{Name: b.id("M2", 50), Commands: []*Command{w}}
	m3 := &Module{Name: b.id("M3", 80), Rename: &Renaming{Base: b.id("M1", 85)}}
	m := &ModelFile{Type: TypeMDP, Formulas: []*FormulaDecl{f, g}, Consts: []*ConstDecl{k},
		Modules: []*Module{m1, m2, m3}}
	want := []string{
		`1:1: error: cyclic formula definition: f -> g -> f`,
		`1:20: error: cyclic constant definition: k -> k`,
		`1:40: error: invalid range [3..1] for variable "x"`,
		`1:65: error: module "M2" may not modify variable "x" of module "M1"`,
		`1:80: error: module "M3" must rename variable "x"`,
	}
	if got := errLines(CheckModel(b.fset, m)); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
