/* Unit tests of the ARG's coverage (arg.c, cover_index.c): which earlier
 * node covers a new one, on hand-made abstract states of one thread whose
 * location is the control part and whose facts are (key, value) pairs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../../engines/cegar/arg.h"

/* A state of one thread at loc with the facts keys[i] = values[i]
 * (keys ascending). */
static cg_state *state(unsigned loc, unsigned n, const uint64_t *keys, const int64_t *values)
{
    cg_state *s = calloc(1, sizeof *s);
    s->n_threads = 1;
    s->threads = calloc(1, sizeof *s->threads);
    s->threads[0] = (cg_thread){ .proc = 0, .loc = loc };
    s->atomic_owner = -1;
    s->n_vals = n;
    s->vals = calloc(n + 1, sizeof *s->vals);
    for (unsigned i = 0; i < n; i++)
        s->vals[i] = (cg_value){ keys[i], values[i] };
    return s;
}

static const uint64_t keys[] = { 1, 2, 3 };
static const int64_t ones[] = { 1, 1, 1 }, zeros[] = { 0, 0, 0 };
static const cg_action step = { .thread = 0, .edge = 0, .join = -1 };

static int add(cg_arg *a, unsigned loc, unsigned n, const int64_t *values)
{
    unsigned id = cg_arg_add(a, state(loc, n, keys, values), a->n ? 0 : -1, step);
    return a->nodes[id].covered_by;
}

/* Covered: same location and every fact of the coverer. Not: a fact
 * missing, a fact of another value, another location. */
static void a_node_with_more_facts_is_covered(void **unused)
{
    (void)unused;
    cg_arg a;
    cg_arg_init(&a);
    assert_int_equal(add(&a, 7, 1, ones), -1);  /* node 0: x1 = 1 */
    assert_int_equal(add(&a, 7, 3, ones), 0);   /* x1 = x2 = x3 = 1 */
    assert_int_equal(add(&a, 7, 0, ones), -1);  /* nothing known: node 2 */
    assert_int_equal(add(&a, 7, 2, zeros), 2);  /* node 2 covers it */
    assert_int_equal(add(&a, 8, 3, ones), -1);  /* another location */
    assert_int_equal(a.covered, 2u);
    cg_arg_free(&a);
}

/* Of two nodes that cover, the later one is named (the order of the
 * chained buckets coverage had before the index). */
static void the_latest_coverer_is_named(void **unused)
{
    (void)unused;
    cg_arg a;
    cg_arg_init(&a);
    assert_int_equal(add(&a, 1, 1, ones), -1);  /* node 0 */
    assert_int_equal(add(&a, 1, 2, zeros), -1); /* node 1: x1 = 0 */
    assert_int_equal(add(&a, 1, 0, ones), -1);  /* node 2: nothing known */
    assert_int_equal(add(&a, 1, 2, ones), 2);   /* 0 and 2 cover it: 2 named */
    cg_arg_free(&a);
}

/* A pruned node covers nothing; the nodes it covered become candidates. */
static void a_pruned_node_covers_nothing(void **unused)
{
    (void)unused;
    cg_arg a;
    cg_arg_init(&a);
    assert_int_equal(add(&a, 1, 0, ones), -1);  /* node 0, the root */
    unsigned c = cg_arg_add(&a, state(2, 0, keys, ones), 0, step); /* node 1 */
    assert_int_equal(cg_arg_add(&a, state(2, 1, keys, ones), 0, step), 2);
    assert_int_equal(a.nodes[2].covered_by, (int)c);
    assert_int_equal(cg_arg_prune(&a, c), 1u);
    assert_int_equal(a.nodes[2].covered_by, -1);
    unsigned d = cg_arg_add(&a, state(2, 2, keys, ones), 0, step);
    assert_int_equal(a.nodes[d].covered_by, 2);
    cg_arg_free(&a);
}

/* Thousands of control parts (the index grows) each find their own. */
static void many_locations_each_cover_their_own(void **unused)
{
    (void)unused;
    cg_arg a;
    cg_arg_init(&a);
    for (unsigned loc = 0; loc < 3000; loc++)
        assert_int_equal(add(&a, loc, 1, loc % 2 ? ones : zeros), -1);
    for (unsigned loc = 0; loc < 3000; loc++) {
        assert_int_equal(add(&a, loc, 2, loc % 2 ? ones : zeros), (int)loc);
        assert_int_equal(add(&a, loc, 1, loc % 2 ? zeros : ones), -1);
    }
    assert_int_equal(a.covered, 3000u);
    cg_arg_free(&a);
}

/* A signature never rules out a subset: facts {x1..xk} against
 * {x1..xk+j}, for many sizes and values. */
static void a_subset_signature_may_cover(void **unused)
{
    (void)unused;
    uint64_t k64[40];
    int64_t v64[40];
    for (unsigned i = 0; i < 40; i++)
        k64[i] = (uint64_t)i * 977 + 5, v64[i] = (int64_t)(i % 3) - 1;
    for (unsigned small = 0; small <= 40; small++)
        for (unsigned big = small; big <= 40; big += 3) {
            cg_state *s = state(0, small, k64, v64), *t = state(0, big, k64, v64);
            cg_sig a = cg_sig_of(s), b = cg_sig_of(t);
            assert_true(cg_sig_may_cover(&a, &b));
            cg_state_free(s);
            cg_state_free(t);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_node_with_more_facts_is_covered),
        cmocka_unit_test(the_latest_coverer_is_named),
        cmocka_unit_test(a_pruned_node_covers_nothing),
        cmocka_unit_test(many_locations_each_cover_their_own),
        cmocka_unit_test(a_subset_signature_may_cover),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
