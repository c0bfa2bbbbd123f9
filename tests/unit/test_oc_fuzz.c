/* Differential test of the oc engine against the IR interpreter: small
 * random concurrent programs, every interleaving explored by the
 * interpreter, compared with the verdict of each configuration (a wrong
 * verdict is the worst bug there is). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <ordo/interp.h>
#include <ordo/ir_build.h>
#include <ordo/trace.h>

#include "../../engines/oc/verify.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

static ordo_solver_factory z3;

static unsigned rnd(unsigned *seed, unsigned n)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 16) % n;
}

typedef struct {
    ordo_program *p;
    unsigned g[2];          /* globals */
    const ordo_expr *mutex; /* address of the mutex cell */
    uint64_t array;         /* base of a two-cell array */
    unsigned gp;            /* a global pointer: null, the array or an allocation */
    unsigned u;             /* an unsigned char: wraps around at 0 and 255 */
} gen;

/* &array[l == 0 ? 0 : 1]: a symbolic address. */
static const ordo_expr *element(gen *G, unsigned l)
{
    ordo_program *p = G->p;
    ordo_type pt = ordo_ty_ptr(p->data_model);
    const ordo_expr *idx = ordo_e_ite(p, bin(p, ORDO_B_EQ, var(p, l), num(p, 0)),
                                      ordo_e_const(p, pt, 0), ordo_e_const(p, pt, 1));
    return ordo_e_binop(p, ORDO_B_ADD, pt, ordo_e_const(p, pt, (int64_t)G->array), idx);
}

/* gp + (l == 0 ? 0 : 1): an address through a pointer loaded from memory. */
static const ordo_expr *through_gp(gen *G, unsigned l)
{
    ordo_program *p = G->p;
    ordo_type pt = ordo_ty_ptr(p->data_model);
    const ordo_expr *idx = ordo_e_ite(p, bin(p, ORDO_B_EQ, var(p, l), num(p, 0)),
                                      ordo_e_const(p, pt, 0), ordo_e_const(p, pt, 1));
    return ordo_e_binop(p, ORDO_B_ADD, pt, ordo_e_var(p, G->gp), idx);
}

/* lu := u; u := lu + 1 or lu - 1 (modulo 256): one shared access per
 * statement, as everywhere here (the engine interleaves the accesses of
 * one statement, the interpreter runs a statement at once). */
static void step_u(gen *G, unsigned f, unsigned *loc, unsigned lu, unsigned *seed, unsigned line)
{
    ordo_program *p = G->p;
    ordo_type u8 = ordo_ty_int(8, false);
    ordo_binop op = rnd(seed, 2) ? ORDO_B_ADD : ORDO_B_SUB;
    then(p, f, loc, assign(p, lu, ordo_e_var(p, G->u)), line);
    then(p, f, loc,
         assign(p, G->u, ordo_e_binop(p, op, u8, ordo_e_var(p, lu), ordo_e_const(p, u8, 1))),
         line);
}

/* A value for a global that is 0..3 only through wrap-around or a
 * conversion (lu: the worker's copy of u): lu / 64 (3 once u wrapped
 * below 0), (i8)(lu + 2) (254, 255 give 0, 1), or (u8)(l + 255) (l = 1..4
 * gives 0..3). */
static const ordo_expr *wrapped_value(gen *G, unsigned l, unsigned lu, unsigned *seed)
{
    ordo_program *p = G->p;
    ordo_type u8 = ordo_ty_int(8, false), i8 = ordo_ty_int(8, true);
    switch (rnd(seed, 3)) {
    case 0:
        return ordo_e_cast(p, i32(), ordo_e_binop(p, ORDO_B_DIV, u8, ordo_e_var(p, lu),
                                                  ordo_e_const(p, u8, 64)));
    case 1:
        return ordo_e_cast(p, i32(), ordo_e_cast(p, i8, ordo_e_binop(p, ORDO_B_ADD, u8,
                                                                     ordo_e_var(p, lu),
                                                                     ordo_e_const(p, u8, 2))));
    default:
        return ordo_e_cast(p, i32(), ordo_e_cast(p, u8, bin(p, ORDO_B_ADD, var(p, l), num(p, 255))));
    }
}

/* Appends a branch on local l: if (l == c) { then_stmt } with a merge. */
static void branch(gen *G, unsigned f, unsigned *loc, unsigned l, int64_t c, ordo_stmt *then_stmt,
                   unsigned line)
{
    ordo_program *p = G->p;
    unsigned yes = *loc, no = *loc;
    then(p, f, &yes, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, l), num(p, c))), line);
    then(p, f, &no, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, l), num(p, c))), line);
    unsigned merge = no;
    then_stmt->file = "fuzz.c";
    then_stmt->line = line;
    ordo_add_edge(p, f, yes, merge, then_stmt);
    *loc = merge;
}

/* One random statement of a worker with locals l (i32) and lu (u8). */
static void random_statement(gen *G, unsigned f, unsigned *loc, unsigned l, unsigned lu,
                             unsigned *seed, unsigned line)
{
    ordo_program *p = G->p;
    unsigned g = G->g[rnd(seed, 2)];
    switch (rnd(seed, 17)) {
    case 13:
    case 15:
        step_u(G, f, loc, lu, seed, line);
        break;
    case 14:
    case 16:
        then(p, f, loc, assign(p, g, wrapped_value(G, l, lu, seed)), line);
        break;
    case 11:
        then(p, f, loc, assign(p, l, ordo_e_load(p, i32(), through_gp(G, l))), line);
        break;
    case 12:
        then(p, f, loc, ordo_s_assign(p, ordo_lv_mem(i32(), through_gp(G, l)), num(p, rnd(seed, 3))),
             line);
        break;
    case 9:
        then(p, f, loc, ordo_s_assign(p, ordo_lv_mem(i32(), element(G, l)), num(p, rnd(seed, 3))),
             line);
        break;
    case 10:
        then(p, f, loc, assign(p, l, ordo_e_load(p, i32(), element(G, l))), line);
        break;
    case 0:
    case 1:
        then(p, f, loc, assign(p, l, var(p, g)), line);
        break;
    case 2:
        then(p, f, loc, assign(p, g, bin(p, ORDO_B_ADD, var(p, l), num(p, rnd(seed, 2)))), line);
        break;
    case 3:
        then(p, f, loc, assign(p, g, num(p, rnd(seed, 3))), line);
        break;
    case 4:
        branch(G, f, loc, l, rnd(seed, 3), assign(p, g, num(p, rnd(seed, 3))), line);
        break;
    case 6: /* blocks unless the global has the value */
        then(p, f, loc, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, g), num(p, rnd(seed, 2)))), line);
        break;
    case 7: /* ends the whole program on a condition */
        branch(G, f, loc, l, rnd(seed, 3), ordo_s_new(p, ORDO_S_EXIT), line);
        break;
    default: { /* a critical section */
        bool atomic = rnd(seed, 2);
        if (atomic)
            then(p, f, loc, ordo_s_new(p, ORDO_S_ATOMIC_BEGIN), line);
        else
            then(p, f, loc, ordo_s_addr(p, ORDO_S_LOCK, G->mutex), line);
        then(p, f, loc, assign(p, l, var(p, g)), line);
        if (atomic && rnd(seed, 2)) /* may block inside the section */
            then(p, f, loc, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, l), num(p, rnd(seed, 2)))),
                 line);
        then(p, f, loc, assign(p, g, bin(p, ORDO_B_ADD, var(p, l), num(p, 1))), line);
        if (atomic)
            then(p, f, loc, ordo_s_new(p, ORDO_S_ATOMIC_END), line);
        else
            then(p, f, loc, ordo_s_addr(p, ORDO_S_UNLOCK, G->mutex), line);
    }
    }
}

/* main, after starting the first worker (which the engine walks first):
 * gp = the array, or a fresh allocation with a value in one cell, or
 * nothing. */
static void publish_pointer(gen *G, unsigned main_proc, unsigned *loc, unsigned *seed)
{
    ordo_program *p = G->p;
    ordo_type pt = ordo_ty_ptr(p->data_model);
    switch (rnd(seed, 3)) {
    case 0:
        then(p, main_proc, loc, assign(p, G->gp, ordo_e_const(p, pt, (int64_t)G->array)), 1);
        break;
    case 1: {
        unsigned a = ordo_add_var(p, "a", pt, (int)main_proc, 0);
        then(p, main_proc, loc, ordo_s_alloc(p, ordo_lv_var(p, a), ordo_e_const(p, pt, 2)), 1);
        const ordo_expr *cell = ordo_e_binop(p, ORDO_B_ADD, pt, ordo_e_var(p, a),
                                             ordo_e_const(p, pt, rnd(seed, 2)));
        then(p, main_proc, loc, ordo_s_assign(p, ordo_lv_mem(i32(), cell), num(p, 1 + rnd(seed, 2))),
             1);
        then(p, main_proc, loc, assign(p, G->gp, ordo_e_var(p, a)), 1);
        break;
    }
    default:
        break;
    }
}

/* main: start two workers, join them, read both globals (and u), error on
 * a random combination; a worker may also reach the error itself. */
static ordo_program *random_program(unsigned *seed)
{
    gen G = { .p = ordo_program_new("fuzz.c", ORDO_DM_LP64) };
    ordo_program *p = G.p;
    G.g[0] = ordo_add_var(p, "g0", i32(), -1, rnd(seed, 2));
    G.g[1] = ordo_add_var(p, "g1", i32(), -1, 0);
    unsigned m = ordo_add_object(p, "m", 1, -1);
    G.array = p->objects[ordo_add_object(p, "a", 2, -1)].base;
    G.mutex = ordo_e_const(p, ordo_ty_ptr(p->data_model), (int64_t)p->objects[m].base);
    G.gp = ordo_add_var(p, "gp", ordo_ty_ptr(p->data_model), -1, 0);
    G.u = ordo_add_var(p, "u", ordo_ty_int(8, false), -1, 0);
    unsigned main_proc = ordo_add_proc(p, "main");
    p->main_proc = main_proc;
    unsigned workers[2];
    for (int w = 0; w < 2; w++) {
        unsigned f = ordo_add_proc(p, "worker");
        unsigned l = ordo_add_var(p, "l", i32(), (int)f, 0);
        unsigned lu = ordo_add_var(p, "lu", ordo_ty_int(8, false), (int)f, 0);
        unsigned loc = p->procs[f].init_loc;
        unsigned n = 1 + rnd(seed, 3);
        for (unsigned i = 0; i < n; i++)
            random_statement(&G, f, &loc, l, lu, seed, 10 * (w + 1) + i);
        if (rnd(seed, 4) == 0)
            branch(&G, f, &loc, l, rnd(seed, 3), ordo_s_new(p, ORDO_S_ERROR), 19);
        finish(p, f, loc);
        workers[w] = f;
    }
    unsigned t0 = ordo_add_var(p, "t0", i32(), (int)main_proc, 0);
    unsigned t1 = ordo_add_var(p, "t1", i32(), (int)main_proc, 0);
    unsigned loc = p->procs[main_proc].init_loc;
    then(p, main_proc, &loc, ordo_s_thread_start(p, NULL, workers[0], NULL), 1);
    publish_pointer(&G, main_proc, &loc, seed);
    then(p, main_proc, &loc, ordo_s_thread_start(p, NULL, workers[1], NULL), 2);
    then(p, main_proc, &loc, ordo_s_thread_join(p, num(p, 1)), 3);
    then(p, main_proc, &loc, ordo_s_thread_join(p, num(p, 2)), 4);
    then(p, main_proc, &loc, assign(p, t0, var(p, G.g[0])), 5);
    /* t1 := g1 + u / 64: 3 more once a worker wrapped u below 0 */
    ordo_type u8 = ordo_ty_int(8, false);
    const ordo_expr *u_64 = ordo_e_binop(p, ORDO_B_DIV, u8, ordo_e_var(p, G.u),
                                         ordo_e_const(p, u8, 64));
    then(p, main_proc, &loc,
         assign(p, t1, bin(p, ORDO_B_ADD, var(p, G.g[1]), ordo_e_cast(p, i32(), u_64))), 6);
    const ordo_expr *bad = bin(p, ORDO_B_LAND, bin(p, ORDO_B_EQ, var(p, t0), num(p, rnd(seed, 4))),
                               bin(p, ORDO_B_EQ, var(p, t1), num(p, rnd(seed, 4))));
    unsigned err = loc;
    then(p, main_proc, &err, ordo_s_assume(p, bad), 7);
    then(p, main_proc, &err, ordo_s_new(p, ORDO_S_ERROR), 8);
    finish(p, main_proc, err);
    then(p, main_proc, &loc, ordo_s_assume(p, ordo_e_unop(p, ORDO_U_LNOT, ordo_ty_bool(), bad)), 7);
    finish(p, main_proc, loc);
    return p;
}

/* ---- the oracle: every schedule on the interpreter -------------------- */

/* Replays schedule[0..n) then tries thread t; returns its status. */
static ordo_step_status try_step(const ordo_program *p, const unsigned *schedule, size_t n,
                                 unsigned t, unsigned *threads)
{
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    for (size_t i = 0; i < n; i++)
        ordo_interp_step(in, schedule[i], NULL, NULL);
    ordo_step_status s = ordo_interp_step(in, t, NULL, NULL);
    *threads = ordo_interp_n_threads(in);
    ordo_interp_free(in);
    return s;
}

static bool error_reachable(const ordo_program *p, unsigned *schedule, size_t n,
                            unsigned n_threads)
{
    if (n >= 40)
        return false;
    for (unsigned t = 0; t < n_threads; t++) {
        unsigned after;
        ordo_step_status s = try_step(p, schedule, n, t, &after);
        if (s == ORDO_STEP_ERROR)
            return true;
        if (s != ORDO_STEP_OK)
            continue;
        schedule[n] = t;
        if (error_reachable(p, schedule, n + 1, after))
            return true;
    }
    return false;
}

static void engine_agrees_with_exhaustive_interpretation(void **state)
{
    (void)state;
    static const oc_config configs[] = {
        { .prop = false, .finder = OC_FINDER_NONE, .arith = OC_ARITH_AUTO },
        { .prop = false, .finder = OC_FINDER_RF_WS_FR, .arith = OC_ARITH_AUTO },
        { .prop = true, .finder = OC_FINDER_NONE, .arith = OC_ARITH_BV },
        { .prop = true, .finder = OC_FINDER_RF_WS_FR, .arith = OC_ARITH_INT },
    };
    unsigned seed = getenv("OC_FUZZ_SEED") ? (unsigned)atoi(getenv("OC_FUZZ_SEED")) : 2024, unsafe = 0, safe = 0;
    for (int round = 0; round < (getenv("OC_FUZZ_ROUNDS") ? atoi(getenv("OC_FUZZ_ROUNDS")) : 120); round++) {
        ordo_program *p = random_program(&seed);
        unsigned schedule[64];
        bool reachable = error_reachable(p, schedule, 0, 1);
        for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
            oc_outcome o = oc_verify(p, &z3, NULL, &configs[c]);
            ordo_verdict want = reachable ? ORDO_VERDICT_UNSAFE : ORDO_VERDICT_SAFE;
            if (o.verdict != want)
                fail_msg("round %d, configuration %zu: verdict %d, interpreter says %s (%s)",
                         round, c, o.verdict, reachable ? "reachable" : "unreachable",
                         o.reason ? o.reason : "");
            if (o.trace) {
                char *why = NULL;
                if (!ordo_trace_replay(p, o.trace, &why))
                    fail_msg("round %d, configuration %zu: no replay: %s", round, c, why);
                ordo_trace_free(o.trace);
            }
            free(o.reason);
        }
        unsafe += reachable;
        safe += !reachable;
        ordo_program_free(p);
    }
    if (unsafe < 10 || safe < 10) /* both verdicts must be exercised */
        fail_msg("%u unsafe and %u safe programs only", unsafe, safe);
}

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(engine_agrees_with_exhaustive_interpretation),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
