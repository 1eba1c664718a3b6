package prism

import (
	"slices"

	"github.com/antlr4-go/antlr/v4"
	g "github.com/onus-mc/onus/grammar"
)

// As in PRISM, a time bound (`F<=k`, `U<=k`) and a plan's repetition count
// (`[*]^k`) are a number, a name or a parenthesised expression: `F<=k+1 a`
// would be ambiguous in a file without semicolons (`F<=a (b)`). When a
// syntax error follows such a bound that goes on with an arithmetic
// operator, unparenthesisedBound explains that instead of the parser's
// `unexpected ...`.

// boundOps are the operators that continue a bound's expression.
var boundOps = []int{g.PrismLexerPLUS, g.PrismLexerMINUS, g.PrismLexerNEG, g.PrismLexerTIMES, g.PrismLexerDIVIDE, g.PrismLexerCARET}

// unparenthesisedBound looks back from the error token bad for `OP REL
// VALUE op` (OP a temporal operator) or `] ^ VALUE op` (a plan; the error at op), with
// no bracket or semicolon between op and bad. It returns the bound's value
// token and the message, or "" if there is none.
func unparenthesisedBound(p antlr.Parser, bad antlr.Token) (antlr.Token, string) {
	ts, ok := p.GetTokenStream().(*antlr.CommonTokenStream)
	if !ok {
		return nil, ""
	}
	toks := ts.GetAllTokens()
	end := bad.GetTokenIndex()
	if end < 0 || end >= len(toks) {
		return nil, ""
	}
	typ := func(i int) int {
		if i < 0 || i > end {
			return -1
		}
		return toks[i].GetTokenType()
	}
	for i := end; i >= 3; i-- {
		switch typ(i) {
		case g.PrismLexerLBRACKET, g.PrismLexerRBRACKET, g.PrismLexerSEMI, g.PrismLexerLBRACE, g.PrismLexerRBRACE:
			return nil, ""
		}
		if !slices.Contains(boundOps, typ(i)) {
			continue
		}
		switch typ(i - 1) {
		case g.PrismLexerINT, g.PrismLexerDOUBLE, g.PrismLexerIDENT:
		default:
			continue
		}
		op, rel := typ(i-3), typ(i-2)
		switch {
		case slices.Contains([]int{g.PrismLexerX, g.PrismLexerF, g.PrismLexerG, g.PrismLexerU, g.PrismLexerW, g.PrismLexerR}, op) &&
			slices.Contains([]int{g.PrismLexerLE, g.PrismLexerLT, g.PrismLexerGE, g.PrismLexerGT, g.PrismLexerEQ}, rel):
			bound := toks[i-3].GetText() + toks[i-2].GetText()
			return toks[i-1], "a time bound other than a number or a name must be parenthesised, as in PRISM: " +
				bound + "(" + toks[i-1].GetText() + toks[i].GetText() + "...)"
		case op == g.PrismLexerRBRACKET || op == g.PrismLexerRPAREN:
			// `P=?[F a]^k+1` is arithmetic: only an error at the operator
			// itself is taken for a plan's count
			if rel == g.PrismLexerCARET && i == end {
				return toks[i-1], "a repetition count other than a number or a name must be parenthesised: ^(" +
					toks[i-1].GetText() + toks[i].GetText() + "...)"
			}
		}
	}
	return nil, ""
}
