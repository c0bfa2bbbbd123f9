/* The interface-overhead workload, raw and through ordo (smt_workload.h).
 * The two sides build the same formulas in the same order and record the
 * same answers: Z3_lbool values, with ordo's results mapped onto them. */
#include <stdio.h>

#include <z3.h>

#include <ordo/xalloc.h>

#include "../support/smt_problems.h"
#include "smt_workload.h"

enum { PHP_HOLES = 8, FACTOR_CHECKS = 150, CHAIN = 300, STORES = 60, ARRAY_TARGET = 58 };

static void record(smt_checksum *sum, long v)
{
    *sum = *sum * 31 + (smt_checksum)v;
}

/* ---- raw Z3 ------------------------------------------------------------- */

typedef struct {
    Z3_context c;
    Z3_solver s;
    smt_checksum sum;
} raw_ctx;

static Z3_ast raw_const(Z3_context c, const char *name, Z3_sort sort)
{
    return Z3_mk_const(c, Z3_mk_string_symbol(c, name), sort);
}

static void raw_pigeonhole(raw_ctx *r)
{
    Z3_context c = r->c;
    Z3_ast x[(PHP_HOLES + 1) * PHP_HOLES];
    char name[32];
    Z3_solver_push(c, r->s);
    for (unsigned i = 0; i <= PHP_HOLES; i++)
        for (unsigned j = 0; j < PHP_HOLES; j++) {
            snprintf(name, sizeof name, "x_%u_%u", i, j);
            x[i * PHP_HOLES + j] = raw_const(c, name, Z3_mk_bool_sort(c));
        }
    for (unsigned i = 0; i <= PHP_HOLES; i++)
        Z3_solver_assert(c, r->s, Z3_mk_or(c, PHP_HOLES, &x[i * PHP_HOLES]));
    for (unsigned j = 0; j < PHP_HOLES; j++)
        for (unsigned i = 0; i <= PHP_HOLES; i++)
            for (unsigned k = i + 1; k <= PHP_HOLES; k++) {
                Z3_ast both[2] = { x[i * PHP_HOLES + j], x[k * PHP_HOLES + j] };
                Z3_solver_assert(c, r->s, Z3_mk_not(c, Z3_mk_and(c, 2, both)));
            }
    record(&r->sum, Z3_solver_check(c, r->s));
    Z3_solver_pop(c, r->s, 1);
}

static void raw_record_model_value(raw_ctx *r, Z3_ast a)
{
    Z3_model m = Z3_solver_get_model(r->c, r->s);
    Z3_model_inc_ref(r->c, m);
    Z3_ast v;
    uint64_t u = 0;
    if (Z3_model_eval(r->c, m, a, true, &v))
        Z3_get_numeral_uint64(r->c, v, &u);
    record(&r->sum, (long)u);
    Z3_model_dec_ref(r->c, m);
}

/* 1 < a <= b < 256, a * b = 1000 + k for each k (16 bits). */
static void raw_factorisation(raw_ctx *r)
{
    Z3_context c = r->c;
    Z3_sort bv = Z3_mk_bv_sort(c, 16);
    Z3_ast a = raw_const(c, "a", bv), b = raw_const(c, "b", bv);
    Z3_solver_assert(c, r->s, Z3_mk_bvugt(c, a, Z3_mk_unsigned_int64(c, 1, bv)));
    Z3_solver_assert(c, r->s, Z3_mk_bvugt(c, b, Z3_mk_unsigned_int64(c, 1, bv)));
    Z3_solver_assert(c, r->s, Z3_mk_bvule(c, a, b));
    Z3_solver_assert(c, r->s, Z3_mk_bvult(c, b, Z3_mk_unsigned_int64(c, 256, bv)));
    for (unsigned k = 0; k < FACTOR_CHECKS; k++) {
        Z3_solver_push(c, r->s);
        Z3_ast n = Z3_mk_unsigned_int64(c, 1000 + k, bv);
        Z3_solver_assert(c, r->s, Z3_mk_eq(c, Z3_mk_bvmul(c, a, b), n));
        Z3_lbool answer = Z3_solver_check(c, r->s);
        record(&r->sum, answer);
        if (answer == Z3_L_TRUE)
            raw_record_model_value(r, a);
        Z3_solver_pop(c, r->s, 1);
    }
}

/* i0 >= 0, i0 + 1 <= i1, ..., then iN <= N - 1 (unsat) and iN <= N (sat). */
static void raw_chain(raw_ctx *r)
{
    Z3_context c = r->c;
    Z3_sort int_sort = Z3_mk_int_sort(c);
    Z3_ast prev = raw_const(c, "i0", int_sort);
    char name[32];
    Z3_solver_assert(c, r->s, Z3_mk_ge(c, prev, Z3_mk_int64(c, 0, int_sort)));
    for (unsigned k = 1; k <= CHAIN; k++) {
        snprintf(name, sizeof name, "i%u", k);
        Z3_ast next = raw_const(c, name, int_sort);
        Z3_ast sum[2] = { prev, Z3_mk_int64(c, 1, int_sort) };
        Z3_solver_assert(c, r->s, Z3_mk_le(c, Z3_mk_add(c, 2, sum), next));
        prev = next;
    }
    for (int bound = CHAIN - 1; bound <= CHAIN; bound++) {
        Z3_solver_push(c, r->s);
        Z3_solver_assert(c, r->s, Z3_mk_le(c, prev, Z3_mk_int64(c, bound, int_sort)));
        record(&r->sum, Z3_solver_check(c, r->s));
        Z3_solver_pop(c, r->s, 1);
    }
}

/* mem[k] := 2k for each k, then mem[idx] = 58 for some 0 <= idx < STORES. */
static void raw_array(raw_ctx *r)
{
    Z3_context c = r->c;
    Z3_sort int_sort = Z3_mk_int_sort(c);
    Z3_ast mem = raw_const(c, "mem", Z3_mk_array_sort(c, int_sort, int_sort));
    Z3_ast idx = raw_const(c, "idx", int_sort);
    for (unsigned k = 0; k < STORES; k++)
        mem = Z3_mk_store(c, mem, Z3_mk_int64(c, k, int_sort), Z3_mk_int64(c, 2 * k, int_sort));
    Z3_solver_assert(c, r->s, Z3_mk_eq(c, Z3_mk_select(c, mem, idx), Z3_mk_int64(c, ARRAY_TARGET, int_sort)));
    Z3_solver_assert(c, r->s, Z3_mk_lt(c, idx, Z3_mk_int64(c, STORES, int_sort)));
    Z3_solver_assert(c, r->s, Z3_mk_ge(c, idx, Z3_mk_int64(c, 0, int_sort)));
    record(&r->sum, Z3_solver_check(c, r->s));
}

smt_checksum smt_workload_raw(void)
{
    Z3_config cfg = Z3_mk_config();
    Z3_set_param_value(cfg, "model", "true");
    raw_ctx r = { .c = Z3_mk_context(cfg) };
    Z3_del_config(cfg);
    Z3_set_error_handler(r.c, NULL);
    r.s = Z3_mk_solver(r.c);
    Z3_solver_inc_ref(r.c, r.s);
    raw_pigeonhole(&r);
    raw_factorisation(&r);
    raw_chain(&r);
    raw_array(&r);
    Z3_solver_dec_ref(r.c, r.s);
    Z3_del_context(r.c);
    return r.sum;
}

/* ---- through the interface --------------------------------------------- */

static long answer_of(ordo_smt_result r)
{
    return r == ORDO_SMT_UNSAT ? Z3_L_FALSE : r == ORDO_SMT_SAT ? Z3_L_TRUE : Z3_L_UNDEF;
}

static void ordo_pigeonhole(ordo_smt *s, smt_checksum *sum)
{
    ordo_smt_push(s);
    smt_assert_pigeonhole(s, PHP_HOLES);
    record(sum, answer_of(ordo_smt_check(s)));
    ordo_smt_pop(s, 1);
}

static void ordo_factorisation(ordo_smt *s, smt_checksum *sum)
{
    ordo_sort bv = ordo_smt_bv_sort(s, 16);
    ordo_term a = ordo_smt_var(s, "a", bv), b = ordo_smt_var(s, "b", bv);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_BVUGT, a, ordo_smt_bv(s, 1, 16)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_BVUGT, b, ordo_smt_bv(s, 1, 16)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_BVULE, a, b));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_BVULT, b, ordo_smt_bv(s, 256, 16)));
    for (unsigned k = 0; k < FACTOR_CHECKS; k++) {
        ordo_smt_push(s);
        ordo_term n = ordo_smt_bv(s, 1000 + k, 16);
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, ordo_smt_app2(s, ORDO_OP_BVMUL, a, b), n));
        ordo_smt_result r = ordo_smt_check(s);
        record(sum, answer_of(r));
        if (r == ORDO_SMT_SAT) {
            int64_t u = 0;
            ordo_smt_to_int64(s, ordo_smt_eval(s, a, true), &u);
            record(sum, (long)u);
        }
        ordo_smt_pop(s, 1);
    }
}

static void ordo_chain(ordo_smt *s, smt_checksum *sum)
{
    ordo_sort int_sort = ordo_smt_int_sort(s);
    ordo_term prev = ordo_smt_var(s, "i0", int_sort);
    char name[32];
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GE, prev, ordo_smt_int(s, 0)));
    for (unsigned k = 1; k <= CHAIN; k++) {
        snprintf(name, sizeof name, "i%u", k);
        ordo_term next = ordo_smt_var(s, name, int_sort);
        ordo_term plus_one = ordo_smt_app2(s, ORDO_OP_ADD, prev, ordo_smt_int(s, 1));
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LE, plus_one, next));
        prev = next;
    }
    for (int bound = CHAIN - 1; bound <= CHAIN; bound++) {
        ordo_smt_push(s);
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LE, prev, ordo_smt_int(s, bound)));
        record(sum, answer_of(ordo_smt_check(s)));
        ordo_smt_pop(s, 1);
    }
}

static void ordo_array(ordo_smt *s, smt_checksum *sum)
{
    ordo_sort int_sort = ordo_smt_int_sort(s);
    ordo_term mem = ordo_smt_var(s, "mem", ordo_smt_array_sort(s, int_sort, int_sort));
    ordo_term idx = ordo_smt_var(s, "idx", int_sort);
    for (unsigned k = 0; k < STORES; k++) {
        ordo_term args[3] = { mem, ordo_smt_int(s, k), ordo_smt_int(s, 2 * k) };
        mem = ordo_smt_app(s, ORDO_OP_STORE, 3, args);
    }
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, ordo_smt_app2(s, ORDO_OP_SELECT, mem, idx),
                                     ordo_smt_int(s, ARRAY_TARGET)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LT, idx, ordo_smt_int(s, STORES)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GE, idx, ordo_smt_int(s, 0)));
    record(sum, answer_of(ordo_smt_check(s)));
}

bool smt_workload_ordo(const ordo_solver_factory *f, smt_checksum *sum, char **error)
{
    ordo_smt *s = ordo_smt_create(f, NULL);
    if (!s) {
        *error = xasprintf("cannot create a %s solver", f->name);
        return false;
    }
    *sum = 0;
    ordo_pigeonhole(s, sum);
    ordo_factorisation(s, sum);
    ordo_chain(s, sum);
    ordo_array(s, sum);
    const char *failure = ordo_smt_error(s);
    *error = failure ? xstrdup(failure) : NULL;
    ordo_smt_destroy(s);
    return !failure;
}
