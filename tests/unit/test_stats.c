/* Unit tests of the statistics sink, the deadline and logging
 * (core/src/stats.c, deadline.c, log.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/host.h>

static void set_add_get_in_insertion_order(void **state)
{
    (void)state;
    ordo_stats *s = ordo_stats_new();
    assert_false(ordo_stats_has(s, "a.x"));
    assert_true(ordo_stat_get(s, "a.x") == 0.0);
    ordo_stat_set(s, "a.x", 2.5);
    ordo_stat_add(s, "b.y", 1);
    ordo_stat_add(s, "b.y", 2);
    ordo_stat_add(s, "a.x", -0.5);
    char name[32];
    for (int i = 0; i < 40; i++) { /* grows past the first allocation */
        snprintf(name, sizeof name, "c.%d", i);
        ordo_stat_set(s, name, i);
    }
    assert_int_equal(ordo_stats_count(s), 42);
    assert_true(ordo_stat_get(s, "a.x") == 2.0);
    assert_true(ordo_stat_get(s, "b.y") == 3.0);
    assert_true(ordo_stat_get(s, "c.39") == 39.0);
    assert_string_equal(ordo_stats_name(s, 0), "a.x");
    assert_string_equal(ordo_stats_name(s, 1), "b.y");
    assert_true(ordo_stats_value(s, 41) == 39.0);
    assert_true(ordo_stats_has(s, "c.0"));
    ordo_stats_free(s);
}

/* Declared tables: their names are kept, another is refused (dropped,
 * and the first one refused is named). */
static void undeclared_names_are_refused(void **state)
{
    (void)state;
    static const ordo_stat_desc engine[] = { { "e.count", "count", "" }, { NULL, NULL, NULL } };
    static const ordo_stat_desc solver[] = { { "solver.x", "count", "" }, { NULL, NULL, NULL } };
    ordo_stats *s = ordo_stats_new();
    ordo_stats_declare(s, engine);
    ordo_stats_declare(s, solver);
    ordo_stat_set(s, "e.count", 3);
    ordo_stat_add(s, "solver.x", 2);
    assert_null(ordo_stats_refused(s));
    ordo_stat_set(s, "e.typo", 7);
    ordo_stat_add(s, "e.other", 1);
    assert_string_equal(ordo_stats_refused(s), "e.typo");
    assert_false(ordo_stats_has(s, "e.typo"));
    assert_int_equal(ordo_stats_count(s), 2);
    assert_true(ordo_stat_get(s, "e.count") == 3.0);
    assert_true(ordo_stat_get(s, "solver.x") == 2.0);
    ordo_stats_free(s);
}

static void deadline_without_limits_is_far(void **state)
{
    (void)state;
    ordo_deadline d;
    ordo_deadline_start(&d, 0, 0);
    assert_true(isinf(ordo_deadline_left(&d)));
    assert_false(ordo_deadline_expired(&d));
    assert_true(isinf(ordo_deadline_left(NULL)));
}

/* Seconds left of `parent` narrowed to the CPU stop `now + stop_in`
 * (stop_in <= 0: no stop), for narrowed_deadline_takes_the_earlier_end. */
static double left_narrowed(const ordo_deadline *parent, double stop_in)
{
    double stop = stop_in > 0 ? ordo_process_cputime_s() + stop_in : 0;
    ordo_deadline *n = ordo_deadline_narrow(parent, stop);
    double left = ordo_deadline_left(n);
    ordo_deadline_free(n);
    return left;
}

/* A narrowed deadline ends at the earlier of the parent's limits and the
 * CPU stop; without a stop it is the parent, without a parent the stop. */
static void narrowed_deadline_takes_the_earlier_end(void **state)
{
    (void)state;
    ordo_deadline d;
    ordo_deadline_start(&d, ordo_process_cputime_s() + 50, 100);
    double left = left_narrowed(&d, 10);
    assert_true(left > 9 && left <= 10);
    left = left_narrowed(&d, 80);
    assert_true(left > 49 && left <= 50);
    left = left_narrowed(&d, 0);
    assert_true(left > 49 && left <= 50);
    left = left_narrowed(NULL, 10);
    assert_true(left > 9 && left <= 10);
    assert_true(isinf(left_narrowed(NULL, 0)));
    ordo_deadline_start(&d, 0, 0.05); /* the wall end stays */
    left = left_narrowed(&d, 10);
    assert_true(left > 0 && left <= 0.05);
}

static void deadline_counts_wall_and_cpu(void **state)
{
    (void)state;
    ordo_deadline d;
    ordo_deadline_start(&d, 0, 0.05);
    double left = ordo_deadline_left(&d);
    assert_true(left > 0 && left <= 0.05);
    double end = ordo_monotonic_s() + 0.06;
    while (ordo_monotonic_s() < end)
        ;
    assert_true(ordo_deadline_expired(&d));
    /* CPU: this process has used some CPU already, so a limit below it is past */
    ordo_deadline_start(&d, ordo_process_cputime_s() / 2, 100);
    assert_true(ordo_deadline_expired(&d));
    ordo_deadline_start(&d, ordo_process_cputime_s() + 50, 100);
    left = ordo_deadline_left(&d);
    assert_true(left > 49 && left <= 50);
}

static void log_goes_to_the_stream_above_the_level(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ordo_log_set_stream(f);
    ordo_log_set_level(ORDO_LOG_INFO);
    ordo_log(ORDO_LOG_INFO, "x=%d", 3);
    ordo_log(ORDO_LOG_DEBUG, "hidden");
    ordo_log(ORDO_LOG_ERROR, "bad %s", "thing");
    ordo_log_set_stream(NULL);
    fclose(f);
    assert_string_equal(text, "[info] x=3\n[error] bad thing\n");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(set_add_get_in_insertion_order),
        cmocka_unit_test(undeclared_names_are_refused),
        cmocka_unit_test(deadline_without_limits_is_far),
        cmocka_unit_test(deadline_counts_wall_and_cpu),
        cmocka_unit_test(narrowed_deadline_takes_the_earlier_end),
        cmocka_unit_test(log_goes_to_the_stream_above_the_level),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
