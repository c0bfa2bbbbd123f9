/* Unit tests of the cegar engine's explicit-value domain on small IR
 * programs: what passed assumptions teach through copies (learn.h), dead
 * locals forgotten (live.h) and the slice fallback of unsat-core
 * refinement (refine_slice.h), each by the exact verdict, iterations and
 * precision of a run that, without it, ends unknown or stays apart. */
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
static cg_outcome verify_in(const ordo_program *p, bool pred, cg_counters *c)
{
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = pred };
    return cegar_verify_replayed(p, &cfg, &z3, c);
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

/* A second edge out of loc (never enabled), so that the large-block
 * encoding keeps the edges before and after loc apart. */
static void fork_exit(ordo_program *p, unsigned m, unsigned loc, unsigned line)
{
    ordo_stmt *s = ordo_s_assume(p, ordo_e_const(p, ordo_ty_bool(), 0));
    s->file = "t.c";
    s->line = line;
    ordo_add_edge(p, m, loc, ordo_add_loc(p, m), s);
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
 * ERROR. PRED's weakest preconditions stop at the store: the predicate
 * mem[A] == 1 is all they find, and it is unknown after the store of the
 * untracked x, so the second refinement finds nothing new; the core's
 * places, tracked explicitly, refute the path. */
static void pred_tracks_the_core_explicitly_when_no_predicate_is_new(void **state)
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
    expect(p, true, ORDO_VERDICT_SAFE, 3, 3); /* the predicate, x and A */
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
        cmocka_unit_test(pred_tracks_the_core_explicitly_when_no_predicate_is_new),
        cmocka_unit_test(dead_locals_after_each_edge),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
