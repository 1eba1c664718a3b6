#!/usr/bin/env bash
# Regenerates the ANTLR parser of grammar/ into a temporary directory and
# compares it with the committed files. Exit 1 if they differ (the grammar was
# edited without running `go generate ./grammar`), 2 if generation fails.
# Needs only node/npm (for npx antlr-ng) and go.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Copy the grammar package (sources and generator inputs) and run the same
# go:generate commands there, inside the module so that `go run` resolves.
mkdir -p "$tmp/grammar"
cp "$root"/grammar/*.g4 "$root"/grammar/generate.go "$tmp/grammar/"
cp -r "$root/grammar/internal" "$tmp/grammar/"
cp "$root/go.mod" "$root/go.sum" "$tmp/"

if ! (cd "$tmp" && go generate ./grammar >"$tmp/gen.log" 2>&1); then
	cat "$tmp/gen.log" >&2
	echo "check-generated: generation failed" >&2
	exit 2
fi

status=0
for f in "$tmp"/grammar/*; do
	name=$(basename "$f")
	case "$name" in
	*.g4 | generate.go | internal | gen.log) continue ;;
	esac
	if [ ! -f "$root/grammar/$name" ]; then
		echo "check-generated: grammar/$name is not committed" >&2
		status=1
	elif ! diff -u "$root/grammar/$name" "$f"; then
		echo "check-generated: grammar/$name is out of date; run: go generate ./grammar" >&2
		status=1
	fi
done
for f in "$root"/grammar/prism_*.go "$root"/grammar/*.interp "$root"/grammar/*.tokens; do
	[ -e "$f" ] || continue
	if [ ! -e "$tmp/grammar/$(basename "$f")" ]; then
		echo "check-generated: grammar/$(basename "$f") is no longer generated" >&2
		status=1
	fi
done
if [ "$status" = 0 ]; then
	echo "check-generated: grammar/ is up to date"
fi
exit "$status"
