#!/usr/bin/env bash
# Pointers into lists (issue 32): main builds a doubly linked list of 10
# nodes alone, then two threads race on the first node's datum. What main
# stored alone on its one path it reads back as a constant, so building
# the list needs no access through an unknown pointer; a pointer loaded
# from a next field is at a node's start (the guessed offset 0, checked by
# the walk that assumes it), so p->datum has one candidate cell per node.
# Before: main's list building wrote through unknown pointers (every cell
# of every node a candidate): no answer within 120 s. Now 221 events.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc

for dp in basic prop; do
    out=$TMP/list-$dp
    "$ORDO" verify "$T/list-built-by-main.yml" --engine oc --decision-procedure $dp \
        --conflict-finder rf-ws-fr >"$out" 2>&1
    check "$dp: the race is found (and replayed)" \
        grep -q '^verdict:  false (expected false: correct)$' "$out"
    check "$dp: 221 events (one candidate cell per node)" grep -qE '^  oc.events +221$' "$out"
done
finish
