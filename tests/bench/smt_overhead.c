/*
 * Overhead of the SMT interface over raw Z3: the same fixed workload built
 * and solved once through raw Z3 C API calls and once through <ordo/smt.h>
 * with the z3 plugin (`make bench-smt` runs both under callgrind and
 * reports the ratio of instruction counts).
 *   usage: smt_overhead raw|ordo [REPEAT]
 * The workload: pigeonhole 8 (Booleans), 150 incremental 16-bit
 * factorisation checks with push/pop and model reads (bit-vectors), a
 * 300-step difference chain (integers, sat and unsat), a 60-store array
 * chain. It prints a checksum of all answers so the two runs can be
 * compared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <z3.h>

#include <ordo/smt.h>

#include "../support/smt_load.h"
#include "../support/smt_problems.h"

enum { PHP_HOLES = 8, FACTOR_CHECKS = 150, CHAIN = 300, STORES = 60 };

static unsigned long checksum;

static void record(long v)
{
    checksum = checksum * 31 + (unsigned long)v;
}

/* ---- raw Z3 ------------------------------------------------------------- */

static Z3_ast raw_bool(Z3_context c, const char *name)
{
    return Z3_mk_const(c, Z3_mk_string_symbol(c, name), Z3_mk_bool_sort(c));
}

static void raw_run(void)
{
    Z3_config cfg = Z3_mk_config();
    Z3_set_param_value(cfg, "model", "true");
    Z3_context c = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    Z3_set_error_handler(c, NULL);
    Z3_solver s = Z3_mk_solver(c);
    Z3_solver_inc_ref(c, s);
    char name[32];

    /* pigeonhole */
    Z3_solver_push(c, s);
    Z3_ast x[(PHP_HOLES + 1) * PHP_HOLES];
    for (unsigned i = 0; i <= PHP_HOLES; i++)
        for (unsigned j = 0; j < PHP_HOLES; j++) {
            snprintf(name, sizeof name, "x_%u_%u", i, j);
            x[i * PHP_HOLES + j] = raw_bool(c, name);
        }
    for (unsigned i = 0; i <= PHP_HOLES; i++)
        Z3_solver_assert(c, s, Z3_mk_or(c, PHP_HOLES, &x[i * PHP_HOLES]));
    for (unsigned j = 0; j < PHP_HOLES; j++)
        for (unsigned i = 0; i <= PHP_HOLES; i++)
            for (unsigned k = i + 1; k <= PHP_HOLES; k++) {
                Z3_ast both[2] = { x[i * PHP_HOLES + j], x[k * PHP_HOLES + j] };
                Z3_solver_assert(c, s, Z3_mk_not(c, Z3_mk_and(c, 2, both)));
            }
    record(Z3_solver_check(c, s));
    Z3_solver_pop(c, s, 1);

    /* incremental factorisation */
    Z3_sort bv = Z3_mk_bv_sort(c, 16);
    Z3_ast a = Z3_mk_const(c, Z3_mk_string_symbol(c, "a"), bv);
    Z3_ast b = Z3_mk_const(c, Z3_mk_string_symbol(c, "b"), bv);
    Z3_solver_assert(c, s, Z3_mk_bvugt(c, a, Z3_mk_unsigned_int64(c, 1, bv)));
    Z3_solver_assert(c, s, Z3_mk_bvugt(c, b, Z3_mk_unsigned_int64(c, 1, bv)));
    Z3_solver_assert(c, s, Z3_mk_bvule(c, a, b));
    Z3_solver_assert(c, s, Z3_mk_bvult(c, b, Z3_mk_unsigned_int64(c, 256, bv)));
    for (unsigned k = 0; k < FACTOR_CHECKS; k++) {
        Z3_solver_push(c, s);
        Z3_ast n = Z3_mk_unsigned_int64(c, 1000 + k, bv);
        Z3_solver_assert(c, s, Z3_mk_eq(c, Z3_mk_bvmul(c, a, b), n));
        Z3_lbool r = Z3_solver_check(c, s);
        record(r);
        if (r == Z3_L_TRUE) {
            Z3_model m = Z3_solver_get_model(c, s);
            Z3_model_inc_ref(c, m);
            Z3_ast v;
            uint64_t u = 0;
            if (Z3_model_eval(c, m, a, true, &v))
                Z3_get_numeral_uint64(c, v, &u);
            record((long)u);
            Z3_model_dec_ref(c, m);
        }
        Z3_solver_pop(c, s, 1);
    }

    /* difference chain x0 < x1 < ... < xN, x0 >= 0, xN <= N - 1 (unsat) or N */
    Z3_sort int_sort = Z3_mk_int_sort(c);
    Z3_ast prev = Z3_mk_const(c, Z3_mk_string_symbol(c, "i0"), int_sort);
    Z3_solver_assert(c, s, Z3_mk_ge(c, prev, Z3_mk_int64(c, 0, int_sort)));
    for (unsigned k = 1; k <= CHAIN; k++) {
        snprintf(name, sizeof name, "i%u", k);
        Z3_ast next = Z3_mk_const(c, Z3_mk_string_symbol(c, name), int_sort);
        Z3_ast sum[2] = { prev, Z3_mk_int64(c, 1, int_sort) };
        Z3_solver_assert(c, s, Z3_mk_le(c, Z3_mk_add(c, 2, sum), next));
        prev = next;
    }
    for (int bound = CHAIN - 1; bound <= CHAIN; bound++) {
        Z3_solver_push(c, s);
        Z3_solver_assert(c, s, Z3_mk_le(c, prev, Z3_mk_int64(c, bound, int_sort)));
        record(Z3_solver_check(c, s));
        Z3_solver_pop(c, s, 1);
    }

    /* array store chain: reading back the last store at its index */
    Z3_sort arr = Z3_mk_array_sort(c, int_sort, int_sort);
    Z3_ast mem = Z3_mk_const(c, Z3_mk_string_symbol(c, "mem"), arr);
    Z3_ast idx = Z3_mk_const(c, Z3_mk_string_symbol(c, "idx"), int_sort);
    for (unsigned k = 0; k < STORES; k++)
        mem = Z3_mk_store(c, mem, Z3_mk_int64(c, k, int_sort), Z3_mk_int64(c, 2 * k, int_sort));
    Z3_solver_assert(c, s, Z3_mk_eq(c, Z3_mk_select(c, mem, idx), Z3_mk_int64(c, 58, int_sort)));
    Z3_solver_assert(c, s, Z3_mk_lt(c, idx, Z3_mk_int64(c, STORES, int_sort)));
    Z3_solver_assert(c, s, Z3_mk_ge(c, idx, Z3_mk_int64(c, 0, int_sort)));
    record(Z3_solver_check(c, s));

    Z3_solver_dec_ref(c, s);
    Z3_del_context(c);
}

/* ---- through the interface --------------------------------------------- */

static void ordo_run(const ordo_solver_factory *f)
{
    ordo_smt *s = ordo_smt_create(f, NULL);
    char name[32];

    ordo_smt_push(s);
    smt_assert_pigeonhole(s, PHP_HOLES);
    record(ordo_smt_check(s) == ORDO_SMT_UNSAT ? -1 : 1);
    ordo_smt_pop(s, 1);

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
        record(r == ORDO_SMT_UNSAT ? -1 : r == ORDO_SMT_SAT ? 1 : 0);
        if (r == ORDO_SMT_SAT) {
            int64_t u = 0;
            ordo_smt_to_int64(s, ordo_smt_eval(s, a, true), &u);
            record((long)u);
        }
        ordo_smt_pop(s, 1);
    }

    ordo_sort int_sort = ordo_smt_int_sort(s);
    ordo_term prev = ordo_smt_var(s, "i0", int_sort);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GE, prev, ordo_smt_int(s, 0)));
    for (unsigned k = 1; k <= CHAIN; k++) {
        snprintf(name, sizeof name, "i%u", k);
        ordo_term next = ordo_smt_var(s, name, int_sort);
        ordo_term sum = ordo_smt_app2(s, ORDO_OP_ADD, prev, ordo_smt_int(s, 1));
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LE, sum, next));
        prev = next;
    }
    for (int bound = CHAIN - 1; bound <= CHAIN; bound++) {
        ordo_smt_push(s);
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LE, prev, ordo_smt_int(s, bound)));
        record(ordo_smt_check(s) == ORDO_SMT_UNSAT ? -1 : 1);
        ordo_smt_pop(s, 1);
    }

    ordo_term mem = ordo_smt_var(s, "mem", ordo_smt_array_sort(s, int_sort, int_sort));
    ordo_term idx = ordo_smt_var(s, "idx", int_sort);
    for (unsigned k = 0; k < STORES; k++) {
        ordo_term args[3] = { mem, ordo_smt_int(s, k), ordo_smt_int(s, 2 * k) };
        mem = ordo_smt_app(s, ORDO_OP_STORE, 3, args);
    }
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, ordo_smt_app2(s, ORDO_OP_SELECT, mem, idx),
                                     ordo_smt_int(s, 58)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_LT, idx, ordo_smt_int(s, STORES)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GE, idx, ordo_smt_int(s, 0)));
    record(ordo_smt_check(s) == ORDO_SMT_UNSAT ? -1 : 1);
    if (ordo_smt_error(s))
        fprintf(stderr, "ordo: %s\n", ordo_smt_error(s));
    ordo_smt_destroy(s);
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "raw") && strcmp(argv[1], "ordo"))) {
        fprintf(stderr, "usage: smt_overhead raw|ordo [REPEAT]\n");
        return 2;
    }
    unsigned repeat = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 1;
    bool raw = strcmp(argv[1], "raw") == 0;
    ordo_solver_factory f;
    if (!raw && !smt_load_plugin("z3", &f)) {
        fprintf(stderr, "smt_overhead: the z3 plugin is not built\n");
        return 2;
    }
    for (unsigned i = 0; i < repeat; i++) {
        checksum = 0;
        if (raw)
            raw_run();
        else
            ordo_run(&f);
    }
    printf("%s checksum %lu\n", argv[1], checksum);
    return 0;
}
