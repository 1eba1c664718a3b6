package prism

import "strings"

// This file holds the parser's part of traces as plans (SPEC §10.4): the
// token @"FILE" and the unquoted command-line form `NAME=@FILE`.

// traceName returns FILE of a TRACE token @"FILE".
func traceName(tok string) string {
	return strings.TrimSuffix(strings.TrimPrefix(tok, `@"`), `"`)
}

// quoteBareTrace is quoteTrace for a plan without a name: `@FILE` becomes
// `@"FILE"`.
func quoteBareTrace(src string) string {
	q := quoteTrace("=" + src)
	return q[1:]
}

// quoteTrace turns the command-line form `NAME = @FILE` (FILE unquoted, as
// a shell user writes it) into `NAME = @"FILE"`, which the grammar reads.
// Other sources are returned unchanged. Positions before FILE are kept.
func quoteTrace(src string) string {
	eq := strings.IndexByte(src, '=')
	if eq < 0 {
		return src
	}
	rest := src[eq+1:]
	at := strings.IndexByte(rest, '@')
	if at < 0 || strings.TrimSpace(rest[:at]) != "" || strings.HasPrefix(rest[at+1:], `"`) {
		return src
	}
	file := strings.TrimSpace(rest[at+1:])
	file = strings.TrimSpace(strings.TrimSuffix(file, ";"))
	if file == "" || strings.ContainsAny(file, "\"\r\n") {
		return src
	}
	return src[:eq+1] + rest[:at] + `@"` + file + `"`
}

// TracePlans returns every plan of p given as a trace: the declared ones
// and those written inline in the properties' responsibility operators, in
// file order. Each must be read (its Items filled) before checking.
func TracePlans(p *PropsFile) []*Plan {
	if p == nil {
		return nil
	}
	var out []*Plan
	for _, d := range p.Plans {
		if d != nil && d.Plan != nil && d.Plan.Trace != "" {
			out = append(out, d.Plan)
		}
	}
	for _, q := range p.Properties {
		Inspect(q.Expr, func(e Expr) bool {
			if r, ok := e.(*Resp); ok && r.Plan.Plan != nil && r.Plan.Plan.Trace != "" {
				out = append(out, r.Plan.Plan)
			}
			return true
		})
	}
	return out
}
