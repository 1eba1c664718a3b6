package chaincheck

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Edge is one transition of the chain.
type Edge struct {
	To   int
	Prob float64
}

// Chain is a dtmc read from explicit files.
type Chain struct {
	N      int
	Vars   []string
	Bools  []bool    // per variable: printed as true/false
	Values [][]int64 // per state, per variable (booleans 0/1)
	Labels map[string][]bool
	Init   int
	Out    [][]Edge
}

// Read reads DIR/NAME.tra, .sta and .lab and checks their format.
func Read(dir, name string) (*Chain, error) {
	ch := &Chain{Labels: map[string][]bool{}, Init: -1}
	base := filepath.Join(dir, name)
	if err := ch.readTra(base + ".tra"); err != nil {
		return nil, err
	}
	if err := ch.readSta(base + ".sta"); err != nil {
		return nil, err
	}
	if err := ch.readLab(base + ".lab"); err != nil {
		return nil, err
	}
	return ch, nil
}

func lines(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := string(b)
	if !strings.HasSuffix(s, "\n") {
		return nil, fmt.Errorf("%s: the last line does not end in a newline", path)
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n"), nil
}

func (ch *Chain) readTra(path string) error {
	ls, err := lines(path)
	if err != nil {
		return err
	}
	if len(ls) < 2 || ls[0] != "# Transitions (DTMC)" {
		return fmt.Errorf("%s: header %q, want \"# Transitions (DTMC)\"", path, ls[0])
	}
	var n, t int
	if _, err := fmt.Sscanf(ls[1], "%d %d", &n, &t); err != nil || ls[1] != fmt.Sprintf("%d %d", n, t) {
		return fmt.Errorf("%s: bad size line %q", path, ls[1])
	}
	if len(ls)-2 != t {
		return fmt.Errorf("%s: %d rows, the header says %d", path, len(ls)-2, t)
	}
	ch.N = n
	ch.Out = make([][]Edge, n)
	prevS, prevT := -1, -1
	for i, l := range ls[2:] {
		f := strings.Split(l, " ")
		if len(f) != 3 {
			return fmt.Errorf("%s:%d: want `s t p`, got %q", path, i+3, l)
		}
		s, err1 := strconv.Atoi(f[0])
		to, err2 := strconv.Atoi(f[1])
		p, err3 := strconv.ParseFloat(f[2], 64)
		if err1 != nil || err2 != nil || err3 != nil || s < 0 || s >= n || to < 0 || to >= n {
			return fmt.Errorf("%s:%d: bad row %q", path, i+3, l)
		}
		if f[2] != strconv.FormatFloat(p, 'g', 16, 64) {
			return fmt.Errorf("%s:%d: probability %q is not printed as %%.16g", path, i+3, f[2])
		}
		if !(p > 0 && p <= 1) {
			return fmt.Errorf("%s:%d: probability %v out of (0,1]", path, i+3, p)
		}
		if s < prevS || s == prevS && to <= prevT {
			return fmt.Errorf("%s:%d: rows not sorted by source, then target", path, i+3)
		}
		prevS, prevT = s, to
		ch.Out[s] = append(ch.Out[s], Edge{to, p})
	}
	for s, es := range ch.Out {
		sum := 0.0
		for _, e := range es {
			sum += e.Prob
		}
		if math.Abs(sum-1) > 1e-12 {
			return fmt.Errorf("%s: the probabilities out of state %d sum to %v", path, s, sum)
		}
	}
	return nil
}

func (ch *Chain) readSta(path string) error {
	ls, err := lines(path)
	if err != nil {
		return err
	}
	if len(ls) != ch.N+2 || ls[0] != "# States" {
		return fmt.Errorf("%s: want the header and %d states, got %d lines", path, ch.N, len(ls))
	}
	h := ls[1]
	if !strings.HasPrefix(h, "(") || !strings.HasSuffix(h, ")") {
		return fmt.Errorf("%s: bad variable line %q", path, h)
	}
	ch.Vars = strings.Split(h[1:len(h)-1], ",")
	ch.Bools = make([]bool, len(ch.Vars))
	seen := map[string]bool{}
	for _, v := range ch.Vars {
		if v == "" || seen[v] {
			return fmt.Errorf("%s: bad or repeated variable %q", path, v)
		}
		seen[v] = true
	}
	vals := map[string]bool{}
	for i, l := range ls[2:] {
		pre := strconv.Itoa(i) + ":("
		if !strings.HasPrefix(l, pre) || !strings.HasSuffix(l, ")") {
			return fmt.Errorf("%s:%d: want state %d as %s...), got %q", path, i+3, i, pre, l)
		}
		body := l[len(pre) : len(l)-1]
		if vals[body] {
			return fmt.Errorf("%s:%d: valuation (%s) repeats", path, i+3, body)
		}
		vals[body] = true
		f := strings.Split(body, ",")
		if len(f) != len(ch.Vars) {
			return fmt.Errorf("%s:%d: %d values for %d variables", path, i+3, len(f), len(ch.Vars))
		}
		row := make([]int64, len(f))
		for j, x := range f {
			switch x {
			case "true", "false":
				if i > 0 && !ch.Bools[j] {
					return fmt.Errorf("%s:%d: variable %s is both int and bool", path, i+3, ch.Vars[j])
				}
				ch.Bools[j] = true
				if x == "true" {
					row[j] = 1
				}
			default:
				if ch.Bools[j] {
					return fmt.Errorf("%s:%d: variable %s is both int and bool", path, i+3, ch.Vars[j])
				}
				v, err := strconv.ParseInt(x, 10, 32)
				if err != nil {
					return fmt.Errorf("%s:%d: bad value %q", path, i+3, x)
				}
				row[j] = v
			}
		}
		ch.Values = append(ch.Values, row)
	}
	return nil
}

func (ch *Chain) readLab(path string) error {
	ls, err := lines(path)
	if err != nil {
		return err
	}
	if len(ls) < 2 || ls[0] != "# Labels" {
		return fmt.Errorf("%s: bad header", path)
	}
	var names []string
	for i, d := range strings.Split(ls[1], " ") {
		want := strconv.Itoa(i) + "=\""
		if !strings.HasPrefix(d, want) || !strings.HasSuffix(d, "\"") || len(d) <= len(want)+1 {
			return fmt.Errorf("%s: bad label declaration %q", path, d)
		}
		names = append(names, d[len(want):len(d)-1])
	}
	if len(names) < 2 || names[0] != "init" || names[1] != "deadlock" {
		return fmt.Errorf("%s: the first labels must be init and deadlock", path)
	}
	for _, n := range names {
		if _, dup := ch.Labels[n]; dup {
			return fmt.Errorf("%s: label %q declared twice", path, n)
		}
		ch.Labels[n] = make([]bool, ch.N)
	}
	prev := -1
	for i, l := range ls[2:] {
		c := strings.Index(l, ": ")
		if c < 0 {
			return fmt.Errorf("%s:%d: bad line %q", path, i+3, l)
		}
		s, err := strconv.Atoi(l[:c])
		if err != nil || s <= prev || s >= ch.N {
			return fmt.Errorf("%s:%d: bad or unsorted state in %q", path, i+3, l)
		}
		prev = s
		var idx []int
		for _, x := range strings.Split(l[c+2:], " ") {
			k, err := strconv.Atoi(x)
			if err != nil || k < 0 || k >= len(names) {
				return fmt.Errorf("%s:%d: bad label index %q", path, i+3, x)
			}
			idx = append(idx, k)
		}
		if !sort.IntsAreSorted(idx) {
			return fmt.Errorf("%s:%d: label indices not ascending", path, i+3)
		}
		for _, k := range idx {
			ch.Labels[names[k]][s] = true
		}
	}
	for s, b := range ch.Labels["init"] {
		if b {
			if ch.Init >= 0 {
				return fmt.Errorf("%s: several initial states", path)
			}
			ch.Init = s
		}
	}
	if ch.Init < 0 {
		return fmt.Errorf("%s: no initial state", path)
	}
	return nil
}
