package main

import (
	"bytes"
	"regexp"
	"strings"
)

// A Known bad class is one another branch is fixing: runs it matches are
// reported but do not fail TestCampaign. Each names the issue item (the
// reproducers of ../shared/robustness) and the branch.
type Known struct {
	Item   string // issue 14's item: "01/02", "partial", ...
	Branch string
	What   string
	Match  func(r *Result) bool
}

var (
	bigBoundRE   = regexp.MustCompile(`(?:<=|I=|C<=|\^)\s*[0-9]{6,}|<=\s*[0-9.]+e[0-9]+|[0-9]{6,}\s*\]`)
	bigRangeRE   = regexp.MustCompile(`=[-0-9.e]+:(?:[-0-9.e]+:)?[0-9.e]{7,}|[0-9]{7,}`)
	horizonBigRE = regexp.MustCompile(`^[0-9]{5,}$`)
)

// known is the list of bad classes being fixed elsewhere (campaign.md).
var known = []Known{
	{"01/02", "rparse", "a flat sum or a long run of operators overflows the goroutine stack (recursive compile and eval)",
		func(r *Result) bool {
			return r.Class == ClassRuntime && bytes.Contains(r.Out.Stderr, []byte("stack overflow")) ||
				r.Class == ClassRuntime && bytes.Contains(r.Out.Stderr, []byte("goroutine stack exceeds"))
		}},
	{"07", "rparse", "syntax error recovery is quadratic and parsing is not linear (a 50,000-term sum in a model: 44 s in the generated parser's expr loop)",
		func(r *Result) bool {
			return (r.Class == ClassSlow || r.Class == ClassTimeout) &&
				(bytes.Count(r.Out.Stderr, []byte("error:")) > 20 || r.inputBytes() > 256<<10 || r.longestLine() > 10_000)
		}},
	{"03", "rlimits", "--const ranges are expanded whole before anything else",
		func(r *Result) bool {
			return (r.Class == ClassRuntime || r.Class == ClassOOM || r.Class == ClassSlow || r.Class == ClassTimeout) && r.flagMatches([]string{"--const", "-const", "-c"}, bigRangeRE)
		}},
	{"04", "rlimits", "limits of 2^59 and more overflow (\"more than -16 product transitions\")",
		func(r *Result) bool { return bytes.Contains(r.Out.Stderr, []byte("more than -")) }},
	{"10", "rlimits", "the default --max-memory is half of RAM and ignores the address-space limit: the runtime dies out of memory",
		func(r *Result) bool {
			return (r.Class == ClassRuntime && bytes.Contains(r.Out.Stderr, []byte("out of memory"))) || r.Class == ClassOOM
		}},
	{"05", "rlimits2", "bounded pATL, reward and equilibrium operators iterate k steps with no step limit",
		func(r *Result) bool {
			return (r.Class == ClassSlow || r.Class == ClassTimeout) && r.textMatches(bigBoundRE)
		}},
	{"06", "search", "boolean CAR/CPR/CCR at a huge --horizon run on",
		func(r *Result) bool {
			return (r.Class == ClassSlow || r.Class == ClassTimeout) && r.flagMatches([]string{"--horizon"}, horizonBigRE)
		}},
	{"08", "search", "CCR and the power indices have no player cap",
		func(r *Result) bool {
			return (r.Class == ClassSlow || r.Class == ClassTimeout) && r.textMatches(regexp.MustCompile(`CCR|SHAPLEY|BANZHAF`))
		}},
	{"09", "build", "a csg whose players have many actions builds superlinearly",
		func(r *Result) bool {
			return (r.Class == ClassSlow || r.Class == ClassTimeout) && r.Run.Cmd() == "build"
		}},
	{"locate", "locate2", "onus locate crashes",
		func(r *Result) bool { return r.Run.Cmd() == "locate" && r.Class != ClassOK }},
}

// knownOf is the first known class matching r, or nil.
func knownOf(r *Result) *Known {
	for i := range known {
		if known[i].Match(r) {
			return &known[i]
		}
	}
	return nil
}

// flagMatches reports whether a value of one of the flags matches re.
func (r *Result) flagMatches(flags []string, re *regexp.Regexp) bool {
	for i := 0; i+1 < len(r.Run.Args); i++ {
		for _, f := range flags {
			if r.Run.Args[i] == f && re.MatchString(r.Run.Args[i+1]) {
				return true
			}
		}
	}
	return false
}

// textMatches reports whether the argv or an input file matches re.
func (r *Result) textMatches(re *regexp.Regexp) bool {
	if re.MatchString(strings.Join(r.Run.Args, " ")) {
		return true
	}
	for _, d := range r.Run.Files {
		if re.Match(d) {
			return true
		}
	}
	return false
}

func (r *Result) inputBytes() int {
	n := 0
	for _, d := range r.Run.Files {
		n += len(d)
	}
	return n
}

// longestLine is the length of the longest line of the run's inputs,
// argv included.
func (r *Result) longestLine() int {
	n := 0
	for _, w := range r.Run.Args {
		n = max(n, len(w))
	}
	for _, d := range r.Run.Files {
		for _, l := range bytes.Split(d, []byte("\n")) {
			n = max(n, len(l))
		}
	}
	return n
}
