#!/usr/bin/env bash
# Main's values as the threads read them (issue 32, frozen.c): main fills
# buckets of nodes alone (with an assume_abort_if_not on its path, whose
# abort path ends the program and leaves main on one path), then creates
# readers that follow the pointers it stored. What main last stored at a
# location before its first thread and no later write changes is a
# constant for every thread; a pointer loaded from a few such cells knows
# its few values (ir_smt.h: vals), so an access through it has a candidate
# cell per value. Before: main-built-buckets had no answer within 60 s CPU
# (every access through a loaded pointer had every cell as a candidate).
# A later write to such a location is found after the walk, which is done
# again without it: main-built-buckets-late's bug needs that write.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc

for dp in basic prop; do
    out=$TMP/buckets-$dp
    "$ORDO" verify "$T/main-built-buckets.yml" --engine oc --decision-procedure $dp \
        --conflict-finder rf-ws-fr --log "$out.log" >"$out" 2>&1
    check "$dp: the wrong key is found (and replayed)" \
        grep -q '^verdict:  false (expected false: correct)$' "$out"
    check "$dp: 962 events" grep -qE '^  oc.events +962$' "$out"
    check "$dp: the threads read 169 locations as main left them" \
        grep -q 'oc: threads read 169 locations as main left them before its first thread' \
        "$out.log"
    out=$TMP/late-$dp
    "$ORDO" verify "$T/main-built-buckets-late.yml" --engine oc --decision-procedure $dp \
        --conflict-finder rf-ws-fr --log "$out.log" >"$out" 2>&1
    check "$dp: the bug behind a later write is found (and replayed)" \
        grep -q '^verdict:  false (expected false: correct)$' "$out"
    check "$dp: the 8 buckets a reader writes are walked again as written" \
        grep -q 'oc: 8 locations main wrote before its first thread are written later, walked again' \
        "$out.log"
done
finish
