package prism

import (
	"fmt"

	"github.com/antlr4-go/antlr/v4"

	g "github.com/onus-mc/onus/grammar"
)

// Nesting limits. ANTLR's adaptive prediction compares whole invocation
// stacks, and some decisions (is `(x'=...` an update or a parenthesised
// probability?) look ahead through a whole nested expression, so parsing
// time grows with the square of the nesting depth: 10,000 open parentheses
// or `-` signs took minutes. Two caps keep parsing linear and every later
// recursive pass shallow:
//
//   - MaxNesting bounds brackets plus a run of prefix operators (- ! X F G),
//     counted on the tokens before parsing, so no prediction runs deep;
//   - MaxRuleDepth bounds how deeply grammar rules nest while parsing
//     (chains of => ^ ?: and everything else).
const (
	MaxNesting   = 500
	MaxRuleDepth = 2500
)

// psDepthListener aborts the parse (by panicking with *psTooDeep) when a
// rule is entered more than MaxNesting levels deep. The depth is the length
// of the parent chain of the rule's context: ANTLR gives the contexts of a
// left-recursive loop (a+b+c) the same parent, so long flat sums and
// conjunctions do not count as nesting.
type psDepthListener struct {
	antlr.BaseParseTreeListener
	p *antlr.BaseParser
}

// psTooDeep is the panic value of psDepthListener: the token at which the
// limit was reached.
type psTooDeep struct{ tok antlr.Token }

func (l *psDepthListener) EnterEveryRule(ctx antlr.ParserRuleContext) {
	d := 0
	for c := antlr.RuleContext(ctx); c != nil && d <= MaxRuleDepth; d++ {
		p := c.GetParent()
		if p == nil {
			break
		}
		c = p.(antlr.RuleContext)
	}
	if d > MaxRuleDepth {
		panic(&psTooDeep{tok: l.p.GetCurrentToken()})
	}
}

// tooDeep records the nesting error at the token where the limit was hit.
func (c *psConv) tooDeep(e *psTooDeep) {
	pos := c.endPosition()
	if e.tok != nil && e.tok.GetTokenType() != antlr.TokenEOF {
		pos = c.fset.Position(c.file.Pos(e.tok.GetStart()))
	}
	c.errs.Add(pos, fmt.Sprintf("nested too deeply: more than %d levels of nested rules (chains of =>, ^ or ?:, parentheses)", MaxRuleDepth))
}

// checkNesting reports whether the tokens nest at most MaxNesting deep,
// counting open brackets plus the current run of prefix operators; if not,
// it records an error at the first token beyond the limit.
func (c *psConv) checkNesting(toks []antlr.Token) bool {
	depth, run := 0, 0
	for _, t := range toks {
		switch t.GetTokenType() {
		case g.PrismLexerLPAREN, g.PrismLexerLBRACKET, g.PrismLexerDLBRACKET, g.PrismLexerLBRACE:
			depth++
			run = 0
		case g.PrismLexerRPAREN, g.PrismLexerRBRACKET, g.PrismLexerDRBRACKET, g.PrismLexerRBRACE:
			depth = max(depth-1, 0)
			run = 0
		case g.PrismLexerNEG, g.PrismLexerMINUS, g.PrismLexerNOT, g.PrismLexerX, g.PrismLexerF, g.PrismLexerG:
			run++
		default:
			run = 0
		}
		if depth+run > MaxNesting {
			c.errs.Add(c.fset.Position(c.file.Pos(t.GetStart())),
				fmt.Sprintf("nested too deeply: more than %d levels of brackets and prefix operators", MaxNesting))
			return false
		}
	}
	return true
}
