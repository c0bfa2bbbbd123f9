#!/usr/bin/env bash
# ordo's cost per pair through SLURM (issue 33): starts the single-node test
# cluster of tests/e2e/lib/slurm-cluster.bash, then for 100, 200 and 400
# pairs of the selftest engine returning at once (the 10 tasks of
# ordo-small.set x N/10 runs) times `ordo bench --slurm` from submission to
# the merged results.csv, next to the same config run locally (jobs: 2).
# PAIRS_PER_ELEMENT=K passes --pairs-per-element K.
#   configs/slurm-overhead.sh [BUILD_DIR] [PAIRS...]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}; shift || true
sizes=${*:-100 200 400}
export ORDO=$build/bin/ordo ORDO_ROOT=$root
. "$root/tests/e2e/lib/slurm-cluster.bash"
tmp=$(mktemp -d /tmp/ordo-slurm-overhead.XXXXXX)
trap 'slurm_stop; rm -rf "$tmp"' EXIT
slurm_start "$tmp/cluster" >/dev/null || exit 1
now() { date +%s.%N; }
for n in $sizes; do
    bounds=$(seq -s, 0 $((n / 10 - 1)))
    cat >"$tmp/c$n.yml" <<YML
benchmark: slurm-overhead-$n
tasks: ['$root/sv-benchmarks/ordo-small.set']
limits: {cpu_time: 10, wall_time: 20, memory: 1024}
jobs: 2
runs:
  - name: 'return-{bound}'
    engine: selftest
    options: {verdict: unknown}
    matrix: {bound: [$bounds]}
YML
    s=$(now); "$ORDO" bench "$tmp/c$n.yml" --out "$tmp/local$n" >/dev/null 2>&1; l=$(now)
    "$ORDO" bench "$tmp/c$n.yml" --slurm --out "$tmp/slurm$n" \
        ${PAIRS_PER_ELEMENT:+--pairs-per-element $PAIRS_PER_ELEMENT} >"$tmp/slurm$n.log" 2>&1; e=$(now)
    rows=$(($(wc -l <"$tmp/slurm$n/results.csv") - 1))
    m0=$(now); "$ORDO" collect "$tmp/slurm$n" >/dev/null 2>&1; m1=$(now)
    # one element run directly, outside SLURM: ordo's own cost on the node
    e0=$(now); "$ORDO" slurm-element "$tmp/slurm$n" 1 1 0 >/dev/null 2>&1; e1=$(now)
    awk -v n="$n" -v rows="$rows" -v s="$s" -v l="$l" -v e="$e" -v m0="$m0" -v m1="$m1" \
        -v e0="$e0" -v e1="$e1" 'BEGIN {
        printf "%d pairs (%d rows): slurm %.1f s = %.0f ms per pair; local (2 jobs) %.1f s = %.1f ms per pair; ",
            n, rows, e - l, (e - l) * 1000 / n, l - s, (l - s) * 1000 / n
        printf "one element alone %.0f ms; merge alone %.0f ms\n", (e1 - e0) * 1000, (m1 - m0) * 1000 }'
done
