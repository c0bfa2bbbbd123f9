#!/usr/bin/env bash
# Incremental unwinding of the oc engine (--unroll-max): a violation that
# needs 5 loop iterations is a bounded SAFE at the fixed bound 2 and is
# found, replayed, at bound 8 after 3 attempts (2, 4, 8), in all four
# configurations.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc

"$ORDO" verify "$T/threads-up-to-n.yml" --engine oc >"$TMP/fixed" 2>&1
check "fixed bound 2: a bounded SAFE" grep -q 'holds up to bound 2) (expected false: bounded)' \
    "$TMP/fixed"
for dp in basic prop; do
    for finder in none rf-ws-fr; do
        out=$TMP/deep-$dp-$finder
        "$ORDO" verify "$T/threads-up-to-n.yml" --engine oc --decision-procedure $dp \
            --conflict-finder $finder --unroll-max 8 >"$out" 2>&1
        check "$dp $finder: found at bound 8" grep -q 'verdict:  false (expected false: correct)' "$out"
        check "$dp $finder: bound 8 reported" grep -qE '^  oc.unroll_bound +8$' "$out"
        check "$dp $finder: three attempts" grep -qE '^  oc.unroll_attempts +3$' "$out"
    done
done
"$ORDO" verify "$T/threads-up-to-n.yml" --engine oc --unroll-max 4 >"$TMP/short" 2>&1
check "--unroll-max 4 stops at a bounded SAFE at bound 4" grep -q 'holds up to bound 4)' "$TMP/short"
"$ORDO" verify "$T/threads-up-to-n.yml" --engine oc --unroll-max -1 >"$TMP/bad" 2>&1
check_status 2 "a negative --unroll-max is a usage error" "$TMP/bad"
# In a benchmark, the fixed bound's SAFE and the deeper run's violation
# are not a disagreement: the SAFE holds only up to bound 2.
cat >"$TMP/deepen.yml" <<YML
benchmark: deepen
tasks: ['$T/threads-up-to-n.yml']
limits: {cpu_time: 30}
jobs: 2
runs:
  - name: 'unroll-max-{unroll-max}'
    engine: oc
    matrix: {unroll-max: [0, 8]}
YML
"$ORDO" bench "$TMP/deepen.yml" --out "$TMP/bench" >"$TMP/bench.log" 2>&1
check_status 0 "the benchmark runs" "$TMP/bench.log"
check "no disagreement" not grep -q '^disagreement' "$TMP/bench.log"
check "the bounded SAFE is listed with its bound" grep -q \
    '^bounded on .*threads-up-to-n.yml: unroll-max-0 says true up to bound 2, unroll-max-8 says false$' \
    "$TMP/bench.log"
finish
