/*
 * Conformance of the solver plugins to the SMT interface (<ordo/smt.h>):
 * the same tests run unchanged against every built plugin (z3, cvc5), each
 * as its own cmocka group. Optional capabilities are queried first.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ordo/plugin.h>
#include <ordo/smt.h>

#include "../support/smt_load.h"
#include "../support/smt_problems.h"

static ordo_solver_factory plugin; /* the group's solver */

static ordo_smt *new_solver(const ordo_smt_config *cfg)
{
    ordo_smt *s = ordo_smt_create(&plugin, cfg);
    assert_non_null(s);
    assert_null(ordo_smt_error(s));
    return s;
}

/* A solver offering capability cap; skips the test when it lacks it. */
static ordo_smt *new_solver_with(const ordo_smt_config *cfg, unsigned cap)
{
    ordo_smt *s = new_solver(cfg);
    if (!(ordo_smt_caps(s) & cap)) {
        ordo_smt_destroy(s);
        skip();
    }
    return s;
}

/* Value of t in the current model (completed), as an int64. */
static int64_t value_of(ordo_smt *s, ordo_term t)
{
    int64_t v = -999;
    ordo_term c = ordo_smt_eval(s, t, true);
    assert_non_null(c);
    assert_true(ordo_smt_to_int64(s, c, &v));
    return v;
}

static ordo_term int_var(ordo_smt *s, const char *name)
{
    return ordo_smt_var(s, name, ordo_smt_int_sort(s));
}

static ordo_term bool_var(ordo_smt *s, const char *name)
{
    return ordo_smt_var(s, name, ordo_smt_bool_sort(s));
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* ---- Bool ---------------------------------------------------------------- */

static void bool_sat_then_unsat(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term p = bool_var(s, "p"), q = bool_var(s, "q");
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_OR, p, q));
    ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT, p));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_int_equal(value_of(s, p), 0);
    assert_int_equal(value_of(s, q), 1);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_IMPLIES, q, p));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_destroy(s);
}

static void bool_connectives(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term p = bool_var(s, "p"), q = bool_var(s, "q"), r = bool_var(s, "r");
    /* xor(p, q), ite(p, q, r) = true, distinct(p, r), and() = true */
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_XOR, p, q));
    ordo_smt_assert(s, ordo_smt_ite(s, p, q, r));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_DISTINCT, p, r));
    ordo_smt_assert(s, ordo_smt_app(s, ORDO_OP_AND, 0, NULL));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    /* p -> q, but xor(p, q): p false, q true, then r true, distinct holds */
    assert_int_equal(value_of(s, p), 0);
    assert_int_equal(value_of(s, q), 1);
    assert_int_equal(value_of(s, r), 1);
    ordo_smt_assert(s, ordo_smt_app(s, ORDO_OP_OR, 0, NULL)); /* false */
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_destroy(s);
}

static void same_name_same_constant(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term x1 = int_var(s, "x"), x2 = int_var(s, "x");
    ordo_term fresh1 = ordo_smt_var(s, NULL, ordo_smt_int_sort(s));
    ordo_term fresh2 = ordo_smt_var(s, NULL, ordo_smt_int_sort(s));
    ordo_smt_push(s);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_DISTINCT, x1, x2));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_pop(s, 1);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_DISTINCT, fresh1, fresh2));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    ordo_smt_destroy(s);
}

/* ---- Int ----------------------------------------------------------------- */

static void int_linear_system(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term x = int_var(s, "x"), y = int_var(s, "y");
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, ordo_smt_app2(s, ORDO_OP_ADD, x, y),
                                     ordo_smt_int(s, 10)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, ordo_smt_app2(s, ORDO_OP_SUB, x, y),
                                     ordo_smt_int(s, 4)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_int_equal(value_of(s, x), 7);
    assert_int_equal(value_of(s, y), 3);
    ordo_term three_x = ordo_smt_app2(s, ORDO_OP_MUL, ordo_smt_int(s, 3), x);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GT, three_x, ordo_smt_int(s, 21)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_destroy(s);
}

static void int_bounds_unsat(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term x = int_var(s, "x");
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GT, x, ordo_smt_int(s, 5)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LT, x, ordo_smt_int(s, 6)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_destroy(s);
}

/* SMT-LIB div/mod are Euclidean: -7 div 2 = -4, -7 mod 2 = 1, 7 div -2 = -3. */
static void int_div_mod_neg(void **state)
{
    (void)state;
    static const struct { int64_t a, b, div, mod; } cases[] = {
        { -7, 2, -4, 1 }, { 7, -2, -3, 1 }, { -7, -2, 4, 1 }, { 7, 2, 3, 1 },
        { INT64_MIN / 2, 3, -1537228672809129302, 2 },
    };
    ordo_smt *s = new_solver(NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ordo_term a = ordo_smt_int(s, cases[i].a), b = ordo_smt_int(s, cases[i].b);
        ordo_term d = int_var(s, "d"), m = int_var(s, "m"), n = int_var(s, "n");
        ordo_smt_push(s);
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, d, ordo_smt_app2(s, ORDO_OP_IDIV, a, b)));
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, m, ordo_smt_app2(s, ORDO_OP_IMOD, a, b)));
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, n, ordo_smt_app1(s, ORDO_OP_NEG, a)));
        assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
        assert_int_equal(value_of(s, d), cases[i].div);
        assert_int_equal(value_of(s, m), cases[i].mod);
        assert_int_equal(value_of(s, n), -cases[i].a);
        ordo_smt_pop(s, 1);
    }
    ordo_smt_destroy(s);
}

static void int_big_numerals(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term x = int_var(s, "x");
    ordo_term big = ordo_smt_numeral(s, "36893488147419103232", ordo_smt_int_sort(s)); /* 2^65 */
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, x, big));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    int64_t v;
    assert_false(ordo_smt_to_int64(s, ordo_smt_eval(s, x, true), &v)); /* out of range */
    char *text = ordo_smt_to_string(s, ordo_smt_eval(s, x, true));
    assert_non_null(text);
    assert_non_null(strstr(text, "36893488147419103232"));
    free(text);
    assert_true(ordo_smt_to_int64(s, ordo_smt_int(s, INT64_MIN), &v));
    assert_true(v == INT64_MIN);
    ordo_smt_destroy(s);
}

/* ---- bit-vectors ----------------------------------------------------------- */

typedef struct {
    ordo_smt_op op;
    uint64_t a, b, expect; /* 8-bit */
} bv_case;

/* SMT-LIB semantics incl. division by zero (udiv -> all ones, urem -> a,
 * sdiv -> -1 or 1 by the sign of a, srem -> a) and over-wide shifts. */
static const bv_case bv8_cases[] = {
    { ORDO_OP_BVADD, 200, 100, 44 },     { ORDO_OP_BVSUB, 3, 5, 254 },
    { ORDO_OP_BVMUL, 16, 17, 16 },       { ORDO_OP_BVUDIV, 250, 7, 35 },
    { ORDO_OP_BVUDIV, 9, 0, 255 },       { ORDO_OP_BVUREM, 250, 7, 5 },
    { ORDO_OP_BVUREM, 9, 0, 9 },         { ORDO_OP_BVSDIV, 0xF9, 2, 0xFD },  /* -7/2 = -3 */
    { ORDO_OP_BVSDIV, 7, 0xFE, 0xFD },   { ORDO_OP_BVSDIV, 0x80, 0xFF, 0x80 }, /* overflow */
    { ORDO_OP_BVSDIV, 5, 0, 0xFF },      { ORDO_OP_BVSDIV, 0xFB, 0, 1 },
    { ORDO_OP_BVSREM, 0xF9, 2, 0xFF },   { ORDO_OP_BVSREM, 7, 0xFE, 1 },     /* sign of a */
    { ORDO_OP_BVSREM, 0xFB, 0, 0xFB },   { ORDO_OP_BVAND, 0xF0, 0x3C, 0x30 },
    { ORDO_OP_BVOR, 0xF0, 0x0C, 0xFC },  { ORDO_OP_BVXOR, 0xFF, 0x0F, 0xF0 },
    { ORDO_OP_BVSHL, 0x81, 1, 0x02 },    { ORDO_OP_BVSHL, 1, 8, 0 },
    { ORDO_OP_BVLSHR, 0x80, 7, 1 },      { ORDO_OP_BVLSHR, 0x80, 200, 0 },
    { ORDO_OP_BVASHR, 0x80, 7, 0xFF },   { ORDO_OP_BVASHR, 0x80, 9, 0xFF },
    { ORDO_OP_BVASHR, 0x40, 6, 1 },
};

static void bv_arithmetic_and_bitwise(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_sort bv8 = ordo_smt_bv_sort(s, 8);
    ordo_term x = ordo_smt_var(s, "x", bv8), y = ordo_smt_var(s, "y", bv8);
    for (size_t i = 0; i < sizeof bv8_cases / sizeof bv8_cases[0]; i++) {
        const bv_case *c = &bv8_cases[i];
        ordo_smt_push(s);
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, x, ordo_smt_bv(s, c->a, 8)));
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, y, ordo_smt_bv(s, c->b, 8)));
        ordo_term r = ordo_smt_app2(s, c->op, x, y);
        assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
        int64_t got = value_of(s, r);
        if ((uint64_t)got != c->expect)
            fail_msg("case %zu (op %d, %llu, %llu): got %lld, expected %llu", i, (int)c->op,
                     (unsigned long long)c->a, (unsigned long long)c->b, (long long)got,
                     (unsigned long long)c->expect);
        ordo_smt_pop(s, 1);
    }
    /* unary */
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    ordo_term five = ordo_smt_bv(s, 5, 8);
    assert_int_equal(value_of(s, ordo_smt_app1(s, ORDO_OP_BVNEG, five)), 251);
    assert_int_equal(value_of(s, ordo_smt_app1(s, ORDO_OP_BVNOT, five)), 250);
    ordo_smt_destroy(s);
}

static void bv_comparisons(void **state)
{
    (void)state;
    static const struct { ordo_smt_op op; uint64_t a, b; int expect; } cases[] = {
        { ORDO_OP_BVULT, 1, 0xFF, 1 }, { ORDO_OP_BVSLT, 1, 0xFF, 0 },
        { ORDO_OP_BVULE, 7, 7, 1 },    { ORDO_OP_BVSLE, 0x80, 0x7F, 1 },
        { ORDO_OP_BVUGT, 0x80, 0x7F, 1 }, { ORDO_OP_BVSGT, 0x80, 0x7F, 0 },
        { ORDO_OP_BVUGE, 0, 1, 0 },    { ORDO_OP_BVSGE, 0, 0xFF, 1 },
    };
    ordo_smt *s = new_solver(NULL);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ordo_term r = ordo_smt_app2(s, cases[i].op, ordo_smt_bv(s, cases[i].a, 8),
                                    ordo_smt_bv(s, cases[i].b, 8));
        assert_int_equal(value_of(s, r), cases[i].expect);
    }
    ordo_smt_destroy(s);
}

static void bv_extract_extend_concat(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term x = ordo_smt_var(s, "x", ordo_smt_bv_sort(s, 16));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, x, ordo_smt_bv(s, 0xA5C3, 16)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    ordo_term hi = ordo_smt_app_indexed(s, ORDO_OP_EXTRACT, x, 15, 8);
    ordo_term lo = ordo_smt_app_indexed(s, ORDO_OP_EXTRACT, x, 7, 0);
    assert_int_equal(value_of(s, hi), 0xA5);
    assert_int_equal(value_of(s, lo), 0xC3);
    assert_int_equal(value_of(s, ordo_smt_app2(s, ORDO_OP_CONCAT, lo, hi)), 0xC3A5);
    assert_int_equal(value_of(s, ordo_smt_app_indexed(s, ORDO_OP_ZEXT, hi, 8, 0)), 0xA5);
    assert_int_equal(value_of(s, ordo_smt_app_indexed(s, ORDO_OP_SEXT, hi, 8, 0)), 0xFFA5);
    assert_int_equal(value_of(s, ordo_smt_app_indexed(s, ORDO_OP_SEXT, lo, 56, 0)),
                     (int64_t)UINT64_C(0xFFFFFFFFFFFFFFC3));
    assert_int_equal(value_of(s, ordo_smt_app1(s, ORDO_OP_BV2NAT, x)), 0xA5C3);
    ordo_term n = ordo_smt_int(s, -1);
    assert_int_equal(value_of(s, ordo_smt_app_indexed(s, ORDO_OP_INT2BV, n, 12, 0)), 0xFFF);
    ordo_smt_destroy(s);
}

static void bv_values_and_wide_widths(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    int64_t v;
    assert_true(ordo_smt_to_int64(s, ordo_smt_bv(s, UINT64_MAX, 64), &v));
    assert_true((uint64_t)v == UINT64_MAX);
    assert_true(ordo_smt_to_int64(s, ordo_smt_bv(s, 0xFFFFFFFF, 32), &v));
    assert_int_equal(v, 4294967295LL);
    assert_true(ordo_smt_to_int64(s, ordo_smt_bv(s, 0x1FF, 8), &v)); /* mod 2^8 */
    assert_int_equal(v, 0xFF);
    /* 128-bit: x * 2 overflows past 64 bits and stays exact */
    ordo_sort bv128 = ordo_smt_bv_sort(s, 128);
    ordo_term x = ordo_smt_var(s, "x", bv128);
    ordo_term big = ordo_smt_numeral(s, "18446744073709551616", bv128); /* 2^64 */
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, ordo_smt_app2(s, ORDO_OP_BVMUL, x,
                                                                  ordo_smt_bv(s, 2, 128)), big));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_BVULT, x, big));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_false(ordo_smt_to_int64(s, ordo_smt_eval(s, x, true), &v)); /* width > 64 */
    ordo_term half = ordo_smt_numeral(s, "9223372036854775808", bv128); /* 2^63 */
    assert_int_equal(value_of(s, ordo_smt_app2(s, ORDO_OP_EQ, x, half)), 1);
    ordo_smt_destroy(s);
}

/* x * 2 is even: (x * 2) urem 2 = 1 has no solution. */
static void bv_unsat(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_sort bv32 = ordo_smt_bv_sort(s, 32);
    ordo_term x = ordo_smt_var(s, "x", bv32);
    ordo_term two = ordo_smt_bv(s, 2, 32);
    ordo_term r = ordo_smt_app2(s, ORDO_OP_BVUREM, ordo_smt_app2(s, ORDO_OP_BVMUL, x, two), two);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, r, ordo_smt_bv(s, 1, 32)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_destroy(s);
}

/* ---- arrays -------------------------------------------------------------- */

static void arrays_read_over_write(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_sort i32 = ordo_smt_bv_sort(s, 32);
    ordo_sort mem = ordo_smt_array_sort(s, i32, i32);
    ordo_term a = ordo_smt_var(s, "a", mem);
    ordo_term i = ordo_smt_var(s, "i", i32), j = ordo_smt_var(s, "j", i32);
    ordo_term v = ordo_smt_var(s, "v", i32);
    ordo_term args[3] = { a, i, v };
    ordo_term b = ordo_smt_app(s, ORDO_OP_STORE, 3, args);
    /* i != j and b[j] != a[j] is impossible */
    ordo_smt_push(s);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_DISTINCT, i, j));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_DISTINCT, ordo_smt_app2(s, ORDO_OP_SELECT, b, j),
                                     ordo_smt_app2(s, ORDO_OP_SELECT, a, j)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_pop(s, 1);
    /* b[i] = v; a constant array reads its value everywhere */
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, v, ordo_smt_bv(s, 77, 32)));
    ordo_term zeros = ordo_smt_const_array(s, i32, ordo_smt_bv(s, 0, 32));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, a, zeros));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_int_equal(value_of(s, ordo_smt_app2(s, ORDO_OP_SELECT, b, i)), 77);
    assert_int_equal(value_of(s, ordo_smt_app2(s, ORDO_OP_SELECT, a, j)), 0);
    ordo_smt_destroy(s);
}

static void arrays_int_index(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_sort arr = ordo_smt_array_sort(s, ordo_smt_int_sort(s), ordo_smt_bool_sort(s));
    ordo_term a = ordo_smt_var(s, "flags", arr);
    ordo_term k = int_var(s, "k");
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_SELECT, a, k));
    ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT, ordo_smt_app2(s, ORDO_OP_SELECT, a,
                                                                  ordo_smt_int(s, 3))));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GE, k, ordo_smt_int(s, 3)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LE, k, ordo_smt_int(s, 4)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_int_equal(value_of(s, k), 4);
    ordo_smt_destroy(s);
}

/* ---- incremental solving ------------------------------------------------- */

static void push_pop_restores(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term x = int_var(s, "x");
    ordo_term zero = ordo_smt_int(s, 0);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GT, x, zero));
    ordo_smt_push(s);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LT, x, zero));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_push(s);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_pop(s, 2);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_true(value_of(s, x) > 0);
    ordo_smt_push(s);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, x, ordo_smt_int(s, 9)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_int_equal(value_of(s, x), 9);
    ordo_smt_pop(s, 1);
    assert_null(ordo_smt_error(s));
    ordo_smt_pop(s, 1); /* more than pushed: an error */
    assert_non_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* A refinement loop (BASIC's use) with the hint to assign every atom:
 * the instance is created (Z3 knows the parameter) and answers as without
 * it; the model follows each refinement. */
static void refinement_loop_without_relevancy(void **state)
{
    (void)state;
    ordo_smt_config cfg = { .incremental = true, .no_relevancy = true };
    ordo_smt *s = new_solver(&cfg);
    ordo_term x = int_var(s, "x"), p = bool_var(s, "p");
    ordo_term small = ordo_smt_app2(s, ORDO_OP_LT, x, ordo_smt_int(s, 5));
    ordo_term big = ordo_smt_app2(s, ORDO_OP_GT, x, ordo_smt_int(s, 10));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GT, x, ordo_smt_int(s, 0)));
    ordo_smt_assert(s, ordo_smt_ite(s, p, small, big));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    ordo_term first = ordo_smt_app2(s, ORDO_OP_EQ, x, ordo_smt_int(s, value_of(s, x)));
    ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT, first));
    ordo_smt_assert(s, p);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    int64_t v = value_of(s, x);
    assert_true(v > 0 && v < 5);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GT, x, ordo_smt_int(s, 4)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

static void assumptions_and_core(void **state)
{
    (void)state;
    ordo_smt_config cfg = { .produce_cores = true };
    ordo_smt *s = new_solver(&cfg);
    assert_true(ordo_smt_caps(s) & ORDO_SMT_CAP_UNSAT_CORES);
    ordo_term x = int_var(s, "x"), y = int_var(s, "y");
    ordo_term p[3] = { bool_var(s, "p1"), bool_var(s, "p2"), bool_var(s, "p3") };
    ordo_term f[3] = {
        ordo_smt_app2(s, ORDO_OP_GT, x, ordo_smt_int(s, 5)),
        ordo_smt_app2(s, ORDO_OP_LT, x, ordo_smt_int(s, 3)),
        ordo_smt_app2(s, ORDO_OP_EQ, y, ordo_smt_int(s, 1)),
    };
    for (int i = 0; i < 3; i++)
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_IMPLIES, p[i], f[i]));
    assert_int_equal(ordo_smt_check_assuming(s, 3, p), ORDO_SMT_UNSAT);
    ordo_term core[3];
    unsigned n = ordo_smt_unsat_core(s, core, 3);
    bool has[3] = { false };
    for (unsigned i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            if (core[i] == p[k])
                has[k] = true;
    assert_true(has[0] && has[1]);
    assert_true(n == 2 || (n == 3 && has[2]));
    /* the core alone is unsat, the other pairs are sat, assumptions do not stay */
    assert_int_equal(ordo_smt_check_assuming(s, n, core), ORDO_SMT_UNSAT);
    ordo_term p13[2] = { p[0], p[2] };
    assert_int_equal(ordo_smt_check_assuming(s, 2, p13), ORDO_SMT_SAT);
    assert_int_equal(value_of(s, y), 1);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    /* negated literals as assumptions */
    ordo_term not_p1 = ordo_smt_app1(s, ORDO_OP_NOT, p[0]);
    ordo_term mixed[2] = { not_p1, p[1] };
    assert_int_equal(ordo_smt_check_assuming(s, 2, mixed), ORDO_SMT_SAT);
    assert_int_equal(value_of(s, p[0]), 0);
    /* formulas as assumptions: the core names the same handles */
    assert_int_equal(ordo_smt_check_assuming(s, 3, f), ORDO_SMT_UNSAT);
    n = ordo_smt_unsat_core(s, core, 3);
    assert_true(n >= 2);
    bool has_f0 = false, has_f1 = false;
    for (unsigned i = 0; i < n; i++) {
        has_f0 |= core[i] == f[0];
        has_f1 |= core[i] == f[1];
    }
    assert_true(has_f0 && has_f1);
    ordo_smt_destroy(s);
}

static void core_needs_produce_cores(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term p = bool_var(s, "p");
    ordo_term not_p = ordo_smt_app1(s, ORDO_OP_NOT, p);
    ordo_term both[2] = { p, not_p };
    assert_int_equal(ordo_smt_check_assuming(s, 2, both), ORDO_SMT_UNSAT);
    ordo_term core[2];
    assert_int_equal(ordo_smt_unsat_core(s, core, 2), 0);
    assert_non_null(strstr(ordo_smt_error(s), "produce_cores"));
    ordo_smt_destroy(s);
}

/* ---- models -------------------------------------------------------------- */

static void model_values_and_completion(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term x = int_var(s, "x");
    ordo_term free_int = int_var(s, "unconstrained");
    ordo_term free_bv = ordo_smt_var(s, "unconstrained_bv", ordo_smt_bv_sort(s, 8));
    ordo_term free_bool = bool_var(s, "unconstrained_b");
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, x, ordo_smt_int(s, 42)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    int64_t v;
    assert_true(ordo_smt_to_int64(s, ordo_smt_eval(s, x, false), &v));
    assert_int_equal(v, 42);
    /* with completion, symbols the model does not fix still get a value */
    assert_true(ordo_smt_to_int64(s, ordo_smt_eval(s, free_int, true), &v));
    assert_true(ordo_smt_to_int64(s, ordo_smt_eval(s, free_bv, true), &v));
    assert_true(v >= 0 && v < 256);
    assert_true(ordo_smt_to_int64(s, ordo_smt_eval(s, free_bool, true), &v));
    assert_true(v == 0 || v == 1);
    /* composite terms evaluate too */
    ordo_term sum = ordo_smt_app2(s, ORDO_OP_ADD, x, ordo_smt_int(s, 8));
    assert_int_equal(value_of(s, sum), 50);
    assert_false(ordo_smt_to_int64(s, x, &v)); /* not a constant */
    /* an assertion ends the model, for every solver alike */
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GT, free_int, ordo_smt_int(s, 0)));
    assert_null(ordo_smt_eval(s, x, true));
    assert_non_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

static void model_eval_without_sat_is_an_error(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term x = int_var(s, "x");
    ordo_smt_assert(s, ordo_smt_bool(s, false));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    assert_null(ordo_smt_eval(s, x, true));
    assert_non_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* ---- errors -------------------------------------------------------------- */

static void errors_fail_the_instance(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_term a = ordo_smt_var(s, "a", ordo_smt_bv_sort(s, 8));
    ordo_term b = ordo_smt_var(s, "b", ordo_smt_bv_sort(s, 16));
    assert_null(ordo_smt_app2(s, ORDO_OP_BVADD, a, b));
    const char *e = ordo_smt_error(s);
    assert_non_null(e);
    assert_true(strlen(e) > 0);
    /* later calls return NULL / UNKNOWN, nothing aborts */
    assert_null(ordo_smt_app2(s, ORDO_OP_BVADD, a, a));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNKNOWN);
    assert_non_null(ordo_smt_reason_unknown(s));
    ordo_smt_destroy(s);

    s = new_solver(NULL);
    assert_null(ordo_smt_app(s, ORDO_OP_ITE, 2, (ordo_term[]){ a, a }));
    assert_non_null(strstr(ordo_smt_error(s), "ite"));
    ordo_smt_destroy(s);

    s = new_solver(NULL);
    ordo_term x = int_var(s, "x");
    assert_null(ordo_smt_app2(s, ORDO_OP_AND, x, x)); /* Int under and */
    assert_non_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* ---- limits -------------------------------------------------------------- */

static void timeout_returns_unknown_on_time(void **state)
{
    (void)state;
    ordo_smt_config cfg = { .timeout_ms = 300 };
    ordo_smt *s = new_solver(&cfg);
    smt_assert_pigeonhole(s, 14);
    double cpu0 = ordo_process_cputime_s();
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNKNOWN);
    assert_true(ordo_process_cputime_s() - cpu0 < 0.3 + SMT_REACT_CPU_S);
    assert_non_null(ordo_smt_reason_unknown(s));
    /* a timeout changed after a check applies to the next one */
    ordo_smt_set_timeout(s, 150);
    cpu0 = ordo_process_cputime_s();
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNKNOWN);
    assert_true(ordo_process_cputime_s() - cpu0 < 0.15 + SMT_REACT_CPU_S);
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
    /* a small problem under the same timeout solves */
    s = new_solver(&cfg);
    smt_assert_pigeonhole(s, 3);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_destroy(s);
}

struct interrupter {
    ordo_smt *s;
    unsigned delay_ms;
    double cpu_at_interrupt; /* process CPU time when it interrupted */
};

static void *interrupt_later(void *arg)
{
    struct interrupter *it = arg;
    usleep(it->delay_ms * 1000);
    it->cpu_at_interrupt = ordo_process_cputime_s();
    ordo_smt_interrupt(it->s);
    return NULL;
}

static void interrupt_stops_check(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    bool stops = ordo_smt_caps(s) & ORDO_SMT_CAP_INTERRUPT;
    /* without CAP_INTERRUPT, only the timeout ends the check */
    if (!stops)
        ordo_smt_set_timeout(s, 400);
    smt_assert_pigeonhole(s, 14);
    struct interrupter it = { s, 150, -1 };
    pthread_t th;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    double cpu0 = ordo_process_cputime_s();
    assert_int_equal(pthread_create(&th, NULL, interrupt_later, &it), 0);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNKNOWN);
    double took = seconds_since(&t0), cpu_end = ordo_process_cputime_s();
    pthread_join(th, NULL);
    assert_true(took >= 0.15); /* not before the interrupt (or the timeout) */
    /* the work done past the interrupt, in CPU time: however late a busy
     * machine let the interrupting thread run, the solver stops soon after
     * it did; without CAP_INTERRUPT, a check of one thread spends no more
     * CPU time than its 0.4 s of wall-clock timeout */
    if (stops)
        assert_true(cpu_end - it.cpu_at_interrupt < SMT_REACT_CPU_S);
    else
        assert_true(cpu_end - cpu0 < 0.4 + SMT_REACT_CPU_S);
    assert_string_equal(ordo_smt_reason_unknown(s), "interrupted");
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

static void interrupt_before_check_does_not_stick(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    ordo_smt_interrupt(s);
    smt_assert_pigeonhole(s, 4);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_destroy(s);
}

/* ---- statistics ---------------------------------------------------------- */

struct stat_seen {
    const char *prefix;
    unsigned harmonized, raw;
};

static void count_stat(void *ud, const char *key, double value)
{
    struct stat_seen *seen = ud;
    if (value < 0)
        fail_msg("statistic %s is negative (%g)", key, value);
    if (strncmp(key, "solver.", 7) == 0)
        seen->harmonized++;
    else if (strncmp(key, seen->prefix, strlen(seen->prefix)) == 0)
        seen->raw++;
    else
        fail_msg("statistic %s has neither solver. nor %s", key, seen->prefix);
}

static void statistics_present(void **state)
{
    (void)state;
    ordo_smt *s = new_solver(NULL);
    smt_assert_pigeonhole(s, 6);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "%s.", plugin.name);
    struct stat_seen seen = { prefix, 0, 0 };
    ordo_smt_stats(s, count_stat, &seen);
    assert_int_equal(seen.harmonized, 5);
    assert_true(seen.raw > 0);
    assert_true(ordo_smt_stat(s, "solver.decisions") > 0);
    assert_true(ordo_smt_stat(s, "solver.conflicts") > 0);
    assert_true(ordo_smt_stat(s, "solver.propagations") > 0);
    assert_true(ordo_smt_stat(s, "solver.restarts") >= 0);
    assert_true(ordo_smt_stat(s, "solver.memory_mb") > 0);
    assert_true(ordo_smt_stat(s, "no.such.key") == 0);
    /* the counters an engine sums: each instance's, added twice */
    ordo_smt_counters c = { 0 }, sum = { 1, 1, 1, 1 };
    ordo_smt_counters_add(s, &c);
    ordo_smt_counters_add(s, &c);
    assert_true(c.decisions == 2 * ordo_smt_stat(s, "solver.decisions"));
    assert_true(c.propagations == 2 * ordo_smt_stat(s, "solver.propagations"));
    assert_true(c.conflicts == 2 * ordo_smt_stat(s, "solver.conflicts"));
    assert_true(c.restarts == 2 * ordo_smt_stat(s, "solver.restarts"));
    ordo_smt_counters_sum(&sum, &c);
    assert_true(sum.conflicts == 1 + c.conflicts);
    ordo_smt_destroy(s);
}

/* ---- quantifiers and elimination ----------------------------------------- */

static void quantifiers(void **state)
{
    (void)state;
    ordo_smt *s = new_solver_with(NULL, ORDO_SMT_CAP_QUANTIFIERS);
    ordo_term x = int_var(s, "x"), y = int_var(s, "y");
    /* exists x. forall y. x <= y has no model over the integers */
    ordo_term body = ordo_smt_app2(s, ORDO_OP_LE, x, y);
    ordo_smt_push(s);
    ordo_smt_assert(s, ordo_smt_quantifier(s, true, 1, &y, body));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_pop(s, 1);
    /* forall y. (y >= 0 => x <= y) holds for x = 0 and forces x <= 0 */
    ordo_term guarded = ordo_smt_app2(s, ORDO_OP_IMPLIES,
                                      ordo_smt_app2(s, ORDO_OP_GE, y, ordo_smt_int(s, 0)), body);
    ordo_smt_assert(s, ordo_smt_quantifier(s, true, 1, &y, guarded));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GE, x, ordo_smt_int(s, 0)));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_int_equal(value_of(s, x), 0);
    ordo_smt_destroy(s);
}

/* Asserts that f and g are equivalent (f != g is unsat) in a fresh scope. */
static void assert_equivalent(ordo_smt *s, ordo_term f, ordo_term g)
{
    ordo_smt_push(s);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_XOR, f, g));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_pop(s, 1);
}

static void assert_no_quantifier_text(ordo_smt *s, ordo_term t)
{
    char *text = ordo_smt_to_string(s, t);
    assert_non_null(text);
    assert_null(strstr(text, "exists"));
    assert_null(strstr(text, "forall"));
    free(text);
}

static void quantifier_elimination(void **state)
{
    (void)state;
    ordo_smt *s = new_solver_with(NULL, ORDO_SMT_CAP_QE);
    ordo_term x = int_var(s, "x"), y = int_var(s, "y"), z = int_var(s, "z");
    /* exists y. x < y /\ y < 5  ==  x < 4 */
    ordo_term body = ordo_smt_app2(s, ORDO_OP_AND, ordo_smt_app2(s, ORDO_OP_LT, x, y),
                                   ordo_smt_app2(s, ORDO_OP_LT, y, ordo_smt_int(s, 5)));
    ordo_term qf = ordo_smt_eliminate(s, 1, &y, body);
    assert_non_null(qf);
    assert_no_quantifier_text(s, qf);
    assert_equivalent(s, qf, ordo_smt_app2(s, ORDO_OP_LT, x, ordo_smt_int(s, 4)));
    /* exists y z. x = y + z /\ y > 0 /\ z > 0  ==  x >= 2 */
    ordo_term zero = ordo_smt_int(s, 0);
    ordo_term parts[3] = {
        ordo_smt_app2(s, ORDO_OP_EQ, x, ordo_smt_app2(s, ORDO_OP_ADD, y, z)),
        ordo_smt_app2(s, ORDO_OP_GT, y, zero), ordo_smt_app2(s, ORDO_OP_GT, z, zero),
    };
    ordo_term yz[2] = { y, z };
    qf = ordo_smt_eliminate(s, 2, yz, ordo_smt_app(s, ORDO_OP_AND, 3, parts));
    assert_non_null(qf);
    assert_no_quantifier_text(s, qf);
    assert_equivalent(s, qf, ordo_smt_app2(s, ORDO_OP_GE, x, ordo_smt_int(s, 2)));
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* ---- interpolation ------------------------------------------------------- */

/* The three conditions: A => I, I /\ B unsat, I only over shared symbols
 * (checked on its text: local symbols carry the word "local"). */
static void assert_interpolant(ordo_smt *s, ordo_term a, ordo_term b, ordo_term itp)
{
    assert_non_null(itp);
    char *shown = ordo_smt_to_string(s, itp);
    print_message("interpolant: %s\n", shown);
    free(shown);
    ordo_smt_push(s);
    ordo_smt_assert(s, a);
    ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT, itp));
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_pop(s, 1);
    ordo_smt_push(s);
    ordo_smt_assert(s, itp);
    ordo_smt_assert(s, b);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_pop(s, 1);
    char *text = ordo_smt_to_string(s, itp);
    assert_null(strstr(text, "local"));
    free(text);
}

static void interpolants(void **state)
{
    (void)state;
    ordo_smt_config cfg = { .produce_interpolants = true };
    ordo_smt *s = new_solver_with(&cfg, ORDO_SMT_CAP_INTERPOLATION);
    ordo_term x = int_var(s, "x_shared"), a_local = int_var(s, "a_local");
    ordo_term b_local = int_var(s, "b_local");
    /* A: x = a + 1 /\ a > 5      B: x < 3 \/ x = b /\ b < 0 */
    ordo_term a = ordo_smt_app2(s, ORDO_OP_AND,
                                ordo_smt_app2(s, ORDO_OP_EQ, x, ordo_smt_app2(s, ORDO_OP_ADD, a_local,
                                                                              ordo_smt_int(s, 1))),
                                ordo_smt_app2(s, ORDO_OP_GT, a_local, ordo_smt_int(s, 5)));
    ordo_term b = ordo_smt_app2(s, ORDO_OP_OR, ordo_smt_app2(s, ORDO_OP_LT, x, ordo_smt_int(s, 3)),
                                ordo_smt_app2(s, ORDO_OP_AND, ordo_smt_app2(s, ORDO_OP_EQ, x, b_local),
                                              ordo_smt_app2(s, ORDO_OP_LT, b_local,
                                                            ordo_smt_int(s, 0))));
    assert_interpolant(s, a, b, ordo_smt_interpolant(s, a, b));
    /* Booleans: A: p_local /\ (p_local => q) /\ (q => r)    B: !r */
    ordo_term p = bool_var(s, "p_local"), q = bool_var(s, "q"), r = bool_var(s, "r");
    ordo_term chain[3] = { p, ordo_smt_app2(s, ORDO_OP_IMPLIES, p, q),
                           ordo_smt_app2(s, ORDO_OP_IMPLIES, q, r) };
    ordo_term a2 = ordo_smt_app(s, ORDO_OP_AND, 3, chain);
    ordo_term b2 = ordo_smt_app1(s, ORDO_OP_NOT, r);
    assert_interpolant(s, a2, b2, ordo_smt_interpolant(s, a2, b2));
    /* A /\ B satisfiable: no interpolant, the instance stays usable */
    assert_null(ordo_smt_interpolant(s, a, ordo_smt_app2(s, ORDO_OP_GT, x, ordo_smt_int(s, 3))));
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* ---- constrained Horn clauses -------------------------------------------- */

/* A config.horn instance, or a skip where the solver does not offer Horn
 * solving (which must then refuse to make one). */
static ordo_smt *new_horn_solver(void)
{
    ordo_smt_config cfg = { .horn = true };
    if (!(plugin.ops->caps & ORDO_SMT_CAP_HORN)) {
        assert_null(ordo_smt_create(&plugin, &cfg));
        skip();
    }
    return new_solver(&cfg);
}

/* forall vars. body => head (head NULL: false). */
static void assert_clause(ordo_smt *s, unsigned n, ordo_term *vars, ordo_term body,
                          ordo_term head)
{
    ordo_term clause = ordo_smt_app2(s, ORDO_OP_IMPLIES, body, head ? head : ordo_smt_bool(s, false));
    ordo_smt_assert(s, n ? ordo_smt_quantifier(s, true, n, vars, clause) : clause);
}

/* The solution of the unary relation `name` at the integer v. */
static int64_t solution_at(ordo_smt *s, const char *name, int64_t v)
{
    ordo_term arg = ordo_smt_int(s, v);
    return value_of(s, ordo_smt_rel_app(s, name, 1, &arg));
}

/* The path x := 0; x := x + 1; assume x <= 0 as linear Horn clauses, one
 * relation per cut point: x1 = 0 => P1(x1); P1(x1) /\ x2 = x1 + 1 =>
 * P2(x2); P2(x2) /\ x2 <= 0 => false. A solution is a sequence
 * interpolant; every solution has P1(0), P2(1), and neither P1(-1) nor
 * P2(0) (they would reach the error). */
static void horn_path_has_a_sequence_interpolant(void **state)
{
    (void)state;
    ordo_smt *s = new_horn_solver();
    ordo_term x1 = int_var(s, "x1"), x2 = int_var(s, "x2"), both[2] = { x1, x2 };
    ordo_term zero = ordo_smt_int(s, 0);
    assert_clause(s, 1, &x1, ordo_smt_app2(s, ORDO_OP_EQ, x1, zero), ordo_smt_rel_app(s, "P1", 1, &x1));
    ordo_term step[2] = { ordo_smt_rel_app(s, "P1", 1, &x1),
                          ordo_smt_app2(s, ORDO_OP_EQ, x2,
                                        ordo_smt_app2(s, ORDO_OP_ADD, x1, ordo_smt_int(s, 1))) };
    assert_clause(s, 2, both, ordo_smt_app(s, ORDO_OP_AND, 2, step), ordo_smt_rel_app(s, "P2", 1, &x2));
    ordo_term error[2] = { ordo_smt_rel_app(s, "P2", 1, &x2), ordo_smt_app2(s, ORDO_OP_LE, x2, zero) };
    assert_clause(s, 1, &x2, ordo_smt_app(s, ORDO_OP_AND, 2, error), NULL);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_int_equal(solution_at(s, "P1", 0), 1);
    assert_int_equal(solution_at(s, "P1", -1), 0);
    assert_int_equal(solution_at(s, "P2", 1), 1);
    assert_int_equal(solution_at(s, "P2", 0), 0);
    /* the solution as a formula over a constant: it reads x1 only */
    ordo_term at_x1 = ordo_smt_eval(s, ordo_smt_rel_app(s, "P1", 1, &x1), false);
    assert_non_null(at_x1);
    char *text = ordo_smt_to_string(s, at_x1);
    print_message("P1(x1) = %s\n", text);
    assert_non_null(strstr(text, "x1"));
    assert_null(strstr(text, "x2"));
    free(text);
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* A reachable error: the clauses have no solution. */
static void horn_feasible_path_is_unsat(void **state)
{
    (void)state;
    ordo_smt *s = new_horn_solver();
    ordo_term x = int_var(s, "x");
    assert_clause(s, 1, &x, ordo_smt_app2(s, ORDO_OP_EQ, x, ordo_smt_int(s, 3)),
                  ordo_smt_rel_app(s, "P", 1, &x));
    ordo_term error[2] = { ordo_smt_rel_app(s, "P", 1, &x),
                           ordo_smt_app2(s, ORDO_OP_GT, x, ordo_smt_int(s, 2)) };
    assert_clause(s, 1, &x, ordo_smt_app(s, ORDO_OP_AND, 2, error), NULL);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_destroy(s);
}

/* term_app reads back what app made: operation, arguments (the same
 * handles), indices; constants and values are no application. */
static void horn_terms_read_back(void **state)
{
    (void)state;
    ordo_smt *s = new_horn_solver();
    ordo_term x = ordo_smt_var(s, "x", ordo_smt_bv_sort(s, 8)), args[3];
    unsigned n, p1, p2;
    ordo_term sum = ordo_smt_app2(s, ORDO_OP_BVADD, x, ordo_smt_bv(s, 1, 8));
    assert_int_equal(ordo_smt_term_app(s, sum, 3, args, &n, &p1, &p2), ORDO_OP_BVADD);
    assert_int_equal(n, 2);
    assert_ptr_equal(args[0], x);
    int64_t v;
    assert_true(ordo_smt_to_int64(s, args[1], &v));
    assert_int_equal(v, 1);
    ordo_term low = ordo_smt_app_indexed(s, ORDO_OP_EXTRACT, x, 3, 0);
    assert_int_equal(ordo_smt_term_app(s, low, 3, args, &n, &p1, &p2), ORDO_OP_EXTRACT);
    assert_int_equal(n, 1);
    assert_int_equal(p1, 3);
    assert_int_equal(p2, 0);
    ordo_term cmp = ordo_smt_app2(s, ORDO_OP_BVSLE, x, sum);
    assert_int_equal(ordo_smt_term_app(s, cmp, 3, args, &n, &p1, &p2), ORDO_OP_BVSLE);
    assert_ptr_equal(args[1], sum);
    assert_int_equal(ordo_smt_term_app(s, x, 3, args, &n, &p1, &p2), ORDO_OP__COUNT);
    assert_int_equal(ordo_smt_term_app(s, ordo_smt_bv(s, 7, 8), 3, args, &n, &p1, &p2),
                     ORDO_OP__COUNT);
    ordo_smt_destroy(s);
}

/* ---- user propagator: acyclicity of a graph of Boolean edge variables ---- */

#define NODES 4

/* The engine side: edges fixed true, undone on pop; a cycle is a conflict
 * over exactly its edges' ids. */
typedef struct {
    ordo_smt *s;
    unsigned edge_id[NODES][NODES]; /* propagator id of edge u->v */
    bool registered[NODES][NODES];
    unsigned id_from[64], id_to[64];
    bool on[NODES][NODES];
    unsigned trail[64], n_trail;     /* ids fixed true, in order */
    unsigned levels[64], n_levels;   /* trail size at each push */
    unsigned conflicts, pushes, pops, finals;
    bool propagate;                  /* also propagate edges that would close a cycle */
    ordo_term not_edge[NODES][NODES];
    unsigned propagations;
    uint64_t reported[64];           /* each conflict's edge ids, as a bit set */
    unsigned n_reported;
} acyclic;

static void acyclic_push(void *user)
{
    acyclic *g = user;
    g->levels[g->n_levels++] = g->n_trail;
    g->pushes++;
}

static void acyclic_pop(void *user, unsigned n)
{
    acyclic *g = user;
    assert_true(n <= g->n_levels);
    g->n_levels -= n;
    unsigned keep = g->levels[g->n_levels];
    while (g->n_trail > keep) {
        unsigned id = g->trail[--g->n_trail];
        g->on[g->id_from[id]][g->id_to[id]] = false;
    }
    g->pops += n;
}

/* A path from `from` to `to` over edges on; its edge ids into path. */
static bool find_path(acyclic *g, unsigned from, unsigned to, bool *seen, unsigned *path,
                      unsigned *len)
{
    if (from == to)
        return true;
    seen[from] = true;
    for (unsigned v = 0; v < NODES; v++)
        if (g->on[from][v] && !seen[v]) {
            path[(*len)++] = g->edge_id[from][v];
            if (find_path(g, v, to, seen, path, len))
                return true;
            (*len)--;
        }
    return false;
}

/* An edge a -> b with a path b -> ... -> a is false, because of that path. */
static void propagate_closing_edges(acyclic *g, ordo_smt_prop_cb *cb)
{
    for (unsigned a = 0; a < NODES; a++)
        for (unsigned b = 0; b < NODES; b++) {
            if (!g->registered[a][b] || g->on[a][b] || !g->not_edge[a][b])
                continue;
            bool seen[NODES] = { false };
            unsigned path[NODES], len = 0;
            if (find_path(g, b, a, seen, path, &len) && len > 0) {
                g->propagations++;
                ordo_smt_prop_consequence(g->s, cb, len, path, g->not_edge[a][b]);
            }
        }
}

static void acyclic_fixed(void *user, ordo_smt_prop_cb *cb, unsigned id, bool value)
{
    acyclic *g = user;
    if (!value)
        return;
    unsigned u = g->id_from[id], v = g->id_to[id];
    g->on[u][v] = true;
    g->trail[g->n_trail++] = id;
    bool seen[NODES] = { false };
    unsigned cycle[NODES + 1], len = 0;
    cycle[len++] = id;
    if (find_path(g, v, u, seen, cycle, &len)) {
        g->conflicts++;
        uint64_t ids = 0;
        for (unsigned i = 0; i < len; i++)
            ids |= UINT64_C(1) << cycle[i];
        if (g->n_reported < 64)
            g->reported[g->n_reported++] = ids;
        ordo_smt_prop_conflict(g->s, cb, len, cycle);
        return;
    }
    if (g->propagate)
        propagate_closing_edges(g, cb);
}

static void acyclic_final(void *user, ordo_smt_prop_cb *cb)
{
    (void)cb;
    ((acyclic *)user)->finals++;
}

/* A solver with the acyclicity propagator installed (skips without the
 * capability). */
static void acyclic_start(acyclic *g, const ordo_smt_config *cfg, bool with_final)
{
    g->s = new_solver_with(cfg, ORDO_SMT_CAP_USER_PROPAGATOR);
    ordo_smt_propagator prop = { g, acyclic_push, acyclic_pop, acyclic_fixed,
                                 with_final ? acyclic_final : NULL };
    ordo_smt_prop_init(g->s, &prop);
}

static ordo_term edge(acyclic *g, ordo_term vars[NODES][NODES], unsigned u, unsigned v)
{
    if (!vars[u][v]) {
        char name[16];
        snprintf(name, sizeof name, "e%u%u", u, v);
        vars[u][v] = bool_var(g->s, name);
        unsigned id = ordo_smt_prop_register(g->s, vars[u][v]);
        assert_true(id < 64);
        g->edge_id[u][v] = id;
        g->id_from[id] = u;
        g->id_to[id] = v;
        g->registered[u][v] = true;
    }
    return vars[u][v];
}

/* True when the model's edges have no cycle (every node removable). */
static bool model_acyclic(ordo_smt *s, ordo_term vars[NODES][NODES])
{
    bool in_graph[NODES][NODES] = { { false } }, removed[NODES] = { false };
    for (unsigned u = 0; u < NODES; u++)
        for (unsigned v = 0; v < NODES; v++)
            in_graph[u][v] = vars[u][v] && value_of(s, vars[u][v]);
    for (unsigned round = 0; round < NODES; round++)
        for (unsigned u = 0; u < NODES; u++) {
            if (removed[u])
                continue;
            bool has_in = false;
            for (unsigned w = 0; w < NODES; w++)
                has_in |= !removed[w] && in_graph[w][u];
            if (!has_in)
                removed[u] = true;
        }
    for (unsigned u = 0; u < NODES; u++)
        if (!removed[u])
            return false;
    return true;
}

static void user_propagator_acyclicity(void **state)
{
    (void)state;
    ordo_smt_config cfg = { .user_propagator = true };
    acyclic g = { 0 };
    acyclic_start(&g, &cfg, true);
    ordo_smt *s = g.s;
    ordo_term e[NODES][NODES] = { { NULL } };
    /* every pair of nodes is ordered one way or the other (a tournament) */
    for (unsigned u = 0; u < NODES; u++)
        for (unsigned v = u + 1; v < NODES; v++)
            ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_OR, edge(&g, e, u, v), edge(&g, e, v, u)));
    /* a path 0 -> 1 -> 2 -> 3 forces 0 -> 3, 0 -> 2 and 1 -> 3 */
    ordo_smt_assert(s, e[0][1]);
    ordo_smt_assert(s, e[1][2]);
    ordo_smt_assert(s, e[2][3]);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_null(ordo_smt_error(s));
    assert_true(model_acyclic(s, e));
    assert_int_equal(value_of(s, e[3][0]), 0);
    assert_int_equal(value_of(s, e[0][3]), 1);
    assert_int_equal(value_of(s, e[2][0]), 0);
    /* closing the cycle 0 -> 1 -> 2 -> 0 is a conflict over exactly its
     * edges (reported in this check, or in the first one if its search
     * tried 2 -> 0 and learnt the clause) */
    ordo_smt_push(s);
    ordo_smt_assert(s, e[2][0]);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    uint64_t cycle = UINT64_C(1) << g.edge_id[0][1] | UINT64_C(1) << g.edge_id[1][2] |
                     UINT64_C(1) << g.edge_id[2][0];
    bool reported = false;
    for (unsigned i = 0; i < g.n_reported; i++)
        reported |= g.reported[i] == cycle;
    assert_true(reported);
    ordo_smt_pop(s, 1);
    /* after the pop the graph is acyclic again; a choice the search must
     * revise (3 -> 1 or 1 -> 3 plus 3 -> 1 forbidden by the cycle 1 2 3) */
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_true(model_acyclic(s, e));
    ordo_smt_push(s);
    ordo_smt_assert(s, e[3][1]);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    ordo_smt_pop(s, 1);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_true(model_acyclic(s, e));
    assert_true(g.pushes > 0 && g.pops > 0);
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* Consequences instead of conflicts: with 0 -> 1 -> 2 fixed, the
 * propagator derives not 2 -> 0, which forces the other disjunct. */
static void user_propagator_consequences(void **state)
{
    (void)state;
    ordo_smt_config cfg = { .user_propagator = true };
    acyclic g = { .propagate = true };
    acyclic_start(&g, &cfg, false);
    ordo_smt *s = g.s;
    ordo_term e[NODES][NODES] = { { NULL } };
    for (unsigned u = 0; u < 3; u++)
        for (unsigned v = 0; v < 3; v++)
            if (u != v) {
                edge(&g, e, u, v);
                g.not_edge[u][v] = ordo_smt_app1(s, ORDO_OP_NOT, e[u][v]);
            }
    ordo_term other = bool_var(s, "other");
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_OR, e[2][0], other));
    ordo_smt_assert(s, e[0][1]);
    ordo_smt_assert(s, e[1][2]);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    assert_true(g.propagations > 0);
    assert_int_equal(g.conflicts, 0);
    assert_int_equal(value_of(s, e[2][0]), 0);
    assert_int_equal(value_of(s, e[1][0]), 0);
    assert_int_equal(value_of(s, other), 1);
    /* forcing the propagated edge anyway is unsat */
    ordo_smt_assert(s, e[2][0]);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* Many runs of the search with free edges: every model must be acyclic and
 * every reported conflict a cycle (fixed values arrive at any level). */
static void user_propagator_free_search(void **state)
{
    (void)state;
    ordo_smt_config cfg = { .user_propagator = true, .random_seed = 7 };
    acyclic g = { 0 };
    acyclic_start(&g, &cfg, false);
    ordo_smt *s = g.s;
    ordo_term e[NODES][NODES] = { { NULL } };
    for (unsigned u = 0; u < NODES; u++)
        for (unsigned v = 0; v < NODES; v++)
            if (u != v)
                edge(&g, e, u, v);
    /* at least 6 edges (the maximum of an acyclic orientation on 4 nodes) */
    for (unsigned round = 0; round < 8; round++) {
        ordo_term out[NODES * NODES];
        unsigned n = 0;
        for (unsigned u = 0; u < NODES; u++)
            for (unsigned v = u + 1; v < NODES; v++)
                out[n++] = ordo_smt_app2(s, ORDO_OP_OR, e[u][v], e[v][u]);
        ordo_smt_push(s);
        ordo_smt_assert(s, ordo_smt_app(s, ORDO_OP_AND, n, out));
        /* alternate the direction of the edge between 0 and 1 */
        ordo_smt_assert(s, round % 2 ? e[1][0] : e[0][1]);
        assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
        assert_true(model_acyclic(s, e));
        ordo_smt_pop(s, 1);
    }
    assert_int_equal(g.n_levels, 0);
    assert_null(ordo_smt_error(s));
    ordo_smt_destroy(s);
}

/* ---- driver -------------------------------------------------------------- */

static const struct CMUnitTest conformance[] = {
    cmocka_unit_test(bool_sat_then_unsat),
    cmocka_unit_test(bool_connectives),
    cmocka_unit_test(same_name_same_constant),
    cmocka_unit_test(int_linear_system),
    cmocka_unit_test(int_bounds_unsat),
    cmocka_unit_test(int_div_mod_neg),
    cmocka_unit_test(int_big_numerals),
    cmocka_unit_test(bv_arithmetic_and_bitwise),
    cmocka_unit_test(bv_comparisons),
    cmocka_unit_test(bv_extract_extend_concat),
    cmocka_unit_test(bv_values_and_wide_widths),
    cmocka_unit_test(bv_unsat),
    cmocka_unit_test(arrays_read_over_write),
    cmocka_unit_test(arrays_int_index),
    cmocka_unit_test(push_pop_restores),
    cmocka_unit_test(refinement_loop_without_relevancy),
    cmocka_unit_test(assumptions_and_core),
    cmocka_unit_test(core_needs_produce_cores),
    cmocka_unit_test(model_values_and_completion),
    cmocka_unit_test(model_eval_without_sat_is_an_error),
    cmocka_unit_test(errors_fail_the_instance),
    cmocka_unit_test(timeout_returns_unknown_on_time),
    cmocka_unit_test(interrupt_stops_check),
    cmocka_unit_test(interrupt_before_check_does_not_stick),
    cmocka_unit_test(statistics_present),
    cmocka_unit_test(quantifiers),
    cmocka_unit_test(quantifier_elimination),
    cmocka_unit_test(interpolants),
    cmocka_unit_test(horn_path_has_a_sequence_interpolant),
    cmocka_unit_test(horn_feasible_path_is_unsat),
    cmocka_unit_test(horn_terms_read_back),
    cmocka_unit_test(user_propagator_acyclicity),
    cmocka_unit_test(user_propagator_consequences),
    cmocka_unit_test(user_propagator_free_search),
};

int main(void)
{
    static const char *const solvers[] = { "z3", "cvc5" };
    int failed = 0;
    for (size_t i = 0; i < sizeof solvers / sizeof solvers[0]; i++) {
        if (!smt_load_plugin(solvers[i], &plugin)) {
            /* z3 is required; cvc5 only where its library is installed */
            if (i == 0) {
                fprintf(stderr, "plugin %s not built\n", solvers[i]);
                return 1;
            }
            printf("[  SKIPPED ] %s: plugin not built\n", solvers[i]);
            continue;
        }
        failed += _cmocka_run_group_tests(plugin.name, conformance,
                                          sizeof conformance / sizeof conformance[0], NULL, NULL);
    }
    return failed;
}
