#!/bin/sh
# Instructions per call of one bench function, by cachegrind (deterministic, unlike
# the time on a shared machine).
#
#   benches/common/instructions.sh BENCH_BINARY GROUP FUNCTION...
#
# BENCH_BINARY: a bench built by `cargo bench --bench core|manifold --no-run` (the path
# it prints). Each FUNCTION, and the group's `empty` baseline, runs twice in the counting
# mode (`COLLIDESCOPE_COUNT`, benches/common/count.rs): N1 and N2 calls. The difference
# of the two runs' totals cancels the setup (building the pairs); divided by N2 − N1 it
# is the instructions of one call plus the loop; the baseline's same figure, the loop
# alone (indexing and black_box), is subtracted. Prints `FUNCTION Ir/call`.
set -eu
bin=$1
group=$2
shift 2
n1=20000
n2=220000
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
total() {
    COLLIDESCOPE_COUNT="$group/$1/$2" valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file="$out/cg" "$bin" >/dev/null 2>"$out/log"
    grep '^summary:' "$out/cg" | awk '{print $2}'
}
per_call() {
    a=$(total "$1" $n1)
    b=$(total "$1" $n2)
    echo "($b - $a) / ($n2 - $n1)" | bc -l
}
base=$(per_call empty)
for f in "$@"; do
    printf '%s %.0f\n' "$f" "$(echo "$(per_call "$f") - $base" | bc -l)"
done
