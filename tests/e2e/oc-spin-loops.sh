#!/usr/bin/env bash
# Waiting loops (loop_spin.h): a loop whose iterations only read, like
# `while (!ready);`, is one iteration at any bound, so a SAFE is complete
# (static); a loop that carries a count from one iteration to the next is
# cut at the bound (bounded, also when deepening); a bug behind a waiting
# loop is found and its trace replays on the original loop. A condition
# wait in a loop releases and takes its mutex in every iteration: no
# waiting loop, as trylock sees (a bug needing two iterations is found).
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc

for dp in basic prop; do
    "$ORDO" verify "$T/spin-wait.yml" --engine oc --decision-procedure $dp >"$TMP/spin-$dp" 2>&1
    check "$dp: waiting loop, a complete SAFE" \
        grep -q '^verdict:  true (expected true: correct)$' "$TMP/spin-$dp"
    check "$dp: complete without the unwinding check (static)" \
        grep -qE '^  oc.complete_by +1$' "$TMP/spin-$dp"
done
"$ORDO" verify "$T/spin-wait-counted.yml" --engine oc --unroll-max 8 >"$TMP/counted" 2>&1
check "counted rounds: bounded at 8" \
    grep -q 'holds up to bound 8) (expected true: bounded)' "$TMP/counted"
check "counted rounds: not complete" grep -qE '^  oc.complete_by +0$' "$TMP/counted"
"$ORDO" verify "$T/spin-wait-early.yml" --engine oc >"$TMP/early" 2>&1
check "flag before data: found" grep -q '^verdict:  false (expected false: correct)$' "$TMP/early"
check "flag before data: main reads the old data after the loop (replayed)" \
    grep -qE '^step [0-9]+: thread 0 at .*spin-wait-early.c:21 \(error\)$' "$TMP/early"
for dp in basic prop; do
    "$ORDO" verify "$T/spin-wait-trylock.yml" --engine oc --decision-procedure $dp \
        >"$TMP/trylock-$dp" 2>&1
    check "$dp: condition wait seen by trylock: found" \
        grep -q '^verdict:  false (expected false: correct)$' "$TMP/trylock-$dp"
    check "$dp: condition wait seen by trylock: replayed to main's error" \
        grep -qE '^step [0-9]+: thread 0 at .*spin-wait-trylock.c:35 \(error\)$' "$TMP/trylock-$dp"
done
finish
