/* Unit tests of counterexample traces (core/src/trace.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ordo/trace.h>

static void steps_and_values_are_kept_in_order(void **state)
{
    (void)state;
    ordo_trace *t = ordo_trace_new();
    for (unsigned i = 0; i < 100; i++) {
        ordo_trace_step(t, i % 3);
        ordo_trace_value(t, i % 2, -(int64_t)i);
    }
    assert_int_equal(t->n_steps, 100);
    assert_int_equal(t->n_values, 100);
    assert_int_equal(t->schedule[99], 0);
    assert_int_equal(t->schedule[98], 2);
    assert_int_equal(t->values[99].thread, 1);
    assert_int_equal(t->values[99].value, -99);
    ordo_trace_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steps_and_values_are_kept_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
