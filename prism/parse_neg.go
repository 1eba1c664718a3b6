package prism

import (
	"github.com/antlr4-go/antlr/v4"

	g "github.com/onus-mc/onus/grammar"
)

// psNegSource hands the lexer's tokens to the parser, retyping as NEG every
// '-' that follows no operand (see NEG in PrismLexer.g4): after an
// identifier, a number, a literal, a quoted name or a closing bracket '-'
// is the binary minus, anywhere else the unary one. The parser then never
// looks ahead through a whole expression to decide which it is. A time
// bound's value (`F<=k`) ends the bound, as in PRISM: a '-' after it starts
// the operand (`F<=k -x`), so it is a NEG too.
type psNegSource struct {
	*g.PrismLexer
	prev [3]int // types of the last three tokens on the default channel, last first
}

func (s *psNegSource) NextToken() antlr.Token {
	t := s.PrismLexer.NextToken()
	if t.GetChannel() != antlr.TokenDefaultChannel {
		return t
	}
	typ := t.GetTokenType()
	if typ == g.PrismLexerMINUS && (!psEndsOperand(s.prev[0]) || psBoundValue(s.prev)) {
		typ = g.PrismLexerNEG
		t = antlr.CommonTokenFactoryDEFAULT.Create(t.GetSource(), typ, t.GetText(),
			t.GetChannel(), t.GetStart(), t.GetStop(), t.GetLine(), t.GetColumn())
	}
	s.prev = [3]int{typ, s.prev[0], s.prev[1]}
	return t
}

// psBoundValue reports whether the last three tokens are a time bound
// `OP REL VALUE`.
func psBoundValue(prev [3]int) bool {
	switch prev[2] {
	case g.PrismLexerX, g.PrismLexerF, g.PrismLexerG, g.PrismLexerU, g.PrismLexerW, g.PrismLexerR:
	default:
		return false
	}
	switch prev[1] {
	case g.PrismLexerLE, g.PrismLexerLT, g.PrismLexerGE, g.PrismLexerGT, g.PrismLexerEQ:
	default:
		return false
	}
	switch prev[0] {
	case g.PrismLexerINT, g.PrismLexerDOUBLE, g.PrismLexerIDENT:
		return true
	}
	return false
}

// psEndsOperand reports whether a token of type typ can end an operand.
func psEndsOperand(typ int) bool {
	switch typ {
	case g.PrismLexerIDENT, g.PrismLexerIDENTPRIME, g.PrismLexerINT, g.PrismLexerDOUBLE,
		g.PrismLexerTRUE, g.PrismLexerFALSE, g.PrismLexerQNAME,
		g.PrismLexerRPAREN, g.PrismLexerRBRACKET:
		return true
	}
	return false
}
