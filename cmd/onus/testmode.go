package main

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// resultRE matches a RESULT annotation as PRISM's -test reads it
// (reference §5.4): RESULT, an optional constant list, a colon, a token.
var resultRE = regexp.MustCompile(`RESULT[ \t]*(\(([^)]*)\))?[ \t]*:[ \t]*(\S+)`)

// testTolerance is PRISM's default relative tolerance for double results.
const testTolerance = 1e-5

// expectedFor returns the RESULT token that applies under consts, or "" if
// none does.
func expectedFor(p *prism.Property, consts []translate.ConstAssign) string {
	for _, line := range p.Comments {
		for _, m := range resultRE.FindAllStringSubmatch(line, -1) {
			if m[1] == "" || constsMatch(m[2], consts) {
				return m[3]
			}
		}
	}
	return ""
}

// constsMatch reports whether every c=v of list holds under consts
// (numbers compared numerically).
func constsMatch(list string, consts []translate.ConstAssign) bool {
	for _, item := range strings.Split(list, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return false
		}
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		found := false
		for _, c := range consts {
			if c.Name != name {
				continue
			}
			found = true
			if c.Value.Type == prism.TBool {
				if val != strconv.FormatBool(c.Value.B) {
					return false
				}
			} else if f, err := strconv.ParseFloat(val, 64); err != nil || f != c.Value.Float() {
				return false
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// testResult compares a result with its RESULT annotation.
func testResult(fset *prism.FileSet, r propResult) (bool, string) {
	tok := expectedFor(r.prop, r.consts)
	if tok == "" {
		return false, "FAIL (did not find a RESULT specification)"
	}
	if tok == "?" {
		return true, "not tested (RESULT: ?)"
	}
	if strings.HasPrefix(tok, "Error") {
		if r.err == nil {
			return false, fmt.Sprintf("FAIL (expected an error, got %s)", formatResult(r.res, true))
		}
		if _, words, ok := strings.Cut(tok, ":"); ok {
			msg := strings.ToLower(r.err.Error())
			for _, w := range strings.Split(words, ",") {
				if !strings.Contains(msg, strings.ToLower(w)) {
					return false, fmt.Sprintf("FAIL (error %q does not mention %q)", r.err.Error(), w)
				}
			}
		}
		return true, "PASS (error as expected)"
	}
	if r.err != nil {
		return false, fmt.Sprintf("FAIL (expected %s, got an error: %v)", tok, r.err)
	}
	ok, err := matches(fset, r, tok)
	if err != nil {
		return false, fmt.Sprintf("FAIL (bad RESULT %q: %v)", tok, err)
	}
	if !ok {
		return false, fmt.Sprintf("FAIL (expected %s, got %s)", tok, formatResult(r.res, true))
	}
	return true, "PASS"
}

func matches(fset *prism.FileSet, r propResult, tok string) (bool, error) {
	res := r.res
	switch res.Kind {
	case checker.KindBool:
		switch tok {
		case "true":
			return res.Bool, nil
		case "false":
			return !res.Bool, nil
		}
		return false, fmt.Errorf("a boolean result needs true or false")
	case checker.KindCount:
		want, ok := new(big.Int).SetString(tok, 10)
		if ok {
			return want.Cmp(res.Count) == 0, nil
		}
		// Counts are exact: an expression must evaluate to the integer
		// itself (as PRISM compares int results).
		v, err := evalNumber(fset, r, tok)
		if err != nil {
			return false, err
		}
		if v != math.Trunc(v) || math.IsInf(v, 0) {
			return false, nil
		}
		w, _ := new(big.Float).SetFloat64(v).Int(nil)
		return w.Cmp(res.Count) == 0, nil
	case checker.KindRange:
		// A range matches [lo,hi] end by end.
		inner := strings.TrimSuffix(strings.TrimPrefix(tok, "["), "]")
		parts := splitTop(inner)
		if len(parts) != 2 || !strings.HasPrefix(tok, "[") {
			return false, fmt.Errorf("a range result needs [lo,hi]")
		}
		for i, got := range []float64{res.Range.Lo, res.Range.Hi} {
			ok, err := matchFloat(fset, r, parts[i], got)
			if err != nil || !ok {
				return false, err
			}
		}
		return true, nil
	case checker.KindDegrees, checker.KindPower:
		ms := res.Measures()
		inner := strings.TrimSuffix(strings.TrimPrefix(tok, "("), ")")
		parts := splitTop(inner)
		if len(parts) != len(ms) || !strings.HasPrefix(tok, "(") {
			return false, fmt.Errorf("a =? result needs (%s,%s,%s)", ms[0].Name, ms[1].Name, ms[2].Name)
		}
		for i, m := range ms {
			ok, err := matchFloat(fset, r, parts[i], m.Value)
			if err != nil || !ok {
				return false, err
			}
		}
		return true, nil
	}
	return matchFloat(fset, r, tok, res.Number)
}

// matchFloat compares got with the value of the expression tok, evaluated
// over the model's constants, with PRISM's relative tolerance.
func matchFloat(fset *prism.FileSet, r propResult, tok string, got float64) (bool, error) {
	tok = strings.TrimPrefix(tok, "~")
	var want float64
	switch tok {
	case "Infinity", "+Infinity":
		want = math.Inf(1)
	case "-Infinity":
		want = math.Inf(-1)
	case "NaN":
		return math.IsNaN(got), nil
	default:
		if strings.HasPrefix(tok, "[") && strings.HasSuffix(tok, "]") {
			// An interval [lo,hi] of acceptable values.
			parts := splitTop(tok[1 : len(tok)-1])
			if len(parts) != 2 {
				return false, fmt.Errorf("an interval needs [lo,hi]")
			}
			lo, err := evalNumber(fset, r, parts[0])
			if err != nil {
				return false, err
			}
			hi, err := evalNumber(fset, r, parts[1])
			if err != nil {
				return false, err
			}
			return lo <= got && got <= hi, nil
		}
		v, err := evalNumber(fset, r, tok)
		if err != nil {
			return false, err
		}
		want = v
	}
	return closeEnough(want, got), nil
}

// evalNumber evaluates a RESULT expression over the model's constants.
func evalNumber(fset *prism.FileSet, r propResult, src string) (float64, error) {
	e, err := prism.ParseExpr(fset, "RESULT", src)
	if err != nil {
		return 0, err
	}
	v, err := r.model.EvalConst(e)
	if err != nil {
		return 0, err
	}
	if v.Type == prism.TBool {
		return 0, fmt.Errorf("expected a number")
	}
	return v.Float(), nil
}

func closeEnough(want, got float64) bool {
	if want == got {
		return true
	}
	if math.IsInf(want, 0) || math.IsNaN(want) || math.IsNaN(got) {
		return false
	}
	diff := math.Abs(want - got)
	if want == 0 {
		return diff < 1e-12
	}
	return diff/math.Abs(want) < testTolerance
}

// splitTop splits s at commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
