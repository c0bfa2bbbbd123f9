/* Unit tests of the results CSV (harness/results.c): quoting, reading,
 * SV-COMP classification and score, resume bookkeeping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <ordo/csv.h>

#include "../../harness/results.h"
#include "tmpfile.h"

static run_outcome verdict(int v, long bound)
{
    return (run_outcome){ .verdict = v, .bound = bound };
}

static void classifies_and_scores_like_svcomp(void **state)
{
    (void)state;
    run_outcome t = verdict(EXPECT_TRUE, -1), f = verdict(EXPECT_FALSE, -1);
    run_outcome none = verdict(EXPECT_NONE, -1), tb = verdict(EXPECT_TRUE, 5);
    assert_string_equal(result_class(EXPECT_TRUE, &t), "correct");
    assert_int_equal(result_score(EXPECT_TRUE, &t), 2);
    assert_string_equal(result_class(EXPECT_FALSE, &f), "correct");
    assert_int_equal(result_score(EXPECT_FALSE, &f), 1);
    assert_string_equal(result_class(EXPECT_TRUE, &f), "wrong");
    assert_int_equal(result_score(EXPECT_TRUE, &f), -16);  /* false alarm */
    assert_string_equal(result_class(EXPECT_FALSE, &t), "wrong");
    assert_int_equal(result_score(EXPECT_FALSE, &t), -32); /* missed bug */
    assert_string_equal(result_class(EXPECT_FALSE, &tb), "bounded");
    assert_int_equal(result_score(EXPECT_FALSE, &tb), 0);
    assert_string_equal(result_class(EXPECT_TRUE, &tb), "correct");
    assert_int_equal(result_score(EXPECT_TRUE, &tb), 2);
    assert_string_equal(result_class(EXPECT_TRUE, &none), "unknown");
    assert_int_equal(result_score(EXPECT_FALSE, &none), 0);
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
    fputs("b,run1,e,o,t/1.yml,true,true,true,correct,,0.1,0.1,1.0,,3\n", f);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classifies_and_scores_like_svcomp),
        cmocka_unit_test(quotes_and_reads_back),
        cmocka_unit_test(resume_drops_a_torn_row_and_knows_the_done_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
