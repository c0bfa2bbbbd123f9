/* Unit tests of the part files of SLURM elements (harness/slurm_part.c):
 * one file per (run, task) whatever their names, the row exactly as
 * results.csv holds it, and a part without its row read as absent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../harness/slurm_part.h"
#include "tmpfile.h"

static char dir[] = "/tmp/ordo-test-slurm-part.XXXXXX";

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return remove_tree(dir);
}

static void test_names_do_not_collide(void **state)
{
    (void)state;
    char *a = slurm_part_path("o", "a/b", "t"), *b = slurm_part_path("o", "a%2Fb", "t");
    char *c = slurm_part_path("o", "a_b", "t"), *d = slurm_part_path("o", "a", "b/t");
    assert_string_equal(a, "o/parts/a%2Fb/t.row");
    assert_string_equal(b, "o/parts/a%252Fb/t.row");
    assert_string_equal(c, "o/parts/a_b/t.row");
    assert_string_equal(d, "o/parts/a/b%2Ft.row");
    free(a), free(b), free(c), free(d);
}

static void test_write_then_read(void **state)
{
    (void)state;
    ordo_plugin engine = { .name = "selftest" };
    run_config rc = { .name = "r/1", .engine = &engine, .options_text = "verdict=true" };
    task t = { .name = "pthread/x.yml", .expected = EXPECT_FALSE };
    run_outcome o = { .status = "true", .verdict = EXPECT_TRUE, .bound = 3, .cputime_s = 1.25,
                      .walltime_s = 2, .memory_mb = 10, .stats = ordo_stats_new() };
    ordo_stat_set(o.stats, "events", 42);
    char *stats[] = { "events", "absent" };
    results_file columns = { .n_stats = 2, .stat_names = stats };
    slurm_part about = { .node = "n7", .job = "12_3", .memory_enforced_by = "SLURM job cgroup",
                         .cpu_enforced_by = "RLIMIT_CPU" };
    assert_true(slurm_part_write(dir, &columns, "b", &rc, &t, &o, &about));
    char *path = slurm_part_path(dir, rc.name, t.name);
    slurm_part p;
    assert_true(slurm_part_read(path, &p));
    assert_string_equal(p.row, "b,r/1,selftest,verdict=true,pthread/x.yml,false,true,true,"
                               "bounded,3,false,1.250,2.000,10.0,,42,");
    assert_string_equal(p.node, "n7");
    assert_string_equal(p.job, "12_3");
    assert_string_equal(p.result, "bounded");
    assert_string_equal(p.status, "true");
    assert_int_equal(p.answer, ANSWER_BOUNDED);
    assert_string_equal(p.memory_enforced_by, "SLURM job cgroup");
    slurm_part_free(&p);
    free(path);
    ordo_stats_free(o.stats);
}

static void test_part_without_row_is_absent(void **state)
{
    (void)state;
    char *whole = write_file(dir, "whole.row", "node n\njob 1_0\nresult correct\nstatus true\n"
                                               "row b,r,e\n");
    char *no_row = write_file(dir, "no-row.row", "node n\njob 1_0\nresult correct\nstatus true\n");
    char *torn = write_file(dir, "torn.row", "node n\njob 1_0\nresult correct\nstatus true\n"
                                             "row b,r,e");
    slurm_part p;
    assert_true(slurm_part_read(whole, &p));
    assert_string_equal(p.row, "b,r,e");
    slurm_part_free(&p);
    assert_false(slurm_part_read(no_row, &p));
    assert_false(slurm_part_read(torn, &p));
    assert_false(slurm_part_read("/nonexistent/x.row", &p));
    free(whole), free(no_row), free(torn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_do_not_collide),
        cmocka_unit_test(test_write_then_read),
        cmocka_unit_test(test_part_without_row_is_absent),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
