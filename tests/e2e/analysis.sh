#!/usr/bin/env bash
# End-to-end tests of `ordo report`, `ordo compare` and `ordo history` on
# hand-made (tests/data/small-results.csv) and generated
# (tests/data/gen-results.awk) results: exact summary rows, figures
# rendered without a display, regression exit statuses, bad input.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
small=tests/data/small-results.csv
fail() { echo "FAIL: $*"; exit 1; }
expect_status() { # expected-status description command...
    local want=$1 what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    [ "$got" = "$want" ] || { cat "$tmp/out" "$tmp/err"; fail "$what: exit $got, expected $want"; }
}
one_line_error() { # pattern
    [ "$(wc -l <"$tmp/err")" = 1 ] || { cat "$tmp/err"; fail "expected one error line"; }
    grep -q -- "$1" "$tmp/err" || { cat "$tmp/err"; fail "error should mention '$1'"; }
}

# --- report: every number of the summary and of the common-set table
expect_status 0 "report small" "$ORDO" report "$small" --common --group '^[^+]+' --columns cputime_s,sum:solver.decisions
grep -q '^Scoring: sound (a SAFE that holds only up to a bound is no answer' "$tmp/out" || fail "the header names the policy"
# columns: tasks, solved, correct true/false, wrong, false alarms, missed
# bugs, bounded on true/false, unknown, timeouts, memouts, crashes, errors,
# unsupported, score
grep -qxF '| A | 5 | 2 | 1 | 1 | 1 | 1 | 0 | 0 | 1 | 0 | 1 | 0 | 0 | 0 | 0 | -13 | 66.50 | 68.00 |' "$tmp/out" || fail "row A"
grep -qxF '| A+OPT | 5 | 2 | 1 | 1 | 1 | 0 | 1 | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | -29 | 7.20 | 7.70 |' "$tmp/out" || fail "row A+OPT"
grep -qxF '| B | 5 | 1 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 1 | 0 | 1 | 1 | 1 | 19.15 | 20.00 |' "$tmp/out" || fail "row B"
grep -qxF '| A+OPT | A | 2 | 2 | 0.75 | 130 |' "$tmp/out" || fail "common row A+OPT"
grep -qxF '| B | B | 1 | 1 | 8 | 300 |' "$tmp/out" || fail "common row B"
expect_status 0 "report tex" "$ORDO" report "$small" --table thesis-5.1 --format tex
grep -qF 'A+OPT & 2 & 1 & 1 & 0 & 0.8s & 2 & n/a & 65 & n/a & n/a \\' "$tmp/out" || fail "thesis-5.1 in LaTeX"
grep -q '\\toprule' "$tmp/out" || fail "booktabs"
# svcomp: every SAFE is the answer true; the bounded columns stay as they are
expect_status 0 "report svcomp" "$ORDO" report "$small" --scoring svcomp
grep -q '^Scoring: svcomp (every SAFE is the answer true' "$tmp/out" || fail "the header names svcomp"
grep -qxF '| A | 5 | 2 | 1 | 1 | 2 | 1 | 1 | 0 | 1 | 0 | 1 | 0 | 0 | 0 | 0 | -45 | 66.50 | 68.00 |' "$tmp/out" || fail "svcomp row A"
grep -qxF '| A+OPT | 5 | 3 | 2 | 1 | 1 | 0 | 1 | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | -27 | 7.20 | 7.70 |' "$tmp/out" || fail "svcomp row A+OPT"
expect_status 2 "unknown policy" "$ORDO" report "$small" --scoring lenient
one_line_error "unknown --scoring (sound, svcomp) 'lenient'"
# a results file written before the complete column: classified from
# verdict, bound and oc.complete (here none: every SAFE is bounded)
expect_status 0 "report legacy" "$ORDO" report tests/data/legacy-results.csv
grep -qxF '| A+OPT | 5 | 1 | 0 | 1 | 0 | 0 | 0 | 2 | 1 | 0 | 0 | 0 | 1 | 0 | 0 | 1 | 7.20 | 7.70 |' "$tmp/out" ||
    fail "legacy row A+OPT"

# --- report: the cross-check of configurations (tests/data/agreement-results.csv):
# a1, a2 agree (a2 by all three); c1 a proof against an UNSAFE; b1 a bounded
# SAFE against an UNSAFE (Z's error is no answer); p1 proved by Y and Z,
# bounded by X; o1 and e1 answered by one configuration only (the rest
# timeout, missing, error, unknown): not cross-checked
agree=tests/data/agreement-results.csv
mkdir -p "$tmp/agree-x" "$tmp/agree-yz"
awk -F, 'NR == 1 || $2 == "X"' "$agree" >"$tmp/agree-x/results.csv"
awk -F, 'NR == 1 || $2 != "X"' "$agree" >"$tmp/agree-yz/results.csv"
expect_status 0 "report cross-check" "$ORDO" report "$tmp/agree-x" "$tmp/agree-yz" --out "$tmp/agree-rep"
grep -qxF "Cross-check of the configurations' answers on the 5 tasks two or more of them answered SAFE or UNSAFE" \
    "$tmp/out" || fail "cross-check caption: 5 tasks answered twice"
grep -qxF '| agree (the same answer) | 2 |' "$tmp/out" || fail "cross-check: 2 agree"
grep -qxF '| conflict: a proof against an UNSAFE | 1 |' "$tmp/out" || fail "cross-check: 1 conflict"
grep -qxF '| a bounded SAFE against an UNSAFE | 1 |' "$tmp/out" || fail "cross-check: 1 bounded SAFE vs UNSAFE"
grep -qxF '| a proof against a bounded SAFE | 1 |' "$tmp/out" || fail "cross-check: 1 proof vs bounded"
for p in 'X | 0' 'Y | 1' 'Z | 1'; do
    grep -qxF "| proved by ${p% |*}, only bounded by another |${p#*|} |" "$tmp/out" || fail "cross-check: proofs of ${p% |*}"
done
grep -qxF '| c1.yml | true | SAFE (proof) | UNSAFE | timeout |' "$tmp/out" || fail "conflict c1 listed"
grep -qxF '| b1.yml | false | SAFE (bound 3) | UNSAFE | error |' "$tmp/out" || fail "bounded SAFE vs UNSAFE b1 listed"
[ "$(grep -c '^| [a-z][0-9]\.yml |' "$tmp/out")" = 2 ] || fail "only c1 and b1 are listed"
for t in cross-check cross-check-conflicts cross-check-bounded; do
    for e in md tex csv; do [ -s "$tmp/agree-rep/$t.$e" ] || fail "table $t.$e missing"; done
done
grep -qxF 'c1.yml,true,SAFE (proof),UNSAFE,timeout' "$tmp/agree-rep/cross-check-conflicts.csv" || fail "conflict in CSV"
grep -qxF '| c1.yml | true | SAFE (proof) | UNSAFE | timeout |' "$tmp/agree-rep/report.md" || fail "conflict in report.md"
# --check-agreement: exit 1 on a conflict, 0 without (c1 left out)
expect_status 1 "check-agreement with a conflict" "$ORDO" report "$agree" --check-agreement
grep -v ',c1\.yml,' "$agree" >"$tmp/agreeing.csv"
expect_status 0 "check-agreement without a conflict" "$ORDO" report "$tmp/agreeing.csv" --check-agreement
grep -qxF '| a bounded SAFE against an UNSAFE | 1 |' "$tmp/out" || fail "a bounded SAFE vs UNSAFE is no conflict"
! grep -q '^Cross-check conflicts' "$tmp/out" || fail "no conflict list without a conflict"
# one configuration: nothing to cross-check
expect_status 0 "check-agreement one configuration" "$ORDO" report "$tmp/agree-x" --check-agreement
! grep -q '^Cross-check' "$tmp/out" || fail "no cross-check of one configuration"
expect_status 2 "check-agreement with --html" "$ORDO" report "$agree" --html --check-agreement
one_line_error "drop '--check-agreement'"

# --- report --out: tables and one figure of each kind (PNG and SVG)
mkdir -p "$tmp/ch5"
awk -v TASKS=30 -f tests/data/gen-results.awk >"$tmp/ch5/results.csv"
expect_status 0 "report figures" "$ORDO" report "$tmp/ch5" --table thesis-5.1 --out "$tmp/rep" \
    --beside paper/thesis/table-5.1.csv --scatter BASIC,BASIC+OPT --bar cputime_s --scaling 'fig32-([0-9]+)'
for f in quantile-cputime scatter-BASIC-vs-BASICplusOPT bar-cputime_s scaling; do
    [ -s "$tmp/rep/$f.png" ] && [ -s "$tmp/rep/$f.svg" ] || fail "figure $f missing"
    [ "$(head -c 4 "$tmp/rep/$f.png" | tail -c 3)" = PNG ] || fail "$f.png is not a PNG"
    grep -qx '  reset' "$tmp/rep/src/$f.gp" || fail "$f.gp: the PNG pass's settings carry into the SVG"
done
for t in summary thesis-5.1 beside; do
    for e in md tex csv; do [ -s "$tmp/rep/$t.$e" ] || fail "table $t.$e missing"; done
done
grep -q '^| BASIC | 34 | 510 | 0 | – | 0 | – | [0-9]* | – | [0-9.]*s | 24.4s |' "$tmp/rep/beside.md" || { cat "$tmp/rep/beside.md"; fail "thesis numbers beside ordo's"; }
# the scatter plot's border is the CPU limit, though runs stopped there
# measure a little more than it (60.05 s)
mkdir -p "$tmp/over"
awk -v TASKS=30 -f tests/data/gen-results.awk | sed 's/,60\.000,/,60.050,/' >"$tmp/over/results.csv"
grep -q ',60\.050,' "$tmp/over/results.csv" || fail "no timeout over the limit in the test data"
printf 'limits:\n  cpu_s: 60\n' >"$tmp/over/metadata.yml"
expect_status 0 "report over the limit" "$ORDO" report "$tmp/over" --out "$tmp/over/rep" --scatter PROP,PROP+OPT
grep -q "set arrow 1 from [0-9.e-]*,60 to 60,60 " "$tmp/over/rep/src/scatter-PROP-vs-PROPplusOPT.gp" ||
    fail "scatter border not at the 60 s CPU limit"

# --- compare: identical, noise within the threshold, slowdown, wrong verdict, lost solve
expect_status 0 "compare identical" "$ORDO" compare "$small" "$small"
grep -q '^OK: 0 new wrong verdicts, 0 lost solves' "$tmp/out" || fail "compare OK line"
mkdir -p "$tmp/noise" "$tmp/slow"
awk -v TASKS=30 -v SLOW=1.05 -f tests/data/gen-results.awk >"$tmp/noise/results.csv"
expect_status 0 "compare noise" "$ORDO" compare "$tmp/ch5" "$tmp/noise"
awk -v TASKS=30 -v SLOW=1.5 -f tests/data/gen-results.awk >"$tmp/slow/results.csv"
expect_status 1 "compare slowdown" "$ORDO" compare "$tmp/ch5" "$tmp/slow" --threshold 1.2
# inject a wrong verdict: B's correct false on t2 becomes a true (missed bug)
sed 's/^small,B,oc,solver=cvc5,t2.yml,false,false,false,correct,,,/small,B,oc,solver=cvc5,t2.yml,false,true,true,wrong,,true,/' \
    "$small" >"$tmp/wrong.csv"
expect_status 1 "compare wrong verdict" "$ORDO" compare "$small" "$tmp/wrong.csv"
grep -q '^## New wrong verdicts: 1' "$tmp/out" || fail "new wrong verdict listed"
# lose a solve: A's t1 becomes a timeout
sed 's/^small,A,oc,solver=z3,t1.yml,true,true,true,correct,,true,1.0/small,A,oc,solver=z3,t1.yml,true,timeout,,unknown,,,60/' \
    "$small" >"$tmp/lost.csv"
expect_status 1 "compare lost solve" "$ORDO" compare "$small" "$tmp/lost.csv"
grep -q '^## Lost solves: 1' "$tmp/out" || fail "lost solve listed"

# --- history: date order, table and figure
for i in 1 2; do
    mkdir -p "$tmp/h$i"
    cp "$small" "$tmp/h$i/results.csv"
    printf 'ordo_commit: c%s\ndate: 2026-01-0%sT00:00:00Z\nlimits:\n  cpu_s: 60\n' "$i" "$i" >"$tmp/h$i/metadata.yml"
done
expect_status 0 "history" "$ORDO" history "$tmp/h2" "$tmp/h1" --out "$tmp/hist"
[ "$(grep -o '^| c[12] ' "$tmp/out" | tr -d '| \n')" = c1c2 ] || fail "history not in date order"
grep -qF '| c1 | 2026-01-01T00:00:00Z | 15 | 5 | 2 | -41 | 12.50 |' "$tmp/out" || fail "history row"
expect_status 0 "history svcomp" "$ORDO" history "$tmp/h2" "$tmp/h1" --scoring svcomp
grep -qF '| c1 | 2026-01-01T00:00:00Z | 15 | 6 | 3 | -71 | 16.50 |' "$tmp/out" || fail "history row under svcomp"
[ -s "$tmp/hist/history.png" ] || fail "history figure"

# --- bad input: one clear line, exit 2 (usage) or 4 (input file)
expect_status 4 "missing file" "$ORDO" report "$tmp/nonexistent.csv"
one_line_error "nonexistent.csv"
printf 'benchmark,run\n' >"$tmp/bad-header.csv"
expect_status 4 "bad header" "$ORDO" report "$tmp/bad-header.csv"
one_line_error "bad-header.csv:1: expected column 'engine'"
{ head -3 "$small"; echo 'small,A,oc,x,t9.yml,true,"true,true,correct'; } >"$tmp/malformed.csv"
expect_status 4 "malformed csv" "$ORDO" report "$tmp/malformed.csv"
one_line_error "malformed.csv:4: unterminated quoted field"
{ head -2 "$small"; echo 'small,A,oc,x,t9.yml,true,true,true,correct,,true,abc,1,1,,,'; } >"$tmp/badnum.csv"
expect_status 4 "bad number" "$ORDO" report "$tmp/badnum.csv"
one_line_error "badnum.csv:3: bad value 'abc' in column 'cputime_s'"
expect_status 2 "unknown column" "$ORDO" report "$small" --columns oc.nonesuch
one_line_error "unknown column 'oc.nonesuch'"
expect_status 2 "unknown --same column" "$ORDO" report "$small" --common --same oc.nonesuch
one_line_error "no column 'oc.nonesuch'"
expect_status 2 "unknown layout" "$ORDO" report "$small" --table thesis-9.9
one_line_error "thesis-9.9"
expect_status 2 "unknown scatter config" "$ORDO" report "$small" --out "$tmp/x" --scatter A,C
one_line_error "unknown configuration 'C'"
expect_status 2 "compare one argument" "$ORDO" compare "$small"
expect_status 4 "history without metadata" "$ORDO" history "$tmp/ch5"
one_line_error "metadata.yml: missing"
echo "analysis e2e: all checks passed"
