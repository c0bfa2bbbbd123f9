#!/usr/bin/env bash
# The unwinding check of the oc engine: after a SAFE at bound K, can an
# execution reach a cut loop? A loop whose trip count is a value read from
# a thread (0 or 2) ends within bound 2: a complete SAFE (oc.complete_by 2);
# with 0 or 3 the third iteration is reachable: bounded at 2, and deepening
# stops at bound 4, complete. A loop no bound covers stays bounded. A cut
# reachable under wSC only is decided under SC: complete.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc

for dp in basic prop; do
    out=$TMP/within-$dp
    "$ORDO" verify "$T/unwinding-within-bound.yml" --engine oc --decision-procedure $dp \
        --conflict-finder rf-ws-fr >"$out" 2>&1
    check "$dp: within the bound, a complete SAFE" grep -q '^verdict:  true (expected true: correct)$' "$out"
    check "$dp: completed by the unwinding check" grep -qE '^  oc.complete_by +2$' "$out"
    out=$TMP/beyond-$dp
    "$ORDO" verify "$T/unwinding-beyond-bound.yml" --engine oc --decision-procedure $dp >"$out" 2>&1
    check "$dp: beyond the bound, a bounded SAFE" grep -q 'holds up to bound 2) (expected true: bounded)' "$out"
    check "$dp: not complete" grep -qE '^  oc.complete_by +0$' "$out"
done
"$ORDO" verify "$T/unwinding-beyond-bound.yml" --engine oc --unroll-max 8 >"$TMP/deep" 2>&1
check "deepening: complete at bound 4" grep -q '^verdict:  true (expected true: correct)$' "$TMP/deep"
check "deepening: stopped at bound 4" grep -qE '^  oc.unroll_bound +4$' "$TMP/deep"
check "deepening: two attempts" grep -qE '^  oc.unroll_attempts +2$' "$TMP/deep"
"$ORDO" verify "$T/unwinding-unbounded.yml" --engine oc --unroll-max 8 >"$TMP/unbounded" 2>&1
check "no bound covers the loop" grep -q 'holds up to bound 8) (expected true: bounded)' \
    "$TMP/unbounded"
check "the check found the cut reachable at bounds 2, 4 and 8" [ "$(grep -c \
    'unwinding check: an unwinding edge is reachable' "$TMP/unbounded")" = 3 ]
for dp in basic prop; do
    out=$TMP/wsc-$dp
    "$ORDO" verify "$T/unwinding-only-under-wsc.yml" --engine oc --decision-procedure $dp >"$out" 2>&1
    check "$dp: a cut only under wSC: complete" grep -qE '^  oc.complete_by +2$' "$out"
    check "$dp: decided under SC (only the cut check has a stage 2)" \
        grep -q 'oc: stage 2: unsat' "$out"
done
finish
