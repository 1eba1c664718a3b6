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

// MaxItemSize bounds the characters of one item (a property, a module, a
// formula...: what ends at a `;` outside brackets or at the keyword closing
// a block). The parser needs about 700 bytes per character of an item, so
// a longer one is refused rather than let it run out of memory.
const MaxItemSize = 4 << 20

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
// item left open (an unclosed bracket) runs to the end of the input. An
// item longer than MaxItemSize gives no pieces but its start (ok false).
func psChunkEnds(input *antlr.InputStream, split psSplit) (ends []int, ok bool, longAt int) {
	defer input.Seek(0)
	size := input.Size()
	if size <= MaxItemSize && (split == psWhole || size <= psChunkSize) {
		return []int{size}, true, 0
	}
	lexer := g.NewPrismLexer(input)
	lexer.RemoveErrorListeners()
	last, depth, cut, block := 0, 0, -1, 0
	item := -1 // start of the current item
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
			if cut-last >= psChunkSize && split != psWhole {
				ends = append(ends, cut)
				last = cut
			}
			cut, item = -1, -1
		}
		if item < 0 {
			item = t.GetStart()
		}
		if t.GetStop()-item >= MaxItemSize {
			return nil, false, item
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
	return append(ends, size), true, 0
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
