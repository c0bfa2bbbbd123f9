/* Unit tests of the mutex case split's candidates (mutex_cells.c) and of
 * the predicate that the address is one of them (mutex_learn.c),
 * evaluated by the C evaluator for every address around them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <ordo/expr_eval.h>
#include <ordo/ir_build.h>

#include "../../engines/cegar/mutex_cells.h"
#include "../../engines/cegar/mutex_learn.h"

static void assert_cells(const cg_mutex_cells *mc, unsigned proc, unsigned edge,
                         const uint64_t *want, unsigned n_want)
{
    const uint64_t *cells;
    unsigned n;
    assert_true(cg_mutex_cells_of(mc, proc, edge, &cells, &n));
    assert_int_equal(n, n_want);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(cells[i], want[i]);
}

/* An edge is split only when asked; its candidates ascend, once each. */
static void candidates_of_split_edges(void **state)
{
    (void)state;
    cg_mutex_cells *mc = cg_mutex_cells_new();
    const uint64_t *cells;
    unsigned n;
    assert_false(cg_mutex_cells_of(mc, 1, 6, &cells, &n));
    assert_false(cg_mutex_cells_add(mc, 1, 6, 49));
    cg_mutex_cells_split(mc, 1, 6);
    assert_cells(mc, 1, 6, NULL, 0);
    assert_false(cg_mutex_cells_of(mc, 1, 7, &cells, &n));
    assert_false(cg_mutex_cells_of(mc, 0, 6, &cells, &n));
    assert_true(cg_mutex_cells_add(mc, 1, 6, 49));
    assert_true(cg_mutex_cells_add(mc, 1, 6, 45));
    assert_true(cg_mutex_cells_add(mc, 1, 6, 47));
    assert_true(cg_mutex_cells_add(mc, 1, 6, 45));
    assert_false(cg_mutex_cells_add(mc, 1, 6, CG_MUTEX_UNSPLIT));
    assert_false(cg_mutex_cells_add(mc, 1, 6, CG_MUTEX_OUTSIDE));
    static const uint64_t want[] = { 45, 47, 49 };
    assert_cells(mc, 1, 6, want, 3);
    cg_mutex_cells_split(mc, 1, 6); /* again: keeps its candidates */
    assert_cells(mc, 1, 6, want, 3);
    cg_mutex_cells_free(mc);
}

/* At most CG_MUTEX_CELLS_MAX candidates; one it has is still accepted. */
static void candidates_are_bounded(void **state)
{
    (void)state;
    cg_mutex_cells *mc = cg_mutex_cells_new();
    cg_mutex_cells_split(mc, 0, 0);
    for (uint64_t c = 1; c <= CG_MUTEX_CELLS_MAX; c++)
        assert_true(cg_mutex_cells_add(mc, 0, 0, 2 * c));
    assert_false(cg_mutex_cells_add(mc, 0, 0, 1));
    assert_true(cg_mutex_cells_add(mc, 0, 0, 2));
    const uint64_t *cells;
    unsigned n;
    assert_true(cg_mutex_cells_of(mc, 0, 0, &cells, &n));
    assert_int_equal(n, CG_MUTEX_CELLS_MAX);
    cg_mutex_cells_free(mc);
}

static ordo_eval_status read_var(void *ctx, unsigned var, int64_t *value, const char **why)
{
    (void)var;
    (void)why;
    *value = *(const int64_t *)ctx;
    return ORDO_EVAL_OK;
}

/* Does the predicate hold of every candidate, and of no other address
 * from 0 to 80? */
static void assert_member_exactly(const uint64_t *cells, unsigned n)
{
    ordo_program *p = ordo_program_new("m.c", ORDO_DM_ILP32);
    unsigned a = ordo_add_var(p, "a", ordo_ty_ptr(p->data_model), -1, 0);
    const ordo_expr *e = cg_mutex_member(p, ordo_e_var(p, a), cells, n);
    for (int64_t addr = 0; addr <= 80; addr++) {
        ordo_eval_reader r = { .ctx = &addr, .read_var = read_var };
        int64_t v;
        assert_int_equal(ordo_expr_eval(ORDO_ARITH_BV, e, &r, &v, NULL), ORDO_EVAL_OK);
        bool candidate = false;
        for (unsigned k = 0; k < n; k++)
            candidate |= cells[k] == (uint64_t)addr;
        assert_int_equal(v, candidate);
    }
    ordo_program_free(p);
}

/* Evenly spaced (a range, with a stride or without), one cell, and
 * unevenly spaced (a disjunction). */
static void member_predicate(void **state)
{
    (void)state;
    static const uint64_t strided[] = { 49, 51, 53, 55 }, dense[] = { 20, 21, 22 },
                          one[] = { 33 }, uneven[] = { 17, 19, 40 };
    assert_member_exactly(strided, 4);
    assert_member_exactly(dense, 3);
    assert_member_exactly(one, 1);
    assert_member_exactly(uneven, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(candidates_of_split_edges),
        cmocka_unit_test(candidates_are_bounded),
        cmocka_unit_test(member_predicate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
