package main

// numericCases: the steady state of a 1,001-state random walk (one
// bottom component, solved densely), whose uniform stationary
// distribution gives the answer: 1/1001 of the time in each position.
func numericCases() []*Case {
	return []*Case{{
		Group: "numeric", Name: "numeric/steady/walk/N=1000", Quick: true,
		Args:   []string{"check", "benchmarks/models/walk.prism", "--const", "N=1000", "--pf", `S=? [ x=0 ]`, "--json"},
		Answer: checkAnswer, Want: "{N=1000}:0.000999000999",
	}}
}
