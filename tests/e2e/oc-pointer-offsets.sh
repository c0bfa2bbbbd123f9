#!/usr/bin/env bash
# Pointers into lists (issue 32): main builds a doubly linked list of 10
# nodes alone, then two threads race on the first node's datum. What main
# stored alone on its one path it reads back as a constant, so building
# the list needs no access through an unknown pointer; a pointer loaded
# from a next field is at a node's start (the guessed offset 0, checked by
# the walk that assumes it), so p->datum has one candidate cell per node.
# Before: main's list building wrote through unknown pointers (every cell
# of every node a candidate): no answer within 120 s. Then 221 events;
# 160 since the threads read main's list as constants (oc-main-values.sh).
# A store through a symbolic index is no constant main reads back.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc

for dp in basic prop; do
    out=$TMP/list-$dp
    "$ORDO" verify "$T/list-built-by-main.yml" --engine oc --decision-procedure $dp \
        --conflict-finder rf-ws-fr >"$out" 2>&1
    check "$dp: the race is found (and replayed)" \
        grep -q '^verdict:  false (expected false: correct)$' "$out"
    check "$dp: 160 events (threads read main's list as constants)" grep -qE '^  oc.events +160$' "$out"
done
# Forwarding is only for stores at their address: main's store through a
# symbolic index reaches one of two cells; a[0] may still be 0 (before the
# fix, a[0] read back the 1 and the error was "unreachable": a wrong SAFE).
"$ORDO" verify "$T/main-alone-symbolic-store.yml" --engine oc >"$TMP/symbolic" 2>&1
check "main's symbolic store is no constant of either cell" \
    grep -q '^verdict:  false (expected false: correct)$' "$TMP/symbolic"
finish
