#!/bin/sh
# Runs PRISM-games' own test driver, prism-auto, with onus in PRISM's
# place: `onus prism` takes PRISM's command line and prints PRISM's log, so
# prism-auto's test mode reads its "Testing result:" lines and compares
# its exported files as it does PRISM's.
#
# Usage (from the repository root; not run by CI):
#
#   benchmarks/prism-auto.sh [CORPUS] [prism-auto options...]
#
# CORPUS defaults to ../shared/prism-corpus. The script builds onus, copies
# the corpus' verify/ and export/ folders into a temporary directory
# (prism-auto writes its exported files beside the golden ones, and the
# corpus is read-only), writes a two-line wrapper calling `onus prism`,
# and runs
#
#   prism-auto -t -m --test-all -p WRAPPER verify/csgs verify/smgs export
#
# as PRISM-games' own `make test` runs its suite. prism-auto prints one
# line per test and the totals (Success, Warnings, Failure, Unsupported,
# Skipped); the exit code is prism-auto's (1 when a test failed). Extra
# arguments go to prism-auto (for instance --verbose-test or -w).
set -eu

corpus=${1:-../shared/prism-corpus}
[ $# -gt 0 ] && shift
if [ ! -x "$corpus/tools/prism-auto" ] && [ ! -f "$corpus/tools/prism-auto" ]; then
	echo "prism-auto not found under $corpus/tools (give the corpus as the first argument)" >&2
	exit 2
fi
corpus=$(cd "$corpus" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/onus" ./cmd/onus
printf '#!/bin/sh\nexec "%s" prism "$@"\n' "$work/onus" >"$work/onus-prism"
chmod +x "$work/onus-prism"
cp -R "$corpus/verify" "$corpus/export" "$work/"
chmod -R u+w "$work/verify" "$work/export"

cd "$work"
python3 "$corpus/tools/prism-auto" -t -m --test-all --colour no -p "$work/onus-prism" "$@" \
	verify/csgs verify/smgs export
