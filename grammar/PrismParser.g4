// Parser for the PRISM-games model and property languages with the onus
// extensions. Temporal operators are accepted by the grammar everywhere; the
// tree conversion (prism/parse_expr.go) rejects them outside the operators
// that take a path formula, as PRISM does.
parser grammar PrismParser;

options { tokenVocab = PrismLexer; }

// ---------------------------------------------------------------- entry points

modelFile : modelItem* EOF ;

propsFile : propsItem* EOF ;

singleExpr : expr SEMI* EOF ;

singlePlan : IDENT EQ plan SEMI? EOF ;

// A plan without a name (onus blame --plan '[d1,d2]').
barePlan : plan SEMI? EOF ;

// ---------------------------------------------------------------- model items

modelItem
    : modelType
    | constDecl
    | formulaDecl
    | labelDecl
    | globalDecl
    | moduleDecl
    | renamedModule
    | rewardsDecl
    | initDecl
    | playerDecl
    | systemDecl
    | observablesDecl
    ;

modelType
    : DTMC | PROBABILISTIC | MDP | NONDETERMINISTIC | CTMC | STOCHASTIC | CTMDP
    | PTA | POMDP | POPTA | STPG | SMG | TPTG | CSG
    ;

constDecl : (CONST (INT_KW | DOUBLE_KW | BOOL)? | RATE | PROB) IDENT (EQ expr)? SEMI ;

formulaDecl : FORMULA IDENT EQ expr SEMI ;

labelDecl : LABEL QNAME EQ expr SEMI ;

globalDecl : GLOBAL varDecl ;

varDecl : IDENT COLON varType (INIT expr)? SEMI ;

varType
    : LBRACKET expr DOTS expr RBRACKET
    | BOOL
    | INT_KW
    | CLOCK
    ;

moduleDecl : MODULE IDENT varDecl* (INVARIANT expr ENDINVARIANT)? command* ENDMODULE ;

renamedModule : MODULE IDENT EQ IDENT LBRACKET renamePair (COMMA renamePair)* RBRACKET ENDMODULE ;

renamePair : renameName EQ renameName ;

renameName : IDENT | MIN | MAX ;

command : LBRACKET actionList? RBRACKET expr RARROW updates SEMI ;

actionList : IDENT (COMMA IDENT)* ;

// A single update is tried first, so that `(x'=1)` is not read as a
// parenthesised probability.
updates
    : update
    | probUpdate (PLUS probUpdate)*
    ;

probUpdate : updateProb COLON update ;

updateProb
    : expr
    | LBRACKET expr COMMA expr RBRACKET
    ;

update
    : assignment (AND assignment)*
    | TRUE
    ;

assignment : LPAREN IDENTPRIME EQ expr RPAREN ;

rewardsDecl : REWARDS QNAME? rewardItem* ENDREWARDS ;

rewardItem : (LBRACKET actionList? RBRACKET)? expr COLON expr SEMI ;

initDecl : INIT expr ENDINIT ;

playerDecl : PLAYER IDENT (playerItem (COMMA playerItem)*)? ENDPLAYER ;

playerItem
    : IDENT
    | LBRACKET IDENT RBRACKET
    ;

// system ... endsystem and observables are parsed leniently and rejected by
// the translator.
systemDecl : SYSTEM (~ENDSYSTEM)* ENDSYSTEM ;

observablesDecl
    : OBSERVABLES (~ENDOBSERVABLES)* ENDOBSERVABLES
    | OBSERVABLE QNAME EQ expr SEMI
    ;

// ---------------------------------------------------------------- props items

propsItem
    : constDecl
    | labelDecl
    | planDecl
    | behaviourDecl
    | property SEMI*
    ;

property : (QNAME COLON)? expr ;

planDecl : PLAN IDENT EQ plan SEMI ;

plan : planItem+ | TRACE ;

planItem : (planStep | LPAREN planItem+ RPAREN) (CARET planCount)? ;

// `-` (a NEG token, as it follows `[` or `,`; or `idle`, when no action has
// that name) names an idle csg player
// and `*` a free one; a step with either lists one entry per player, in
// player order. `[*]` alone leaves every player free.
planStep : LBRACKET planEntry (COMMA planEntry)* RBRACKET ;

planEntry : planAction | NEG | TIMES ;

planAction : IDENT | HASH INT ;

planCount : INT | IDENT | LPAREN expr RPAREN ;

behaviourDecl : BEHAVIOUR playerRef LBRACE (actionWeight (COMMA actionWeight)*)? RBRACE SEMI? ;

actionWeight : planAction COLON expr ;

playerRef : IDENT | INT ;

// ---------------------------------------------------------------- expressions

// One left-recursive rule in precedence-climbing form; alternatives listed
// earlier bind tighter (reference §3.1, read bottom-up). Unary minus binds
// tighter than `^`; `!` sits between the relations and `&`; `^`, `=>` and
// `?:` associate to the right. ANTLR accepts a few groupings that PRISM's
// grammar does not (a prefix operator as any operand, as in `a = !b` or
// `a & F b`; a `?:` as a then-branch; `a U b U c`): the conversion rejects
// them by checking each operand's level, so the language is PRISM's.
expr
    : primary                                           # PrimaryExpr
    | NEG expr                                          # NegExpr
    | <assoc=right> expr CARET expr                     # PowExpr
    | expr (TIMES | DIVIDE) expr                        # TimesExpr
    | expr (PLUS | MINUS) expr                          # PlusExpr
    | expr (LT | LE | GT | GE) expr                     # RelExpr
    | expr (EQ | NE) expr                               # EqExpr
    | NOT expr                                          # NotExpr
    | expr AND expr                                     # AndExpr
    | expr OR expr                                      # OrExpr
    | expr IFF expr                                     # IffExpr
    | <assoc=right> expr IMPLIES expr                   # ImpliesExpr
    | <assoc=right> expr QMARK expr COLON expr          # CondExpr
    | (X | F | G) timeBound? expr                       # TempUnaryExpr
    | expr (U | W | R) timeBound? expr                  # TempBinaryExpr
    ;

timeBound
    : (LE | LT | GE | GT | EQ) boundValue
    | LBRACKET expr COMMA expr RBRACKET
    ;

// In a bound, `k(` is cut after the identifier as in PRISM: parenthesise
// anything more complex than a literal or a name.
boundValue : INT | DOUBLE | IDENT | LPAREN expr RPAREN ;

primary
    : INT                                                   # IntLit
    | DOUBLE                                                # DoubleLit
    | (TRUE | FALSE)                                        # BoolLit
    | IDENT LPAREN exprList RPAREN                          # Call
    | (MIN | MAX) LPAREN exprList RPAREN                    # MinMaxCall
    | FUNC LPAREN (IDENT | MIN | MAX) (COMMA exprList)? RPAREN # OldCall
    | IDENT                                                 # Name
    | IDENTPRIME                                            # PrimedName
    | LPAREN expr RPAREN                                    # Paren
    | QNAME                                                 # LabelRef
    | probOp                                                # ProbPrimary
    | rewardOp                                              # RewardPrimary
    | strategy                                              # StrategyPrimary
    | filterExpr                                            # FilterPrimary
    | resp                                                  # RespPrimary
    | metric                                                # MetricPrimary
    ;

exprList : expr (COMMA expr)* ;

// ---------------------------------------------------------------- property operators

relation
    : EQ QMARK
    | (MIN | MAX | MINMIN | MINMAX | MAXMIN | MAXMAX) EQ QMARK
    | (LT | LE | GT | GE) expr
    ;

innerFilter : LBRACE expr RBRACE (LBRACE (MIN | MAX) RBRACE)* ;

probOp
    : P relation LBRACKET expr innerFilter? RBRACKET                                  # ProbP
    | (PMIN | PMAX | PMINMIN | PMINMAX | PMAXMIN | PMAXMAX) EQ QMARK
          LBRACKET expr innerFilter? RBRACKET                                         # ProbPQuery
    | S relation LBRACKET expr innerFilter? RBRACKET                                  # SteadyS
    | (E | A) LBRACKET expr innerFilter? RBRACKET                                     # PathEA
    ;

rewardOp
    : R (LPAREN IDENT RPAREN)? rewardIndex? relation LBRACKET rewardContent innerFilter? RBRACKET     # RewardR
    | (RMIN | RMAX | RMINMIN | RMINMAX | RMAXMIN | RMAXMAX) rewardIndex? EQ QMARK
          LBRACKET rewardContent innerFilter? RBRACKET                                                # RewardRQuery
    ;

rewardIndex
    : LBRACE expr (COMMA DISC EQ expr)? RBRACE
    | LBRACE DISC EQ expr RBRACE
    ;

rewardContent
    : C (LE expr)?
    | I EQ expr
    | S
    | (FC | F0) expr
    | expr
    ;

strategy
    : (DLT coalitions DGT | DLBRACKET coalitions DRBRACKET)
      (LBRACE exprList RBRACE)? strategyOp
    ;

coalitions : coalition (COLON coalition)* ;

coalition
    : TIMES
    | (playerRef (COMMA playerRef)*)?
    ;

strategyOp
    : probOp
    | rewardOp
    | multiNash
    | LPAREN expr RPAREN
    | LBRACKET expr RBRACKET
    ;

multiNash : (MIN | MAX) (EQ QMARK | (LT | LE | GT | GE) expr) LPAREN nashTerm (PLUS nashTerm)+ RPAREN ;

nashTerm
    : P LBRACKET expr RBRACKET
    | R rewardIndex? LBRACKET rewardContent RBRACKET
    ;

filterExpr : FILTER LPAREN filterOp COMMA expr (COMMA expr)? RPAREN ;

filterOp : IDENT | MIN | MAX | PLUS | AND | OR ;

// ---------------------------------------------------------------- onus operators

// SHAPLEY and BANZHAF (SPEC §10.1) share the form; their checks are in prism.
resp : (CAR | CPR | CCR | SHAPLEY | BANZHAF) LPAREN playerRef COMMA planRef RPAREN degree? LBRACKET expr RBRACKET ;

planRef
    : IDENT
    | plan
    ;

// `#`, `P`, `H` (an identifier, checked by the conversion) or nothing,
// then `=?` or a bound.
degree
    : (HASH | P | IDENT)? EQ QMARK
    | (HASH | P | IDENT) (LT | LE | GT | GE) expr
    ;

metric : (HASH | HINF | IDENT) EQ QMARK LBRACKET expr RBRACKET ;
