#!/usr/bin/env bash
# The cegar engine's --prune lazy (keep the ARG, prune the counterexample's
# pivot subtree) against full on the bundled tasks that finish quickly: the
# same status in both domains, with NOPOR and AASPOR (whose kept reduced
# nodes lazy re-expands); every UNSAFE is replayed by the harness. And
# --pred-split: each way of cutting PRED's formulas proves Figure 2.1.
# (--refinement bin-itp: unit tests only; on the bundled tasks z3's
# projection fails on the memory stores of the thread handles.)
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
B=$ORDO_ROOT/sv-benchmarks/ordo

status() { sed -n 's/^status: *//p' "$1"; }

for task in thesis-fig2.1 thesis-fig2.1-nonatomic peterson-broken prodcons-race; do
    for opts in "--domain expl" "--domain pred" "--domain expl --por aaspor" \
        "--domain pred --por aaspor"; do
        name=$task-${opts// /}
        "$ORDO" verify "$B/$task.yml" --engine cegar $opts --prune full >"$TMP/full-$name" 2>&1
        "$ORDO" verify "$B/$task.yml" --engine cegar $opts --prune lazy >"$TMP/lazy-$name" 2>&1
        check "$task $opts: lazy correct" grep -q ': correct)' "$TMP/lazy-$name"
        check "$task $opts: lazy and full agree" \
            [ "$(status "$TMP/full-$name")" = "$(status "$TMP/lazy-$name")" ]
    done
done

for opts in "--domain pred --pred-split conjuncts" "--domain pred --pred-split whole" \
    "--domain pred --refinement seq-itp --pred-split whole"; do
    out=$TMP/fig2.1-${opts// /}
    "$ORDO" verify "$B/thesis-fig2.1.yml" --engine cegar $opts >"$out" 2>&1
    check "thesis-fig2.1 $opts: correct" grep -q ': correct)' "$out"
done
"$ORDO" verify "$B/thesis-fig2.1.yml" --engine cegar --prune eager >"$TMP/bad" 2>&1
check_status 2 "--prune eager is refused" "$TMP/bad"
finish
