package onus

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestGuideExamples checks that the Go code shown by the user guide's
// page on the package (docs/guide/library.md) and by the README is the
// code of this package's runnable examples, and that the output shown is
// theirs: each `<!-- example NAME -->` marker is followed by a go block,
// the body of the function NAME of example_test.go, then a block of what
// it prints, its `// Output:` comment. go test runs the examples, so the
// code shown compiles and its numbers are checked.
func TestGuideExamples(t *testing.T) {
	examples := exampleBodies(t, "example_test.go")
	mark := regexp.MustCompile("(?s)<!-- example (\\w+) -->\n```go\n(.*?)```\n.*?```\n(.*?)```")
	for _, doc := range []struct {
		file string
		min  int
	}{{"docs/guide/library.md", 6}, {"README.md", 1}} {
		src, err := os.ReadFile(doc.file)
		if err != nil {
			t.Fatal(err)
		}
		marks := mark.FindAllStringSubmatch(string(src), -1)
		if len(marks) < doc.min {
			t.Fatalf("%s shows %d examples, want %d", doc.file, len(marks), doc.min)
		}
		for _, m := range marks {
			checkExample(t, doc.file, examples, m[1], m[2], m[3])
		}
	}
}

// checkExample compares one example shown in a document with its
// function.
func checkExample(t *testing.T, doc string, examples map[string]exampleBody, name, code, output string) {
	t.Run(doc+"/"+name, func(t *testing.T) {
		ex, ok := examples[name]
		if !ok {
			t.Fatalf("no function %s in example_test.go", name)
		}
		if code != ex.code {
			t.Errorf("the code shown differs from %s:\n--- %s\n%s--- example\n%s", name, doc, code, ex.code)
		}
		if output != ex.output {
			t.Errorf("the output shown differs from %s:\n--- %s\n%s--- example\n%s", name, doc, output, ex.output)
		}
	})
}

type exampleBody struct{ code, output string }

// exampleBodies returns the body of each function of an example file,
// out of its braces and one tab less indented, and its `// Output:`
// lines without the comment marks.
func exampleBodies(t *testing.T, file string) map[string]exampleBody {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]exampleBody{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		body := string(src[fset.Position(fn.Body.Lbrace).Offset+2 : fset.Position(fn.Body.Rbrace).Offset])
		var ex exampleBody
		inOutput := false
		for _, l := range strings.SplitAfter(body, "\n") {
			l = strings.TrimPrefix(l, "\t")
			switch {
			case strings.HasPrefix(l, "// Output:"):
				inOutput = true
			case inOutput:
				ex.output += strings.TrimPrefix(strings.TrimPrefix(l, "//"), " ")
			default:
				ex.code += l
			}
		}
		out[fn.Name.Name] = ex
	}
	return out
}
