package main

import (
	"bytes"
	"math/rand"
	"regexp"
	"strings"
)

// The mutations of a file's or a formula's text. Each takes the text and
// the random source and returns the new text and a short description.

type textMutation struct {
	name   string
	weight int
	apply  func(r *rand.Rand, s []byte, pool [][]byte) []byte
}

var (
	numberRE = regexp.MustCompile(`\b[0-9]+(\.[0-9]+)?\b`)
	identRE  = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
)

// interestingNumbers replace numbers: limits, overflows, signs, floats.
// The huge ones are rarer, since bounds of 10^9 steps may run long.
var interestingNumbers = []string{"0", "1", "2", "-1", "3", "10", "100", "1000", "0.5", "1.0", "1e-300", "-0", "007",
	"255", "256", "65536", "2147483647", "2147483648", "4294967296", "9223372036854775807", "9223372036854775808",
	"18446744073709551616", "1e308", "1e309", "0.1", "1/3", "100000"}

var hugeNumbers = []string{"1000000000", "2000000000", "1e9", "99999999999999999999"}

// tokens spliced into texts: PRISM's and the properties' vocabulary.
var tokens = []string{"(", ")", "[", "]", "{", "}", "<<", ">>", "[[", "]]", "+", "-", "*", "/", "=", "!=", "<", "<=", ">", ">=",
	"&", "|", "!", "=>", "<=>", "?", ":", ";", ",", "..", "'", "\"", "->", "P", "R", "S", "F", "G", "X", "U", "W", "C", "I",
	"min", "max", "=?", "Pmax=?", "Pmin=?", "Rmax=?", "true", "false", "module", "endmodule", "player", "endplayer",
	"const", "int", "double", "bool", "formula", "label", "rewards", "endrewards", "init", "endinit", "global",
	"smg", "csg", "mdp", "dtmc", "ctmc", "CAR", "CPR", "CCR", "SHAPLEY", "BANZHAF", "plan", "behaviour", "#", "H",
	"floor(", "ceil(", "pow(", "mod(", "log(", "max(", "min(", "func(", "filter(", "multi(", "E", "A",
	"\"fine\"", "\"goal\"", "[*]", "[d1,d2]", "pi", "@", "//", "/*", "*/", "\t", "\n", "\r\n", "\x00", "\xff\xfe", "é", "∞", "\u202e"}

var textMutations = []textMutation{
	{"delete", 10, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		if len(s) == 0 {
			return s
		}
		i := r.Intn(len(s))
		j := i + 1 + r.Intn(min(len(s)-i, 40))
		return cat(s[:i], s[j:])
	}},
	{"duplicate", 6, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		if len(s) == 0 {
			return s
		}
		i := r.Intn(len(s))
		j := i + 1 + r.Intn(min(len(s)-i, 60))
		return cat(s[:j], s[i:j], s[j:])
	}},
	{"token", 12, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		i := r.Intn(len(s) + 1)
		t := tokens[r.Intn(len(tokens))]
		return cat(s[:i], []byte(" "+t+" "), s[i:])
	}},
	{"number", 14, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		locs := numberRE.FindAllIndex(s, -1)
		if len(locs) == 0 {
			return s
		}
		l := locs[r.Intn(len(locs))]
		n := interestingNumbers[r.Intn(len(interestingNumbers))]
		if r.Intn(12) == 0 {
			n = hugeNumbers[r.Intn(len(hugeNumbers))]
		}
		return cat(s[:l[0]], []byte(n), s[l[1]:])
	}},
	{"ident", 8, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		locs := identRE.FindAllIndex(s, -1)
		if len(locs) < 2 {
			return s
		}
		a, b := locs[r.Intn(len(locs))], locs[r.Intn(len(locs))]
		return cat(s[:a[0]], s[b[0]:b[1]], s[a[1]:])
	}},
	{"swap-lines", 4, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		ls := bytes.Split(s, []byte("\n"))
		if len(ls) < 2 {
			return s
		}
		i, j := r.Intn(len(ls)), r.Intn(len(ls))
		ls[i], ls[j] = ls[j], ls[i]
		return bytes.Join(ls, []byte("\n"))
	}},
	{"repeat-line", 4, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		ls := bytes.Split(s, []byte("\n"))
		i := r.Intn(len(ls))
		k := []int{2, 3, 10, 100, 1000, 5000}[r.Intn(6)]
		rep := bytes.Repeat(append(append([]byte(nil), ls[i]...), '\n'), k)
		return cat(bytes.Join(ls[:i], []byte("\n")), []byte("\n"), rep, bytes.Join(ls[i:], []byte("\n")))
	}},
	{"truncate", 4, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		if len(s) == 0 {
			return s
		}
		return append([]byte(nil), s[:r.Intn(len(s))]...)
	}},
	{"nest", 3, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		locs := numberRE.FindAllIndex(s, -1)
		if len(locs) == 0 {
			return s
		}
		l := locs[r.Intn(len(locs))]
		n := []int{10, 100, 499, 500, 501, 2000, 100000}[r.Intn(7)]
		open, close := "(", ")"
		if r.Intn(3) == 0 {
			open, close = "-", ""
		}
		return cat(s[:l[0]], []byte(strings.Repeat(open, n)), s[l[0]:l[1]], []byte(strings.Repeat(close, n)), s[l[1]:])
	}},
	{"long-sum", 3, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		locs := numberRE.FindAllIndex(s, -1)
		if len(locs) == 0 {
			return s
		}
		l := locs[r.Intn(len(locs))]
		n := []int{10, 1000, 10000, 50000}[r.Intn(4)]
		if r.Intn(40) == 0 {
			n = 300000
		}
		op := []string{"+0", "*1", "-0", "&true", "|false"}[r.Intn(5)]
		return cat(s[:l[1]], []byte(strings.Repeat(op, n)), s[l[1]:])
	}},
	{"bytes", 3, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		b := make([]byte, 1+r.Intn(8))
		r.Read(b)
		i := r.Intn(len(s) + 1)
		return cat(s[:i], b, s[i:])
	}},
	{"keyword", 6, func(r *rand.Rand, s []byte, _ [][]byte) []byte {
		pairs := [][2]string{{"smg", "csg"}, {"csg", "smg"}, {"smg", "mdp"}, {"csg", "dtmc"}, {"module", "player"}, {"player", "module"},
			{"F", "G"}, {"G", "F"}, {"max", "min"}, {"<=", ">="}, {"U", "W"}, {"CAR", "CCR"}, {"CPR", "SHAPLEY"}, {"P=?", "P>=1"},
			{"]", ""}, {"[", ""}, {";", ""}, {"endmodule", ""}, {"int", "bool"}, {"double", "int"}, {"=?", ">=0.5"}, {"X", "F<=1000000000"}}
		p := pairs[r.Intn(len(pairs))]
		idx := allIndex(s, []byte(p[0]))
		if len(idx) == 0 {
			return s
		}
		i := idx[r.Intn(len(idx))]
		return cat(s[:i], []byte(p[1]), s[i+len(p[0]):])
	}},
	{"splice", 6, func(r *rand.Rand, s []byte, pool [][]byte) []byte {
		if len(pool) == 0 {
			return s
		}
		other := bytes.Split(pool[r.Intn(len(pool))], []byte("\n"))
		line := other[r.Intn(len(other))]
		ls := bytes.Split(s, []byte("\n"))
		i := r.Intn(len(ls) + 1)
		out := append(append([][]byte(nil), ls[:i]...), line)
		return bytes.Join(append(out, ls[i:]...), []byte("\n"))
	}},
}

var textWeights = func() int {
	t := 0
	for _, m := range textMutations {
		t += m.weight
	}
	return t
}()

// mutateText applies one text mutation and names it.
func mutateText(r *rand.Rand, s []byte, pool [][]byte) ([]byte, string) {
	k := r.Intn(textWeights)
	for _, m := range textMutations {
		if k < m.weight {
			return m.apply(r, s, pool), m.name
		}
		k -= m.weight
	}
	panic("unreachable")
}

func cat(parts ...[]byte) []byte {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	out := make([]byte, 0, n)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func allIndex(s, sub []byte) []int {
	var out []int
	for i := 0; ; {
		j := bytes.Index(s[i:], sub)
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + 1
		if i >= len(s) {
			return out
		}
	}
}
