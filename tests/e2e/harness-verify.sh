#!/usr/bin/env bash
# ordo verify: one task under the runner's limits; prints status, verdict,
# statistics; exit status by outcome; options checked against the engine.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/tasks

"$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict true --stats selftest.work=42,selftest.time_s=0.5 >"$TMP/v1" 2>&1
check_status 0 "a correct verdict" "$TMP/v1"
check "prints the status" grep -q '^status:   true$' "$TMP/v1"
check "prints the verdict and its check" grep -q '^verdict:  true (expected true: correct)$' "$TMP/v1"
check "prints the statistics" grep -qE '^  selftest.work +42$' "$TMP/v1"
check "prints fractional statistics" grep -qE '^  selftest.time_s +0.5$' "$TMP/v1"

"$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict true --stats selftest.work=1,selftest.typo=2 >"$TMP/v1u" 2>&1
check "a statistic the engine did not declare makes an engine error" grep -q '^reason:   engine error: statistic selftest.typo is not declared in the engine.s descriptor$' "$TMP/v1u"
check "and is not reported" bash -c "! grep -q typo <(grep -A9 '^statistics:' '$TMP/v1u')"

"$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict false >"$TMP/v2" 2>&1
check "a wrong verdict exits 1" [ $? = 1 ]
check "and says wrong" grep -q 'expected true: wrong' "$TMP/v2"

"$ORDO" verify "$T/expect-false.yml" --engine selftest --verdict true --bound 7 >"$TMP/v3" 2>&1
check "a bounded SAFE on an expected-false task is 'bounded'" grep -q 'holds up to bound 7) (expected false: bounded)' "$TMP/v3"
# The label does not decide: bounded on a true task too; under sound (the
# default) it is no answer (exit 1), under svcomp the answer true.
"$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict true --bound 7 >"$TMP/v3t" 2>&1
check "a bounded SAFE on an expected-true task is no answer under sound: exit 1" [ $? = 1 ]
check "and is 'bounded' too" grep -q 'holds up to bound 7) (expected true: bounded)' "$TMP/v3t"
"$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict true --bound 7 --scoring svcomp >/dev/null 2>&1
check "under svcomp it is the answer true: exit 0" [ $? = 0 ]
"$ORDO" verify "$T/expect-false.yml" --engine selftest --verdict true --bound 7 --scoring svcomp >/dev/null 2>&1
check "under svcomp on an expected-false task it is wrong: exit 1" [ $? = 1 ]
"$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict true --scoring lenient >/dev/null 2>"$TMP/v3p"
check "an unknown policy is a usage error" [ $? = 2 ]

"$ORDO" verify "$T/empty.c" --engine selftest --expect false --verdict false >"$TMP/v4" 2>&1
check "a .c file with --expect" grep -q 'expected false: correct' "$TMP/v4"

"$ORDO" verify "$T/expect-true.yml" --engine selftest --spin-ms 100000 --cpu-time 1 >"$TMP/v5" 2>&1
st=$?
check "verify enforces the CPU limit (exit $st)" [ $st = 1 ]
check "as a timeout" grep -q '^status:   timeout$' "$TMP/v5"

"$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict unsupported >"$TMP/v6" 2>&1
check "unsupported exits 3" [ $? = 3 ]
check "with the reason" grep -q '^reason:   unsupported: selftest as asked' "$TMP/v6"

"$ORDO" verify "$T/expect-true.yml" --engine selftest --print 'to the log, not the CSV' >"$TMP/v7" 2>"$TMP/v7.err"
check "the engine's stdout goes to the log (shown on stderr)" grep -q 'to the log, not the CSV' "$TMP/v7.err"
check "not to verify's stdout" not grep -q '^to the log' "$TMP/v7"

"$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict perhaps 2>"$TMP/v8.err"
check "a bad option value exits 2" [ $? = 2 ]
check "naming the allowed values" grep -q "allowed: true, false, unknown, error, unsupported" "$TMP/v8.err"
"$ORDO" verify "$T/expect-true.yml" --engine selftest --sped 3 2>"$TMP/v9.err"
check "an unknown option exits 2" [ $? = 2 ]
"$ORDO" verify "$T/nope.yml" --engine selftest 2>"$TMP/v10.err"
check "a missing task exits 4" [ $? = 4 ]
check "naming the file" grep -q 'nope.yml:0: cannot open' "$TMP/v10.err"
"$ORDO" verify "$ORDO_ROOT/tests/e2e/fixtures/bad-tasks/malformed.yml" --engine selftest 2>"$TMP/v11.err"
check "a malformed task exits 4" [ $? = 4 ]

# A working directory removed under ordo (a benchmark's checkout deleted)
# has no name; the task, given by its full path, still runs.
mkdir "$TMP/gone"
(cd "$TMP/gone" && rmdir "$TMP/gone" &&
    "$ORDO" verify "$T/expect-true.yml" --engine selftest --verdict true) >"$TMP/v12" 2>&1
check_status 0 "a removed working directory is no crash" "$TMP/v12"
finish
