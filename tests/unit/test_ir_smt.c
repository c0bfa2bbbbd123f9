/* Unit tests of C's evaluator (core/src/eval.c) and of the translation of
 * IR expressions into SMT terms (core/src/ir_smt.c): undefined operations
 * are reported and not folded, the caller's leaves are asked in the
 * expression's order, and both arithmetics give C's values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include <ordo/expr_eval.h>
#include <ordo/ir_build.h>
#include <ordo/ir_smt.h>

#include "../support/smt_load.h"

static const ordo_type u8 = { ORDO_TY_INT, 8, false };
static const ordo_type i32 = { ORDO_TY_INT, 32, true };
static const ordo_type u32 = { ORDO_TY_INT, 32, false };

static void evaluator_reports_undefined_operations(void **state)
{
    (void)state;
    int64_t r = 7;
    assert_string_equal(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_DIV, i32, i32, i32, 5, 0, &r),
                        "division by zero");
    assert_string_equal(ordo_eval_binop(ORDO_ARITH_INT, ORDO_B_REM, i32, i32, i32, 5, 0, &r),
                        "division by zero");
    assert_string_equal(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_SHL, i32, i32, i32, 1, 32, &r),
                        "shift amount out of range");
    assert_string_equal(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_SHR, i32, i32, i32, 1, -1, &r),
                        "shift amount out of range");
    assert_string_equal(ordo_eval_binop(ORDO_ARITH_INT, ORDO_B_MUL, i32, i32, i32, INT64_MAX, 2,
                                        &r),
                        "value beyond 64 bits in int arithmetic");
    assert_string_equal(ordo_eval_unop(ORDO_ARITH_INT, ORDO_U_NEG, i32, INT64_MIN, &r),
                        "value beyond 64 bits in int arithmetic");
    assert_int_equal(r, 7); /* untouched */
}

/* C's values in bit-vectors; mathematical ones in Int. Signed overflow
 * wraps in bit-vectors (ordo/expr_eval.h). */
static void evaluator_computes_c_values(void **state)
{
    (void)state;
    int64_t r;
    assert_null(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_ADD, u8, u8, u8, 200, 100, &r));
    assert_int_equal(r, 44);
    assert_null(ordo_eval_binop(ORDO_ARITH_INT, ORDO_B_ADD, u8, u8, u8, 200, 100, &r));
    assert_int_equal(r, 300);
    assert_null(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_ADD, i32, i32, i32, INT32_MAX, 1, &r));
    assert_int_equal(r, INT32_MIN);
    assert_null(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_DIV, i32, i32, i32, -7, 2, &r));
    assert_int_equal(r, -3);
    assert_null(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_REM, i32, i32, i32, -7, 2, &r));
    assert_int_equal(r, -1);
    assert_null(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_LT, ordo_ty_bool(), u32, u32, 0xffffffff,
                                1, &r));
    assert_int_equal(r, 0); /* unsigned comparison */
    assert_null(ordo_eval_binop(ORDO_ARITH_BV, ORDO_B_LT, ordo_ty_bool(), i32, i32, -1, 1, &r));
    assert_int_equal(r, 1);
    assert_null(ordo_eval_unop(ORDO_ARITH_BV, ORDO_U_BITNOT, u8, 0, &r));
    assert_int_equal(r, 255);
    assert_int_equal(ordo_value_wrap(i32, INT64_C(0xffffffff)), -1);
    assert_int_equal(ordo_value_convert(ORDO_ARITH_INT, u8, 300), 300);
}

/* ---- the translation ---------------------------------------------------- */

static ordo_solver_factory z3;

typedef struct {
    ordo_smt *s;
    ordo_term x;        /* variable 0's value */
    char order[8];      /* leaves in the order asked: v (var), l (load) */
    unsigned n;
} leaves_seen;

static ordo_ir_val var_leaf(void *ud, const ordo_expr *e)
{
    leaves_seen *seen = ud;
    assert_int_equal(e->var, 0);
    seen->order[seen->n++] = 'v';
    return ordo_ir_sym(seen->x);
}

static ordo_ir_val load_leaf(void *ud, const ordo_expr *e, ordo_ir_val addr)
{
    leaves_seen *seen = ud;
    assert_true(addr.is_const);
    seen->order[seen->n++] = 'l';
    return ordo_ir_const(&(ordo_ir_smt){ .s = seen->s, .bv = true }, e->type, addr.c * 10);
}

static int setup_solver(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

/* Whether the solver proves e == want for every value of variable 0 (an
 * unsigned char in [0, 255]) in arithmetic bv. */
static bool always_equals(bool bv, const ordo_expr *e, int64_t want, char *order)
{
    ordo_smt *s = ordo_smt_create(&z3, NULL);
    ordo_ir_smt a = { .s = s, .bv = bv };
    leaves_seen seen = { s, ordo_smt_var(s, "x", ordo_ir_sort(&a, u8)), "", 0 };
    ordo_smt_assert(s, ordo_ir_in_range(&a, u8, seen.x));
    ordo_ir_leaves l = { var_leaf, load_leaf, NULL, &seen };
    ordo_ir_val v = ordo_ir_expr(&a, e, &l);
    ordo_term differs = ordo_smt_app1(
        s, ORDO_OP_NOT,
        ordo_smt_app2(s, ORDO_OP_EQ, ordo_ir_term(&a, e->type, v),
                      ordo_ir_term(&a, e->type, ordo_ir_const(&a, e->type, want))));
    ordo_smt_assert(s, differs);
    bool proved = ordo_smt_check(s) == ORDO_SMT_UNSAT;
    ordo_smt_destroy(s);
    if (order)
        memcpy(order, seen.order, sizeof seen.order);
    return proved;
}

/* (unsigned char)(x + 256 - x) + *(int *)3 is 30 in both arithmetics:
 * unsigned wrap-around in Int too; the var leaf is asked twice, then the
 * load. */
static void translation_wraps_in_both_arithmetics(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("t.c", ORDO_DM_LP64);
    ordo_add_var(p, "x", u8, -1, 0);
    const ordo_expr *x = ordo_e_cast(p, u32, ordo_e_var(p, 0));
    const ordo_expr *sum = ordo_e_binop(p, ORDO_B_ADD, u32, x, ordo_e_const(p, u32, 256));
    const ordo_expr *diff = ordo_e_cast(p, u8, ordo_e_binop(p, ORDO_B_SUB, u32, sum, x));
    const ordo_expr *load = ordo_e_load(p, i32, ordo_e_const(p, ordo_ty_ptr(ORDO_DM_LP64), 3));
    const ordo_expr *e = ordo_e_binop(p, ORDO_B_ADD, i32, ordo_e_cast(p, i32, diff), load);
    char order[8];
    assert_true(always_equals(true, e, 30, order));
    assert_string_equal(order, "vvl");
    assert_true(always_equals(false, e, 30, NULL));
    assert_false(always_equals(false, e, 31, NULL));
    ordo_program_free(p);
}

/* 7 / 0 is undefined: not folded, a term (SMT-LIB's division); 7 / 2
 * folds to 3. */
static void undefined_constants_stay_terms(void **state)
{
    (void)state;
    ordo_smt *s = ordo_smt_create(&z3, NULL);
    for (int bv = 0; bv < 2; bv++) {
        ordo_ir_smt a = { .s = s, .bv = bv };
        ordo_ir_val seven = ordo_ir_const(&a, i32, 7);
        ordo_ir_val by0 = ordo_ir_binop(&a, ORDO_B_DIV, i32, seven, i32,
                                        ordo_ir_const(&a, i32, 0), i32);
        assert_false(by0.is_const);
        ordo_ir_val by2 = ordo_ir_binop(&a, ORDO_B_DIV, i32, seven, i32,
                                        ordo_ir_const(&a, i32, 2), i32);
        assert_true(by2.is_const);
        assert_int_equal(by2.c, 3);
    }
    ordo_smt_destroy(s);
}

/* With defined collected: x / y is defined where y != 0, x << 3 always
 * (nothing conjoined), x << y where 0 <= y < 32. */
static void definedness_is_collected(void **state)
{
    (void)state;
    ordo_smt *s = ordo_smt_create(&z3, NULL);
    ordo_term defined = NULL;
    ordo_ir_smt a = { .s = s, .bv = true, .defined = &defined };
    ordo_ir_val x = ordo_ir_sym(ordo_smt_var(s, "x", ordo_ir_sort(&a, i32)));
    ordo_ir_val y = ordo_ir_sym(ordo_smt_var(s, "y", ordo_ir_sort(&a, i32)));
    ordo_ir_binop(&a, ORDO_B_SHL, i32, x, i32, ordo_ir_const(&a, i32, 3), i32);
    assert_null(defined);
    ordo_ir_binop(&a, ORDO_B_DIV, i32, x, i32, y, i32);
    ordo_ir_binop(&a, ORDO_B_SHL, i32, x, i32, y, i32);
    assert_non_null(defined);
    int64_t cases[][2] = { { 0, 0 }, { 1, 1 }, { 31, 1 }, { 32, 0 }, { -1, 0 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ordo_smt_push(s);
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, y.t, ordo_smt_bv(s, (uint64_t)cases[i][0],
                                                                          32)));
        ordo_smt_assert(s, defined);
        assert_int_equal(ordo_smt_check(s), cases[i][1] ? ORDO_SMT_SAT : ORDO_SMT_UNSAT);
        ordo_smt_pop(s, 1);
    }
    ordo_smt_destroy(s);
}

/* Whether e's definedness, collected in bit-vectors, holds where
 * variable 0 (an unsigned char) is x. */
static bool defined_at(const ordo_expr *e, int64_t x)
{
    ordo_smt *s = ordo_smt_create(&z3, NULL);
    ordo_term defined = NULL;
    ordo_ir_smt a = { .s = s, .bv = true, .defined = &defined };
    leaves_seen seen = { s, ordo_smt_var(s, "x", ordo_ir_sort(&a, u8)), "", 0 };
    ordo_ir_leaves l = { var_leaf, load_leaf, NULL, &seen };
    ordo_ir_expr(&a, e, &l);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, seen.x, ordo_smt_bv(s, (uint64_t)x, 8)));
    if (defined)
        ordo_smt_assert(s, defined);
    bool holds = ordo_smt_check(s) == ORDO_SMT_SAT;
    ordo_smt_destroy(s);
    return holds;
}

/* An operand of ?:, && and || needs to be defined only where it is
 * evaluated: x != 0 ? 100 / x : 0 and x != 0 && 100 / x > 1 are defined
 * at x = 0 too; x == 0 ? 100 / x : 0, x != 0 || 100 / x > 1 and 100 / x
 * everywhere but there. */
static void definedness_follows_evaluation(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("t.c", ORDO_DM_LP64);
    ordo_add_var(p, "x", u8, -1, 0);
    ordo_type b = ordo_ty_bool();
    const ordo_expr *x = ordo_e_cast(p, u32, ordo_e_var(p, 0)), *zero = ordo_e_const(p, u32, 0);
    const ordo_expr *quotient = ordo_e_binop(p, ORDO_B_DIV, u32, ordo_e_const(p, u32, 100), x);
    const ordo_expr *nonzero = ordo_e_binop(p, ORDO_B_NE, b, x, zero);
    const ordo_expr *is_zero = ordo_e_binop(p, ORDO_B_EQ, b, x, zero);
    const ordo_expr *above = ordo_e_binop(p, ORDO_B_GT, b, quotient, ordo_e_const(p, u32, 1));
    const ordo_expr *guarded[] = { ordo_e_ite(p, nonzero, quotient, zero),
                                   ordo_e_binop(p, ORDO_B_LAND, b, nonzero, above) };
    const ordo_expr *taken[] = { ordo_e_ite(p, is_zero, quotient, zero),
                                 ordo_e_binop(p, ORDO_B_LOR, b, nonzero, above) };
    for (int i = 0; i < 2; i++) {
        assert_true(defined_at(guarded[i], 0));
        assert_true(defined_at(guarded[i], 5));
    }
    for (int i = 0; i < 2; i++) {
        assert_false(defined_at(taken[i], 0));
        assert_true(defined_at(taken[i], 5));
    }
    assert_true(defined_at(quotient, 5));
    assert_false(defined_at(quotient, 0));
    ordo_program_free(p);
}

/* Pointer arithmetic keeps its pointer operand's region. */
static void pointer_arithmetic_keeps_region(void **state)
{
    (void)state;
    ordo_smt *s = ordo_smt_create(&z3, NULL);
    ordo_ir_smt a = { .s = s, .bv = false };
    ordo_type ptr = ordo_ty_ptr(ORDO_DM_LP64);
    ordo_ir_val p = ordo_ir_sym(ordo_smt_var(s, "p", ordo_ir_sort(&a, ptr)));
    p.region = 3;
    ordo_ir_val i = ordo_ir_sym(ordo_smt_var(s, "i", ordo_ir_sort(&a, ptr)));
    i.region = 5;
    assert_int_equal(ordo_ir_binop(&a, ORDO_B_ADD, ptr, p, ptr, i, ptr).region, 3);
    assert_int_equal(ordo_ir_binop(&a, ORDO_B_MUL, ptr, p, ptr, i, ptr).region, 0);
    ordo_smt_destroy(s);
}

/* Value sets: an ite over constants knows them (sorted, once each), a
 * pointer among them moved by a constant each moved (bit-vectors wrap as
 * the term does), a term of unknown values none; without sets, none. */
static void value_sets_follow_ites_and_moves(void **state)
{
    (void)state;
    ordo_smt *s = ordo_smt_create(&z3, NULL);
    ordo_ir_smt a = { .s = s, .bv = true, .sets = ordo_ir_val_sets_new() };
    ordo_type ptr = ordo_ty_ptr(ORDO_DM_ILP32);
    ordo_term c = ordo_smt_var(s, "c", ordo_smt_bool_sort(s));
    ordo_term d = ordo_smt_var(s, "d", ordo_smt_bool_sort(s));
    ordo_ir_val x = ordo_ir_ite(&a, ptr, c, ordo_ir_const(&a, ptr, 40), ordo_ir_const(&a, ptr, 8));
    ordo_ir_val y = ordo_ir_ite(&a, ptr, d, ordo_ir_const(&a, ptr, 8), x);
    assert_int_equal(y.n_vals, 2);
    assert_int_equal(y.vals[0], 8);
    assert_int_equal(y.vals[1], 40);
    ordo_type i32 = ordo_ty_int(32, true);
    ordo_ir_val moved = ordo_ir_binop(&a, ORDO_B_SUB, ptr, y, ptr, ordo_ir_const(&a, i32, 12), i32);
    assert_int_equal(moved.n_vals, 2);
    assert_int_equal(moved.vals[0], 28);
    assert_int_equal(moved.vals[1], INT64_C(0xFFFFFFFC)); /* 8 - 12 wraps */
    ordo_ir_val p = ordo_ir_sym(ordo_smt_var(s, "p", ordo_ir_sort(&a, ptr)));
    assert_int_equal(ordo_ir_ite(&a, ptr, c, p, x).n_vals, 0);
    ordo_ir_smt none = { .s = s, .bv = true };
    assert_int_equal(ordo_ir_ite(&none, ptr, c, x, ordo_ir_const(&none, ptr, 4)).n_vals, 0);
    ordo_ir_val_sets_free(a.sets);
    ordo_smt_destroy(s);
}

static void program_census_finds_bit_vector_statements(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("t.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", u32, -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    unsigned l1 = ordo_add_loc(p, f);
    const ordo_expr *shl = ordo_e_binop(p, ORDO_B_SHL, u32, ordo_e_var(p, x),
                                        ordo_e_const(p, u32, 1));
    const ordo_expr *flip = ordo_e_cast(p, i32, ordo_e_var(p, x));
    ordo_stmt *pref = ordo_s_assign(p, ordo_lv_var(p, x), ordo_e_cast(p, u32, flip));
    ordo_stmt *req = ordo_s_assign(p, ordo_lv_var(p, x), shl);
    ordo_add_edge(p, f, p->procs[f].init_loc, l1, pref);
    ordo_add_edge(p, f, l1, p->procs[f].final_loc, req);
    assert_int_equal(ordo_stmt_bv_need(pref), ORDO_BV_PREFERRED);
    ordo_bv_census c = ordo_program_bv_census(p);
    assert_ptr_equal(c.required, req);
    assert_ptr_equal(c.preferred, pref);
    assert_int_equal(c.n_preferred, 1);
    ordo_arith_choice a = ordo_program_arith_choice(p);
    assert_true(a.bv);
    assert_true(a.required);
    assert_ptr_equal(a.why, req);
    ordo_program_free(p);
}

/* A program whose statements only prefer bit-vectors (a signedness change
 * at one width each) stays in Int up to ORDO_MAX_INT_CASE_SPLITS of them. */
static void arith_choice_counts_preferring_statements(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("t.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", u32, -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    unsigned l = p->procs[f].init_loc;
    const ordo_stmt *first = NULL;
    for (int n = 1; n <= ORDO_MAX_INT_CASE_SPLITS + 1; n++) {
        assert_false(ordo_program_arith_choice(p).bv); /* n - 1 statements so far */
        const ordo_expr *flip = ordo_e_cast(p, u32, ordo_e_cast(p, i32, ordo_e_var(p, x)));
        ordo_stmt *st = ordo_s_assign(p, ordo_lv_var(p, x), flip);
        first = first ? first : st;
        unsigned next = ordo_add_loc(p, f);
        ordo_add_edge(p, f, l, next, st);
        l = next;
    }
    ordo_arith_choice a = ordo_program_arith_choice(p);
    assert_true(a.bv);
    assert_false(a.required);
    assert_ptr_equal(a.why, first);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest evaluator[] = {
        cmocka_unit_test(evaluator_reports_undefined_operations),
        cmocka_unit_test(evaluator_computes_c_values),
        cmocka_unit_test(program_census_finds_bit_vector_statements),
        cmocka_unit_test(arith_choice_counts_preferring_statements),
    };
    const struct CMUnitTest translation[] = {
        cmocka_unit_test(translation_wraps_in_both_arithmetics),
        cmocka_unit_test(undefined_constants_stay_terms),
        cmocka_unit_test(pointer_arithmetic_keeps_region),
        cmocka_unit_test(value_sets_follow_ites_and_moves),
        cmocka_unit_test(definedness_is_collected),
        cmocka_unit_test(definedness_follows_evaluation),
    };
    int failed = cmocka_run_group_tests(evaluator, NULL, NULL);
    return failed + cmocka_run_group_tests(translation, setup_solver, NULL);
}
