#!/usr/bin/env bash
# The paper pipeline (paper/run) on generated Chapter 5 results: it writes
# the reproduced Table 5.1, the Figure 5.5 scatter plots and a quantile
# plot, and its README's table is exactly what `ordo report` prints.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$tmp/res"
awk -v TASKS=30 -f tests/data/gen-results.awk >"$tmp/res/results.csv"
printf 'ordo_commit: abc\ndate: 2026-01-01T00:00:00Z\nlimits:\n  cpu_s: 60\n' >"$tmp/res/metadata.yml"
paper/run --ordo "$ORDO" --results "$tmp/res" --out "$tmp/out" ch5 || fail "paper/run exit $?"
for f in scatter-BASIC-vs-BASICplusOPT scatter-PROP-vs-PROPplusOPT quantile-cputime; do
    [ -s "$tmp/out/ch5/$f.png" ] || fail "figure $f missing"
    grep -qF "](ch5/$f.png)" "$tmp/out/README.md" || fail "figure $f not in the README"
done
for e in md tex csv; do [ -s "$tmp/out/ch5/thesis-5.1.$e" ] || fail "table thesis-5.1.$e missing"; done
# the README's reproduced table == ordo report's table on the same results
# (the cross-check of the configurations follows it)
awk '/^### Reproduced table/ { on = 1; next } /^### / { on = 0 } on && NF' "$tmp/out/README.md" >"$tmp/readme-table"
"$ORDO" report "$tmp/res" --table thesis-5.1 | awk '/^Table 5.1/ { on = 1 } /^Cross-check/ { on = 0 } on && NF' >"$tmp/report-table"
[ -s "$tmp/report-table" ] || fail "no table from ordo report"
diff "$tmp/readme-table" "$tmp/report-table" || fail "README table differs from ordo report"
grep -q '^| BASIC+OPT | [0-9]* | 517 |' "$tmp/out/README.md" || fail "thesis numbers beside ordo's"
grep -q '544 tasks' "$tmp/out/README.md" || fail "what differs"
# an unknown chapter is a usage error
paper/run --ordo "$ORDO" --out "$tmp/out" ch99 2>/dev/null
[ $? = 2 ] || fail "unknown chapter should exit 2"
echo "paper e2e: all checks passed"
