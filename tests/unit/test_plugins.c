/* Unit tests of plugin discovery (core/src/plugins.c): the selftest engine
 * of the build tree, refusals, the solver factory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/host.h>

static void discovers_the_build_tree(void **state)
{
    (void)state;
    unsetenv("ORDO_PLUGIN_PATH");
    ordo_plugin_set set = { 0 };
    ordo_plugins_discover(&set); /* build/tests/../lib/ordo */
    const ordo_plugin *p = ordo_plugins_find(&set, ORDO_PLUGIN_ENGINE, "selftest");
    assert_non_null(p);
    assert_int_equal(p->abi_version, ORDO_ABI_VERSION);
    assert_true(p->engine->flags & ORDO_ENGINE_NO_PROGRAM);
    assert_null(ordo_plugins_find(&set, ORDO_PLUGIN_SOLVER, "selftest"));
    assert_null(ordo_plugins_find(&set, ORDO_PLUGIN_ENGINE, "nope"));
    char *names = ordo_plugins_names(&set, ORDO_PLUGIN_ENGINE);
    assert_non_null(strstr(names, "selftest"));
    free(names);
    ordo_plugins_close(&set);
    assert_int_equal(set.n, 0);
}

static void refuses_what_is_not_a_plugin(void **state)
{
    (void)state;
    ordo_plugin_set set = { 0 };
    assert_false(ordo_plugins_load_file(&set, "/nonexistent/x.so"));
    assert_false(ordo_plugins_load_file(&set, "libc.so.6")); /* no entry function */
    assert_int_equal(set.n, 0);
    assert_int_equal(set.n_refused, 2);
    assert_non_null(strstr(set.refused[0], "refused plugin /nonexistent/x.so: "));
    assert_string_equal(set.refused[1], "refused plugin libc.so.6: no ordo_plugin_entry function");
    ordo_plugins_load_dir(&set, "/nonexistent"); /* silently nothing */
    assert_int_equal(set.n_refused, 2);
    ordo_plugins_close(&set);
}

static void factory_carries_the_solver(void **state)
{
    (void)state;
    static const ordo_solver_ops ops = { .caps = ORDO_SMT_CAP_QE };
    static const ordo_plugin z = { ORDO_ABI_VERSION, ORDO_PLUGIN_SOLVER, "z9", "9.9", "", NULL, NULL,
                                   NULL, &ops };
    ordo_deadline d;
    ordo_deadline_start(&d, 1, 2);
    ordo_solver_factory f = ordo_solver_factory_make(&z, &d);
    assert_string_equal(f.name, "z9");
    assert_string_equal(f.version, "9.9");
    assert_ptr_equal(f.ops, &ops);
    assert_ptr_equal(f.deadline, &d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(discovers_the_build_tree),
        cmocka_unit_test(refuses_what_is_not_a_plugin),
        cmocka_unit_test(factory_carries_the_solver),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
