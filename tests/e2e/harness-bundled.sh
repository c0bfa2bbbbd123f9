#!/usr/bin/env bash
# ordo's bundled tasks with a real engine: every small task gets its
# expected verdict from the oc engine, through `ordo bench` (the demo's
# path), `ordo verify` prints a replayed counterexample for a violation, and
# front-end failures become `error` (parse error) and `unsupported`.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
"$ORDO" engines | grep -q '^oc ' || { echo "no oc engine"; exit 77; }

cat >"$TMP/b.yml" <<YML
benchmark: bundled
tasks: ['$ORDO_ROOT/sv-benchmarks/ordo-small.set']
limits: {cpu_time: 60, wall_time: 120, memory: 2048}
jobs: 2
runs:
  - {name: prop, engine: oc, options: {decision-procedure: prop}}
YML
"$ORDO" bench "$TMP/b.yml" --out "$TMP/out" >"$TMP/b.out" 2>"$TMP/b.err"
st=$?
cat "$TMP/b.out"; grep -v '^\[' "$TMP/b.err"
check "no wrong verdict (exit $st)" [ $st = 0 ]
n=$(ls "$ORDO_ROOT"/sv-benchmarks/ordo/*.yml | wc -l)
check "all $n small tasks are correct" grep -q "correct $n, wrong 0, unknown 0" "$TMP/b.out"
check "solver statistics reach the CSV" [ -n "$(field "$TMP/out/results.csv" prop solver.decisions | head -1)" ]
check "the solver version is in the metadata" grep -q '^  z3: "' "$TMP/out/metadata.yml"

"$ORDO" verify "$ORDO_ROOT/sv-benchmarks/ordo/peterson-broken.yml" --engine oc >"$TMP/v.out" 2>/dev/null
check "verify finds the broken Peterson's violation" [ $? = 0 ]
cat "$TMP/v.out"
check "and prints the counterexample" grep -q '^counterexample:$' "$TMP/v.out"
check "with threads and source lines" grep -qE '^step [0-9]+: thread [0-9]+ at .*peterson-broken.c:[0-9]+' "$TMP/v.out"
check "ending at the error" grep -q 'reaches the error' "$TMP/v.out"

# Front-end failures: a parse error is an `error`, an unsupported construct `unsupported`.
printf 'int main(void) { return 0 }\n' >"$TMP/bad.c"
"$ORDO" verify "$TMP/bad.c" --engine oc >"$TMP/bad.out" 2>/dev/null
check "a parse error: exit 1" [ $? = 1 ]
check "status error with the place" grep -q "^reason:   parse error: .*bad.c:1)" "$TMP/bad.out"
check "status error" grep -q '^status:   error$' "$TMP/bad.out"
printf 'int main(void) { __asm__("nop"); return 0; }\n' >"$TMP/fp.c"
"$ORDO" verify "$TMP/fp.c" --engine oc >"$TMP/fp.out" 2>/dev/null
check "an unsupported construct: exit 3" [ $? = 3 ]
check "status unsupported" grep -q '^status:   unsupported$' "$TMP/fp.out"
check "naming the construct and place" grep -q '^reason:   unsupported: inline assembly (.*fp.c:1)' "$TMP/fp.out"
finish
