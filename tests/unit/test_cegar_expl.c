/* Unit tests of the cegar engine's explicit-value domain on small IR
 * programs: what passed assumptions teach through copies (learn.h), dead
 * locals forgotten (live.h), the slice fallback of unsat-core
 * refinement (refine_slice.h) and the places of a mutex address learnt
 * along the path (loop.c), each by the exact verdict, iterations and
 * precision of a run that, without it, ends unknown, unsupported or stays
 * apart. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/ir_build.h>

#include "../../engines/cegar/cegar.h"
#include "../../engines/cegar/live.h"
#include "../support/cegar_verify.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

static ordo_solver_factory z3;

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

/* EXPL (or PRED), maxenum 1, unsat-core refinement; an UNSAFE must
 * replay. */
static cg_outcome verify_por(const ordo_program *p, bool pred, cg_por_kind por, cg_counters *c)
{
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = pred, .por = por };
    return cegar_verify_replayed(p, &cfg, &z3, c);
}

static cg_outcome verify_in(const ordo_program *p, bool pred, cg_counters *c)
{
    return verify_por(p, pred, CG_NOPOR, c);
}

static cg_outcome verify(const ordo_program *p, cg_counters *c)
{
    return verify_in(p, false, c);
}

/* A program whose procedure main is *m. */
static ordo_program *with_main(const char *name, unsigned *m)
{
    ordo_program *p = ordo_program_new(name, ORDO_DM_LP64);
    *m = ordo_add_proc(p, "main");
    p->main_proc = *m;
    return p;
}

/* Verifies p (then frees it): the verdict, iterations and precision. */
static void expect(ordo_program *p, bool pred, ordo_verdict verdict, unsigned iterations,
                   unsigned precision)
{
    cg_counters c;
    cg_outcome o = verify_in(p, pred, &c);
    assert_int_equal(o.verdict, verdict);
    assert_int_equal(c.iterations, iterations);
    assert_int_equal(c.precision_size, precision);
    free(o.reason);
    ordo_program_free(p);
}

static const ordo_expr *bvar(ordo_program *p, unsigned v)
{
    return ordo_e_var(p, v);
}

static const ordo_expr *lnot(ordo_program *p, const ordo_expr *e)
{
    return ordo_e_unop(p, ORDO_U_LNOT, ordo_ty_bool(), e);
}

/* main (g a global Bool, t and u its Bool locals):
 *   havoc g; t := g  |  [with_write: g := true  |]  assume !t; u := g  |  assume u; ERROR
 * ('|': a block ends). Without the write, ERROR needs g false and true. */
static ordo_program *copied_twice(bool with_write)
{
    unsigned m;
    ordo_program *p = with_main("copy.c", &m);
    unsigned g = ordo_add_var(p, "g", ordo_ty_bool(), -1, 0);
    unsigned t = ordo_add_var(p, "t", ordo_ty_bool(), (int)m, 0);
    unsigned u = ordo_add_var(p, "u", ordo_ty_bool(), (int)m, 0);
    unsigned l = p->procs[m].init_loc, line = 1;
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, g)), line++);
    then(p, m, &l, ordo_s_assign(p, ordo_lv_var(p, t), bvar(p, g)), line++);
    fork_exit(p, m, l, line++);
    if (with_write) {
        then(p, m, &l, ordo_s_assign(p, ordo_lv_var(p, g), ordo_e_const(p, ordo_ty_bool(), 1)),
             line++);
        fork_exit(p, m, l, line++);
    }
    then(p, m, &l, ordo_s_assume(p, lnot(p, bvar(p, t))), line++);
    then(p, m, &l, ordo_s_assign(p, ordo_lv_var(p, u), bvar(p, g)), line++);
    fork_exit(p, m, l, line++);
    then(p, m, &l, ordo_s_assume(p, bvar(p, u)), line++);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), line++);
    finish(p, m, l);
    return p;
}

static void a_copy_fact_teaches_its_source_in_a_later_block(void **state)
{
    (void)state;
    /* g, t, u tracked after one refinement; assume !t then teaches g = 0
     * through t := g (an earlier block), so u := g is 0 and assume u fails */
    expect(copied_twice(false), false, ORDO_VERDICT_SAFE, 2, 3);
}

/* Runs the only thread of p from its initial state, every place of p
 * tracked, through the one successor of each step: does it reach ERROR? */
static bool single_path_reaches_error(const ordo_program *p)
{
    cg_model m = cg_model_new(p, ORDO_ARITH_BV, 1);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    for (unsigned v = 0; v < p->n_vars; v++)
        cg_prec_add_var(&prec, v);
    m.prec = &prec;
    cg_state *s = cg_initial_state(&m);
    cg_succs out = { 0 };
    bool error = false;
    for (;;) {
        cg_successors(&m, s, &out);
        cg_state_free(s);
        if (out.n != 1)
            break;
        error = out.v[0].error;
        s = out.v[0].state;
        out.n = 0;
        if (error) {
            cg_state_free(s);
            break;
        }
    }
    cg_succs_clear(&out);
    free(out.v);
    cg_prec_free(&prec);
    cg_model_free(&m);
    return error;
}

static void a_write_ends_the_copy_fact(void **state)
{
    (void)state;
    ordo_program *p = copied_twice(true);
    /* g := true after t := g: t = 0 says nothing of g any more (kept, the
     * fact would contradict g = 1 and drop the path) */
    assert_true(single_path_reaches_error(p));
    cg_counters c;
    cg_outcome o = verify(p, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNSAFE);
    free(o.reason);
    ordo_program_free(p);
    /* the same path without the write: no state reaches ERROR */
    p = copied_twice(false);
    assert_false(single_path_reaches_error(p));
    ordo_program_free(p);
}

/* main (a, t, u Bool locals: one block, as the thread-safe large-block
 * encoding merges local statements): havoc a; t := a; assume !t;
 * u := a; assume u; ERROR. Learning t = 0 teaches a = 0 within the block. */
static void an_assumption_teaches_what_its_block_copied(void **state)
{
    (void)state;
    unsigned m;
    ordo_program *p = with_main("block.c", &m);
    unsigned a = ordo_add_var(p, "a", ordo_ty_bool(), (int)m, 0);
    unsigned t = ordo_add_var(p, "t", ordo_ty_bool(), (int)m, 0);
    unsigned u = ordo_add_var(p, "u", ordo_ty_bool(), (int)m, 0);
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, a)), 1);
    then(p, m, &l, ordo_s_assign(p, ordo_lv_var(p, t), bvar(p, a)), 2);
    then(p, m, &l, ordo_s_assume(p, lnot(p, bvar(p, t))), 3);
    then(p, m, &l, ordo_s_assign(p, ordo_lv_var(p, u), bvar(p, a)), 4);
    then(p, m, &l, ordo_s_assume(p, bvar(p, u)), 5);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 6);
    finish(p, m, l);
    expect(p, false, ORDO_VERDICT_SAFE, 2, 3);
}

/* main (globals x = 0, g): g := x | assume g > 0 | assume g < 0; ERROR.
 * The core reads only g: tracked, it stays unknown (from the untracked
 * x) until the slice tracks x. */
static void the_slice_tracks_what_lost_a_core_value(void **state)
{
    (void)state;
    unsigned m;
    ordo_program *p = with_main("slice.c", &m);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, assign(p, g, var(p, x)), 1);
    fork_exit(p, m, l, 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_GT, var(p, g), num(p, 0))), 3);
    fork_exit(p, m, l, 4);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, g), num(p, 0))), 5);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 6);
    finish(p, m, l);
    expect(p, false, ORDO_VERDICT_SAFE, 3, 2); /* tracks g, then (slice) x */
}

/* main (global x = 0, a static cell A): mem[A] := x | assume mem[A] == 1;
 * ERROR. PRED's weakest preconditions go through the store (wp.c): the
 * core's mem[A] == 1 gives x == 1 before it, and mem[A] == x; one
 * refinement proves it (they stopped at the store before: the second
 * refinement found nothing new, and the core's places, tracked
 * explicitly, refuted the path in a third iteration). */
static void pred_carries_a_condition_through_a_store(void **state)
{
    (void)state;
    unsigned m;
    ordo_program *p = with_main("store.c", &m);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned a = ordo_add_object(p, "A", 1, -1);
    const ordo_expr *cell = ordo_e_const(p, ordo_ty_ptr(ORDO_DM_LP64), (int64_t)p->objects[a].base);
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_assign(p, ordo_lv_mem(i32(), cell), var(p, x)), 1);
    fork_exit(p, m, l, 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, ordo_e_load(p, i32(), cell), num(p, 1))), 3);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 4);
    finish(p, m, l);
    expect(p, true, ORDO_VERDICT_SAFE, 2, 3); /* the three predicates */
}

typedef enum { SAME_MUTEX, OTHER_MUTEX, NONDET_MUTEX } mutex_choice;

/* A mutex reached through allocated memory (globals q, a pointer, and g;
 * static mutexes M and N):
 *   main:   q := alloc(1); mem[q] := &M | start worker | lock M |
 *           assume g == 1; ERROR
 *   worker: lock mem[q] | g := 1 | g := 0 | unlock mem[q]
 * OTHER_MUTEX stores &N, NONDET_MUTEX havocs mem[q]. The places of the
 * worker's mutex address (q, then the cell it points to) are no static
 * object's: sync_prec.h cannot name the cell. */
static ordo_program *mutex_in_allocated_memory(mutex_choice choice)
{
    unsigned m;
    ordo_program *p = with_main("heap-mutex.c", &m);
    ordo_type ptr = ordo_ty_ptr(ORDO_DM_LP64);
    unsigned q = ordo_add_var(p, "q", ptr, -1, 0);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    unsigned mutexes[2] = { ordo_add_object(p, "M", 1, -1), ordo_add_object(p, "N", 1, -1) };
    const ordo_expr *main_mutex = ordo_e_const(p, ptr, (int64_t)p->objects[mutexes[0]].base);
    const ordo_expr *cell = ordo_e_load(p, ptr, var(p, q));
    unsigned w = ordo_add_proc(p, "worker");
    unsigned l = p->procs[w].init_loc;
    then(p, w, &l, ordo_s_addr(p, ORDO_S_LOCK, cell), 10);
    fork_exit(p, w, l, 11);
    then(p, w, &l, assign(p, g, num(p, 1)), 12);
    fork_exit(p, w, l, 13);
    then(p, w, &l, assign(p, g, num(p, 0)), 14);
    fork_exit(p, w, l, 15);
    then(p, w, &l, ordo_s_addr(p, ORDO_S_UNLOCK, cell), 16);
    finish(p, w, l);
    l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_alloc(p, ordo_lv_var(p, q), num(p, 1)), 1);
    const ordo_object *stored = &p->objects[mutexes[choice == OTHER_MUTEX]];
    ordo_lvalue target = ordo_lv_mem(ptr, var(p, q));
    then(p, m, &l, choice == NONDET_MUTEX
                       ? ordo_s_havoc(p, target)
                       : ordo_s_assign(p, target, ordo_e_const(p, ptr, (int64_t)stored->base)),
         2);
    fork_exit(p, m, l, 3);
    then(p, m, &l, ordo_s_thread_start(p, NULL, w, NULL), 4);
    fork_exit(p, m, l, 5);
    then(p, m, &l, ordo_s_addr(p, ORDO_S_LOCK, main_mutex), 6);
    fork_exit(p, m, l, 7);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, g), num(p, 1))), 8);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 9);
    finish(p, m, l);
    return p;
}

/* PRED: the first search meets the worker's lock at an address the state
 * does not know (q is tracked from the start, the cell it points to is
 * not); the cell becomes tracked, and the next iterations see which mutex
 * it is. Before, the run ended unsupported. */
static void a_mutex_in_allocated_memory_is_learnt(void **state)
{
    (void)state;
    /* q, the cell, g == 1 */
    expect(mutex_in_allocated_memory(SAME_MUTEX), true, ORDO_VERDICT_SAFE, 3, 3);
    /* the same, then the error path is feasible (replayed) */
    expect(mutex_in_allocated_memory(OTHER_MUTEX), true, ORDO_VERDICT_UNSAFE, 3, 3);
}

/* A mutex address from a nondeterministic value: tracking its places
 * cannot make it known. With SPOR the run ends saying so, never guessing
 * a mutex; with NOPOR the lock is split over candidate cells
 * (mutex_cells.h), and a pointer that may hold any value takes too many:
 * the run ends saying so. */
static void a_nondeterministic_mutex_address_ends_the_run(void **state)
{
    (void)state;
    cg_counters c;
    ordo_program *p = mutex_in_allocated_memory(NONDET_MUTEX);
    cg_outcome o = verify_por(p, true, CG_SPOR, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNSUPPORTED);
    assert_string_equal(o.reason, "unsupported: a mutex whose address depends on a value no "
                                  "precision holds, at t.c:10 (cegar)");
    assert_int_equal(c.iterations, 2);
    assert_int_equal(c.precision_size, 2); /* q, the cell */
    assert_int_equal(c.mutex_splits, 0);
    free(o.reason);
    o = verify_in(p, true, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNSUPPORTED);
    assert_string_equal(o.reason, "unsupported: a mutex whose address takes more than 256 "
                                  "values, at t.c:10 (cegar)");
    assert_int_equal(c.iterations, 3);
    assert_int_equal(c.mutex_splits, 1);
    free(o.reason);
    ordo_program_free(p);
}

/* main (globals n, a 32-bit int, q and r, pointers; a static cell T
 * whose address is never a value):
 *   mem[T] := 5 | havoc n; q := alloc(n) | r := alloc(1) | havoc mem[r] |
 *   assume mem[T] != 5; ERROR
 * r follows an allocation of unknown size: its address stays unknown in
 * every precision. A store through it cannot write T (C lets no pointer
 * reach an object whose address is never taken): T keeps its value.
 * Before, the store forgot every cell, and tracking the core's r, q and n
 * could not make r known: the run ended unknown. */
static void a_store_through_an_unknown_pointer_keeps_unreachable_cells(void **state)
{
    (void)state;
    unsigned m;
    ordo_program *p = with_main("unreachable.c", &m);
    ordo_type ptr = ordo_ty_ptr(ORDO_DM_LP64);
    unsigned n = ordo_add_var(p, "n", i32(), -1, 0);
    unsigned q = ordo_add_var(p, "q", ptr, -1, 0);
    unsigned r = ordo_add_var(p, "r", ptr, -1, 0);
    unsigned t = ordo_add_object(p, "T", 1, -1);
    const ordo_expr *cell = ordo_e_const(p, ptr, (int64_t)p->objects[t].base);
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_assign(p, ordo_lv_mem(i32(), cell), num(p, 5)), 1);
    fork_exit(p, m, l, 2);
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, n)), 3);
    then(p, m, &l, ordo_s_alloc(p, ordo_lv_var(p, q), var(p, n)), 4);
    fork_exit(p, m, l, 5);
    then(p, m, &l, ordo_s_alloc(p, ordo_lv_var(p, r), num(p, 1)), 6);
    fork_exit(p, m, l, 7);
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_mem(i32(), var(p, r))), 8);
    fork_exit(p, m, l, 9);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_NE, ordo_e_load(p, i32(), cell), num(p, 5))), 10);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 11);
    finish(p, m, l);
    expect(p, false, ORDO_VERDICT_SAFE, 2, 4); /* T and the core's n, q, r */
}

/* An array A (4 cells) and a cell G whose address escapes (q := &G):
 *   q := &G | havoc k | mem[G] := 5 | mem[A + k] := 1 |
 *   assume mem[G] != 5; ERROR
 * The store's address is A's constant base plus an unknown offset: it may
 * write A alone (C leaves an access outside its object undefined), so G
 * keeps its value (goblint-regression 28-race_reach_11-ptr_racing's
 * t[i] = pthread_create(...) beside a counter behind a pointer). Before,
 * the store forgot every escaping cell; k, havocked, could not be made
 * known, and the run ended unknown. */
static void a_store_into_an_array_at_an_unknown_index_keeps_other_cells(void **state)
{
    (void)state;
    unsigned m;
    ordo_program *p = with_main("array-store.c", &m);
    ordo_type ptr = ordo_ty_ptr(ORDO_DM_LP64);
    unsigned q = ordo_add_var(p, "q", ptr, -1, 0);
    unsigned k = ordo_add_var(p, "k", ptr, -1, 0);
    unsigned a = ordo_add_object(p, "A", 4, -1);
    unsigned g = ordo_add_object(p, "G", 1, -1);
    const ordo_expr *cell = ordo_e_const(p, ptr, (int64_t)p->objects[g].base);
    const ordo_expr *base = ordo_e_const(p, ptr, (int64_t)p->objects[a].base);
    const ordo_expr *at_k = ordo_e_binop(p, ORDO_B_ADD, ptr, base, var(p, k));
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_assign(p, ordo_lv_var(p, q), cell), 1);
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, k)), 2);
    then(p, m, &l, ordo_s_assign(p, ordo_lv_mem(i32(), cell), num(p, 5)), 3);
    fork_exit(p, m, l, 4);
    then(p, m, &l, ordo_s_assign(p, ordo_lv_mem(i32(), at_k), num(p, 1)), 5);
    fork_exit(p, m, l, 6);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_NE, ordo_e_load(p, i32(), cell), num(p, 5))), 7);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 8);
    finish(p, m, l);
    expect(p, false, ORDO_VERDICT_SAFE, 2, 1); /* G */
}

static void dead_locals_after_each_edge(void **state)
{
    (void)state;
    /* main: t := 1; u := t; g := u (t, u locals, g global) */
    unsigned m;
    ordo_program *p = with_main("live.c", &m);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    unsigned t = ordo_add_var(p, "t", i32(), (int)m, 0);
    unsigned u = ordo_add_var(p, "u", i32(), (int)m, 0);
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, assign(p, t, num(p, 1)), 1);
    then(p, m, &l, assign(p, u, var(p, t)), 2);
    then(p, m, &l, assign(p, g, var(p, u)), 3);
    finish(p, m, l);
    cg_live *live = cg_live_new(p);
    unsigned n;
    const unsigned *dead = cg_live_dead_at_start(live, m, &n);
    assert_int_equal(n, 2); /* both written before any read */
    dead = cg_live_dead_after(live, m, 0, &n);
    assert_int_equal(n, 0); /* t is read next */
    dead = cg_live_dead_after(live, m, 1, &n);
    assert_int_equal(n, 1);
    assert_int_equal(dead[0], t);
    dead = cg_live_dead_after(live, m, 2, &n);
    assert_int_equal(n, 1);
    assert_int_equal(dead[0], u);
    (void)g;
    cg_live_free(live);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_copy_fact_teaches_its_source_in_a_later_block),
        cmocka_unit_test(a_write_ends_the_copy_fact),
        cmocka_unit_test(an_assumption_teaches_what_its_block_copied),
        cmocka_unit_test(the_slice_tracks_what_lost_a_core_value),
        cmocka_unit_test(pred_carries_a_condition_through_a_store),
        cmocka_unit_test(a_mutex_in_allocated_memory_is_learnt),
        cmocka_unit_test(a_nondeterministic_mutex_address_ends_the_run),
        cmocka_unit_test(a_store_through_an_unknown_pointer_keeps_unreachable_cells),
        cmocka_unit_test(a_store_into_an_array_at_an_unknown_index_keeps_other_cells),
        cmocka_unit_test(dead_locals_after_each_edge),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
