#!/bin/sh
# Regenerates cmd/onus/default.pgo, the CPU profile that go build and go
# install use for profile-guided optimisation of onus (docs/ARCHITECTURE.md,
# "Profiling"): the degree passes of checker/hist on the robots (growing
# layers and the pull step), a 10^6-state build, a verdict with its loss
# notes and a blame (one walk split over two cores). Run from the
# repository root; takes about a minute.
set -e
bin=$(mktemp -d)/onus
go build -pgo=off -o "$bin" ./cmd/onus
dir=$(mktemp -d)
ONUS_CPUPROFILE=$dir/1.prof "$bin" check examples/robots.prism --const N=1000,cross=40 --pf 'CCR(r1, [go1,go2]^400)=? [ F "crash" ]' --json >/dev/null 2>&1
ONUS_CPUPROFILE=$dir/2.prof "$bin" check examples/robots.prism --const N=100,cross=40 --pf 'CPR(r1, [go1,go2]^5000)=? [ F "crash" ]' --json >/dev/null 2>&1
ONUS_CPUPROFILE=$dir/3.prof "$bin" build benchmarks/models/counters.prism --const N=150 --json --max-states 20000000 >/dev/null
ONUS_CPUPROFILE=$dir/4.prof "$bin" check examples/robots.prism --const N=1000,cross=40 --pf 'CAR(r1, [go1,go2]^1000) [ F<=1000 "crash" ]' >/dev/null 2>&1
ONUS_CPUPROFILE=$dir/5.prof "$bin" blame examples/robots.prism --const N=1000,cross=40 --plan '[wait1]^500' --outcome 'G<=500 !"crash"' >/dev/null 2>&1
go tool pprof -proto "$dir"/1.prof "$dir"/2.prof "$dir"/3.prof "$dir"/4.prof "$dir"/5.prof > cmd/onus/default.pgo
rm -rf "$dir" "$(dirname "$bin")"
