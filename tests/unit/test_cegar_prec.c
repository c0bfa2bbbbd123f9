/* Unit tests of the cegar engine's precision before the first ARG: the
 * places a join's thread id comes from (sync_prec.c: main's t[i] and the
 * loop counter, as in the Figure 3.2 family, but not the counter of an
 * array too large to track), the objects a pointer may reach
 * (mem_objects.c) and the initial predicates
 * carried over to the locals that copy a global (initprec_copies.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/ir_build.h>

#include "../../engines/cegar/initprec.h"
#include "../../engines/cegar/mem_objects.h"
#include "../../engines/cegar/pred.h"
#include "../../engines/cegar/sync_prec.h"
#include "ir_fixtures.h"

/* main: t[i] := start worker; tmp := t[i]; join tmp; u := 5, with t an
 * object of `cells` cells. */
static ordo_program *join_through_an_array(unsigned cells, unsigned *i, unsigned *tmp,
                                           unsigned *u, uint64_t *base)
{
    ordo_program *p = ordo_program_new("ids.c", ORDO_DM_LP64);
    unsigned m = p->main_proc = ordo_add_proc(p, "main");
    unsigned w = ordo_add_proc(p, "worker");
    finish(p, w, p->procs[w].init_loc);
    *i = ordo_add_var(p, "i", i32(), (int)m, 0);
    *tmp = ordo_add_var(p, "tmp", i32(), (int)m, 0);
    *u = ordo_add_var(p, "u", i32(), (int)m, 0);
    unsigned t = ordo_add_object(p, "t", cells, (int)m);
    *base = p->objects[t].base;
    ordo_type ptr = ordo_ty_ptr(p->data_model);
    const ordo_expr *at = ordo_e_binop(p, ORDO_B_ADD, ptr, ordo_e_const(p, ptr, (int64_t)*base),
                                       ordo_e_cast(p, ptr, var(p, *i)));
    ordo_lvalue cell = ordo_lv_mem(i32(), at);
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_thread_start(p, &cell, w, NULL), 1);
    then(p, m, &l, assign(p, *tmp, ordo_e_load(p, i32(), at)), 2);
    then(p, m, &l, ordo_s_thread_join(p, var(p, *tmp)), 3);
    then(p, m, &l, assign(p, *u, num(p, 5)), 4);
    finish(p, m, l);
    return p;
}

/* The sync sources of join_through_an_array(cells): whether i and tmp
 * are tracked, and the cells and precision size. */
static void check_join_sources(unsigned cells, bool index_tracked, unsigned n_cells,
                               unsigned size)
{
    unsigned i, tmp, u;
    uint64_t base;
    ordo_program *p = join_through_an_array(cells, &i, &tmp, &u, &base);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    cg_prec_add_sync_sources(&prec, p);
    assert_true(prec.vars[tmp]);
    assert_int_equal(prec.vars[i], index_tracked);
    assert_false(prec.vars[u]);
    assert_int_equal(prec.n_cells, n_cells);
    for (unsigned k = 0; k < n_cells; k++)
        assert_true(cg_prec_has_cell(&prec, base + k));
    assert_int_equal(cg_prec_size(&prec), size);
    cg_prec_free(&prec);
    ordo_program_free(p);
}

static void a_joined_id_tracks_the_array_and_its_index(void **state)
{
    (void)state;
    check_join_sources(2, true, 2, 4);
}

/* pthread_t t[10000]: its cells are not tracked (sync_prec.c), so
 * neither is the index, whose values would tell no id (a join loop
 * enumerated 10000 times for nothing). */
static void a_join_through_a_large_array_tracks_no_index(void **state)
{
    (void)state;
    check_join_sources(10000, false, 0, 1);
}

/* main: havoc t[2]; i := 0; assume i < B + 3 (an int equal to an address
 * of t); q := &u: t's cells are numbers the program compares, never a
 * pointer (cg_pointed_objects), though any number may be one
 * (cg_escaping_objects); u is pointed to in both. */
static void only_pointer_numbers_point(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("o.c", ORDO_DM_LP64);
    unsigned m = p->main_proc = ordo_add_proc(p, "main");
    unsigned t = ordo_add_object(p, "t", 10, (int)m);
    unsigned u = ordo_add_object(p, "u", 1, -1);
    unsigned i = ordo_add_var(p, "i", i32(), (int)m, 0);
    ordo_type ptr = ordo_ty_ptr(p->data_model);
    unsigned q = ordo_add_var(p, "q", ptr, (int)m, 0);
    int64_t base = (int64_t)p->objects[t].base;
    const ordo_expr *at = ordo_e_binop(p, ORDO_B_ADD, ptr, ordo_e_const(p, ptr, base),
                                       ordo_e_const(p, ptr, 2));
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_mem(i32(), at)), 1);
    then(p, m, &l, assign(p, i, num(p, 0)), 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, i), num(p, base + 3))), 3);
    then(p, m, &l, assign(p, q, ordo_e_const(p, ptr, (int64_t)p->objects[u].base)), 4);
    finish(p, m, l);
    bool *escapes = cg_escaping_objects(p), *pointed = cg_pointed_objects(p);
    assert_true(escapes[t]);
    assert_false(pointed[t]);
    assert_true(escapes[u]);
    assert_true(pointed[u]);
    free(escapes);
    free(pointed);
    ordo_program_free(p);
}

static bool has_pred(const cg_prec *prec, const ordo_expr *e)
{
    for (unsigned k = 0; k < prec->n_preds; k++)
        if (expr_equal(prec->preds[k], e))
            return true;
    return false;
}

/* Predicates z % 2 == 0 and x * y == 0; main copies z to t0, x to a and
 * y to b (the front end's temporaries): each predicate is taken over
 * every combination of copies in one procedure, none over y alone. */
static void initial_predicates_follow_the_copies(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("copies.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned z = ordo_add_var(p, "z", i32(), -1, 0);
    unsigned m = p->main_proc = ordo_add_proc(p, "main");
    unsigned t0 = ordo_add_var(p, "t0", i32(), (int)m, 0);
    unsigned a = ordo_add_var(p, "a", i32(), (int)m, 0), b = ordo_add_var(p, "b", i32(), (int)m, 0);
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, assign(p, t0, var(p, z)), 1);
    then(p, m, &l, assign(p, a, var(p, x)), 2);
    then(p, m, &l, assign(p, b, var(p, y)), 3);
    finish(p, m, l);
    const ordo_expr *zero = num(p, 0);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    cg_prec_add_pred(&prec, p, bin(p, ORDO_B_EQ, bin(p, ORDO_B_REM, var(p, z), num(p, 2)), zero));
    cg_prec_add_pred(&prec, p, bin(p, ORDO_B_EQ, bin(p, ORDO_B_MUL, var(p, x), var(p, y)), zero));
    cg_initprec_copies(&prec, p);
    assert_int_equal(prec.n_preds, 6);
    assert_true(has_pred(&prec, bin(p, ORDO_B_EQ, bin(p, ORDO_B_REM, var(p, t0), num(p, 2)), zero)));
    assert_true(has_pred(&prec, bin(p, ORDO_B_EQ, bin(p, ORDO_B_MUL, var(p, a), var(p, y)), zero)));
    assert_true(has_pred(&prec, bin(p, ORDO_B_EQ, bin(p, ORDO_B_MUL, var(p, x), var(p, b)), zero)));
    assert_true(has_pred(&prec, bin(p, ORDO_B_EQ, bin(p, ORDO_B_MUL, var(p, a), var(p, b)), zero)));
    cg_prec_free(&prec);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_joined_id_tracks_the_array_and_its_index),
        cmocka_unit_test(a_join_through_a_large_array_tracks_no_index),
        cmocka_unit_test(only_pointer_numbers_point),
        cmocka_unit_test(initial_predicates_follow_the_copies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
