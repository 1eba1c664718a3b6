// Lexer for the PRISM-games model and property languages, with the onus
// extensions (plans, behaviours, responsibility operators and metrics).
//
// Keywords are listed before IDENT so that a keyword wins over an identifier
// of the same length; maximal munch makes Pmin2, maxx and Fcount identifiers.
// onus adds the keywords CAR, CPR, CCR, SHAPLEY, BANZHAF, plan, behaviour and
// Hinf (no model of the PRISM-games corpus uses them as names). H stays an
// identifier: the parser accepts it only where a metric or degree is expected.
lexer grammar PrismLexer;

// NEG is a '-' that cannot be a binary minus, as it follows no operand (the
// start, an operator, an opening bracket, a comma...). No rule makes it:
// prism's token source retypes such a MINUS. With it the parser never has
// to look ahead to tell `a - b` from two properties `a` and `-b` (a
// properties file needs no semicolons), which made parsing a chain of
// subtractions quadratic.
tokens { NEG }

// ---------------------------------------------------------------- keywords
A             : 'A' ;
BOOL          : 'bool' ;
CLOCK         : 'clock' ;
CONST         : 'const' ;
CSG           : 'csg' ;
CTMC          : 'ctmc' ;
CTMDP         : 'ctmdp' ;
C             : 'C' ;
DISC          : 'disc' ;
DOUBLE_KW     : 'double' ;
DTMC          : 'dtmc' ;
E             : 'E' ;
ENDINIT       : 'endinit' ;
ENDINVARIANT  : 'endinvariant' ;
ENDMODULE     : 'endmodule' ;
ENDOBSERVABLES: 'endobservables' ;
ENDPLAYER     : 'endplayer' ;
ENDREWARDS    : 'endrewards' ;
ENDSYSTEM     : 'endsystem' ;
FALSE         : 'false' ;
FORMULA       : 'formula' ;
FILTER        : 'filter' ;
FUNC          : 'func' ;
F             : 'F' ;
FC            : 'Fc' ;
F0            : 'F0' ;
GLOBAL        : 'global' ;
G             : 'G' ;
INIT          : 'init' ;
INVARIANT     : 'invariant' ;
I             : 'I' ;
INT_KW        : 'int' ;
LABEL         : 'label' ;
MAXMAX        : 'maxmax' ;
MAXMIN        : 'maxmin' ;
MAX           : 'max' ;
MDP           : 'mdp' ;
MINMAX        : 'minmax' ;
MINMIN        : 'minmin' ;
MIN           : 'min' ;
MODULE        : 'module' ;
X             : 'X' ;
NONDETERMINISTIC : 'nondeterministic' ;
OBSERVABLE    : 'observable' ;
OBSERVABLES   : 'observables' ;
PMAXMAX       : 'Pmaxmax' ;
PMAXMIN       : 'Pmaxmin' ;
PMAX          : 'Pmax' ;
PMINMAX       : 'Pminmax' ;
PMINMIN       : 'Pminmin' ;
PMIN          : 'Pmin' ;
P             : 'P' ;
PLAYER        : 'player' ;
POMDP         : 'pomdp' ;
POPTA         : 'popta' ;
PROBABILISTIC : 'probabilistic' ;
PROB          : 'prob' ;
PTA           : 'pta' ;
RATE          : 'rate' ;
REWARDS       : 'rewards' ;
RMAXMAX       : 'Rmaxmax' ;
RMAXMIN       : 'Rmaxmin' ;
RMAX          : 'Rmax' ;
RMINMAX       : 'Rminmax' ;
RMINMIN       : 'Rminmin' ;
RMIN          : 'Rmin' ;
R             : 'R' ;
S             : 'S' ;
STOCHASTIC    : 'stochastic' ;
STPG          : 'stpg' ;
SMG           : 'smg' ;
SYSTEM        : 'system' ;
TPTG          : 'tptg' ;
TRUE          : 'true' ;
U             : 'U' ;
W             : 'W' ;

// onus extensions
CAR           : 'CAR' ;
CPR           : 'CPR' ;
CCR           : 'CCR' ;
SHAPLEY       : 'SHAPLEY' ;
BANZHAF       : 'BANZHAF' ;
PLAN          : 'plan' ;
BEHAVIOUR     : 'behaviour' ;
HINF          : 'Hinf' ;

// ---------------------------------------------------------------- punctuation
// Maximal munch: `[[`, `]]`, `<<`, `>>` and `<-` are single tokens, as in
// PRISM, so `P>0 [ X P>0 [ F a ]]` is a syntax error.
NOT       : '!' ;
AND       : '&' ;
OR        : '|' ;
IMPLIES   : '=>' ;
IFF       : '<=>' ;
RARROW    : '->' ;
COLON     : ':' ;
SEMI      : ';' ;
COMMA     : ',' ;
DOTS      : '..' ;
LPAREN    : '(' ;
RPAREN    : ')' ;
DLBRACKET : '[[' ;
DRBRACKET : ']]' ;
LBRACKET  : '[' ;
RBRACKET  : ']' ;
LBRACE    : '{' ;
RBRACE    : '}' ;
EQ        : '=' ;
NE        : '!=' ;
DLT       : '<<' ;
DGT       : '>>' ;
LE        : '<=' ;
GE        : '>=' ;
LT        : '<' ;
GT        : '>' ;
RENAME    : '<-' ;
PLUS      : '+' ;
MINUS     : '-' ;
TIMES     : '*' ;
DIVIDE    : '/' ;
CARET     : '^' ;
QMARK     : '?' ;
HASH      : '#' ;

// ---------------------------------------------------------------- literals
// A quoted name (label, reward structure, property name) is one token.
QNAME      : '"' IDENT_CHARS '"' ;
// A trace file given as a plan: @"run.txt" (SPEC §10.4).
TRACE      : '@"' ~["\r\n]* '"' ;
IDENTPRIME : IDENT_CHARS '\'' ;
IDENT      : IDENT_CHARS ;
// INT before DOUBLE: `10` is an INT, `007` (longer as a DOUBLE) a DOUBLE.
INT        : [1-9] [0-9]* | '0' ;
DOUBLE     : [0-9]* '.'? [0-9]+ ([eE] [+-]? [0-9]+)? ;

fragment IDENT_CHARS : [A-Za-z_] [A-Za-z0-9_]* ;

// ---------------------------------------------------------------- skipped
WS      : [ \t\r\n]+ -> skip ;
COMMENT : '//' ~[\r\n]* -> channel(HIDDEN) ;

// ---------------------------------------------------------------- errors
// Characters that start no token become error tokens that no rule accepts,
// so that the parser reports them (with a clear message and its usual
// recovery) instead of the lexer: a lone '.' (as in `1.`), a quote not
// forming a quoted name or a primed identifier, and anything else.
BAD_DOT   : '.' ;
BAD_QUOTE : '\'' ;
BAD_DQUOTE: '"' ;
BAD_CHAR  : . ;
