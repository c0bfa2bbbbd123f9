#!/usr/bin/env bash
# Runs `ordo parse` on every task of the shared corpus (5 s wall limit
# each) and prints the tally: parsed, unsupported (exit 3), other failures
# (crash, hang, other exit status), with the unsupported reasons by count.
#   usage: tests/corpus-parse.sh [ORDO [CORPUS]]     (not part of make test)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
ordo=${1:-$root/build/bin/ordo}
corpus=${2:-${SV_BENCHMARKS:-$root/../shared/sv-benchmarks}}
log=$(mktemp); trap 'rm -f "$log"' EXIT
parsed=0 unsupported=0 failed=0 total=0 slowest=0
for task in $(find "$corpus" -name '*.yml' -not -path '*/properties/*' | sort); do
    total=$((total + 1))
    start=$(date +%s%N)
    timeout -s KILL 5 "$ordo" parse "$task" > /dev/null 2> "$log"; st=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    [ $ms -gt $slowest ] && slowest=$ms
    case $st in
        0) parsed=$((parsed + 1)) ;;
        3) unsupported=$((unsupported + 1)); head -1 "$log" | sed 's/ (.*//' >> "$log.reasons" ;;
        *) failed=$((failed + 1)); echo "FAILED ($st): ${task#$corpus/}: $(head -1 "$log")" ;;
    esac
done
echo "unsupported reasons:"
[ -e "$log.reasons" ] && sort "$log.reasons" | uniq -c | sort -rn; rm -f "$log.reasons"
echo "tasks: $total, parsed: $parsed ($((100 * parsed / (total ? total : 1)))%), unsupported: $unsupported, failed: $failed, slowest: ${slowest} ms"
[ $failed -eq 0 ]
