#!/usr/bin/env bash
# goblint-regression's 28-race_reach_71-funloop_racing scaled down
# (issue 32): 2000 threads from a creation loop (most created lazily) and
# main each run addref over 4 cache entries; a thread between its inc and
# dec (two critical sections of the global lock) makes main's check fail.
# The wSC model's counterexample replays on the program before the passes
# (the unrolled program's lazy block is one edge, which the interpreter
# runs once): the answer is stage 1's. Before, every wSC counterexample
# with lazy threads diverged at the lazy block and stage 2 searched again
# (here 294k decisions instead of 43k; 71 itself: no SC answer in 60 s).
# The safe twin's inc and dec are one critical section.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc
PROPOPT=(--engine oc --decision-procedure prop --conflict-finder rf-ws-fr --propagate off)

out=$TMP/racing
"$ORDO" verify "$T/funloop-racing.yml" "${PROPOPT[@]}" >"$out" 2>&1
check "racing: found and replayed" grep -q '^verdict:  false (expected false: correct)$' "$out"
check "racing: decided under wSC (its counterexample replays)" grep -qE '^  oc.stage +1$' "$out"
check "racing: 341 events, 2534 rf pairs (one cell per entry's refs)" \
    bash -c "grep -qE '^  oc.events +341$' '$out' && grep -qE '^  oc.rf_pairs +2534$' '$out'"
check "racing: 1,998 threads created lazily" grep -qE '^  oc.lazy_threads +1998$' "$out"
check "racing: the replay created every thread (2,000 creation steps of main)" \
    [ "$(grep -c '^step [0-9]*: thread 0 at .*funloop-racing.c:26 ' "$out")" = 2000 ]
# The safe twin (inc and dec in one critical section; 2 entries): no
# false alarm, a bounded SAFE (lazy threads never make one complete).
out=$TMP/atomic
"$ORDO" verify "$T/funloop-atomic.yml" "${PROPOPT[@]}" >"$out" 2>&1
check "atomic: no false alarm (bounded SAFE)" \
    grep -q 'holds up to bound 2) (expected true: bounded)' "$out"
check "atomic: refuted under wSC already" grep -qE '^  oc.stage +1$' "$out"
finish
