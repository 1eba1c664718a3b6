// Parser for the PRISM-games model and property languages with the onus
// extensions. The expression levels follow PRISM-games' own grammar (lowest
// precedence first), one rule per level, so that its quirks hold exactly:
// `!` binds looser than relations, unary minus tighter than `^`, `^` and
// `=>` associate to the right, and the condition and then-branch of `?:`
// cannot themselves be `?:`. Temporal operators are accepted by the grammar
// everywhere; the tree conversion (prism/parse.go) rejects them outside the
// operators that take a path formula, as PRISM does.
parser grammar PrismParser;

options { tokenVocab = PrismLexer; }

// ---------------------------------------------------------------- entry points

modelFile : modelItem* EOF ;

propsFile : propsItem* EOF ;

singleExpr : expr SEMI* EOF ;

singlePlan : IDENT EQ plan SEMI? EOF ;

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

plan : planItem+ ;

planItem : (planStep | LPAREN planItem+ RPAREN) (CARET planCount)? ;

planStep : LBRACKET (TIMES | planAction (COMMA planAction)*) RBRACKET ;

planAction : IDENT | HASH INT ;

planCount : INT | IDENT | LPAREN expr RPAREN ;

behaviourDecl : BEHAVIOUR playerRef LBRACE (actionWeight (COMMA actionWeight)*)? RBRACE SEMI? ;

actionWeight : planAction COLON expr ;

playerRef : IDENT | INT ;

// ---------------------------------------------------------------- expressions

expr : exprTempBinary ;

// Level 1: U, W, R; at most one without parentheses.
exprTempBinary : exprTempUnary ((U | W | R) timeBound? exprTempUnary)? ;

// Level 2: X, F, G; the operand is again level 2.
exprTempUnary
    : (X | F | G) timeBound? exprTempUnary
    | exprITE
    ;

timeBound
    : (LE | LT | GE | GT | EQ) boundValue
    | LBRACKET expr COMMA expr RBRACKET
    ;

// In a bound, `k(` is cut after the identifier as in PRISM: parenthesise
// anything more complex than a literal or a name.
boundValue : INT | DOUBLE | IDENT | LPAREN expr RPAREN ;

exprITE : exprImplies (QMARK exprImplies COLON exprITE)? ;

exprImplies : exprIff (IMPLIES exprImplies)? ;

exprIff : exprOr (IFF exprOr)* ;

exprOr : exprAnd (OR exprAnd)* ;

exprAnd : exprNot (AND exprNot)* ;

exprNot
    : NOT exprNot
    | exprEq
    ;

exprEq : exprRel ((EQ | NE) exprRel)* ;

exprRel : exprPlus ((LT | LE | GT | GE) exprPlus)* ;

exprPlus : exprTimes ((PLUS | MINUS) exprTimes)* ;

exprTimes : exprPow ((TIMES | DIVIDE) exprPow)* ;

exprPow : exprUnary (CARET exprPow)? ;

exprUnary
    : MINUS exprUnary
    | primary
    ;

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

resp : (CAR | CPR | CCR) LPAREN playerRef COMMA planRef RPAREN degree? LBRACKET expr RBRACKET ;

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
