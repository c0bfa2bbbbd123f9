#!/usr/bin/env bash
# ordo simulate over the shared corpus (issue 3): random runs must never
# reach the error of an expected-true task; counts the expected-false tasks
# where they do. Not part of `make test` (minutes).
#   usage: tests/corpus-simulate.sh [RUNS (2000)] [TIMEOUT_S per task (120)]
#   env: ORDO (build/bin/ordo), SV_BENCHMARKS (../shared/sv-benchmarks), JOBS (2)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
ordo=${ORDO:-$root/build/bin/ordo}
corpus=${SV_BENCHMARKS:-$root/../shared/sv-benchmarks}
runs=${1:-2000}
limit=${2:-120}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

one() { # folder program expected data_model
    local log="$out/$(echo "$1/$2" | tr / _).log"
    timeout "$limit" "$ordo" simulate "$corpus/c/$1/$2" --data-model "$4" --runs "$runs" >"$log" 2>&1
    local rc=$?
    local what
    case $rc in
        0) what=not-reached ;; 1) what=reached ;; 3) what=unsupported ;;
        124) what=timeout ;; *) what="failed($rc)" ;;
    esac
    printf '%s\t%s/%s\t%s\n' "$3" "$1" "$2" "$what"
}
export -f one
export ordo corpus runs limit out

tail -n +2 "$corpus/MANIFEST.tsv" | awk -F'\t' '{print $1, $3, $4, $5}' |
    xargs -P "${JOBS:-2}" -n 4 bash -c 'one "$@"' _ | sort -k2 >"$out/all.tsv"
cat "$out/all.tsv"
awk -F'\t' '
    { n[$1 " " $3]++; total[$1]++ }
    END {
        printf "expected true:  %d tasks, error reached in %d (must be 0), not reached %d, unsupported %d, timeout %d\n",
            total["true"], n["true reached"], n["true not-reached"], n["true unsupported"], n["true timeout"]
        printf "expected false: %d tasks, error reached in %d, not reached %d, unsupported %d, timeout %d\n",
            total["false"], n["false reached"], n["false not-reached"], n["false unsupported"], n["false timeout"]
    }' "$out/all.tsv"
bad=$(awk -F'\t' '$1 == "true" && $3 == "reached"' "$out/all.tsv" | wc -l)
failed=$(grep -c 'failed(' "$out/all.tsv")
echo "crashes/other failures: $failed"
[ "$bad" -eq 0 ] && [ "$failed" -eq 0 ]
