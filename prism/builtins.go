package prism

// Builtin describes one of PRISM's built-in functions (reference §2.5): the
// one table the type checker and the expression evaluators (the constant
// folder of check_eval.go, translate's interpreter and compiler) consult
// for names, arities and result types.
type Builtin struct {
	Name string
	// Arity is the number of arguments, or -1 for one or more.
	Arity int
	// IntArgs says the arguments must be integers (mod).
	IntArgs bool
	// Arith says the result is an int if every argument is, else a double
	// (min, max, pow); otherwise it is always of type Result.
	Arith  bool
	Result ConstType
}

// builtins is the table, by name.
var builtins = map[string]Builtin{
	"min":   {Name: "min", Arity: -1, Arith: true},
	"max":   {Name: "max", Arity: -1, Arith: true},
	"floor": {Name: "floor", Arity: 1, Result: TInt},
	"ceil":  {Name: "ceil", Arity: 1, Result: TInt},
	"round": {Name: "round", Arity: 1, Result: TInt},
	"pow":   {Name: "pow", Arity: 2, Arith: true},
	"mod":   {Name: "mod", Arity: 2, IntArgs: true, Result: TInt},
	"log":   {Name: "log", Arity: 2, Result: TDouble},
}

// LookupBuiltin returns the built-in function called name.
func LookupBuiltin(name string) (Builtin, bool) {
	b, ok := builtins[name]
	return b, ok
}

// ArityOK reports whether n arguments suit the function.
func (b Builtin) ArityOK(n int) bool {
	if b.Arity < 0 {
		return n > 0
	}
	return n == b.Arity
}
