package onus

import "testing"

// The cost of a check on a kept build against that of loading, building
// and checking anew: what keeping the Model saves a program that checks
// many properties.
const benchProp = `CCR(p1, alternate)=? [ G<=t ("fine"|"reward") ]`

func BenchmarkCheckKeptBuild(b *testing.B) {
	m, err := Load("examples/cpd.prism", Options{Props: []string{"examples/cpd.props"}, Const: map[string]any{"t": 8}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := m.Check(benchProp); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadBuildCheck(b *testing.B) {
	for b.Loop() {
		m, err := Load("examples/cpd.prism", Options{Props: []string{"examples/cpd.props"}, Const: map[string]any{"t": 8}})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Check(benchProp); err != nil {
			b.Fatal(err)
		}
	}
}
