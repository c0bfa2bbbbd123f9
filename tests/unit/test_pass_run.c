/* Unit tests of passes by name (core/src/pass_run.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <ordo/passes.h>

#include "ir_fixtures.h"

static void passes_run_by_name(void **state)
{
    (void)state;
    ordo_program *p = fixture_loop(-1, NULL);
    char *summary = NULL, *err = NULL;
    assert_int_equal(ordo_pass_run(p, "lbe", &summary, &err), 0);
    assert_string_equal(summary, "lbe: 1 locations merged away");
    free(summary);
    assert_int_equal(ordo_pass_run(p, "scoi", &summary, &err), 0);
    assert_string_equal(summary, "scoi: 0 statements removed");
    free(summary);
    assert_int_equal(ordo_pass_run(p, "unroll=2", &summary, &err), 0);
    assert_string_equal(summary, "unroll: loop-free, with unwinding assumptions (bounded)");
    free(summary);
    ordo_program_free(p);
}

static void bad_names_and_arguments_are_refused(void **state)
{
    (void)state;
    ordo_program *p = fixture_recursion(1);
    char *summary = NULL, *err = NULL;
    static const char *const bad[] = { "unroll=", "unroll=-1", "unroll=2x", "inlinex", "fold" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(ordo_pass_run(p, bad[i], &summary, &err), 2);
        assert_false(ordo_pass_known(bad[i]));
        free(err);
    }
    assert_true(ordo_pass_known("unroll") && ordo_pass_known("inline=2") && ordo_pass_known("lbe"));
    assert_int_equal(ordo_pass_run(p, "inline", &summary, &err), ORDO_FRONTEND_UNSUPPORTED);
    free(err);
    assert_int_equal(ordo_pass_run(p, "inline=2", &summary, &err), 0);
    /* rec(0) still contains the (dead) call rec(-1): cut, flagged */
    assert_string_equal(summary, "inline: calls inlined (recursion cut at the bound)");
    free(summary);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(passes_run_by_name),
        cmocka_unit_test(bad_names_and_arguments_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
