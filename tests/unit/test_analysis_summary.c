/* Unit tests of the summary numbers, common sets and table layouts
 * (analysis/summary.c, layout.c, table.c) on tests/data/small-results.csv,
 * whose every number is worked out by hand in the comments below. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis_fixture.h"
#include "../../analysis/layout.h"

static int load_small(void **state)
{
    static results r;
    const char *root = getenv("ORDO_ROOT");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/small-results.csv", root ? root : ".");
    results_init(&r);
    if (results_load(&r, path))
        return -1;
    *state = &r;
    return 0;
}

static int free_small(void **state)
{
    results_free(*state);
    return 0;
}

/* Summarizes configuration `config` of r into s and checks the three
 * numbers every configuration's check has: solved, score and CPU time. */
static void summarize_checked(const results *r, unsigned config, config_summary *s,
                              unsigned solved, long score, double cputime_s)
{
    summarize_config(r, config, s);
    assert_int_equal(s->solved, solved);
    assert_int_equal(s->score, score);
    assert_float_equal(s->cputime_s, cputime_s, 1e-9);
}

static void every_summary_number(void **state)
{
    results *r = *state;
    assert_int_equal(r->n_configs, 3);
    assert_int_equal(r->n_tasks, 5);
    assert_int_equal(r->scoring, SCORING_SOUND);
    config_summary s;
    /* A: t1 proof on a true task, t2 violation, t3 false alarm, t4
     * timeout, t5 bounded SAFE on a false task (no answer under sound):
     * score 2 + 1 - 16 = -13 */
    summarize_checked(r, 0, &s, /* solved */ 2, /* score */ -13, /* cputime_s */ 66.5);
    assert_int_equal(s.tasks, 5);
    assert_int_equal(s.correct_true, 1);
    assert_int_equal(s.correct_false, 1);
    assert_int_equal(s.bounded_true, 0);
    assert_int_equal(s.bounded_false, 1);
    assert_int_equal(s.wrong, 1);
    assert_int_equal(s.false_alarms, 1);
    assert_int_equal(s.missed_bugs, 0);
    assert_int_equal(s.timeouts, 1);
    assert_float_equal(s.walltime_s, 68.0, 1e-9);
    /* A+OPT: t1 proof, t2 violation, t3 bounded SAFE on a true task (no
     * answer, whatever the label), t4 complete SAFE on a false task
     * (missed bug), t5 crash: 2 + 1 - 32 = -29 */
    summarize_checked(r, 1, &s, /* solved */ 2, /* score */ -29, /* cputime_s */ 7.2);
    assert_int_equal(s.correct_true, 1);
    assert_int_equal(s.bounded_true, 1);
    assert_int_equal(s.bounded_false, 0);
    assert_int_equal(s.missed_bugs, 1);
    assert_int_equal(s.false_alarms, 0);
    assert_int_equal(s.crashes, 1);
    /* B: memout, correct false, error, unsupported, unknown */
    summarize_checked(r, 2, &s, /* solved */ 1, /* score */ 1, /* cputime_s */ 19.15);
    assert_int_equal(s.memouts, 1);
    assert_int_equal(s.errors, 1);
    assert_int_equal(s.unsupported, 1);
    assert_int_equal(s.unknown, 1);
}

/* svcomp: every SAFE is the answer true. The bounded SAFEs are counted as
 * before, by label; what changes is only what is solved, wrong, scored. */
static void every_summary_number_under_svcomp(void **state)
{
    results *r = *state;
    results_rescore(r, SCORING_SVCOMP);
    config_summary s;
    /* A: t5's bounded SAFE on a false task is a missed bug: 2 + 1 - 16 - 32 */
    summarize_checked(r, 0, &s, /* solved */ 2, /* score */ -45, /* cputime_s */ 66.5);
    assert_int_equal(s.wrong, 2);
    assert_int_equal(s.false_alarms, 1);
    assert_int_equal(s.missed_bugs, 1);
    assert_int_equal(s.bounded_false, 1);
    /* A+OPT: t3's bounded SAFE on a true task is correct: 2 + 1 + 2 - 32 */
    summarize_checked(r, 1, &s, /* solved */ 3, /* score */ -27, /* cputime_s */ 7.2);
    assert_int_equal(s.correct_true, 2);
    assert_int_equal(s.bounded_true, 1);
    summarize_checked(r, 2, &s, /* solved */ 1, /* score */ 1, /* cputime_s */ 19.15);
    results_rescore(r, SCORING_SOUND);
    summarize_checked(r, 1, &s, /* solved */ 2, /* score */ -29, /* cputime_s */ 7.2);
}

static void common_set_of_all_and_per_family(void **state)
{
    const results *r = *state;
    config_groups g;
    assert_int_equal(groups_build(r, NULL, &g), 0);
    assert_int_equal(g.n_groups, 1);
    assert_int_equal(g.groups[0].n_common, 1); /* only t2: B solved nothing else */
    assert_true(g.groups[0].common[1]);
    int cpu = results_value_index(r, "cputime_s");
    assert_float_equal(summary_aggregate(r, 0, g.groups[0].common, cpu, AGG_AVG), 2.0, 1e-9);
    groups_free(&g);

    assert_int_equal(groups_build(r, SUMMARY_FAMILY_REGEX, &g), 0);
    assert_int_equal(g.n_groups, 2); /* A = {A, A+OPT}, B = {B} */
    assert_string_equal(g.groups[0].name, "A");
    assert_int_equal(g.groups[0].n_configs, 2);
    assert_int_equal(g.groups[0].n_common, 2); /* t1, t2 */
    assert_int_equal(g.groups[1].n_common, 1);
    const bool *a = g.groups[0].common;
    assert_float_equal(summary_aggregate(r, 0, a, cpu, AGG_AVG), 1.5, 1e-9);  /* (1 + 2) / 2 */
    assert_float_equal(summary_aggregate(r, 1, a, cpu, AGG_AVG), 0.75, 1e-9); /* (0.5 + 1) / 2 */
    int clauses = results_value_index(r, "oc.propagated_clauses");
    int decisions = results_value_index(r, "solver.decisions");
    assert_float_equal(summary_aggregate(r, 0, a, clauses, AGG_AVG), 6, 1e-9);
    assert_float_equal(summary_aggregate(r, 1, a, decisions, AGG_SUM), 130, 1e-9);
    assert_true(isnan(summary_aggregate(r, 2, g.groups[1].common, clauses, AGG_AVG))); /* B has none */
    groups_free(&g);

    assert_int_equal(groups_build(r, "([", &g), 2); /* a bad regex is a usage error */
}

/* --same: t1 and t2 are solved by both A and A+OPT, but only on t2 did
 * they answer at the same unroll bound. */
static void common_set_with_the_same_value(void **state)
{
    (void)state;
    results r;
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER ",oc.unroll_bound\n"
                                      "s,A,oc,,t1.yml,true,true,true,correct,,true,1,1,1,,4\n"
                                      "s,A,oc,,t2.yml,true,true,true,correct,,true,1,1,1,,2\n"
                                      "s,A,oc,,t3.yml,true,true,true,correct,,true,1,1,1,,\n"
                                      "s,A+OPT,oc,,t1.yml,true,true,true,correct,,true,1,1,1,,8\n"
                                      "s,A+OPT,oc,,t2.yml,true,true,true,correct,,true,1,1,1,,2\n"
                                      "s,A+OPT,oc,,t3.yml,true,true,true,correct,,true,1,1,1,,2\n"),
                     0);
    config_groups g;
    assert_int_equal(groups_build(&r, NULL, &g), 0);
    assert_int_equal(g.groups[0].n_common, 3);
    assert_int_equal(groups_require_same(&r, &g, "oc.unroll_bound"), 0);
    assert_int_equal(g.groups[0].n_common, 1); /* t3: a missing bound is not bound 2 */
    assert_false(g.groups[0].common[0]);
    assert_true(g.groups[0].common[1]);
    assert_false(g.groups[0].common[2]);
    assert_int_equal(groups_require_same(&r, &g, "oc.no_such"), 2);
    groups_free(&g);
    results_free(&r);
}

static void thesis_5_1_layout_cells(void **state)
{
    const results *r = *state;
    const table_layout *l = layout_named("thesis-5.1");
    assert_non_null(l);
    assert_null(layout_named("thesis-9.9"));
    config_groups g;
    assert_int_equal(groups_build(r, l->group_regex, &g), 0);
    table t;
    layout_build(l, r, &g, &t);
    assert_int_equal(t.n_rows, 3);
    assert_int_equal(t.n_cols, 11);
    assert_string_equal(t.header[2], "wrong");
    assert_string_equal(t.header[3], "bounded on true");
    assert_string_equal(t.header[4], "bounded on false");
    assert_string_equal(t.header[6], "prop./ref. clauses");
    assert_string_equal(table_get(&t, 0, 0), "A");
    assert_string_equal(table_get(&t, 0, 1), "2");
    assert_string_equal(table_get(&t, 0, 2), "1");
    assert_string_equal(table_get(&t, 0, 3), "0");
    assert_string_equal(table_get(&t, 0, 4), "1");
    assert_string_equal(table_get(&t, 0, 5), "1.5s");
    assert_string_equal(table_get(&t, 0, 6), "6");
    assert_string_equal(table_get(&t, 0, 7), "n/a"); /* no solver.time_s column */
    assert_string_equal(table_get(&t, 0, 8), "150");
    assert_string_equal(table_get(&t, 1, 1), "2");   /* t3 bounded: not solved */
    assert_string_equal(table_get(&t, 1, 3), "1");
    assert_string_equal(table_get(&t, 1, 8), "65");
    assert_string_equal(table_get(&t, 2, 5), "8.0s");
    assert_true(t.group_start[2]);
    assert_false(t.group_start[1]);
    assert_non_null(strstr(t.caption, "A 2, B 1"));
    table_free(&t);
    groups_free(&g);
}

static void custom_columns_and_unknown_names(void **state)
{
    const results *r = *state;
    table_layout l;
    assert_int_equal(layout_custom(r, "cputime_s,sum:solver.decisions", NULL, &l), 0);
    config_groups g;
    assert_int_equal(groups_build(r, NULL, &g), 0);
    table t;
    layout_build(&l, r, &g, &t);
    assert_string_equal(t.header[4], "sum solver.decisions");
    assert_string_equal(table_get(&t, 0, 3), "2");   /* A on t2 */
    assert_string_equal(table_get(&t, 1, 4), "80");  /* A+OPT on t2 */
    assert_string_equal(table_get(&t, 2, 2), "1");   /* common tasks */
    table_free(&t);
    groups_free(&g);
    layout_free_custom(&l);
    assert_int_equal(layout_custom(r, "cputime_s,oc.no_such", NULL, &l), 2);
}

static void tables_render_in_three_formats(void **state)
{
    (void)state;
    table t;
    table_init(&t, "cap_1", 2);
    table_column(&t, 0, "name", false);
    table_column(&t, 1, "a|b", true);
    table_set(&t, table_add_row(&t, true), 0, "x_y&z");
    table_set(&t, table_add_row(&t, true), 1, "1,5");
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    table_write(&t, TABLE_MD, out);
    table_write(&t, TABLE_TEX, out);
    table_write(&t, TABLE_CSV, out);
    fclose(out);
    assert_non_null(strstr(buf, "| name | a\\|b |\n| :--- | ---: |\n| x_y&z |  |\n"));
    assert_non_null(strstr(buf, "\\begin{tabular}{lr}\n\\toprule\nname & a|b \\\\\n\\midrule\nx\\_y\\&z &  \\\\\n\\midrule\n"));
    assert_non_null(strstr(buf, "name,a|b\nx_y&z,\n,\"1,5\"\n"));
    free(buf);
    table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_summary_number),
        cmocka_unit_test(every_summary_number_under_svcomp),
        cmocka_unit_test(common_set_of_all_and_per_family),
        cmocka_unit_test(common_set_with_the_same_value),
        cmocka_unit_test(thesis_5_1_layout_cells),
        cmocka_unit_test(custom_columns_and_unknown_names),
        cmocka_unit_test(tables_render_in_three_formats),
    };
    return cmocka_run_group_tests(tests, load_small, free_small);
}
