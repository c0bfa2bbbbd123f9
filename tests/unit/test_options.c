/* Unit tests of option values (core/src/options.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/host.h>

static const char *const modes[] = { "basic", "prop", NULL };
static const ordo_option_desc desc[] = {
    { "mode", ORDO_OPT_ENUM, "prop", modes, 0, -1, "the mode" },
    { "k", ORDO_OPT_INT, "3", NULL, 1, 10, "a bound" },
    { "any", ORDO_OPT_INT, "-7", NULL, 0, -1, "unbounded" },
    { "flag", ORDO_OPT_BOOL, "false", NULL, 0, -1, "a flag" },
    { "name", ORDO_OPT_STRING, "x", NULL, 0, -1, "text" },
    { NULL, 0, NULL, NULL, 0, 0, NULL },
};

static void defaults_are_set(void **state)
{
    (void)state;
    ordo_options *o = ordo_options_new(desc);
    assert_int_equal(ordo_options_count(o), 5);
    assert_string_equal(ordo_opt_str(o, "mode"), "prop");
    assert_true(ordo_opt_is(o, "mode", "prop"));
    assert_false(ordo_opt_is(o, "mode", "basic"));
    assert_int_equal(ordo_opt_int(o, "k"), 3);
    assert_int_equal(ordo_opt_int(o, "any"), -7);
    assert_false(ordo_opt_bool(o, "flag"));
    assert_string_equal(ordo_options_name(o, 4), "name");
    assert_string_equal(ordo_options_value(o, 4), "x");
    ordo_options_free(o);
}

static void valid_values_are_taken(void **state)
{
    (void)state;
    ordo_options *o = ordo_options_new(desc);
    char *err = NULL;
    assert_true(ordo_options_set(o, "engine t", "mode", "basic", &err));
    assert_true(ordo_options_set(o, "engine t", "k", "10", &err));
    assert_true(ordo_options_set(o, "engine t", "any", "-123456", &err));
    assert_true(ordo_options_set(o, "engine t", "flag", "true", &err));
    assert_true(ordo_options_set(o, "engine t", "name", "", &err));
    assert_null(err);
    assert_true(ordo_opt_is(o, "mode", "basic"));
    assert_int_equal(ordo_opt_int(o, "k"), 10);
    assert_int_equal(ordo_opt_int(o, "any"), -123456);
    assert_true(ordo_opt_bool(o, "flag"));
    assert_string_equal(ordo_opt_str(o, "name"), "");
    ordo_options_free(o);
}

static void expect_error(ordo_options *o, const char *name, const char *value, const char *msg)
{
    char *err = NULL;
    assert_false(ordo_options_set(o, "engine t", name, value, &err));
    assert_non_null(err);
    assert_string_equal(err, msg);
    free(err);
}

static void bad_values_name_the_allowed_ones(void **state)
{
    (void)state;
    ordo_options *o = ordo_options_new(desc);
    expect_error(o, "mode", "fast", "bad value 'fast' for option 'mode' of engine t (allowed: basic, prop)");
    expect_error(o, "k", "0", "bad value '0' for option 'k' of engine t (allowed: an integer in [1, 10])");
    expect_error(o, "k", "11", "bad value '11' for option 'k' of engine t (allowed: an integer in [1, 10])");
    expect_error(o, "k", "3x", "bad value '3x' for option 'k' of engine t (allowed: an integer in [1, 10])");
    expect_error(o, "any", "", "bad value '' for option 'any' of engine t (allowed: an integer)");
    expect_error(o, "flag", "yes", "bad value 'yes' for option 'flag' of engine t (allowed: true, false)");
    expect_error(o, "colour", "red",
                 "unknown option 'colour' of engine t (options: mode, k, any, flag, name)");
    /* a refused value leaves the old one */
    assert_int_equal(ordo_opt_int(o, "k"), 3);
    ordo_options_free(o);
}

static void no_options_at_all(void **state)
{
    (void)state;
    ordo_options *o = ordo_options_new(NULL);
    assert_int_equal(ordo_options_count(o), 0);
    expect_error(o, "x", "1", "unknown option 'x' of engine t (options: none)");
    ordo_options_free(o);
}

static void type_names(void **state)
{
    (void)state;
    assert_string_equal(ordo_option_type_name(ORDO_OPT_ENUM), "enum");
    assert_string_equal(ordo_option_type_name(ORDO_OPT_STRING), "string");
    char *t = ordo_option_allowed_text(&desc[4]);
    assert_string_equal(t, "any text");
    free(t);
}

/* An allowed "file:" admits file:PATH, never "file:" alone or another
 * prefix, and is shown as "file:...". */
static void enum_prefix_admits_a_named_value(void **state)
{
    (void)state;
    static const char *const precs[] = { "empty", "file:", NULL };
    static const ordo_option_desc d[] = {
        { "prec", ORDO_OPT_ENUM, "empty", precs, 0, -1, "a precision" },
        { NULL, 0, NULL, NULL, 0, 0, NULL },
    };
    ordo_options *o = ordo_options_new(d);
    char *err = NULL;
    assert_true(ordo_options_set(o, "engine t", "prec", "file:a.prec", &err));
    assert_string_equal(ordo_opt_str(o, "prec"), "file:a.prec");
    const char *msg = "bad value '%s' for option 'prec' of engine t (allowed: empty, file:...)";
    const char *bad[] = { "file:", "file", "files:x", "xfile:a" };
    for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
        char want[128];
        snprintf(want, sizeof want, msg, bad[i]);
        expect_error(o, "prec", bad[i], want);
    }
    ordo_options_free(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults_are_set),
        cmocka_unit_test(valid_values_are_taken),
        cmocka_unit_test(bad_values_name_the_allowed_ones),
        cmocka_unit_test(no_options_at_all),
        cmocka_unit_test(type_names),
        cmocka_unit_test(enum_prefix_admits_a_named_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
