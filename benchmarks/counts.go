package main

import "fmt"

// countsCases: the degrees by count, probability and entropy at long
// horizons (issue 17), where the counts have hundreds or thousands of
// digits: CAR, CPR and CCR with all degrees on the robots of
// examples/robots.prism at T = 1000 on 10^6 states and T = 10^4 on 10^4
// states, CAR at N = 100 and T = 100 also under --exact (exact integers
// and rationals, to compare: at T = 1000 the exact rationals take more
// than ten minutes), and onus blame at N = 1000, T = 1000.
func countsCases() []*Case {
	var cs []*Case
	robots := func(n, T int, op string, extra ...string) *Case {
		q := fmt.Sprintf(`%s(r1, [go1,go2]^%d)=? [ F "crash" ]`, op, T)
		name := fmt.Sprintf("counts/robots/N=%d/T=%d/%s", n, T, op)
		series := fmt.Sprintf("N = %d", n)
		if len(extra) > 0 {
			name += "/exact"
			series += ", --exact"
		}
		args := append([]string{"check", "examples/robots.prism", "--const", fmt.Sprintf("N=%d,cross=40", n), "--pf", q, "--json"}, extra...)
		return &Case{Group: "counts", Name: name, Args: args, Answer: checkAnswer, X: float64(T), Series: series}
	}
	for _, op := range []string{"CAR", "CPR", "CCR"} {
		cs = append(cs, robots(100, 1000, op), robots(100, 10000, op), robots(1000, 1000, op))
	}
	cs = append(cs, robots(100, 100, "CAR"), robots(100, 100, "CAR", "--exact"))
	cs = append(cs, &Case{Group: "counts", Name: "counts/blame/robots/N=1000/T=1000",
		Args: []string{"blame", "examples/robots.prism", "--const", "N=1000,cross=40",
			"--plan", "[go1,go2]^1000", "--outcome", `F "crash"`, "--json"},
		Answer: blameAnswer})
	return cs
}
