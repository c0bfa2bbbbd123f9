#!/usr/bin/env bash
# The oc engine on small tasks with known verdicts, in all four
# configurations of thesis Table 5.1 (BASIC, BASIC+OPT, PROP, PROP+OPT):
# every verdict correct, every counterexample replayed by the harness.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/oc

# The engine's own tasks and the bundled ones (sv-benchmarks/ordo: the
# thesis' examples and small classics, both verdicts).
# atomic-early-return-*: a section with an early end, merged into one end
# by ordo_pass_merge_atomic_ends (one end event per end is a wrong SAFE).
tasks="racy-counter locked-counter message-passing threads-in-loop"
tasks="$tasks atomic-early-return-safe atomic-early-return-unsafe"
tasks="$tasks thread-local-safe thread-local-unsafe"
# late-allocation-*: a pointer loaded by a thread created before the
# allocation it points to (the walk of the thread must still see it).
tasks="$tasks late-allocation-safe late-allocation-unsafe"
# unsigned-wrap-*: wrap-around and conversions, exact in Int arithmetic
# as in bit-vectors (both checked below).
tasks="$tasks unsigned-wrap-safe unsigned-wrap-unsafe"
# ftw-*: the walk over an unknown tree calls back any number of times
# (unsafe: once, seen by a thread), and a nonzero callback result ends it.
tasks="$tasks ftw-safe ftw-unsafe"
# unread-array-*: symbolic writes to an array nothing reads are left out;
# the statement's step stays in the counterexample (unsafe).
tasks="$tasks unread-array-safe unread-array-unsafe"
# tls-keys-*: pthread_key_create/getspecific/setspecific, a value per thread.
tasks="$tasks tls-keys-safe tls-keys-unsafe"
# tls-destructor-*: a key's destructor runs with a thread's non-NULL value
# when it returns from its start routine or calls pthread_exit, not when
# the routine is merely called, not at main's return (exit).
tasks="$tasks tls-destructor-unsafe tls-destructor-exit-unsafe"
tasks="$tasks tls-destructor-main-safe tls-destructor-null-safe"
# pointer-call-*: a call through a pointer whose type says int converts
# 300 to the unsigned char its callee declares (kept as 300: a wrong SAFE).
tasks="$tasks pointer-call-safe pointer-call-unsafe"
# retyped-read-*: an int cell holding -1 read through an unsigned pointer:
# Int converts the reads of such a cell (in both arithmetics, below).
tasks="$tasks retyped-read-safe retyped-read-unsafe"
# ternary-address-*: a write through `c ? &a : &b` (both objects are
# candidates); negative-index-*: p[-1] with p's offset unknown (in Int, a
# pointer constant of 2^32 - 1 is the offset -1).
tasks="$tasks ternary-address-safe ternary-address-unsafe"
tasks="$tasks negative-index-safe negative-index-unsafe"
# guessed-pointer-*: a second walk assumes what stores through known
# addresses say a cell points to (memory.h); a thread's store through a
# loaded address breaks that guess (unsafe) or not (safe).
# overwritten-pointer-unsafe: main's store replaces what the earlier
# stores told only when nothing read them.
tasks="$tasks guessed-pointer-safe guessed-pointer-unsafe overwritten-pointer-unsafe"
# What a pointer points into: p[100]'s region is p's, not the offset's;
# an address in a static initialiser escapes; a one-past-the-end pointer
# points into its own object.
tasks="$tasks offset-region-unsafe initialiser-escape-unsafe one-past-end-unsafe"
for f in "$ORDO_ROOT"/sv-benchmarks/ordo/*.yml; do tasks="$tasks bundled:$(basename "$f" .yml)"; done
for task in $tasks; do
    case $task in
        bundled:*) yml=$ORDO_ROOT/sv-benchmarks/ordo/${task#bundled:}.yml; task=${task#bundled:} ;;
        *) yml=$T/$task.yml ;;
    esac
    for dp in basic prop; do
        for finder in none rf-ws-fr; do
            out=$TMP/$task-$dp-$finder
            "$ORDO" verify "$yml" --engine oc --solver z3 --decision-procedure $dp \
                --conflict-finder $finder >"$out" 2>&1
            st=$?
            check "$task $dp $finder: correct (exit $st)" grep -q ': correct)' "$out"
            [ $st = 0 ] || cat "$out"
        done
    done
done
for task in unsigned-wrap-safe unsigned-wrap-unsafe retyped-read-safe retyped-read-unsafe; do
    for arith in int bv; do
        "$ORDO" verify "$T/$task.yml" --engine oc --arith $arith >"$TMP/$task-$arith" 2>&1
        check "$task: correct in --arith $arith" grep -q ': correct)' "$TMP/$task-$arith"
    done
done
check "auto decides unsigned sums and wider conversions in Int" \
    not grep -q 'bit-vector arithmetic' "$TMP/unsigned-wrap-unsafe-prop-none"
check "auto decides a same-width signedness change in bit-vectors" \
    grep -q 'bit-vector arithmetic, for .*unsigned-wrap-safe.c:20' \
    "$TMP/unsigned-wrap-safe-prop-none"
check "Int converts the reads of the retyped cell" \
    grep -q 'Int arithmetic converts the reads of 1 cells' "$TMP/retyped-read-unsafe-int"
check "statistics are reported" grep -qE '^  oc.events +[1-9]' "$TMP/racy-counter-prop-rf-ws-fr"
# The loaded pointer p only ever holds the first allocation, at its start:
# its deref has one candidate cell, not both allocations' (43 events, 17 rf
# pairs), nor every cell of malloc(sizeof(int))'s four (36 events).
check "a loaded pointer is narrowed to its region and offset" grep -qE '^  oc.events +30$' \
    "$TMP/late-allocation-safe-basic-none"
# Without leaving out the 64 candidate writes of *slot (and their 64 initial
# writes) there would be 146 events.
check "a guess that holds is kept" not grep -q 'pointers stored .*walked again' "$TMP/guessed-pointer-safe-prop-none"
# (Since main's values are frozen for the threads, the worker's store goes
# through the constant it reads in holder[0], and it is p[0]'s freezing
# that fails: a later write, walked again, as oc-main-values.sh checks.)
check "a guess that fails is walked again" grep -q 'walked again' \
    "$TMP/guessed-pointer-unsafe-prop-none"
check "writes to cells nothing reads are left out" grep -qE '^  oc.events +18$' \
    "$TMP/unread-array-safe-basic-none"
# symbolic-size-safe: only 16 cells of an allocation of symbolic size are
# candidates; the bounded SAFE says so, and deepening does not try deeper.
"$ORDO" verify "$T/symbolic-size-safe.yml" --engine oc --unroll-max 8 >"$TMP/symbolic-size" 2>&1
st=$?
check "under sound (the default) a bounded SAFE is no answer: exit 1" [ $st = 1 ]
check "a symbolic-size allocation's cell bound is a bounded SAFE, whatever the label" \
    grep -q 'holds up to bound 2) (expected true: bounded)' "$TMP/symbolic-size"
"$ORDO" verify "$T/symbolic-size-safe.yml" --engine oc --unroll-max 8 --scoring svcomp >/dev/null 2>&1
check "svcomp takes it as the answer true: exit 0" [ $? = 0 ]
check "the verdict says the cell bound bounds it" \
    grep -q '^reason: *checked only the first 16 cells' "$TMP/symbolic-size"
check "no deeper unroll bound is tried for it" grep -qE '^  oc.unroll_attempts +1$' \
    "$TMP/symbolic-size"
check "the finder's conflicts are counted" grep -qE '^  oc.finder.conflicts_rf +[0-9]' \
    "$TMP/locked-counter-basic-rf-ws-fr"

if [ -e "$BUILD/lib/ordo/cvc5.so" ]; then
    for task in racy-counter locked-counter; do
        "$ORDO" verify "$T/$task.yml" --engine oc --solver cvc5 --decision-procedure basic \
            >"$TMP/cvc5-$task" 2>&1
        check "$task: BASIC with cvc5 is correct" grep -q ': correct)' "$TMP/cvc5-$task"
    done
    "$ORDO" verify "$T/racy-counter.yml" --engine oc --solver cvc5 --decision-procedure prop \
        >"$TMP/cvc5-prop" 2>&1
    check "PROP on a solver without user propagator says why" grep -q 'user propagator' \
        "$TMP/cvc5-prop"
fi
finish
