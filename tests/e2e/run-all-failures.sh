#!/usr/bin/env bash
# tests/run-all says what failed even when CI shows only the last lines of
# its output: a deliberately failing cmocka test and e2e script, each with
# more than 30 lines of output after its first failed assertion (so that the
# log's tail alone would not show it), run through the runner.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
mkdir -p "$TMP/build/tests" "$TMP/e2e"
cat >"$TMP/failing.c" <<'C'
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>

static void passes(void **state) { (void)state; }

static void fails_then_talks(void **state)
{
    (void)state;
    int answer = 41;
    assert_int_equal(answer, 42);
}

static void talks(void **state)
{
    (void)state;
    for (int i = 0; i < 40; i++)
        printf("noise line %d\n", i);
}

static void fails_with_a_message(void **state)
{
    (void)state;
    fail_msg("the answer was %d", 41);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(passes), cmocka_unit_test(fails_then_talks),
                                        cmocka_unit_test(talks), cmocka_unit_test(fails_with_a_message) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
C
cc -o "$TMP/build/tests/test_failing" "$TMP/failing.c" -lcmocka >"$TMP/cc.log" 2>&1
check_status 0 "the failing fixture builds" "$TMP/cc.log"
cat >"$TMP/e2e/failing.sh" <<'SH'
echo "ok: a check that holds"
echo "FAIL: the e2e fixture's check (got 41)"
for i in $(seq 40); do echo "noise line $i"; done
exit 1
SH
E2E_DIR=$TMP/e2e "$ORDO_ROOT/tests/run-all" "$TMP/build" test_failing >"$TMP/out" 2>&1
st=$?
# (indented: the fixtures' own failure lines are not this test's)
sed 's/^/| /' "$TMP/out"
check "run-all with two failing tests: exit 1 (got $st)" [ $st = 1 ]
check "the cmocka test fails (two failures)" grep -q "^FAIL test_failing (exit 2, log $TMP/build/test-logs/test_failing.log)" "$TMP/out"
check "its log's tail does not show the assertion" not grep -q "42" <(tail -n 30 "$TMP/build/test-logs/test_failing.log")
check "what failed: the assertion's message" grep -q -F '[  ERROR   ] --- 0x29 != 0x2a' "$TMP/out"
check "what failed: its line" grep -q -F '[   LINE   ] --- '"$TMP"'/failing.c:14: error: Failure!' "$TMP/out"
check "what failed: the failed test" grep -q -x -F '[  FAILED  ] fails_then_talks' "$TMP/out"
check "what failed: fail_msg's message" grep -q -x -F 'ERROR: the answer was 41' "$TMP/out"
check "the e2e script's FAIL line" grep -q -x -F "FAIL: the e2e fixture's check (got 41)" "$TMP/out"
line_of() { grep -n -F -m 1 -e "$1" "$TMP/out" | cut -d: -f1; } # FIXED_STRING: its first line number
check "what failed comes before the log's tail" \
    [ "$(line_of '[  ERROR   ] --- 0x29')" -lt "$(line_of '---- test_failing: last 30 lines')" ]
# The last three lines alone say what failed.
tail -n 3 "$TMP/out" >"$TMP/last"
check "last lines: the cmocka failure with its line" \
    grep -q -x -F "FAILED test_failing: [  ERROR   ] --- 0x29 != 0x2a|[   LINE   ] --- $TMP/failing.c:14: error: Failure!" "$TMP/last"
check "last lines: the e2e failure" \
    grep -q -x -F "FAILED e2e-failing: FAIL: the e2e fixture's check (got 41)" "$TMP/last"
check "last line: the counts" [ "$(tail -n 1 "$TMP/out")" = "0 passed, 2 failed, 0 skipped" ]
finish
