package prism

import (
	"fmt"
	"slices"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	g "github.com/onus-mc/onus/grammar"
)

// This file holds the parser entry points. The ANTLR parse tree never leaves
// the parse*.go files: parse_conv*.go convert it to the syntax tree of ast.go.

// ParseModel parses a model file. It returns the syntax tree, or nil and an
// ErrorList holding every syntax error of the file, sorted by position.
// ModelFile.Type is TypeNone when the file has no type keyword.
func ParseModel(fset *FileSet, filename, src string) (*ModelFile, error) {
	var m *ModelFile
	err := psRun(fset, filename, src, psModel, func(p *g.PrismParser) antlr.ParserRuleContext {
		return p.ModelFile()
	}, func(c *psConv, tree antlr.ParserRuleContext) {
		if m == nil {
			m = &ModelFile{File: c.file}
		}
		c.modelFile(m, tree.(*g.ModelFileContext))
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ParseProps parses a properties file (properties, constants, labels, plans
// and behaviours). Errors are returned as a sorted ErrorList.
func ParseProps(fset *FileSet, filename, src string) (*PropsFile, error) {
	var pf *PropsFile
	err := psRun(fset, filename, src, psProps, func(p *g.PrismParser) antlr.ParserRuleContext {
		return p.PropsFile()
	}, func(c *psConv, tree antlr.ParserRuleContext) {
		if pf == nil {
			pf = &PropsFile{File: c.file}
		}
		c.propsFile(pf, tree.(*g.PropsFileContext))
	})
	if err != nil {
		return nil, err
	}
	return pf, nil
}

// ParseExpr parses one property expression (as given with --pf); trailing
// semicolons are allowed.
func ParseExpr(fset *FileSet, filename, src string) (Expr, error) {
	var e Expr
	err := psRun(fset, filename, src, psWhole, func(p *g.PrismParser) antlr.ParserRuleContext {
		return p.SingleExpr()
	}, func(c *psConv, tree antlr.ParserRuleContext) {
		c.props = true
		e = c.expr(tree.(*g.SingleExprContext).Expr(), false)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// ParsePath parses an outcome formula (SPEC §3), where temporal operators
// may appear at the top (as given with onus blame --outcome).
func ParsePath(fset *FileSet, filename, src string) (Expr, error) {
	var e Expr
	err := psRun(fset, filename, src, psWhole, func(p *g.PrismParser) antlr.ParserRuleContext {
		return p.SingleExpr()
	}, func(c *psConv, tree antlr.ParserRuleContext) {
		c.props = true
		e = c.expr(tree.(*g.SingleExprContext).Expr(), true)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// ParsePlan parses a plan definition `NAME = steps` (as given with --plan);
// a trailing semicolon is allowed.
func ParsePlan(fset *FileSet, filename, src string) (*PlanDecl, error) {
	var d *PlanDecl
	src = quoteTrace(src)
	err := psRun(fset, filename, src, psWhole, func(p *g.PrismParser) antlr.ParserRuleContext {
		return p.SinglePlan()
	}, func(c *psConv, tree antlr.ParserRuleContext) {
		ctx := tree.(*g.SinglePlanContext)
		id := c.ident(ctx.IDENT())
		d = &PlanDecl{Pos: id.NamePos, Name: id, Plan: c.plan(ctx.Plan())}
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// ParseBarePlan parses a plan without a name (`[d1,d2] [*]^2`, or a
// trace `@FILE`, FILE quoted or not), as `onus blame --plan` takes it.
func ParseBarePlan(fset *FileSet, filename, src string) (*Plan, error) {
	var pl *Plan
	src = quoteBareTrace(src)
	err := psRun(fset, filename, src, psWhole, func(p *g.PrismParser) antlr.ParserRuleContext {
		return p.BarePlan()
	}, func(c *psConv, tree antlr.ParserRuleContext) {
		pl = c.plan(tree.(*g.BarePlanContext).Plan())
	})
	if err != nil {
		return nil, err
	}
	return pl, nil
}

// psRun lexes and parses src with the given start rule, in pieces as split
// allows (see psChunkEnds), each first in SLL prediction mode (fast) and,
// only if that reports an error, again in full LL mode, whose errors are
// the ones reported. The tree of each piece is handed to convert while no
// piece had a syntax error; the errors of a file with syntax errors are
// only those.
func psRun(fset *FileSet, filename, src string, split psSplit,
	start func(*g.PrismParser) antlr.ParserRuleContext,
	convert func(*psConv, antlr.ParserRuleContext)) (err error) {
	file := fset.AddFile(filename, src)
	c := &psConv{fset: fset, file: file, src: []rune(src)}
	defer func() {
		// Last resort: a panic inside the ANTLR runtime or the conversion is
		// a bug, but the caller gets an error rather than a crash.
		if r := recover(); r != nil {
			switch x := r.(type) {
			case *psTooDeep:
				c.tooDeep(x)
				err = c.errs.Capped().Err()
				return
			case psStop:
				err = c.errs.Capped().Err()
				return
			}
			c.errs.Add(fset.Position(file.Pos(0)), fmt.Sprintf("internal parser error: %v", r))
			err = c.errs.Err()
		}
	}()

	input := antlr.NewInputStream(src)
	ends, ok, longAt := psChunkEnds(input, split)
	if !ok {
		c.errorf(file.Pos(longAt), "this item is longer than %d MiB, the most onus parses at once (up to a ';' outside brackets, or a module, rewards or player block): split it, e.g. into formulas", MaxItemSize>>20)
		return c.errs.Err()
	}
	var convErrs ErrorList
	from := 0
	for _, to := range ends {
		tree := c.parseChunk(input, from, to, start)
		if len(c.errs) > 0 {
			// syntax errors: parse on for more of them, convert no more
			convErrs = nil
		} else {
			c.errs = convErrs
			convert(c, tree)
			convErrs, c.errs = c.errs, nil
		}
		from = to
	}
	if len(c.errs) == 0 {
		c.errs = convErrs
	}
	return c.errs.Capped().Err()
}

// parseChunk parses the characters from:to of input, adding its syntax
// errors to c.errs; the tree is only meaningful if there are none.
func (c *psConv) parseChunk(input *antlr.InputStream, from, to int,
	start func(*g.PrismParser) antlr.ParserRuleContext) antlr.ParserRuleContext {
	input.Seek(from)
	lexer := g.NewPrismLexer(input)
	if from > 0 {
		at := c.fset.Position(c.file.Pos(from))
		sim := lexer.Interpreter.(*antlr.LexerATNSimulator)
		sim.Line, sim.CharPositionInLine = at.Line, at.Column-1
	}
	lexer.RemoveErrorListeners()
	lexer.AddErrorListener(&psLexListener{c: c})
	source := &psChunkSource{psNegSource: psNegSource{PrismLexer: lexer}, end: to}
	tokens := antlr.NewCommonTokenStream(source, antlr.TokenDefaultChannel)
	tokens.Fill()
	had := len(c.errs)
	if !c.checkNesting(tokens.GetAllTokens()) {
		return nil
	}

	p := g.NewPrismParser(tokens)
	p.RemoveErrorListeners()
	p.AddParseListener(&psDepthListener{p: p.BaseParser})
	p.AddErrorListener(&psParseListener{c: c, count: true})
	p.GetInterpreter().SetPredictionMode(antlr.PredictionModeSLL)
	tree, sllFailed := psFirstStage(p, start)
	if sllFailed || len(c.errs) > had {
		tokens.Seek(0)
		p = g.NewPrismParser(tokens)
		p.RemoveErrorListeners()
		p.AddParseListener(&psDepthListener{p: p.BaseParser})
		p.AddErrorListener(&psParseListener{c: c})
		p.GetInterpreter().SetPredictionMode(antlr.PredictionModeLL)
		tree = start(p)
	}
	return tree
}

// psFirstStage runs the SLL stage, which stops at its first syntax error
// (there is no point in recovering from errors that the LL stage reports
// again): failed says whether it did.
func psFirstStage(p *g.PrismParser, start func(*g.PrismParser) antlr.ParserRuleContext) (tree antlr.ParserRuleContext, failed bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(psSLLFailed); !ok {
				panic(r)
			}
			tree, failed = nil, true
		}
	}()
	return start(p), false
}

// psLexListener reports lexer errors. The lexer turns every character that
// starts no token into an error token (BAD_* in PrismLexer.g4) that the
// parser reports, so this listener is only a safety net.
type psLexListener struct {
	*antlr.DefaultErrorListener
	c *psConv
}

func (l *psLexListener) SyntaxError(_ antlr.Recognizer, _ interface{}, line, column int, msg string, _ antlr.RecognitionException) {
	l.c.errs.Add(Position{Filename: l.c.file.Name(), Line: line, Column: column + 1}, "syntax error: "+msg)
}

// psParseListener turns parser errors into `unexpected X, expected Y`.
type psParseListener struct {
	*antlr.DefaultErrorListener
	c     *psConv
	count bool // first (SLL) stage: stop at the first error
}

func (l *psParseListener) SyntaxError(rec antlr.Recognizer, sym interface{}, line, column int, msg string, e antlr.RecognitionException) {
	if l.count {
		panic(psSLLFailed{})
	}
	pos := Position{Filename: l.c.file.Name(), Line: line, Column: column + 1}
	what := "syntax error"
	tok, _ := sym.(antlr.Token)
	if tok != nil {
		pos = l.c.fset.Position(l.c.file.Pos(tok.GetStart()))
		if tok.GetTokenType() == antlr.TokenEOF {
			pos = l.c.endPosition()
			what += ": unexpected end of input"
		} else {
			what += ": unexpected " + psTokenDesc(tok)
		}
	}
	if len(l.c.errs) >= MaxErrors {
		// one error more than the cap: stop parsing, as ANTLR's recovery
		// would go on through the whole file
		l.c.errs.Add(pos, TooManyErrors)
		panic(psStop{})
	}
	if p, ok := rec.(antlr.Parser); ok {
		if tok != nil {
			if at, hint := unparenthesisedBound(p, tok); hint != "" {
				// the hint replaces the errors of the bound's recovery
				from := l.c.fset.Position(l.c.file.Pos(at.GetStart()))
				l.c.errs = slices.DeleteFunc(l.c.errs, func(e *Error) bool {
					return e.Pos.Filename == from.Filename && (e.Pos.Line > from.Line || e.Pos.Line == from.Line && e.Pos.Column >= from.Column)
				})
				l.c.errs.Add(from, hint)
				// later errors would only be the recovery's: stop here
				panic(psStop{})
			}
		}
		if exp := psExpected(p); exp != "" {
			what += ", expected " + exp
			if tok != nil && tok.GetText() == "]]" && strings.Contains(exp, "']'") {
				what += " (']]' is one token, the end of a [[A]] coalition: write '] ]' to close two brackets)"
			}
		}
	}
	l.c.errs.Add(pos, what)
}

// endPosition is the position just after the last non-space character.
func (c *psConv) endPosition() Position {
	n := len(c.src)
	for n > 0 && (c.src[n-1] == ' ' || c.src[n-1] == '\t' || c.src[n-1] == '\n' || c.src[n-1] == '\r') {
		n--
	}
	return c.fset.Position(c.file.Pos(n))
}

// psTokenDesc describes a token for a message: its text in quotes (cut if
// long), with a hint for the error tokens of the lexer.
func psTokenDesc(t antlr.Token) string {
	text := t.GetText()
	if len([]rune(text)) > 24 {
		text = string([]rune(text)[:21]) + "..."
	}
	switch t.GetTokenType() {
	case g.PrismLexerBAD_DOT:
		return "'.' (a number needs digits after the point)"
	case g.PrismLexerBAD_QUOTE:
		return "' (a primed variable is written x' with no space)"
	case g.PrismLexerBAD_DQUOTE:
		return "'\"' (a quoted name is an identifier in double quotes, with no spaces)"
	case g.PrismLexerBAD_CHAR:
		return fmt.Sprintf("character %q", text)
	}
	return "'" + text + "'"
}

// psExpected lists the tokens the parser could accept, or "" if the list is
// too long to help.
func psExpected(p antlr.Parser) (s string) {
	defer func() {
		if recover() != nil {
			s = ""
		}
	}()
	set := p.GetExpectedTokens()
	if set == nil {
		return ""
	}
	var names []string
	seen := map[string]bool{}
	for _, iv := range set.GetIntervals() {
		for t := iv.Start; t < iv.Stop; t++ {
			n := psTokenName(p, t)
			if n != "" && !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	switch {
	case len(names) == 0 || len(names) > 8:
		return ""
	case len(names) == 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// psTokenName names token type t for an `expected` list.
func psTokenName(p antlr.Parser, t int) string {
	switch t {
	case antlr.TokenEOF:
		return "end of input"
	case g.PrismLexerIDENT:
		return "identifier"
	case g.PrismLexerIDENTPRIME:
		return "primed variable"
	case g.PrismLexerINT:
		return "integer"
	case g.PrismLexerDOUBLE:
		return "number"
	case g.PrismLexerQNAME:
		return "quoted name"
	case g.PrismLexerNEG:
		return "'-'"
	}
	lit := p.GetLiteralNames()
	if t >= 0 && t < len(lit) && lit[t] != "" {
		return lit[t]
	}
	return ""
}
