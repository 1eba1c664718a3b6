package prism

// Inspect calls f on e and on every sub-expression of e, parents first
// (the outcomes of responsibility operators and metrics included).
func Inspect(e Expr, f func(Expr)) { walkExpr(e, f) }
