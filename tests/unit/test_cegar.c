/* Unit tests of the cegar engine (thesis Chapter 2) on small IR programs:
 * the EXPL transfer function (exact successor sets), coverage, the
 * synchronisation state (mutexes that block), unsat-core refinement (the
 * exact places added), a refinement without progress, and verdicts with
 * replayed counterexamples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/ir_build.h>
#include <ordo/trace.h>

#include "../../engines/cegar/cegar.h"
#include "../../engines/cegar/coi.h"
#include "../../engines/cegar/itp.h"
#include "../../engines/cegar/pred.h"
#include "../../engines/cegar/pred_slice.h"
#include "../../engines/cegar/refine.h"
#include "../support/cegar_verify.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

static ordo_solver_factory z3;

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

static const ordo_stmt *at(ordo_stmt *s, unsigned line)
{
    s->file = "t.c";
    s->line = line;
    return s;
}

/* main: l0 -[havoc b]-> l1 -[assume b]-> l2 -[error]-> l3 (b a global Bool). */
static ordo_program *havoc_bool(unsigned *b)
{
    ordo_program *p = ordo_program_new("havoc.c", ORDO_DM_LP64);
    *b = ordo_add_var(p, "b", ordo_ty_bool(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, *b)), 1);
    then(p, m, &l, ordo_s_assume(p, var(p, *b)), 2);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 3);
    finish(p, m, l);
    return p;
}

/* A model of p at a precision tracking the variable `tracked` (if >= 0). */
typedef struct {
    cg_model m;
    cg_prec prec;
} model_at;

static void open_model(model_at *x, const ordo_program *p, int tracked, unsigned maxenum)
{
    x->m = cg_model_new(p, ORDO_ARITH_BV, maxenum);
    cg_prec_init(&x->prec, p->n_vars);
    if (tracked >= 0)
        cg_prec_add_var(&x->prec, (unsigned)tracked);
    x->m.prec = &x->prec;
}

static void close_model(model_at *x)
{
    cg_prec_free(&x->prec);
    cg_model_free(&x->m);
}

/* The successors of the initial state of p at a precision tracking var. */
static void initial_successors(const ordo_program *p, int tracked, unsigned maxenum,
                               cg_succs *out)
{
    model_at x;
    open_model(&x, p, tracked, maxenum);
    cg_state *s = cg_initial_state(&x.m);
    cg_successors(&x.m, s, out);
    cg_state_free(s);
    close_model(&x);
}

static void havoc_maxenum_1_gives_one_unknown_successor(void **state)
{
    (void)state;
    unsigned b;
    ordo_program *p = havoc_bool(&b);
    cg_succs out = { 0 };
    initial_successors(p, (int)b, 1, &out);
    int64_t v;
    assert_int_equal(out.n, 1);
    assert_false(expl_get(out.v[0].state, cg_var_key(0, b), &v)); /* b unknown */
    assert_int_equal(out.v[0].state->threads[0].loc, p->procs[0].edges[0].to);
    cg_succs_clear(&out);
    free(out.v);
    ordo_program_free(p);
}

static void havoc_maxenum_2_enumerates_both_values(void **state)
{
    (void)state;
    unsigned b;
    ordo_program *p = havoc_bool(&b);
    cg_succs out = { 0 };
    initial_successors(p, (int)b, 2, &out);
    assert_int_equal(out.n, 2);
    for (unsigned i = 0; i < 2; i++) {
        int64_t v = -1;
        assert_true(expl_get(out.v[i].state, cg_var_key(0, b), &v));
        assert_int_equal(v, i);
    }
    cg_succs_clear(&out);
    /* untracked, the enumeration has nothing to keep: one successor */
    initial_successors(p, -1, 2, &out);
    assert_int_equal(out.n, 1);
    int64_t v;
    assert_false(expl_get(out.v[0].state, cg_var_key(0, b), &v));
    cg_succs_clear(&out);
    free(out.v);
    ordo_program_free(p);
}

/* main: l0 -[x := 1]-> l1 -[x := 1]-> l0 (no end). */
static ordo_program *two_location_loop(unsigned *x)
{
    ordo_program *p = ordo_program_new("loop.c", ORDO_DM_LP64);
    *x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l0 = p->procs[m].init_loc, l1 = ordo_add_loc(p, m);
    ordo_add_edge(p, m, l0, l1, at(assign(p, *x, num(p, 1)), 1));
    ordo_add_edge(p, m, l1, l0, at(assign(p, *x, num(p, 1)), 2));
    return p;
}

static void arg_of(const ordo_program *p, int tracked, cg_arg *arg)
{
    model_at x;
    open_model(&x, p, tracked, 1);
    cg_arg_init(arg);
    cg_search_stats st = { 0 };
    unsigned error;
    assert_int_equal(cg_search(&x.m, arg, false, NULL, &st, &error), CG_SEARCH_COMPLETE);
    close_model(&x);
}

static void coverage_closes_a_loop(void **state)
{
    (void)state;
    unsigned x;
    ordo_program *p = two_location_loop(&x);
    cg_arg arg;
    /* x untracked: root (l0), (l1), (l0) covered by the root */
    arg_of(p, -1, &arg);
    assert_int_equal(arg.n, 3);
    assert_int_equal(arg.covered, 1);
    assert_int_equal(arg.nodes[2].covered_by, 0);
    cg_arg_free(&arg);
    /* x tracked: (l0, x=0), (l1, 1), (l0, 1), (l1, 1) covered by node 1 */
    arg_of(p, (int)x, &arg);
    assert_int_equal(arg.n, 4);
    assert_int_equal(arg.covered, 1);
    assert_int_equal(arg.nodes[3].covered_by, 1);
    cg_arg_free(&arg);
    ordo_program_free(p);
}

/* main: lock m; start worker; (main never unlocks) worker: lock m; ERROR.
 * With unlock, main unlocks after the start. */
static ordo_program *held_mutex(bool unlock)
{
    ordo_program *p = ordo_program_new("mutex.c", ORDO_DM_LP64);
    unsigned m = ordo_add_object(p, "m", 1, -1);
    const ordo_expr *m_addr =
        ordo_e_const(p, ordo_ty_ptr(p->data_model), (int64_t)p->objects[m].base);
    unsigned main_proc = ordo_add_proc(p, "main"), worker = ordo_add_proc(p, "worker");
    p->main_proc = main_proc;
    unsigned l = p->procs[worker].init_loc;
    then(p, worker, &l, ordo_s_addr(p, ORDO_S_LOCK, m_addr), 10);
    then(p, worker, &l, ordo_s_new(p, ORDO_S_ERROR), 11);
    finish(p, worker, l);
    l = p->procs[main_proc].init_loc;
    then(p, main_proc, &l, ordo_s_addr(p, ORDO_S_LOCK, m_addr), 20);
    then(p, main_proc, &l, ordo_s_thread_start(p, NULL, worker, NULL), 21);
    if (unlock)
        then(p, main_proc, &l, ordo_s_addr(p, ORDO_S_UNLOCK, m_addr), 22);
    finish(p, main_proc, l);
    return p;
}

static cg_outcome verify_with(const ordo_program *p, bool pred, bool allassumes, cg_counters *c)
{
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = pred, .allassumes = allassumes };
    return cegar_verify_replayed(p, &cfg, &z3, c);
}

static cg_outcome verify_in(const ordo_program *p, bool pred, cg_counters *c)
{
    return verify_with(p, pred, false, c);
}

static cg_outcome verify(const ordo_program *p, cg_counters *c)
{
    return verify_in(p, false, c);
}

static void a_held_mutex_blocks(void **state)
{
    (void)state;
    ordo_program *p = held_mutex(false);
    /* after main's lock and start: the worker has no enabled action */
    model_at x;
    open_model(&x, p, -1, 1);
    cg_model *m = &x.m;
    cg_state *s = cg_initial_state(m);
    cg_succs out = { 0 };
    for (int step = 0; step < 2; step++) {
        cg_successors(m, s, &out);
        assert_int_equal(out.n, 1);
        cg_state_free(s);
        s = out.v[0].state;
        out.n = 0;
    }
    assert_int_equal(s->n_threads, 2);
    assert_int_equal(cg_state_mutex_owner(s, p->objects[0].base), 0);
    cg_successors(m, s, &out);
    for (unsigned i = 0; i < out.n; i++)
        assert_int_equal(out.v[i].action.thread, 0);
    cg_succs_clear(&out);
    free(out.v);
    cg_state_free(s);
    close_model(&x);

    cg_counters c;
    cg_outcome o = verify(p, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
    assert_int_equal(c.iterations, 1);
    ordo_program_free(p);
    ordo_program *q = held_mutex(true);
    o = verify(q, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNSAFE);
    ordo_program_free(q);
}

/* main: x := 0; y := 7; assume x == 1; ERROR (x, y globals). */
static ordo_program *spurious(unsigned *x, unsigned *y)
{
    ordo_program *p = ordo_program_new("spurious.c", ORDO_DM_LP64);
    *x = ordo_add_var(p, "x", i32(), -1, 5);
    *y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, assign(p, *x, num(p, 0)), 1);
    then(p, m, &l, assign(p, *y, num(p, 7)), 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, *x), num(p, 1))), 3);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 4);
    finish(p, m, l);
    return p;
}

static void a_spurious_path_tracks_the_core_variables(void **state)
{
    (void)state;
    unsigned x, y;
    ordo_program *p = spurious(&x, &y);
    model_at mx;
    open_model(&mx, p, -1, 1);
    cg_model *m = &mx.m;
    cg_prec *prec = &mx.prec;
    cg_arg arg;
    cg_arg_init(&arg);
    cg_search_stats st = { 0 };
    unsigned error;
    assert_int_equal(cg_search(m, &arg, false, NULL, &st, &error), CG_SEARCH_ERROR);
    cg_action *actions;
    const cg_state **states;
    unsigned n;
    cg_arg_path(&arg, error, &actions, &states, &n);
    assert_int_equal(n, 4);
    ordo_smt_config sc = { .produce_cores = true };
    ordo_smt *smt = ordo_smt_create(&z3, &sc);
    cg_path pf;
    cg_path_encode(&pf, smt, m, p, actions, states, n);
    assert_null(pf.error);
    assert_int_equal(cg_path_check(&pf), ORDO_SMT_UNSAT);
    assert_int_equal(cg_refine_unsat_core(&pf, prec), 1);
    assert_true(prec->vars[x]);
    assert_false(prec->vars[y]);
    assert_int_equal(cg_prec_size(prec), 1);
    cg_path_free(&pf);
    ordo_smt_destroy(smt);
    free(actions);
    free(states);
    cg_arg_free(&arg);
    close_model(&mx);

    cg_counters c;
    cg_outcome o = verify(p, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
    assert_int_equal(c.iterations, 2);
    assert_int_equal(c.precision_size, 1);
    ordo_program_free(p);
}

/* Does e read variable var and nothing else? */
static bool reads_only(const ordo_expr *e, unsigned var)
{
    if (!e)
        return true;
    if (e->kind == ORDO_E_VAR && e->var != var)
        return false;
    if (e->kind == ORDO_E_LOAD)
        return false;
    return reads_only(e->kid[0], var) && reads_only(e->kid[1], var) && reads_only(e->kid[2], var);
}

/* The spurious path x := 0; y := 7; assume x == 1 by sequence
 * interpolation (Horn clauses): the interpolants read x and only x (y
 * plays no part), each atom is a condition on x; EXPL then tracks exactly
 * x and both domains prove the program in a second iteration. */
static void a_sequence_interpolant_reads_the_relevant_variable(void **state)
{
    (void)state;
    unsigned x, y;
    ordo_program *p = spurious(&x, &y);
    model_at mx;
    open_model(&mx, p, -1, 1);
    cg_arg arg;
    cg_arg_init(&arg);
    cg_search_stats st = { 0 };
    unsigned error;
    assert_int_equal(cg_search(&mx.m, &arg, false, NULL, &st, &error), CG_SEARCH_ERROR);
    cg_action *actions;
    const cg_state **states;
    unsigned n;
    cg_arg_path(&arg, error, &actions, &states, &n);
    cg_itp itp;
    cg_itp_request rq = { .solvers = &z3, .m = &mx.m, .shown = p, .p = p };
    assert_null(cg_itp_sequence(&itp, &rq, actions, states, n));
    assert_int_equal(itp.n_vars, 1);
    assert_int_equal(itp.vars[0], x);
    assert_int_equal(itp.n_cells, 0);
    assert_true(itp.n_atoms >= 1);
    for (unsigned i = 0; i < itp.n_atoms; i++) {
        assert_int_equal(itp.atoms[i]->type.kind, ORDO_TY_BOOL);
        assert_true(reads_only(itp.atoms[i], x));
    }
    assert_int_equal(cg_refine_itp(&itp, &mx.prec, p, false), 1);
    assert_true(mx.prec.vars[x]);
    assert_false(mx.prec.vars[y]);
    cg_itp_free(&itp);
    free(actions);
    free(states);
    cg_arg_free(&arg);
    close_model(&mx);
    for (int pred = 0; pred < 2; pred++) {
        cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = pred, .seq_itp = true };
        cg_counters c = { 0 };
        cg_outcome o = cg_verify(p, &cfg, &z3, NULL, &c);
        assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
        assert_int_equal(c.iterations, 2);
    }
    ordo_program_free(p);
}

/* main: y := 7; assume x == 1; ERROR with x's initial value 5 never
 * written: the interpolant after y := 7 must speak of x (its initial
 * value is a place of the cut, as the abstraction sees it, not a
 * constant of the formula), so EXPL tracks exactly x and proves it. */
static void a_sequence_interpolant_keeps_initial_values(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("initial.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 5), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, assign(p, y, num(p, 7)), 1);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, x), num(p, 1))), 2);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 3);
    finish(p, m, l);
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .seq_itp = true };
    cg_counters c = { 0 };
    cg_outcome o = cg_verify(p, &cfg, &z3, NULL, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
    assert_int_equal(c.iterations, 2);
    assert_int_equal(c.precision_size, 1);
    ordo_program_free(p);
}

/* main: havoc x; assume x > 3; assume x < 2; ERROR: EXPL cannot know x. */
static void a_refinement_without_progress_is_unknown(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("stuck.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, x)), 1);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_GT, var(p, x), num(p, 3))), 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, x), num(p, 2))), 3);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 4);
    finish(p, m, l);
    cg_counters c;
    cg_outcome o = verify(p, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNKNOWN);
    assert_non_null(strstr(o.reason, "tracks nothing new"));
    assert_int_equal(c.iterations, 2);
    assert_int_equal(c.precision_size, 1);
    free(o.reason);
    ordo_program_free(p);
}

static void racy_counter_is_unsafe_and_locked_one_safe(void **state)
{
    (void)state;
    cg_counters c;
    ordo_program *p = fixture_counter(false, NULL);
    cg_outcome o = verify(p, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNSAFE);
    ordo_program_free(p);
    p = fixture_counter(true, NULL);
    o = verify(p, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
    assert_true(c.iterations > 1);
    ordo_program_free(p);
}

/* The value a state gives predicate i over globals (-1: unknown). */
static int pred_value(const cg_state *s, unsigned i)
{
    int64_t v;
    return expl_get(s, cg_pred_key(i, CG_NO_THREAD, CG_NO_THREAD), &v) ? (int)v : -1;
}

/* One successor of s, which it replaces; asserts there is exactly one. */
static void step_once(cg_model *m, cg_state **s)
{
    cg_succs out = { 0 };
    cg_successors(m, *s, &out);
    assert_int_equal(out.n, 1);
    cg_state_free(*s);
    *s = out.v[0].state;
    free(out.v);
}

/* main: x := 1; y := x + 1 with the predicates x == 1 and y == 2: each
 * holds once its variable is written (Cartesian abstraction). A predicate
 * the step does not write keeps its value unchecked (the frame rule); the
 * model of the feasibility check shows one polarity of each other one, so
 * only the other polarity needs a check. */
static void pred_transfer_is_cartesian(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("pred.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    then(p, f, &l, assign(p, x, num(p, 1)), 1);
    then(p, f, &l, assign(p, y, bin(p, ORDO_B_ADD, var(p, x), num(p, 1))), 2);
    finish(p, f, l);
    model_at mx;
    open_model(&mx, p, -1, 1);
    cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, x), num(p, 1)));
    cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, y), num(p, 2)));
    assert_int_equal(cg_prec_size(&mx.prec), 2);
    mx.m.smt = ordo_smt_create(&z3, NULL);
    cg_state *s = cg_initial_state(&mx.m);
    assert_int_equal(pred_value(s, 0), 0);
    assert_int_equal(pred_value(s, 1), 0);
    double checks = mx.m.transfer_checks;
    step_once(&mx.m, &s);
    assert_int_equal(pred_value(s, 0), 1);
    assert_int_equal(pred_value(s, 1), 0);
    /* feasibility (its model has x == 1), not x == 1 (unsat); y == 2 is
     * framed */
    assert_int_equal(mx.m.transfer_checks - checks, 2);
    checks = mx.m.transfer_checks;
    step_once(&mx.m, &s);
    assert_int_equal(pred_value(s, 0), 1);
    assert_int_equal(pred_value(s, 1), 1);
    assert_int_equal(mx.m.transfer_checks - checks, 2);
    cg_state_free(s);
    ordo_smt_destroy(mx.m.smt);
    close_model(&mx);
    ordo_program_free(p);
}

/* --arith (arith.h): main: havoc x; y := x + 1; z := x with the predicates y > x and
 * z <= 2147483647, after each step in the arithmetic smt_int says; the
 * values of the two predicates after the last step in *y_gt_x, *z_le_max. */
static void transfer_in(bool smt_int, int *y_gt_x, int *z_le_max)
{
    ordo_program *p = ordo_program_new("t.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned z = ordo_add_var(p, "z", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    then(p, f, &l, ordo_s_havoc(p, ordo_lv_var(p, x)), 1);
    then(p, f, &l, assign(p, y, bin(p, ORDO_B_ADD, var(p, x), num(p, 1))), 2);
    then(p, f, &l, assign(p, z, var(p, x)), 3);
    finish(p, f, l);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    cg_prec_add_pred(&prec, p, bin(p, ORDO_B_GT, var(p, y), var(p, x)));
    cg_prec_add_pred(&prec, p, bin(p, ORDO_B_LE, var(p, z), num(p, 2147483647)));
    cg_model m = cg_model_new(p, ORDO_ARITH_BV, 1);
    m.prec = &prec;
    m.smt_int = smt_int;
    m.smt = ordo_smt_create(&z3, NULL);
    cg_state *s = cg_initial_state(&m);
    for (int i = 0; i < 3; i++)
        step_once(&m, &s);
    *y_gt_x = pred_value(s, 0);
    *z_le_max = pred_value(s, 1);
    cg_state_free(s);
    ordo_smt_destroy(m.smt);
    cg_model_free(&m);
    cg_prec_free(&prec);
    ordo_program_free(p);
}

/* x + 1 > x holds for every x in Int; in bit-vectors x = INT_MAX wraps.
 * z := x where nothing is known of x: z is an int in both (Int: x's range
 * is asserted where the step starts from an unknown value). */
static void pred_transfer_differs_between_int_and_bit_vectors(void **state)
{
    (void)state;
    int y_gt_x, z_le_max;
    transfer_in(true, &y_gt_x, &z_le_max);
    assert_int_equal(y_gt_x, 1);
    assert_int_equal(z_le_max, 1);
    transfer_in(false, &y_gt_x, &z_le_max);
    assert_int_equal(y_gt_x, -1);
    assert_int_equal(z_le_max, 1);
}

/* main: havoc x; z := 5; assume x == 1 with the predicate x == 1: the
 * havoc makes it unknown (the feasibility check's model shows one value,
 * one more check the other); z := 5 neither writes x nor constrains
 * anything, so it stays unknown without a check; the assume, which
 * writes nothing either, constrains: it is checked, and holds. */
static void pred_frame_rule_skips_unwritten_predicates(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("frame.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), z = ordo_add_var(p, "z", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    const ordo_expr *x_is_1 = bin(p, ORDO_B_EQ, var(p, x), num(p, 1));
    then(p, f, &l, ordo_s_havoc(p, ordo_lv_var(p, x)), 1);
    then(p, f, &l, assign(p, z, num(p, 5)), 2);
    then(p, f, &l, ordo_s_assume(p, x_is_1), 3);
    finish(p, f, l);
    model_at mx;
    open_model(&mx, p, -1, 1);
    cg_prec_add_pred(&mx.prec, p, x_is_1);
    mx.m.smt = ordo_smt_create(&z3, NULL);
    cg_state *s = cg_initial_state(&mx.m);
    assert_int_equal(pred_value(s, 0), 0);
    const int value[3] = { -1, -1, 1 }, checks[3] = { 2, 0, 2 };
    for (int i = 0; i < 3; i++) {
        double before = mx.m.transfer_checks;
        step_once(&mx.m, &s);
        assert_int_equal(pred_value(s, 0), value[i]);
        assert_int_equal(mx.m.transfer_checks - before, checks[i]);
    }
    cg_state_free(s);
    ordo_smt_destroy(mx.m.smt);
    close_model(&mx);
    ordo_program_free(p);
}

/* main: t := g; assume t == 0; g := 5 (t main's local, g a global) with
 * the predicates t == 0 and g == 0. After the assume no path reads t
 * again (live.h): the instance of t == 0 is forgotten without a check,
 * where before it kept its value to the end; g == 0 is framed by the
 * assume and checked after g := 5. Values after each step and checks. */
static void pred_forgets_predicates_over_dead_locals(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("dead.c", ORDO_DM_LP64);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    unsigned t = ordo_add_var(p, "t", i32(), (int)f, 0);
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    const ordo_expr *t_is_0 = bin(p, ORDO_B_EQ, var(p, t), num(p, 0));
    then(p, f, &l, assign(p, t, var(p, g)), 1);
    then(p, f, &l, ordo_s_assume(p, t_is_0), 2);
    then(p, f, &l, assign(p, g, num(p, 5)), 3);
    finish(p, f, l);
    model_at mx;
    open_model(&mx, p, -1, 1);
    cg_prec_add_pred(&mx.prec, p, t_is_0);
    cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, g), num(p, 0)));
    mx.m.smt = ordo_smt_create(&z3, NULL);
    cg_state *s = cg_initial_state(&mx.m);
    uint64_t t_key = cg_pred_key(0, 0, CG_NO_THREAD);
    int64_t v;
    /* t == 0 after t := g (t live), unknown once t is dead */
    const int t_value[3] = { 1, -1, -1 }, g_value[3] = { 1, 1, 0 }, checks[3] = { 2, 1, 2 };
    for (int i = 0; i < 3; i++) {
        double before = mx.m.transfer_checks;
        step_once(&mx.m, &s);
        assert_int_equal(expl_get(s, t_key, &v) ? (int)v : -1, t_value[i]);
        assert_int_equal(pred_value(s, 1), g_value[i]);
        assert_int_equal(mx.m.transfer_checks - before, checks[i]);
    }
    cg_state_free(s);
    ordo_smt_destroy(mx.m.smt);
    close_model(&mx);
    ordo_program_free(p);
}

/* The successor of thread t among s's successors (moved to *out, the
 * others freed); asserts there is one. */
static cg_state *successor_of(cg_model *m, const cg_state *s, unsigned t)
{
    cg_succs out = { 0 };
    cg_successors(m, s, &out);
    cg_state *found = NULL;
    for (unsigned i = 0; i < out.n; i++)
        if (out.v[i].action.thread == t && !found)
            found = out.v[i].state;
        else
            cg_state_free(out.v[i].state);
    free(out.v);
    assert_non_null(found);
    return found;
}

/* main: start worker; a := 1; [a == 1]. worker: w := w_value. The
 * predicate a == 1, and w == 1 if pred_on_w. After the start, the
 * successors of both threads take first_checks checks; main's a := 1
 * after the worker's step then takes none: the cache (pred_cache.h)
 * answers. Under DCOI too (a no-op for the worker's w := 0, which nobody
 * reads): the key names the instances the checks decide. */
static void main_step_after_worker_is_cached(int w_value, bool pred_on_w, unsigned first_checks,
                                             bool dcoi)
{
    ordo_program *p = ordo_program_new("cache.c", ORDO_DM_LP64);
    unsigned a = ordo_add_var(p, "a", i32(), -1, 0), w = ordo_add_var(p, "w", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main"), g = ordo_add_proc(p, "worker");
    p->main_proc = f;
    unsigned t = ordo_add_var(p, "t", i32(), (int)f, 0);
    unsigned l = p->procs[g].init_loc;
    then(p, g, &l, assign(p, w, num(p, w_value)), 10);
    finish(p, g, l);
    ordo_lvalue lv = ordo_lv_var(p, t);
    const ordo_expr *a_is_1 = bin(p, ORDO_B_EQ, var(p, a), num(p, 1));
    l = p->procs[f].init_loc;
    then(p, f, &l, ordo_s_thread_start(p, &lv, g, NULL), 20);
    then(p, f, &l, assign(p, a, num(p, 1)), 21);
    then(p, f, &l, ordo_s_assume(p, a_is_1), 22);
    finish(p, f, l);
    model_at mx;
    open_model(&mx, p, -1, 1);
    cg_prec_add_pred(&mx.prec, p, a_is_1);
    if (pred_on_w)
        cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, w), num(p, 1)));
    if (dcoi) {
        mx.m.coi = cg_coi_new(p);
        cg_coi_set_precision(mx.m.coi, &mx.prec);
    }
    mx.m.smt = ordo_smt_create(&z3, NULL);
    cg_state *s = cg_initial_state(&mx.m);
    step_once(&mx.m, &s); /* the start */
    double checks = mx.m.transfer_checks;
    cg_state *worker_moved = successor_of(&mx.m, s, 1);
    assert_int_equal(mx.m.transfer_checks - checks, first_checks);
    checks = mx.m.transfer_checks;
    cg_state *after = successor_of(&mx.m, worker_moved, 0);
    assert_int_equal(mx.m.transfer_checks - checks, 0);
    assert_int_equal(pred_value(after, 0), 1);
    assert_int_equal(pred_value(worker_moved, 0), 0);
    if (pred_on_w)
        assert_int_equal(pred_value(after, 1), w_value == 1);
    cg_state_free(after);
    cg_state_free(worker_moved);
    cg_state_free(s);
    ordo_smt_destroy(mx.m.smt);
    cg_coi_free(mx.m.coi);
    close_model(&mx);
    ordo_program_free(p);
}

/* Worker w := 0, no predicate over w: main's a := 1 needs two checks
 * (feasibility, whose model has a == 1, and a != 1: unsat); the worker's
 * step none (the frame rule). After the worker's step the data state is
 * the same and main takes the same action. */
static void pred_transfer_cache_skips_a_repeated_data_state(void **state)
{
    (void)state;
    main_step_after_worker_is_cached(0, false, 2, false);
}

static void pred_transfer_cache_works_under_dcoi(void **state)
{
    (void)state;
    main_step_after_worker_is_cached(0, false, 2, true);
}

/* Worker w := 1, predicate w == 1: both steps need two checks. Main's
 * a := 1 reads and writes only a: the fact w == 1, which the worker's
 * step makes hold, shares no place with it (pred_slice.h), so main asks
 * the same questions from the same relevant facts (2 checks when the
 * whole data state was the key). */
static void pred_transfer_cache_ignores_unrelated_facts(void **state)
{
    (void)state;
    main_step_after_worker_is_cached(1, true, 4, false);
}

/* main: a := 1, predicate a == 1, taken twice from the initial state
 * with b == 1 (b never written) added between the two (a refinement);
 * asserts the checks of each round. */
static void a_is_1_twice(bool cache_off, const unsigned checks[2])
{
    ordo_program *p = ordo_program_new("kept.c", ORDO_DM_LP64);
    unsigned a = ordo_add_var(p, "a", i32(), -1, 0), b = ordo_add_var(p, "b", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    then(p, f, &l, assign(p, a, num(p, 1)), 1);
    finish(p, f, l);
    model_at mx;
    open_model(&mx, p, -1, 1);
    mx.m.no_pred_cache = cache_off;
    cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, a), num(p, 1)));
    mx.m.smt = ordo_smt_create(&z3, NULL);
    for (unsigned round = 0; round < 2; round++) {
        cg_state *s = cg_initial_state(&mx.m);
        double before = mx.m.transfer_checks;
        step_once(&mx.m, &s);
        assert_int_equal(mx.m.transfer_checks - before, checks[round]);
        assert_int_equal(pred_value(s, 0), 1);
        cg_state_free(s);
        cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, b), num(p, 1)));
    }
    ordo_smt_destroy(mx.m.smt);
    close_model(&mx);
    ordo_program_free(p);
}

/* The first round needs 2 checks (feasibility, a != 1). The cache kept
 * over the refinement answers the same step at the larger precision: its
 * relevant facts and open instances are the same, the new predicate
 * keeps its initial value. */
static void pred_transfer_cache_outlives_a_refinement(void **state)
{
    (void)state;
    a_is_1_twice(false, (const unsigned[2]){ 2, 0 });
}

/* --transfer-cache off (the ablation): both rounds ask the solver. */
static void pred_transfer_cache_off_asks_every_time(void **state)
{
    (void)state;
    a_is_1_twice(true, (const unsigned[2]){ 2, 2 });
}

/* The facts an action's checks depend on (pred_slice.h) are those
 * connected to its places through shared variables: for x := a and the
 * facts a == b, b == 1, c == 1 (and the explicit value of c), the first
 * two (a, then b through a == b), not those over c alone. */
static void pred_relevant_facts_follow_shared_variables(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("relevant.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), a = ordo_add_var(p, "a", i32(), -1, 0);
    unsigned b = ordo_add_var(p, "b", i32(), -1, 0), c = ordo_add_var(p, "c", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    model_at mx;
    open_model(&mx, p, -1, 1);
    cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, c), num(p, 1)));
    cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, b), num(p, 1)));
    cg_prec_add_pred(&mx.prec, p, bin(p, ORDO_B_EQ, var(p, a), var(p, b)));
    cg_state s = { 0 };
    for (unsigned i = 0; i < 3; i++)
        expl_set(&s, cg_pred_key(i, CG_NO_THREAD, CG_NO_THREAD), 1);
    expl_set(&s, cg_var_key(0, c), 1);
    ordo_stmt *st = ordo_s_assign(p, ordo_lv_var(p, x), var(p, a));
    bool keep[4];
    cg_pred_relevant(&mx.m, &s, st, NULL, 0, keep);
    assert_int_equal(s.n_vals, 4); /* sorted by key: the predicates, then c */
    assert_false(keep[0]);
    assert_true(keep[1]);
    assert_true(keep[2]);
    assert_false(keep[3]);
    free(s.vals);
    close_model(&mx);
    ordo_program_free(p);
}

/* The spurious path of a_spurious_path_tracks_the_core_variables: PRED
 * learns x == 1 (the weakest precondition through x := 0 is a constant,
 * no predicate) and then proves the program. */
static void pred_refinement_adds_the_condition(void **state)
{
    (void)state;
    unsigned x, y;
    ordo_program *p = spurious(&x, &y);
    cg_counters c;
    cg_outcome o = verify_in(p, true, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
    assert_int_equal(c.iterations, 2);
    assert_int_equal(c.precision_size, 1);
    assert_true(c.transfer_checks > 0);
    ordo_program_free(p);
}

/* --initprec allassumes: the guard's atom x == 1 is a predicate from the
 * start (EXPL: x is tracked), so the first ARG is the proof. */
static void allassumes_needs_no_refinement(void **state)
{
    (void)state;
    unsigned x, y;
    ordo_program *p = spurious(&x, &y);
    for (int pred = 0; pred < 2; pred++) {
        cg_counters c;
        cg_outcome o = verify_with(p, pred, true, &c);
        assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
        assert_int_equal(c.iterations, 1);
        assert_int_equal(c.precision_size, 1);
    }
    ordo_program_free(p);
}

static void pred_verdicts_on_the_counter(void **state)
{
    (void)state;
    cg_counters c;
    ordo_program *p = fixture_counter(false, NULL);
    assert_int_equal(verify_in(p, true, &c).verdict, ORDO_VERDICT_UNSAFE);
    ordo_program_free(p);
    p = fixture_counter(true, NULL);
    assert_int_equal(verify_in(p, true, &c).verdict, ORDO_VERDICT_SAFE);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(havoc_maxenum_1_gives_one_unknown_successor),
        cmocka_unit_test(havoc_maxenum_2_enumerates_both_values),
        cmocka_unit_test(coverage_closes_a_loop),
        cmocka_unit_test(a_held_mutex_blocks),
        cmocka_unit_test(a_spurious_path_tracks_the_core_variables),
        cmocka_unit_test(a_refinement_without_progress_is_unknown),
        cmocka_unit_test(a_sequence_interpolant_reads_the_relevant_variable),
        cmocka_unit_test(a_sequence_interpolant_keeps_initial_values),
        cmocka_unit_test(racy_counter_is_unsafe_and_locked_one_safe),
        cmocka_unit_test(pred_transfer_is_cartesian),
        cmocka_unit_test(pred_transfer_differs_between_int_and_bit_vectors),
        cmocka_unit_test(pred_frame_rule_skips_unwritten_predicates),
        cmocka_unit_test(pred_forgets_predicates_over_dead_locals),
        cmocka_unit_test(pred_transfer_cache_skips_a_repeated_data_state),
        cmocka_unit_test(pred_transfer_cache_works_under_dcoi),
        cmocka_unit_test(pred_transfer_cache_ignores_unrelated_facts),
        cmocka_unit_test(pred_transfer_cache_outlives_a_refinement),
        cmocka_unit_test(pred_transfer_cache_off_asks_every_time),
        cmocka_unit_test(pred_relevant_facts_follow_shared_variables),
        cmocka_unit_test(pred_refinement_adds_the_condition),
        cmocka_unit_test(pred_verdicts_on_the_counter),
        cmocka_unit_test(allassumes_needs_no_refinement),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
