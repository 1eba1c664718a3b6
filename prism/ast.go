package prism

// This file holds the syntax tree of PRISM-games model and properties files,
// with the onus extensions (plans, behaviours, responsibility operators and
// language metrics). Every node records the Pos of its first character.
// The tree is produced by Parse* in parse.go, the only place that sees
// ANTLR's parse tree.

// ModelType is the declared (or inferred) type of a model.
type ModelType int

// Model types. Only DTMC, MDP, SMG and CSG (and STPG, built as SMG) are built
// by onus; the others parse and are rejected by the translator.
const (
	TypeNone ModelType = iota // no type keyword
	TypeDTMC
	TypeMDP
	TypeCTMC
	TypeCTMDP
	TypePTA
	TypePOMDP
	TypePOPTA
	TypeSTPG
	TypeSMG
	TypeTPTG
	TypeCSG
	TypeLTS // inferred: no type keyword and no explicit probability
)

var modelTypeNames = [...]string{"", "dtmc", "mdp", "ctmc", "ctmdp", "pta", "pomdp", "popta", "stpg", "smg", "tptg", "csg", "lts"}

func (t ModelType) String() string {
	if int(t) < len(modelTypeNames) {
		return modelTypeNames[t]
	}
	return "?"
}

// IsGame reports whether the type has players (smg, stpg, csg, tptg).
func (t ModelType) IsGame() bool {
	return t == TypeSMG || t == TypeSTPG || t == TypeCSG || t == TypeTPTG
}

// Ident is a name with its position.
type Ident struct {
	NamePos Pos
	Name    string
}

// ---------------------------------------------------------------- model file

// ModelFile is a parsed model (.prism) file. Items keep their file order
// within each list; Modules holds plain and renamed modules in file order.
type ModelFile struct {
	File     *File
	Type     ModelType
	TypePos  Pos // position of the type keyword; NoPos if absent
	Consts   []*ConstDecl
	Formulas []*FormulaDecl
	Labels   []*LabelDecl
	Globals  []*VarDecl
	Modules  []*Module
	Rewards  []*RewardStruct
	Init     *InitBlock // init ... endinit, or nil
	Players  []*Player
	System   *SystemBlock // parsed then rejected by the translator
	// Observables records the position of observable(s) items (rejected).
	Observables []Pos
}

// ConstType is the declared type of a constant (int if omitted).
type ConstType int

// Constant and expression value types.
const (
	TInt ConstType = iota
	TDouble
	TBool
)

func (t ConstType) String() string { return [...]string{"int", "double", "bool"}[t] }

// ConstDecl is `const [int|double|bool] NAME [= expr];` (also `rate`/`prob`).
type ConstDecl struct {
	Pos   Pos // the `const` keyword
	Name  Ident
	Type  ConstType
	Value Expr // nil: undefined, must come from --const
}

// FormulaDecl is `formula NAME = expr;`.
type FormulaDecl struct {
	Pos  Pos
	Name Ident
	Expr Expr
}

// LabelDecl is `label "NAME" = expr;`.
type LabelDecl struct {
	Pos  Pos
	Name Ident // without quotes; NamePos points at the opening quote
	Expr Expr
}

// VarKind is the kind of a variable declaration.
type VarKind int

// Variable kinds.
const (
	VarRange VarKind = iota // [lo..hi]
	VarBool
	VarInt   // unbounded int
	VarClock // PTA clock (rejected)
)

// VarDecl is `NAME : type [init expr];`, local or global.
type VarDecl struct {
	Pos    Pos // the name
	Name   Ident
	Kind   VarKind
	Lo, Hi Expr // for VarRange
	Init   Expr // nil: default (lower bound / false / 0)
	Global bool
}

// Module is a module definition, or a renamed copy when Rename is non-nil
// (then Vars and Commands are empty until the translator expands it).
type Module struct {
	Pos       Pos // the `module` keyword
	Name      Ident
	Vars      []*VarDecl
	Invariant Expr // nil if none
	Commands  []*Command
	Rename    *Renaming
	EndPos    Pos // the `endmodule` keyword
}

// Renaming is the `= BASE [old=new, ...]` part of a renamed module.
type Renaming struct {
	Base  Ident
	Pairs []RenamePair
}

// RenamePair is one `old = new` entry.
type RenamePair struct {
	Old, New Ident
}

// Command is `[labels] guard -> updates;`.
type Command struct {
	Pos Pos // the `[`
	// Labels are the action labels; empty for an unlabelled command `[]`.
	Labels  []Ident
	Guard   Expr
	Updates []*Update
}

// Update is one branch `prob : assignments` of a command.
type Update struct {
	Pos Pos
	// Prob is the branch probability; nil means 1 (a single unweighted update).
	Prob Expr
	// ProbHi is set for an interval probability [Prob, ProbHi] (rejected).
	ProbHi Expr
	// Assigns are the elements (x'=e); empty for `true`.
	Assigns []*Assign
}

// Assign is `(x' = expr)`.
type Assign struct {
	Pos  Pos // the `(`
	Var  Ident
	Expr Expr
}

// RewardStruct is `rewards ["name"] items endrewards`.
type RewardStruct struct {
	Pos   Pos
	Name  string // "" if unnamed
	Items []*RewardItem
}

// RewardItem is a state item `guard : value;` or a transition item
// `[labels] guard : value;` (Trans true; Labels empty for `[]`).
type RewardItem struct {
	Pos    Pos
	Trans  bool
	Labels []Ident
	Guard  Expr
	Value  Expr
}

// InitBlock is `init expr endinit`.
type InitBlock struct {
	Pos  Pos
	Expr Expr
}

// Player is `player NAME items endplayer`.
type Player struct {
	Pos     Pos
	Name    Ident
	Modules []Ident
	Actions []Ident // the `[a]` items
}

// SystemBlock records a `system ... endsystem` block (parsed, not kept).
type SystemBlock struct {
	Pos Pos
}

// ---------------------------------------------------------------- props file

// PropsFile is a parsed properties file. Items keeps every item in file
// order; the typed slices index the same items.
type PropsFile struct {
	File       *File
	Consts     []*ConstDecl
	Labels     []*LabelDecl
	Properties []*Property
	Plans      []*PlanDecl
	Behaviours []*BehaviourDecl
}

// Property is one property `["name":] expr`, with the comment block directly
// above it (each line without the leading `//`), where RESULT annotations live.
type Property struct {
	Pos      Pos
	Name     string // "" if unnamed
	Expr     Expr
	Comments []string
	// Text is the property's source text as written (for printing).
	Text string
}

// PlanDecl is `plan NAME = plan;`.
type PlanDecl struct {
	Pos  Pos
	Name Ident
	Plan *Plan
}

// Plan is a sequence of steps and repeated groups, or a trace `@"FILE"`
// (SPEC §10.4): then Trace is FILE as written and Items stays empty until
// the trace is read against the built model (package trace).
type Plan struct {
	Pos   Pos
	Items []PlanItem
	Trace string
}

// PlanItem is a *PlanStep or a *PlanGroup.
type PlanItem interface {
	planItem()
	Position() Pos
}

// PlanStep is `[a, b, ...]` or `[*]`, optionally repeated with `^count`.
type PlanStep struct {
	Pos     Pos
	Actions []PlanAction // empty for [*]
	Repeat  Expr         // nil: once
}

// PlanGroup is `( items )^count`.
type PlanGroup struct {
	Pos    Pos
	Items  []PlanItem
	Repeat Expr // nil: once
}

func (*PlanStep) planItem()        {}
func (*PlanGroup) planItem()       {}
func (s *PlanStep) Position() Pos  { return s.Pos }
func (g *PlanGroup) Position() Pos { return g.Pos }

// PlanAction names one action in a plan step: an action label (Name) or,
// in smg models, a 0-based choice index `#k` (Index >= 0, Name ""), or in
// csg models an idle player (Idle, written `-`; `idle` is an action name
// unless the model has no such action, see IsIdle) or a free one (Free,
// written `*`). A step with an idle or free entry is positional: one entry
// per player, in player order. `[*]` alone is a step without entries.
type PlanAction struct {
	Pos   Pos
	Name  string
	Index int // -1 unless written #k
	Idle  bool
	Free  bool
}

// Positional reports whether a csg step lists one entry per player in
// player order: it has an idle (`-`, or `idle` when hasIdleAction is
// false) or a free (`*`) entry.
func (s *PlanStep) Positional(hasIdleAction bool) bool {
	for _, a := range s.Actions {
		if a.Free || a.IsIdle(hasIdleAction) {
			return true
		}
	}
	return false
}

// IdleName is the name that, when no action carries it, stands for an idle
// player in a csg plan step, as `-` does.
const IdleName = "idle"

// IsIdle reports whether the entry names an idle player, given whether the
// model has an action called IdleName.
func (a PlanAction) IsIdle(hasIdleAction bool) bool {
	return a.Idle || a.Name == IdleName && !hasIdleAction
}

// BehaviourDecl is `behaviour PLAYER { action : weight, ... };`.
type BehaviourDecl struct {
	Pos     Pos
	Player  PlayerRef
	Weights []ActionWeight
}

// ActionWeight is `action : weight` (action may be `#k` in smg models).
type ActionWeight struct {
	Action PlanAction
	Weight Expr
}

// PlayerRef names a player by name or 1-based index (Index > 0, Name "").
type PlayerRef struct {
	Pos   Pos
	Name  string
	Index int
}

// ---------------------------------------------------------------- expressions

// Expr is any expression node: model expressions, and in properties also
// path formulas and the probabilistic, game, responsibility and metric
// operators.
type Expr interface {
	Position() Pos
	exprNode()
}

// IntLit is an integer literal (fits a 32-bit int; checked by the parser).
type IntLit struct {
	ValuePos Pos
	Value    int64
}

// DoubleLit is a double literal; Text is its spelling (for exact parsing).
type DoubleLit struct {
	ValuePos Pos
	Value    float64
	Text     string
}

// BoolLit is true or false.
type BoolLit struct {
	ValuePos Pos
	Value    bool
}

// Name refers to a variable, constant or formula.
type Name struct {
	NamePos Pos
	Name    string
	Primed  bool // x' (only valid on update right-hand sides)
}

// LabelRef is `"name"` in a property: a label or a named property.
type LabelRef struct {
	NamePos Pos
	Name    string
}

// Op is a unary or binary operator.
type Op int

// Operators of Unary and Binary nodes.
const (
	OpNot Op = iota
	OpNeg
	OpAnd
	OpOr
	OpImplies
	OpIff
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpPow
)

var opNames = [...]string{"!", "-", "&", "|", "=>", "<=>", "=", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "^"}

func (o Op) String() string { return opNames[o] }

// Unary is `!x` or `-x`.
type Unary struct {
	OpPos Pos
	Op    Op
	X     Expr
}

// Binary is `x op y`.
type Binary struct {
	X     Expr
	OpPos Pos
	Op    Op
	Y     Expr
}

// Cond is `c ? a : b`.
type Cond struct {
	Cond, Then, Else Expr
}

// Call is a built-in function call: `f(args)`, `min(...)`, `max(...)`, or the
// old form `func(f, args)` (then Old is true).
type Call struct {
	FuncPos Pos
	Func    string
	Args    []Expr
	Old     bool
	Rparen  Pos
}

// Paren is `( x )`, kept so that printing round-trips.
type Paren struct {
	Lparen Pos
	X      Expr
}

// TempOp is a temporal operator.
type TempOp int

// Temporal operators.
const (
	TempX TempOp = iota
	TempF
	TempG
	TempU
	TempW
	TempR
)

func (o TempOp) String() string { return [...]string{"X", "F", "G", "U", "W", "R"}[o] }

// BoundKind is the kind of a time bound on a temporal operator.
type BoundKind int

// Time bound kinds.
const (
	BoundNone  BoundKind = iota
	BoundLe              // <=e
	BoundLt              // <e
	BoundGe              // >=e
	BoundGt              // >e
	BoundEq              // =e
	BoundRange           // [e1,e2]
)

// TimeBound is an optional bound on a temporal operator.
type TimeBound struct {
	Pos    Pos
	Kind   BoundKind
	Lo, Hi Expr // Lo holds e for single bounds; Lo and Hi for ranges
}

// Temporal is a path formula: `X a`, `F a`, `G a` (Left nil) or `a U b`,
// `a W b`, `a R b`.
type Temporal struct {
	OpPos Pos
	Op    TempOp
	Bound TimeBound
	Left  Expr // nil for unary operators
	Right Expr
}

// RelKind says what a P/R/S/degree operator asks: a bound or a value.
type RelKind int

// Relation kinds. Query kinds compute a number; the others compare with Bound.
const (
	RelQuery    RelKind = iota // =?
	RelMinQuery                // min=?
	RelMaxQuery                // max=?
	RelMinMin                  // minmin=?  (STPG forms)
	RelMinMax
	RelMaxMin
	RelMaxMax
	RelLt // < b
	RelLe // <= b
	RelGt // > b
	RelGe // >= b
)

// IsQuery reports whether the relation asks for a value.
func (r RelKind) IsQuery() bool { return r <= RelMaxMax }

// ProbOp is `P rel [ path ]` (Kind 'P'), `S rel [ expr ]` ('S'),
// `E [ path ]` ('E') and `A [ path ]` ('A').
type ProbOp struct {
	OpPos  Pos
	Kind   byte
	Rel    RelKind
	Bound  Expr
	Path   Expr
	Filter *InnerFilter
	Rbrack Pos
}

// RewardOp is `R{...} rel [ contents ]`.
type RewardOp struct {
	OpPos Pos
	// Struct selects the reward structure: a name (StructName), an index
	// expression (StructIndex), or neither (the first structure).
	StructName  string
	StructIndex Expr
	Discount    Expr // disc=e, or nil
	Modifier    string
	Rel         RelKind
	Bound       Expr
	// Contents: Kind 'F','C','I','S','c'(Fc),'0'(F0) or 'P' (a path formula).
	ContentKind byte
	Target      Expr // F/Fc/F0 target, or the path formula
	TimeBound   Expr // C<=e, I=e
	Filter      *InnerFilter
	Rbrack      Pos
}

// InnerFilter is an old-style `{states}{min}{max}` filter inside P/R/S.
type InnerFilter struct {
	States   Expr
	Min, Max bool
}

// Strategy is `<<coalition>> op` or `[[coalition]] op`.
type Strategy struct {
	OpPos      Pos
	Dual       bool          // [[...]]
	Coalitions [][]PlayerRef // separated by ':'; AllPlayers marks <<*>>
	AllPlayers []bool        // per coalition: written `*`
	Options    []Expr
	Op         Expr
	// Certain marks the onus/pATL form `<<A>> [ path ]`: Op is the path.
	Certain bool
}

// FilterExpr is `filter(op, expr [, states])`.
type FilterExpr struct {
	FilterPos Pos
	Op        string
	X         Expr
	States    Expr // nil: all states (PRISM: true)
}

// MultiNash is an equilibrium query `<<a:b>> max=? (t1 + t2 ...)`, kept as
// the coalition's operand; onus parses it and rejects it.
type MultiNash struct {
	OpPos Pos
	Max   bool
	Rel   RelKind
	Bound Expr
	Terms []Expr
}

// RespKind is CAR, CPR or CCR, or one of the power indices SHAPLEY and
// BANZHAF (SPEC §10.1), which share the operators' form.
type RespKind int

// Responsibility kinds.
const (
	CAR RespKind = iota
	CPR
	CCR
	SHAPLEY
	BANZHAF
)

func (k RespKind) String() string {
	return [...]string{"CAR", "CPR", "CCR", "SHAPLEY", "BANZHAF"}[k]
}

// IsPower reports whether k is a power index (SHAPLEY or BANZHAF): a
// numeric operator whose `=?` form gives count, prob and avoid.
func (k RespKind) IsPower() bool { return k == SHAPLEY || k == BANZHAF }

// Degree names a degree measure.
type Degree int

// Degree measures. DegAll is the `=?` form giving all three.
const (
	DegNone    Degree = iota // qualitative form `CAR(i, pi) [psi]`
	DegCount                 // #
	DegProb                  // P
	DegEntropy               // H
	DegAll                   // `=?`: count, prob and entropy
)

// PlanRef is a plan given by name (Name) or inline (Plan).
type PlanRef struct {
	Pos  Pos
	Name string
	Plan *Plan
}

// Resp is `CAR(i, plan) [psi]` and its degree forms:
// `CAR(i, pi)#=? [psi]`, `P=?`, `H=?`, `=?`, and bounds `P>=0.5`; and the
// power indices `SHAPLEY(i, pi)=? [psi]`, `#=?` and `P=?` (Kind.IsPower).
type Resp struct {
	OpPos   Pos
	Kind    RespKind
	Agent   PlayerRef
	Plan    PlanRef
	Degree  Degree
	Rel     RelKind // RelQuery for =? forms; a bound relation otherwise
	Bound   Expr
	Outcome Expr
	Rbrack  Pos
}

// MetricKind is a language metric.
type MetricKind int

// Language metrics.
const (
	MetricCount      MetricKind = iota // #=?
	MetricEntropy                      // H=?
	MetricEntropyInf                   // Hinf=?
)

// Metric is `#=? [psi]`, `H=? [psi]` or `Hinf=? [psi]`.
type Metric struct {
	OpPos   Pos
	Kind    MetricKind
	Outcome Expr
	Rbrack  Pos
}

func (*IntLit) exprNode()     {}
func (*DoubleLit) exprNode()  {}
func (*BoolLit) exprNode()    {}
func (*Name) exprNode()       {}
func (*LabelRef) exprNode()   {}
func (*Unary) exprNode()      {}
func (*Binary) exprNode()     {}
func (*Cond) exprNode()       {}
func (*Call) exprNode()       {}
func (*Paren) exprNode()      {}
func (*Temporal) exprNode()   {}
func (*ProbOp) exprNode()     {}
func (*RewardOp) exprNode()   {}
func (*Strategy) exprNode()   {}
func (*FilterExpr) exprNode() {}
func (*MultiNash) exprNode()  {}
func (*Resp) exprNode()       {}
func (*Metric) exprNode()     {}

func (e *IntLit) Position() Pos    { return e.ValuePos }
func (e *DoubleLit) Position() Pos { return e.ValuePos }
func (e *BoolLit) Position() Pos   { return e.ValuePos }
func (e *Name) Position() Pos      { return e.NamePos }
func (e *LabelRef) Position() Pos  { return e.NamePos }
func (e *Unary) Position() Pos     { return e.OpPos }
func (e *Binary) Position() Pos    { return leftmost(e).Position() }
func (e *Cond) Position() Pos      { return leftmost(e).Position() }
func (e *Call) Position() Pos      { return e.FuncPos }
func (e *Paren) Position() Pos     { return e.Lparen }
func (e *Temporal) Position() Pos {
	if e.Left != nil {
		return leftmost(e).Position()
	}
	return e.OpPos
}
func (e *ProbOp) Position() Pos     { return e.OpPos }
func (e *RewardOp) Position() Pos   { return e.OpPos }
func (e *Strategy) Position() Pos   { return e.OpPos }
func (e *FilterExpr) Position() Pos { return e.FilterPos }
func (e *MultiNash) Position() Pos  { return e.OpPos }
func (e *Resp) Position() Pos       { return e.OpPos }
func (e *Metric) Position() Pos     { return e.OpPos }
