#!/usr/bin/env bash
# Lazy thread creation (issue 32): a counted loop creating 10,000 threads
# keeps the bound's iterations and creates the others without events. The
# first two threads' race with main is found at bound 2 and replays with
# all 10,000 threads created; joining every thread before the check gives
# no false alarm (a bounded SAFE, never complete); oc.lazy_threads counts
# the threads created without events.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc

for dp in basic prop; do
    out=$TMP/race-$dp
    "$ORDO" verify "$T/lazy-threads-race.yml" --engine oc --decision-procedure $dp \
        --conflict-finder rf-ws-fr >"$out" 2>&1
    check "$dp: the race is found at bound 2" grep -q '^verdict:  false (expected false: correct)$' "$out"
    check "$dp: 9,998 threads created lazily" grep -qE '^  oc.lazy_threads +9998$' "$out"
    check "$dp: the replay created every thread (10,000 creation steps of main)" \
        [ "$(grep -c '^step [0-9]*: thread 0 at .*lazy-threads-race.c:18 ' "$out")" = 10000 ]
    out=$TMP/joined-$dp
    "$ORDO" verify "$T/lazy-threads-joined.yml" --engine oc --decision-procedure $dp \
        --conflict-finder rf-ws-fr >"$out" 2>&1
    check "$dp: joined, no false alarm" grep -q 'holds up to bound 2) (expected true: bounded)' "$out"
    check "$dp: joined, 9,998 threads created lazily" grep -qE '^  oc.lazy_threads +9998$' "$out"
    check "$dp: joined, not complete" grep -qE '^  oc.complete_by +0$' "$out"
done
"$ORDO" verify "$T/lazy-threads-joined.yml" --engine oc --unroll-max 8 >"$TMP/deep" 2>&1
check "deepening: bounded at 8" grep -q 'holds up to bound 8) (expected true: bounded)' "$TMP/deep"
check "deepening: 9,992 threads created lazily at bound 8" grep -qE '^  oc.lazy_threads +9992$' "$TMP/deep"
check "deepening: no unwinding check (it cannot complete)" \
    bash -c "! grep -q 'unwinding check' '$TMP/deep'"
"$ORDO" verify "$T/lazy-threads-race.yml" --engine oc --unroll 4 >"$TMP/four" 2>&1
check "bound 4: found" grep -q '^verdict:  false (expected false: correct)$' "$TMP/four"
check "bound 4: 9,996 lazy" grep -qE '^  oc.lazy_threads +9996$' "$TMP/four"
# Two creation loops, ids in uninitialised arrays (goblint's ptrmunge): the
# havocs of unread id cells are no events, the second array's after the
# first loop's lazy block too; before, more events than oc takes (unknown).
"$ORDO" verify "$T/lazy-threads-two-loops.yml" --engine oc >"$TMP/two" 2>&1
check "two loops: the race is found at bound 2" \
    grep -q '^verdict:  false (expected false: correct)$' "$TMP/two"
check "two loops: 19,996 threads created lazily" grep -qE '^  oc.lazy_threads +19996$' "$TMP/two"
check "two loops: 68 events (no havoc of an unread id cell)" grep -qE '^  oc.events +68$' "$TMP/two"
check "two loops: the error is a checker's (thread id above 10,000: all setters created)" \
    grep -qE '^step [0-9]+: thread 1000[12] at .*lazy-threads-two-loops.c:[0-9]+ \(error\)$' "$TMP/two"
check "two loops: the replay ran main's 20,000 havocs and 10,000 creations before it" \
    [ "$(grep -c '^step [0-9]*: thread 0 at ' "$TMP/two")" -ge 30001 ]
finish
