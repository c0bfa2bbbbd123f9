/* Unit tests of the regression comparison (analysis/compare.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis_fixture.h"
#include "../../analysis/compare.h"

/* BOUND and COMPLETE: "", "true" for a proof; "2", "false" for a bounded
 * SAFE; "", "" for an answer that is not a SAFE. */
#define ROW(run, task, exp, verdict, result, bound, complete, cpu)                                 \
    "b," run ",oc,," task "," exp "," verdict "," verdict "," result "," bound "," complete "," cpu \
    "," cpu ",1,\n"

static const char base_csv[] = FIXTURE_HEADER "\n"
    ROW("P", "t1", "true", "true", "correct", "", "true", "1.0")
    ROW("P", "t2", "false", "false", "correct", "", "", "4.0")
    ROW("P", "t3", "true", "true", "correct", "", "true", "0.01")
    ROW("Q", "t1", "true", "true", "correct", "", "true", "2.0");

/* BASE holds base_csv and NEW holds NEW_CSV, each loaded as ordo report
 * loads a results file. */
static void load_both(results *base, results *new, const char *new_csv)
{
    results_init(base);
    results_init(new);
    assert_int_equal(fixture_load(base, base_csv), 0);
    assert_int_equal(fixture_load(new, new_csv), 0);
}

static void identical_results_have_ratio_one(void **state)
{
    (void)state;
    comparison c;
    results base, new;
    load_both(&base, &new, base_csv);
    compare_results(&base, &new, 0.05, &c);
    assert_int_equal(c.n_matched, 4);
    assert_int_equal(c.n_new_wrong + c.n_lost + c.n_gained, 0);
    assert_float_equal(c.geomean_ratio, 1.0, 1e-12);
    assert_float_equal(c.median_ratio, 1.0, 1e-12);
    comparison_free(&c);
    results_free(&base);
    results_free(&new);
}

static void wrong_lost_gained_and_ratios(void **state)
{
    (void)state;
    static const char new_csv[] = FIXTURE_HEADER "\n"
        ROW("P", "t1", "true", "false", "wrong", "", "", "1.0")       /* new false alarm (and a lost solve) */
        ROW("P", "t2", "false", "false", "correct", "", "", "8.0")    /* twice as slow */
        ROW("P", "t3", "true", "true", "correct", "", "true", "0.04")     /* under the 0.05 s floor: ratio 1 */
        ROW("Q", "t1", "true", "true", "correct", "", "true", "1.0")      /* twice as fast */
        ROW("Q", "t2", "false", "false", "correct", "", "", "1.0");   /* only in NEW: gained */
    results base, new;
    load_both(&base, &new, new_csv);
    comparison c;
    compare_results(&base, &new, 0.05, &c);
    assert_int_equal(c.n_new_wrong, 1);
    assert_string_equal(c.new_wrong[0].new->task, "t1");
    assert_int_equal(c.n_lost, 1);
    assert_int_equal(c.n_gained, 1);
    assert_int_equal(c.n_only_new, 1);
    assert_int_equal(c.n_solved_both, 3);
    assert_float_equal(c.solved_both[0].ratio, 2.0, 1e-12); /* sorted, slowest first */
    assert_float_equal(c.median_ratio, 1.0, 1e-12);
    assert_float_equal(c.geomean_ratio, 1.0, 1e-12); /* (2 * 1 * 0.5)^(1/3) */
    assert_float_equal(comparison_config_geomean(&c, "P"), sqrt(2.0), 1e-12);
    assert_float_equal(comparison_config_geomean(&c, "Q"), 0.5, 1e-12);
    comparison_free(&c);
    results_free(&base);
    results_free(&new);
}

/* A proof in BASE that is a bounded SAFE in NEW is a lost solve under
 * sound, and nothing under svcomp (both say true). */
static void a_bounded_safe_is_lost_under_sound_only(void **state)
{
    (void)state;
    static const char new_csv[] = FIXTURE_HEADER "\n"
        ROW("P", "t1", "true", "true", "bounded", "2", "false", "1.0")
        ROW("P", "t2", "false", "false", "correct", "", "", "4.0")
        ROW("P", "t3", "true", "true", "correct", "", "true", "0.01")
        ROW("Q", "t1", "true", "true", "correct", "", "true", "2.0");
    results base, new;
    load_both(&base, &new, new_csv);
    comparison c;
    compare_results(&base, &new, 0.05, &c);
    assert_int_equal(c.n_lost, 1);
    assert_string_equal(c.lost[0].new->task, "t1");
    assert_int_equal(c.n_new_wrong, 0);
    comparison_free(&c);
    results_rescore(&base, SCORING_SVCOMP);
    results_rescore(&new, SCORING_SVCOMP);
    compare_results(&base, &new, 0.05, &c);
    assert_int_equal(c.n_lost + c.n_new_wrong + c.n_gained, 0);
    comparison_free(&c);
    results_free(&base);
    results_free(&new);
}

static void median_and_geomean(void **state)
{
    (void)state;
    const double v[] = { 4, 1, 2, 8 };
    assert_float_equal(median_of(v, 4), 3.0, 1e-12);
    assert_float_equal(median_of(v, 3), 2.0, 1e-12);
    assert_float_equal(geomean_of(v, 4), pow(64, 0.25), 1e-12);
    assert_true(isnan(median_of(v, 0)));
    assert_true(isnan(geomean_of(v, 0)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identical_results_have_ratio_one),
        cmocka_unit_test(wrong_lost_gained_and_ratios),
        cmocka_unit_test(a_bounded_safe_is_lost_under_sound_only),
        cmocka_unit_test(median_and_geomean),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
