/* Unit tests of the HTML report's data (analysis/html_json.c,
 * analysis/html_data.c): escaping that keeps a task name inside its JSON
 * string and its <script> element, and the columns of two result sets
 * over the union of their tasks with their cross-check. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis_fixture.h"
#include "../../analysis/html_data.h"
#include "../../analysis/html_json.h"

/* What WRITE prints, as a string to free. */
#define CAPTURE(text, write)                                \
    do {                                                    \
        size_t size_;                                       \
        FILE *out = open_memstream(&(text), &size_);        \
        write;                                              \
        fclose(out);                                        \
    } while (0)

static void json_strings_cannot_close_the_script_element(void **state)
{
    (void)state;
    char *text;
    CAPTURE(text, json_string(out, "a\"b\\c</script>&\n\x01"));
    assert_string_equal(text, "\"a\\\"b\\\\c\\u003c/script\\u003e\\u0026\\n\\u0001\"");
    free(text);
    CAPTURE(text, (json_string(out, NULL), json_number(out, NAN), json_number(out, 0.25)));
    assert_string_equal(text, "nullnull0.25");
    free(text);
}

static void html_text_escapes_markup(void **state)
{
    (void)state;
    char *text;
    CAPTURE(text, html_text(out, "<img src='x'>&\"y\""));
    assert_string_equal(text, "&lt;img src=&#39;x&#39;&gt;&amp;&quot;y&quot;");
    free(text);
}

/* Set 1 has A and B on t1, t2; set 2 has A on t2 and t3: the page's
 * tasks are t1, t2, t3 and a column has no entry where its set did not
 * run the task. */
static void columns_cover_the_union_of_tasks(void **state)
{
    (void)state;
    html_set sets[2] = { { .name = "one", .scoring = "svcomp (legacy)" }, { .name = "two", .scoring = "sound" } };
    results_init(&sets[0].r);
    results_init(&sets[1].r);
    assert_int_equal(fixture_load(&sets[0].r, FIXTURE_HEADER ",x\n"
                                              "b,A,oc,,t1,true,true,true,correct,,true,1.5,2,10,,7\n"
                                              "b,B,oc,,t1,true,timeout,,unknown,,,60,61,,limit,\n"
                                              "b,A,oc,,t2,false,false,false,correct,,,0.5,1,11,,3\n"),
                     0);
    assert_int_equal(fixture_load(&sets[1].r, FIXTURE_HEADER "\n"
                                              "b,A,oc,,t2,false,true,true,wrong,,true,2,2,12,\n"
                                              "b,A,oc,,t3,true,true,true,correct,,true,4,4,13,\n"),
                     0);
    sets[1].log_base = "../two";
    const char *values[] = { "cputime_s", "x" };
    char *text;
    CAPTURE(text, html_data_write(out, sets, 2, values, 2));
    assert_string_equal(text,
        "{\"values\":[\"cputime_s\",\"x\"],"
        "\"sets\":[{\"name\":\"one\",\"scoring\":\"svcomp (legacy)\",\"cpuLimit\":null,\"setup\":[],\"tables\":[]},"
        "{\"name\":\"two\",\"scoring\":\"sound\",\"cpuLimit\":null,\"setup\":[],\"tables\":[]}],"
        "\"tasks\":[\"t1\",\"t2\",\"t3\"],\"expected\":[1,0,1],"
        /* the cross-check spans the sets: A's UNSAFE of t2 in set one
         * conflicts with its proof in set two */
        "\"crossCheck\":{\"tables\":["
        "{\"caption\":\"Cross-check of the configurations' answers on the 1 tasks two or more of them "
        "answered SAFE or UNSAFE\",\"header\":[\"answers\",\"tasks\"],\"right\":[0,1],\"rows\":["
        "[\"agree (the same answer)\",\"0\"],[\"conflict: a proof against an UNSAFE\",\"1\"],"
        "[\"a bounded SAFE against an UNSAFE\",\"0\"],[\"a proof against a bounded SAFE\",\"0\"],"
        "[\"proved by A @ one, only bounded by another\",\"0\"],"
        "[\"proved by B, only bounded by another\",\"0\"],"
        "[\"proved by A @ two, only bounded by another\",\"0\"]],\"groups\":[0,0,0,0,0,0,0]},"
        "{\"caption\":\"Cross-check conflicts: a proof against an UNSAFE (one of them, or the label, is "
        "wrong)\",\"header\":[\"task\",\"expected\",\"A @ one\",\"B\",\"A @ two\"],\"right\":[0,0,0,0,0],"
        "\"rows\":[[\"t2\",\"false\",\"UNSAFE\",\"–\",\"SAFE (proof)\"]],\"groups\":[0]}],"
        "\"kinds\":[\"counts\",\"conflict\"]},"
        "\"columns\":["
        "{\"run\":\"A\",\"set\":0,\"log\":null,\"st\":[\"true\",\"false\",null],\"res\":[0,0,-1],"
        "\"v\":[[1.5,0.5,null],[7,3,null]]},"
        "{\"run\":\"B\",\"set\":0,\"log\":null,\"st\":[\"timeout\",null,null],\"res\":[2,-1,-1],"
        "\"v\":[[60,null,null],[null,null,null]]},"
        "{\"run\":\"A\",\"set\":1,\"log\":\"../two/logs/A/\",\"st\":[null,\"true\",\"true\"],\"res\":[-1,1,0],"
        "\"v\":[[null,2,4],[null,null,null]]}]}");
    free(text);
    results_free(&sets[0].r);
    results_free(&sets[1].r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_strings_cannot_close_the_script_element),
        cmocka_unit_test(html_text_escapes_markup),
        cmocka_unit_test(columns_cover_the_union_of_tasks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
