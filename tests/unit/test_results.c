/* Unit tests of the results CSV (harness/results_file.c,
 * common/results_format.c): quoting, reading, the answer of a run, the
 * fixed fields' encodings, resume bookkeeping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <ordo/csv.h>

#include "../../common/results_format.h"
#include "../../harness/results_file.h"
#include "tmpfile.h"

/* The answer of a run is its verdict and the engine's completeness flag;
 * the bound alone does not make a SAFE bounded or complete. */
static void a_run_answers_from_verdict_and_completeness(void **state)
{
    (void)state;
    run_outcome proof = { .verdict = EXPECT_TRUE, .bound = -1, .complete = true };
    run_outcome bounded = { .verdict = EXPECT_TRUE, .bound = 5, .complete = false };
    run_outcome unbound = { .verdict = EXPECT_TRUE, .bound = -1, .complete = false };
    run_outcome violation = { .verdict = EXPECT_FALSE, .bound = -1 };
    run_outcome none = { .verdict = EXPECT_NONE, .bound = -1 };
    assert_int_equal(run_answer(&proof), ANSWER_PROOF);
    assert_int_equal(run_answer(&bounded), ANSWER_BOUNDED);
    assert_int_equal(run_answer(&unbound), ANSWER_BOUNDED); /* no bound, not complete */
    assert_int_equal(run_answer(&violation), ANSWER_VIOLATION);
    assert_int_equal(run_answer(&none), ANSWER_NONE);
}

static void quotes_and_reads_back(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    const char *fields[] = { "plain", "a,b", "say \"hi\"", "", "line\nbreak" };
    for (int i = 0; i < 5; i++) {
        if (i)
            fputc(',', out);
        csv_write_field(out, fields[i]);
    }
    fputs("\nx,y\n", out);
    fclose(out);
    assert_string_equal(text, "plain,\"a,b\",\"say \"\"hi\"\"\",,\"line\nbreak\"\nx,y\n");
    FILE *in = fmemopen(text, len, "r");
    csv_reader r;
    csv_reader_init(&r, in, "memory");
    assert_int_equal(csv_read(&r), 1);
    assert_int_equal(r.n_fields, 5);
    for (int i = 0; i < 5; i++)
        assert_string_equal(r.fields[i], fields[i]);
    assert_int_equal(csv_read(&r), 1);
    assert_int_equal(r.n_fields, 2);
    assert_string_equal(r.fields[1], "y");
    assert_int_equal(csv_read(&r), 0);
    csv_reader_free(&r);
    fclose(in);
    free(text);
}

static void resume_drops_a_torn_row_and_knows_the_done_pairs(void **state)
{
    (void)state;
    char dir[] = "/tmp/ordo-test-results.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *stats[] = { "a.x" };
    results_file rf;
    char *err = NULL;
    assert_true(results_open(&rf, dir, stats, 1, false, &err));
    results_close(&rf);
    /* two rows, the second torn by a kill */
    char *path = malloc(strlen(dir) + 16);
    sprintf(path, "%s/results.csv", dir);
    FILE *f = fopen(path, "a");
    fputs("b,run1,e,o,t/1.yml,true,true,true,correct,,true,0.1,0.1,1.0,,3\n", f);
    fputs("b,run2,e,o,t/1.yml,tr", f);
    fclose(f);
    assert_true(results_open(&rf, dir, stats, 1, true, &err));
    assert_true(results_done(&rf, "run1", "t/1.yml"));
    assert_false(results_done(&rf, "run2", "t/1.yml"));
    assert_false(results_done(&rf, "run1", "t/2.yml"));
    results_close(&rf);
    f = fopen(path, "r");
    char buf[256];
    int lines = 0;
    while (fgets(buf, sizeof buf, f))
        lines++;
    fclose(f);
    assert_int_equal(lines, 2);
    /* other columns: refused */
    char *other[] = { "b.y" };
    assert_false(results_open(&rf, dir, other, 1, true, &err));
    assert_non_null(strstr(err, "results.csv:1: its columns differ"));
    free(err);
    results_close(&rf);
    unlink(path);
    rmdir(dir);
    free(path);
}

/* The verdict, expected and complete fields read back as written, and
 * any other text is refused. */
static void fixed_fields_read_back(void **state)
{
    (void)state;
    for (int v = EXPECT_NONE; v <= EXPECT_TRUE; v++) {
        int back = 7;
        assert_true(results_verdict_parse(results_verdict_text(v), &back));
        assert_int_equal(back, v);
    }
    bool expected = false;
    assert_true(results_expected_parse(results_expected_text(true), &expected));
    assert_true(expected);
    assert_false(results_expected_parse("", &expected));
    int complete = 7;
    assert_string_equal(results_complete_text(EXPECT_FALSE, true), "");
    assert_true(results_complete_parse(results_complete_text(EXPECT_TRUE, false), &complete));
    assert_int_equal(complete, 0);
    assert_true(results_complete_parse("", &complete));
    assert_int_equal(complete, -1);
    assert_false(results_verdict_parse("TRUE", &complete));
    assert_false(results_complete_parse("yes", &complete));
    assert_string_equal(results_fixed_columns[RESULTS_COL_COMPLETE], "complete");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_run_answers_from_verdict_and_completeness),
        cmocka_unit_test(quotes_and_reads_back),
        cmocka_unit_test(fixed_fields_read_back),
        cmocka_unit_test(resume_drops_a_torn_row_and_knows_the_done_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
