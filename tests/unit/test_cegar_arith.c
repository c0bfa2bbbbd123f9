/* Unit tests of the cegar engine's --arith (engines/cegar/arith.h) on
 * small IR programs: auto's choice (the one oc makes, ir_smt.h), what
 * --arith int refuses, and verdicts: signed overflow, undefined in C,
 * wraps in bit-vectors only, and a path feasible only in Int does not
 * replay and is no UNSAFE; the values cells may hold, which decide
 * whether an Int read converts. (PRED's transfer in both arithmetics:
 * test_cegar.c.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/ir_build.h>

#include "../../engines/cegar/arith.h"
#include "../../engines/cegar/cegar.h"
#include "../../engines/cegar/cell_values.h"
#include "../support/cegar_verify.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

static ordo_solver_factory z3;

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

/* main: x := x + 1 (line 1), and with `bitwise` x := x & 1 (line 2). */
static ordo_program *increment(bool bitwise)
{
    ordo_program *p = ordo_program_new("t.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    then(p, f, &l, assign(p, x, bin(p, ORDO_B_ADD, var(p, x), num(p, 1))), 1);
    if (bitwise)
        then(p, f, &l, assign(p, x, bin(p, ORDO_B_AND, var(p, x), num(p, 1))), 2);
    finish(p, f, l);
    return p;
}

/* Runs cg_arith_choose; returns *smt_int, the reason in *why. */
static bool choose(cg_arith arith, bool pred, bool itp, const ordo_program *p, char **why)
{
    bool smt_int = true;
    *why = cg_arith_choose(arith, pred, itp, p, &smt_int);
    return smt_int;
}

static void auto_takes_int_unless_the_program_needs_bit_vectors(void **state)
{
    (void)state;
    char *why;
    ordo_program *linear = increment(false), *bitwise = increment(true);
    assert_true(choose(CG_ARITH_AUTO, true, false, linear, &why));
    assert_null(why);
    assert_false(choose(CG_ARITH_AUTO, true, false, bitwise, &why));
    assert_null(why);
    /* the configurations Int cannot run take bit-vectors */
    assert_false(choose(CG_ARITH_AUTO, false, false, linear, &why)); /* EXPL */
    assert_null(why);
    assert_false(choose(CG_ARITH_AUTO, true, true, linear, &why)); /* seq-itp, bin-itp */
    assert_null(why);
    assert_false(choose(CG_ARITH_BV, true, false, linear, &why));
    assert_null(why);
    assert_true(choose(CG_ARITH_INT, true, false, linear, &why));
    assert_null(why);
    ordo_program_free(linear);
    ordo_program_free(bitwise);
}

static void int_refuses_what_it_cannot_run(void **state)
{
    (void)state;
    char *why;
    ordo_program *linear = increment(false), *bitwise = increment(true);
    assert_false(choose(CG_ARITH_INT, true, false, bitwise, &why));
    assert_string_equal(why, "unsupported: --arith int on bit-vector semantics (t.c:2) (cegar)");
    free(why);
    assert_false(choose(CG_ARITH_INT, false, false, linear, &why));
    assert_string_equal(why, "unsupported: --arith int with --domain expl, whose explicit "
                             "values follow C's bit-precise arithmetic (cegar)");
    free(why);
    assert_false(choose(CG_ARITH_INT, true, true, linear, &why));
    assert_string_equal(why, "unsupported: --arith int with an interpolating refinement, whose "
                             "interpolants are read back from bit-vector terms only (cegar)");
    free(why);
    ordo_program_free(linear);
    ordo_program_free(bitwise);
}

/* main: x := start (havoc when start is NULL); y := x + 1;
 * assume !(y > x) or, with `holds`, assume y > x; ERROR. */
static ordo_program *overflow(const int64_t *start, bool holds)
{
    ordo_program *p = ordo_program_new("t.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    then(p, f, &l, start ? assign(p, x, num(p, *start)) : ordo_s_havoc(p, ordo_lv_var(p, x)), 1);
    then(p, f, &l, assign(p, y, bin(p, ORDO_B_ADD, var(p, x), num(p, 1))), 2);
    const ordo_expr *gt = bin(p, ORDO_B_GT, var(p, y), var(p, x));
    then(p, f, &l, ordo_s_assume(p, holds ? gt : ordo_e_unop(p, ORDO_U_LNOT, ordo_ty_bool(), gt)),
         3);
    then(p, f, &l, ordo_s_new(p, ORDO_S_ERROR), 4);
    finish(p, f, l);
    return p;
}

static cg_outcome verify(const ordo_program *p, cg_arith arith)
{
    cg_config cfg = { .mode = ORDO_ARITH_BV, .arith = arith, .maxenum = 1, .pred = true };
    cg_counters c;
    return cegar_verify_replayed(p, &cfg, &z3, &c);
}

/* y := x + 1 with x unknown, then ERROR where y <= x: in bit-vectors at
 * x = INT_MAX (a replayed UNSAFE: the interpreter wraps too); in Int a
 * proof, as C leaves signed overflow undefined. */
static void signed_overflow_wraps_in_bit_vectors_only(void **state)
{
    (void)state;
    ordo_program *p = overflow(NULL, false);
    assert_int_equal(verify(p, CG_ARITH_BV).verdict, ORDO_VERDICT_UNSAFE);
    assert_int_equal(verify(p, CG_ARITH_INT).verdict, ORDO_VERDICT_SAFE);
    assert_int_equal(verify(p, CG_ARITH_AUTO).verdict, ORDO_VERDICT_SAFE);
    ordo_program_free(p);
}

/* x := INT_MAX; y := x + 1; ERROR where y > x: feasible in Int only,
 * where the interpreter, which wraps, does not follow: an engine error,
 * never UNSAFE. Bit-vectors prove it. */
static void a_path_feasible_in_int_only_is_no_counterexample(void **state)
{
    (void)state;
    int64_t max = 2147483647;
    ordo_program *p = overflow(&max, true);
    cg_outcome o = verify(p, CG_ARITH_INT);
    assert_int_equal(o.verdict, ORDO_VERDICT_ERROR);
    assert_non_null(strstr(o.reason, "a feasible path does not replay"));
    free(o.reason);
    assert_int_equal(verify(p, CG_ARITH_BV).verdict, ORDO_VERDICT_SAFE);
    ordo_program_free(p);
}

/* Objects a (int[4], initially {7}), c (a char) and p (a pointer): main
 * stores an int into a[1], a char into c and p := &c; a char through p.
 * a is read only at its own base: it holds ints (and 0, 7); c escapes
 * (its address is a value) and p holds an address. A load through a
 * pointer may read c or the heap: chars. */
static void cell_values_follow_the_stores_that_reach_a_cell(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("t.c", ORDO_DM_LP64);
    ordo_type ptr = ordo_ty_ptr(ORDO_DM_LP64), i8 = ordo_ty_int(8, true);
    unsigned a = ordo_add_object(p, "a", 4, -1), c = ordo_add_object(p, "c", 1, -1);
    unsigned q = ordo_add_object(p, "p", 1, -1);
    ordo_object_init_cell(p, a, 0, i32(), 7);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    const ordo_expr *base_a = ordo_e_const(p, ptr, (int64_t)p->objects[a].base);
    const ordo_expr *base_c = ordo_e_const(p, ptr, (int64_t)p->objects[c].base);
    const ordo_expr *base_q = ordo_e_const(p, ptr, (int64_t)p->objects[q].base);
    const ordo_expr *a1 = ordo_e_binop(p, ORDO_B_ADD, ptr, base_a, ordo_e_const(p, ptr, 1));
    const ordo_expr *through = ordo_e_load(p, ptr, base_q);
    then(p, f, &l, ordo_s_assign(p, ordo_lv_mem(i32(), a1), var(p, x)), 1);
    then(p, f, &l, ordo_s_assign(p, ordo_lv_mem(i8, base_c), ordo_e_const(p, i8, 'X')), 2);
    then(p, f, &l, ordo_s_assign(p, ordo_lv_mem(ptr, base_q), base_c), 3);
    then(p, f, &l, ordo_s_assign(p, ordo_lv_mem(i8, through), ordo_e_const(p, i8, 'Y')), 4);
    finish(p, f, l);
    cg_cell_values *v = cg_cell_values_new(p);
    __int128 lo, hi;
    cg_cell_values_at(v, a1, &lo, &hi);
    assert_true(lo == -((__int128)1 << 31) && hi == ((__int128)1 << 31) - 1);
    cg_cell_values_at(v, base_q, &lo, &hi);
    assert_true(lo == 0 && hi == ((__int128)1 << 64) - 1);
    cg_cell_values_at(v, base_c, &lo, &hi);
    assert_true(lo == -128 && hi == 127);
    cg_cell_values_at(v, through, &lo, &hi);
    assert_true(lo == -128 && hi == 127);
    cg_cell_values_free(v);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(auto_takes_int_unless_the_program_needs_bit_vectors),
        cmocka_unit_test(int_refuses_what_it_cannot_run),
        cmocka_unit_test(signed_overflow_wraps_in_bit_vectors_only),
        cmocka_unit_test(a_path_feasible_in_int_only_is_no_counterexample),
        cmocka_unit_test(cell_values_follow_the_stores_that_reach_a_cell),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
