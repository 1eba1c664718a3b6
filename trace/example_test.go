package trace_test

import (
	"fmt"

	"github.com/onus-mc/onus/examples"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/trace"
	"github.com/onus-mc/onus/translate"
)

// Example reads a trace of the continuous prisoners' dilemma, checks that
// it is a history of the model, and prints it as the plan it becomes.
func Example() {
	src, err := examples.FS.ReadFile("cpd.prism")
	if err != nil {
		panic(err)
	}
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "cpd.prism", string(src))
	if err != nil {
		panic(err)
	}
	m, err := translate.Build(fset, mf, nil, translate.Config{})
	if err != nil {
		panic(err)
	}
	run := "action step s\n- 0 0\n[c1,c2] 1 1\n[d1,c2] 2 3\n"
	p, err := trace.Parse(fset, "run.txt", run)
	if err != nil {
		panic(err)
	}
	h, err := trace.Check(fset, m, p)
	if err != nil {
		panic(err)
	}
	fmt.Println("states:", h.States)
	fmt.Println("plan:", prism.PlanString(&prism.Plan{Items: planItems(h.Steps)}))

	// A row that is no successor is an error at its line and column.
	bad, _ := trace.Parse(fset, "bad.txt", "action step s\n- 0 0\n[c1,c2] 1 2\n")
	_, err = trace.Check(fset, m, bad)
	fmt.Println(err)
	// Output:
	// states: [0 1 3]
	// plan: [c1,c2] [d1,c2]
	// bad.txt:3:11: error: this state is no successor of (0) under [c1,c2]
}

func planItems(steps []*prism.PlanStep) []prism.PlanItem {
	var items []prism.PlanItem
	for _, s := range steps {
		items = append(items, s)
	}
	return items
}
