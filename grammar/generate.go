package grammar

// The generated files are committed; run `go generate ./grammar` after
// editing a grammar. .ci/check-generated.sh checks that they are up to date.
//go:generate npx --yes antlr-ng@1.0.10 -Dlanguage=Go --package grammar --generate-listener false --generate-visitor false -o . PrismLexer.g4 PrismParser.g4
//go:generate go run ./internal/tidy prism_lexer.go prism_parser.go
