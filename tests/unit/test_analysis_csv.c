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
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,,1,1,1,\n"
                                                     "b,A,oc,,u.yml,maybe,true,true,correct,,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    /* a 'correct' whose verdict contradicts the expected one is rejected */
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,false,false,correct,,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(fixture_load(&r, "benchmark,config\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,,1,1\n"), 4);
    results_free(&r);
    results_init(&r);
    /* the same run twice */
    assert_int_equal(fixture_load(&r, FIXTURE_HEADER "\nb,A,oc,,t.yml,true,true,true,correct,,1,1,1,\n"
                                                     "b,A,oc,,t.yml,true,true,true,correct,,1,1,1,\n"), 4);
    results_free(&r);
    results_init(&r);
    assert_int_equal(results_load(&r, "/nonexistent/results.csv"), 4);
    results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quoted_fields_hold_commas_quotes_and_newlines),
        cmocka_unit_test(malformed_quotes_are_errors_with_their_line),
        cmocka_unit_test(written_fields_read_back),
        cmocka_unit_test(results_errors_name_the_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
