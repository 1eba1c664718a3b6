package prism

import (
	"github.com/antlr4-go/antlr/v4"

	g "github.com/onus-mc/onus/grammar"
)

// Model and properties files are parsed in pieces of about psChunkSize
// characters, each cut after a complete item, so that the parser's tokens
// and tree (hundreds of bytes per character of input) are held for one
// piece at a time and only the syntax tree of ast.go for the whole file: a
// 15 MiB file of repeated properties needed 3 GB in one piece.

// psSplit says where a file may be cut: nowhere (an argument such as
// --pf), after the items of a properties file, or after those of a model.
type psSplit int

const (
	psWhole psSplit = iota
	psProps
	psModel
)

// psChunkSize is the least number of characters of a piece (but the last).
const psChunkSize = 1 << 16

// psBlockEnd gives, for a token that opens a block of model items in
// which `;` ends inner items, the token that closes it.
var psBlockEnd = map[int]int{
	g.PrismLexerMODULE: g.PrismLexerENDMODULE, g.PrismLexerREWARDS: g.PrismLexerENDREWARDS,
	g.PrismLexerPLAYER: g.PrismLexerENDPLAYER, g.PrismLexerSYSTEM: g.PrismLexerENDSYSTEM,
	g.PrismLexerOBSERVABLES: g.PrismLexerENDOBSERVABLES,
}

// psChunkEnds lexes input and returns the offsets (in characters) at which
// the pieces end, the last being the end of the input. A piece ends after
// an item: after a run of `;` outside brackets (and, in a model, outside
// modules and the other blocks), or after the keyword closing a block. An
// item left open (an unclosed bracket) runs to the end of the input.
func psChunkEnds(input *antlr.InputStream, split psSplit) []int {
	defer input.Seek(0)
	size := input.Size()
	if split == psWhole || size <= psChunkSize {
		return []int{size}
	}
	lexer := g.NewPrismLexer(input)
	lexer.RemoveErrorListeners()
	var ends []int
	last, depth, cut, block := 0, 0, -1, 0
	for {
		t := lexer.NextToken()
		typ := t.GetTokenType()
		if typ == antlr.TokenEOF {
			break
		}
		if t.GetChannel() != antlr.TokenDefaultChannel {
			continue
		}
		if cut >= 0 && typ != g.PrismLexerSEMI {
			if cut-last >= psChunkSize {
				ends = append(ends, cut)
				last = cut
			}
			cut = -1
		}
		switch typ {
		case g.PrismLexerLPAREN, g.PrismLexerLBRACKET, g.PrismLexerDLBRACKET, g.PrismLexerLBRACE:
			depth++
		case g.PrismLexerRPAREN, g.PrismLexerRBRACKET, g.PrismLexerDRBRACKET, g.PrismLexerRBRACE:
			depth = max(depth-1, 0)
		case g.PrismLexerSEMI:
			if depth == 0 && block == 0 {
				cut = t.GetStop() + 1
			}
		default:
			if split != psModel {
				break
			}
			if end, ok := psBlockEnd[typ]; ok && block == 0 {
				block = end
			} else if typ == block {
				block, depth = 0, 0
				cut = t.GetStop() + 1
			}
		}
	}
	return append(ends, size)
}

// psChunkSource hands the parser the tokens of one piece, from psNegSource,
// and an end of input at the end of the piece.
type psChunkSource struct {
	psNegSource
	end int // offset at which the piece ends
	eof antlr.Token
}

func (s *psChunkSource) NextToken() antlr.Token {
	if s.eof != nil {
		return s.eof
	}
	t := s.psNegSource.NextToken()
	if t.GetTokenType() != antlr.TokenEOF && t.GetStart() < s.end {
		return t
	}
	if t.GetTokenType() != antlr.TokenEOF {
		t = antlr.CommonTokenFactoryDEFAULT.Create(t.GetSource(), antlr.TokenEOF, "<EOF>",
			antlr.TokenDefaultChannel, s.end, s.end-1, t.GetLine(), t.GetColumn())
	}
	s.eof = t
	return t
}
