/* Unit tests of the RFC 4180 reader and writer (analysis/csv.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis_fixture.h"
#include <ordo/csv.h>

static csv_reader reader_of(const char *text)
{
    csv_reader r;
    csv_reader_init(&r, fmemopen((void *)text, strlen(text), "r"), "mem.csv");
    return r;
}

static void close_reader(csv_reader *r)
{
    fclose(r->in);
    csv_reader_free(r);
}

static void quoted_fields_hold_commas_quotes_and_newlines(void **state)
{
    (void)state;
    csv_reader r = reader_of("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",,x\n\nlast");
    assert_int_equal(csv_read(&r), 1);
    assert_int_equal(r.n_fields, 3);
    assert_string_equal(r.fields[1], "b,c");
    assert_string_equal(r.fields[2], "say \"hi\"");
    assert_int_equal(r.record_line, 1);
    assert_int_equal(csv_read(&r), 1);
    assert_string_equal(r.fields[0], "two\nlines");
    assert_string_equal(r.fields[1], "");
    assert_int_equal(r.record_line, 2);
    assert_int_equal(csv_read(&r), 1); /* the blank line is skipped */
    assert_string_equal(r.fields[0], "last");
    assert_int_equal(r.record_line, 5);
    assert_int_equal(csv_read(&r), 0);
    close_reader(&r);
}

static void malformed_quotes_are_errors_with_their_line(void **state)
{
    (void)state;
    csv_reader r = reader_of("a,b\nc,\"open\nmore\nlines\n");
    assert_int_equal(csv_read(&r), 1);
    assert_int_equal(csv_read(&r), -1);
    assert_non_null(strstr(r.error, "unterminated"));
    assert_int_equal(r.error_line, 2); /* where the quote opened */
    close_reader(&r);
    r = reader_of("x\na,\"q\"z\n");
    assert_int_equal(csv_read(&r), 1);
    assert_int_equal(csv_read(&r), -1);
    assert_int_equal(r.error_line, 2);
    close_reader(&r);
    r = reader_of("a,b\"c\n");
    assert_int_equal(csv_read(&r), -1);
    close_reader(&r);
}

static void written_fields_read_back(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    const char *fields[] = { "plain", "with,comma", "with \"quote\"", "two\nlines", "" };
    for (size_t i = 0; i < 5; i++) {
        if (i)
            fputc(',', out);
        csv_write_field(out, fields[i]);
    }
    fputc('\n', out);
    fclose(out);
    assert_string_equal(buf, "plain,\"with,comma\",\"with \"\"quote\"\"\",\"two\nlines\",\n");
    csv_reader r = reader_of(buf);
    assert_int_equal(csv_read(&r), 1);
    assert_int_equal(r.n_fields, 5);
    for (size_t i = 0; i < 5; i++)
        assert_string_equal(r.fields[i], fields[i]);
    close_reader(&r);
    free(buf);
}

static void results_errors_name_the_line(void **state)
{
    (void)state;
    results r;
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,,true,1,1,1,\n"
                                                     "b,A,oc,,u.yml,maybe,true,true,correct,,true,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    /* a 'correct' whose verdict contradicts the expected one is rejected */
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,false,false,correct,,,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(fixture_load(&r, "benchmark,config\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,,true,1,1\n"), 4);
    results_free(&r);
    results_init(&r);
    /* the same run twice */
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,,true,1,1,1,\n"
                                                     "b,A,oc,,t.yml,true,true,true,correct,,true,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(results_load(&r, "/nonexistent/results.csv"), 4);
    results_free(&r);
}

/* The stored result must be what verdict, complete and label give: a
 * bounded SAFE filed as 'correct' because its task is labelled true (the
 * old classification) is refused, as is a SAFE without its flag. */
static void a_bounded_safe_is_bounded_whatever_the_label(void **state)
{
    (void)state;
    results r;
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,bounded,2,false,1,1,1,\n"
                                                     "b,A,oc,,f.yml,false,true,true,bounded,2,false,1,1,1,\n"
                                                     "b,A,oc,,u.yml,true,true,true,bounded,,false,1,1,1,\n"),
                     0);
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(r.rows[i].answer, ANSWER_BOUNDED);
        assert_int_equal(r.rows[i].result, CLASS_BOUNDED);
        assert_int_equal(r.rows[i].judged, JUDGED_NONE);
        assert_int_equal(r.rows[i].points, 0);
    }
    results_free(&r);
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,2,false,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,,,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,2,true,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,,yes,1,1,1,\n"), 4);
    results_free(&r);
}

/* A file written before the `complete` column (README, "Scoring"): its
 * stored result is not trusted; a SAFE is complete only with no bound and
 * the engine's ENGINE.complete statistic at 1. */
static void old_files_are_classified_from_verdict_bound_and_statistic(void **state)
{
    (void)state;
    results r;
    results_init(&r);
    assert_int_equal(fixture_load(&r, "benchmark,run,engine,options,task,expected,status,verdict,result,bound,"
                                      "cputime_s,walltime_s,memory_mb,reason,oc.complete\n"
                                      "b,A,oc,,proof.yml,true,true,true,correct,,1,1,1,,1\n"
                                      "b,A,oc,,cut.yml,true,true,true,correct,,1,1,1,,0\n"
                                      "b,A,oc,,bound.yml,true,true,true,correct,2,1,1,1,,0\n"
                                      "b,A,oc,,nostat.yml,true,true,true,correct,,1,1,1,,\n"
                                      "b,A,oc,,bug.yml,false,true,true,bounded,2,1,1,1,,0\n"
                                      "b,A,oc,,cex.yml,false,false,false,correct,,1,1,1,,\n"
                                      "b,B,other,,proof.yml,true,true,true,correct,,1,1,1,,\n"),
                     0);
    const answer_kind expect[] = { ANSWER_PROOF, ANSWER_BOUNDED, ANSWER_BOUNDED, ANSWER_BOUNDED,
                                   ANSWER_BOUNDED, ANSWER_VIOLATION, ANSWER_BOUNDED };
    for (size_t i = 0; i < 7; i++)
        assert_int_equal(r.rows[i].answer, expect[i]);
    assert_int_equal(r.rows[0].result, CLASS_CORRECT);
    assert_int_equal(r.rows[2].result, CLASS_BOUNDED); /* was 'correct' */
    assert_int_equal(results_stat_index(&r, "oc.complete"), 0);
    assert_float_equal(r.rows[0].stats[0], 1, 0);
    results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quoted_fields_hold_commas_quotes_and_newlines),
        cmocka_unit_test(malformed_quotes_are_errors_with_their_line),
        cmocka_unit_test(written_fields_read_back),
        cmocka_unit_test(results_errors_name_the_line),
        cmocka_unit_test(a_bounded_safe_is_bounded_whatever_the_label),
        cmocka_unit_test(old_files_are_classified_from_verdict_bound_and_statistic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
