#!/usr/bin/env bash
# The onus performance suite. Builds onus, then measures end to end (process
# start to exit) with /usr/bin/time: wall seconds and peak resident memory.
#
#   benchmarks/run.sh            # everything, prints a Markdown table
#   benchmarks/run.sh build      # model construction only
#   benchmarks/run.sh check      # responsibility checking only
#   benchmarks/run.sh patl       # PRISM-games' own game properties (verify/)
#
# Model construction runs every model of ../shared/prism-corpus/MANIFEST.tsv
# with its constants, plus the scalable models of benchmarks/models/.
# Results go to stdout; copy them into benchmarks/RESULTS.md with the
# machine details this script prints first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/../shared/prism-corpus"
what=${1:-all}
bin=$(mktemp -d)/onus
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$root" && go build -o "$bin" ./cmd/onus)

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; $(go version | cut -d' ' -f3); $(date -u +%Y-%m-%d)"
echo

# measure LABEL ARGS... : runs onus ARGS, prints a table row.
measure() {
	local label=$1; shift
	local out err
	out=$(mktemp); err=$(mktemp)
	if /usr/bin/time -f '%e %M' -o "$err.time" "$bin" "$@" >"$out" 2>"$err"; then
		read -r secs kb <"$err.time"
		printf '| %s | %s | %.0f |\n' "$label" "$secs" "$((kb / 1024))"
	else
		printf '| %s | failed: %s | |\n' "$label" "$(head -c 200 "$err" | tr '\n' ' ')"
	fi
	rm -f "$out" "$err" "$err.time"
}

if [ "$what" = all ] || [ "$what" = build ]; then
	echo "### Model construction (onus build, end to end)"
	echo
	echo "| model | constants | seconds | peak MiB |"
	echo "|---|---|---|---|"
	if [ -f "$corpus/MANIFEST.tsv" ]; then
		# Empty fields become "-": read would merge adjacent tabs.
		tail -n +2 "$corpus/MANIFEST.tsv" | sed -e 's/\t\t/\t-\t/g' -e 's/\t\t/\t-\t/g' |
		while IFS=$'\t' read -r file consts type states trans choices expected; do
			case "$expected" in error*) continue ;; esac
			[ "$consts" = - ] && consts=""
			args=(build "$corpus/$file")
			[ -n "$consts" ] && args+=(--const "$consts")
			measure "$(basename "$file") ($states states) | $consts" "${args[@]}"
		done
	else
		echo "(../shared/prism-corpus absent: corpus models skipped)"
	fi
	for m in "$root"/benchmarks/models/*.prism; do
		[ -e "$m" ] || continue
		consts=$(sed -n 's|^// bench-const: ||p' "$m" | head -1)
		args=(build "$m")
		[ -n "$consts" ] && args+=(--const "$consts")
		measure "$(basename "$m") | $consts" "${args[@]}"
	done
	echo
fi

if [ "$what" = all ] || [ "$what" = check ]; then
	echo "### Responsibility checking (onus check, end to end)"
	echo
	echo "| query | seconds | peak MiB |"
	echo "|---|---|---|"
	cpd="$root/examples/cpd.prism"
	for T in 1000 10000; do
		for op in CAR CPR CCR; do
			measure "CPD $op(p1, [*]^(T-1) [d1,c2])=? [ F<=T \"reward\" ], T=$T" \
				check "$cpd" --pf "$op(p1, [*]^($T-1) [d1,c2])=? [ F<=$T \"reward\" ]"
		done
	done
	measure "CPD-n, n=8, CCR(p1, alternate)=? [ G<=t (\"fine\"|\"reward\") ], t=20" \
		check "$root/examples/cpd_n.prism" "$root/examples/cpd_n.props" --const n=8,t=20
	echo
fi

if [ "$what" = all ] || [ "$what" = patl ]; then
	echo "### PRISM-games' game properties (verify/, onus check end to end vs PRISM-games 3.2)"
	echo
	echo "PRISM: its model construction plus the sum of its model-checking times"
	echo "over the file's properties (TIMINGS.tsv), plus about 0.7 s of JVM start."
	echo
	echo "| props file | args | properties | onus seconds | onus peak MiB | PRISM seconds (+0.7 JVM) |"
	echo "|---|---|---|---|---|---|"
	if [ -f "$corpus/TIMINGS.tsv" ]; then
		tail -n +2 "$corpus/TIMINGS.tsv" | awk -F'\t' '
			{ key = $1 "\t" $2 "\t" $3; n[key]++; chk[key] += $6; bld[key] = $7; if (!(key in seen)) { seen[key] = 1; order[++m] = key } }
			END { for (i = 1; i <= m; i++) { k = order[i]; split(k, f, "\t"); a = f[3]; gsub(/^ +| +$/, "", a); if (a == "") a = "-"; printf "%s\t%s\t%s\t%d\t%.3f\n", f[1], f[2], a, n[k], chk[k] + bld[k] } }' |
		while IFS=$'\t' read -r model props args count prism; do
			# PRISM switches: -const stays (as --const), engine switches go.
			conv=()
			[ "$args" = - ] && args=""
			set -- $args
			while [ $# -gt 0 ]; do
				case "$1" in
				-const) conv+=(--const "$2"); shift 2 ;;
				*) shift ;;
				esac
			done
			row=$(measure "$(basename "$props") | ${args:-(none)} | $count" check "$corpus/verify/$model" "$corpus/verify/$props" "${conv[@]}")
			echo "${row% |} | $prism |"
		done
	fi
	echo
fi
