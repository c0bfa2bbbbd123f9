/*
 * Checks stop at the run's deadline (core/src/smt.c: ordo_smt_create,
 * ordo_smt_check_budget), for every built solver plugin. The deadline is a
 * stand-in: this test defines ordo_deadline_left() itself, reading the
 * seconds left from the double the deadline pointer points to.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <ordo/plugin.h>
#include <ordo/smt.h>

#include "../support/smt_load.h"
#include "../support/smt_problems.h"

double ordo_deadline_left(const ordo_deadline *d)
{
    return *(const double *)d;
}

static ordo_solver_factory plugin;
static double seconds_left;

static ordo_smt *solver_with_deadline(double left, unsigned timeout_ms)
{
    seconds_left = left;
    ordo_solver_factory f = plugin;
    f.deadline = (const ordo_deadline *)&seconds_left;
    ordo_smt_config cfg = { .timeout_ms = timeout_ms };
    ordo_smt *s = ordo_smt_create(&f, &cfg);
    assert_non_null(s);
    return s;
}

static double timed_check(ordo_smt *s, ordo_smt_result expect)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(ordo_smt_check(s), expect);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
}

static void passed_deadline_answers_unknown_at_once(void **state)
{
    (void)state;
    ordo_smt *s = solver_with_deadline(0.0, 0);
    ordo_smt_assert(s, ordo_smt_bool(s, true));
    assert_true(timed_check(s, ORDO_SMT_UNKNOWN) < 0.1);
    assert_string_equal(ordo_smt_reason_unknown(s), "deadline");
    assert_null(ordo_smt_error(s));
    /* more time: the same instance answers */
    seconds_left = 100.0;
    timed_check(s, ORDO_SMT_SAT);
    ordo_smt_destroy(s);
}

static void deadline_bounds_a_check_without_timeout(void **state)
{
    (void)state;
    ordo_smt *s = solver_with_deadline(0.3, 0);
    smt_assert_pigeonhole(s, 14);
    double took = timed_check(s, ORDO_SMT_UNKNOWN);
    assert_true(took > 0.2 && took < 2.0);
    ordo_smt_destroy(s);
}

static void smaller_timeout_wins_over_deadline(void **state)
{
    (void)state;
    ordo_smt *s = solver_with_deadline(100.0, 200);
    smt_assert_pigeonhole(s, 14);
    assert_true(timed_check(s, ORDO_SMT_UNKNOWN) < 2.0);
    ordo_smt_destroy(s);
}

static void budget_arithmetic(void **state)
{
    (void)state;
    ordo_smt s = { NULL, NULL };
    unsigned ms;
    assert_true(ordo_smt_check_budget(&s, 0, &ms)); /* no deadline, no timeout */
    assert_int_equal(ms, 0);
    assert_true(ordo_smt_check_budget(&s, 700, &ms));
    assert_int_equal(ms, 700);
    s.deadline = (const ordo_deadline *)&seconds_left;
    seconds_left = 2.5;
    assert_true(ordo_smt_check_budget(&s, 0, &ms));
    assert_int_equal(ms, 2500);
    assert_true(ordo_smt_check_budget(&s, 700, &ms));
    assert_int_equal(ms, 700);
    seconds_left = 1e12; /* beyond unsigned ms: unbounded */
    assert_true(ordo_smt_check_budget(&s, 0, &ms));
    assert_int_equal(ms, 0);
    seconds_left = 0.0005;
    assert_false(ordo_smt_check_budget(&s, 700, &ms));
}

int main(void)
{
    static const struct CMUnitTest core_tests[] = { cmocka_unit_test(budget_arithmetic) };
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(passed_deadline_answers_unknown_at_once),
        cmocka_unit_test(deadline_bounds_a_check_without_timeout),
        cmocka_unit_test(smaller_timeout_wins_over_deadline),
    };
    int failed = cmocka_run_group_tests_name("budget", core_tests, NULL, NULL);
    static const char *const solvers[] = { "z3", "cvc5" };
    for (size_t i = 0; i < sizeof solvers / sizeof solvers[0]; i++) {
        if (!smt_load_plugin(solvers[i], &plugin))
            continue;
        failed += _cmocka_run_group_tests(plugin.name, tests, sizeof tests / sizeof tests[0],
                                          NULL, NULL);
    }
    return failed;
}
