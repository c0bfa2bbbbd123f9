/* Unit tests of the cegar engine's thread pools (--thread-pools on,
 * engines/cegar/pool.h): two identical anonymous threads merge into one
 * pool entry (exact thread and pool counts), a pool member's step has
 * its two successors, an abstract path through a pool is taken by
 * concrete threads (or is infeasible in its control), a program that creates threads in a loop is proved
 * (without pools its ARG has no bound) and its unsafe variant gives a
 * replayed counterexample, and the option is refused with SPOR. A loop
 * of 10000 thread creations is proved with counter-free refinement
 * (refine_loops.h: no loop-counter predicate), and its racing twin is
 * not. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/host.h>
#include <ordo/ir_build.h>
#include <ordo/trace.h>

#include "../../engines/cegar/cegar.h"
#include "../../engines/cegar/pool.h"
#include "../support/cegar_verify.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

static ordo_solver_factory z3;

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

/* A program of global c, mutex m and worker: [lock m;] tmp := c;
 * c := tmp + 1; [c := tmp;] [unlock m] (the lock and unlock when locked,
 * the restore when restores), with an empty main (procedure 0) for the
 * caller to build; *m_addr is m's address. */
static ordo_program *with_worker(const char *file, bool locked, bool restores, unsigned *c,
                                 const ordo_expr **m_addr, unsigned *w)
{
    ordo_program *p = ordo_program_new(file, ORDO_DM_LP64);
    *c = ordo_add_var(p, "c", i32(), -1, 0);
    unsigned m = ordo_add_object(p, "m", 1, -1);
    *m_addr = ordo_e_const(p, ordo_ty_ptr(p->data_model), (int64_t)p->objects[m].base);
    p->main_proc = ordo_add_proc(p, "main");
    *w = ordo_add_proc(p, "worker");
    unsigned tmp = ordo_add_var(p, "tmp", i32(), (int)*w, 0);
    unsigned l = p->procs[*w].init_loc;
    if (locked)
        then(p, *w, &l, ordo_s_addr(p, ORDO_S_LOCK, *m_addr), 10);
    then(p, *w, &l, assign(p, tmp, var(p, *c)), 11);
    then(p, *w, &l, assign(p, *c, bin(p, ORDO_B_ADD, var(p, tmp), num(p, 1))), 12);
    if (restores)
        then(p, *w, &l, assign(p, *c, var(p, tmp)), 13);
    if (locked)
        then(p, *w, &l, ordo_s_addr(p, ORDO_S_UNLOCK, *m_addr), 14);
    finish(p, *w, l);
    return p;
}

/* main: while (nondet) id := start worker; lock m; assume bad(c); ERROR.
 * Safe: the worker locks and restores c, and bad(c) is c != 0, which no
 * number of workers reaches. Unsafe: the worker keeps its increment,
 * bad(c) is c > 2 (three workers). */
static ordo_program *counting_workers(bool unsafe, unsigned *id_var)
{
    unsigned c, w;
    const ordo_expr *m_addr;
    ordo_program *p = with_worker("pool.c", true, !unsafe, &c, &m_addr, &w);
    unsigned more = ordo_add_var(p, "more", i32(), 0, 0);
    unsigned id = ordo_add_var(p, "id", i32(), 0, 0);
    ordo_lvalue id_lv = ordo_lv_var(p, id);
    unsigned head = p->procs[0].init_loc;
    then(p, 0, &head, ordo_s_havoc(p, ordo_lv_var(p, more)), 20);
    unsigned body = head, out = head;
    then(p, 0, &body, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, more), num(p, 0))), 21);
    ordo_add_edge(p, 0, body, p->procs[0].init_loc, ordo_s_thread_start(p, &id_lv, w, NULL));
    then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, more), num(p, 0))), 21);
    then(p, 0, &out, ordo_s_addr(p, ORDO_S_LOCK, m_addr), 22);
    ordo_binop bad = unsafe ? ORDO_B_GT : ORDO_B_NE;
    then(p, 0, &out, ordo_s_assume(p, bin(p, bad, var(p, c), num(p, unsafe ? 2 : 0))), 23);
    then(p, 0, &out, ordo_s_new(p, ORDO_S_ERROR), 24);
    finish(p, 0, out);
    if (id_var)
        *id_var = id;
    return p;
}

/* The verdict on counting_workers(unsafe) with pools (an UNSAFE is
 * replayed: cegar_verify.h), and the reason (malloc'ed, or NULL). */
static ordo_verdict verify(bool unsafe, cg_por_kind por, cg_counters *c, char **reason)
{
    ordo_program *p = counting_workers(unsafe, NULL);
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = true, .scoi = true,
                      .por = por, .thread_pools = true };
    cg_outcome o = cegar_verify_replayed(p, &cfg, &z3, c);
    ordo_program_free(p);
    *reason = o.reason;
    return o.verdict;
}

static void loop_of_workers_proved(void **state)
{
    (void)state;
    cg_counters c;
    char *reason;
    assert_int_equal(verify(false, CG_NOPOR, &c, &reason), ORDO_VERDICT_SAFE);
    assert_true(c.pool_merges > 0);
    free(reason);
}

static void loop_of_workers_violation_replayed(void **state)
{
    (void)state;
    cg_counters c;
    char *reason;
    assert_int_equal(verify(true, CG_NOPOR, &c, &reason), ORDO_VERDICT_UNSAFE);
    assert_true(c.pool_merges > 0);
    free(reason);
}

static void refused_with_spor(void **state)
{
    (void)state;
    cg_counters c;
    char *reason;
    assert_int_equal(verify(false, CG_SPOR, &c, &reason), ORDO_VERDICT_UNSUPPORTED);
    assert_string_equal(reason, "unsupported: --thread-pools on needs --por nopor, --coi none "
                                "or scoi and --prune full (cegar)");
    free(reason);
}

/* main: for (i = 0; i < 10000; i++) start worker; lock m; assume c != 0;
 * ERROR. The worker restores c, under m unless racing (then main can meet
 * c == 1). */
static ordo_program *creation_loop(bool racing)
{
    unsigned c, w;
    const ordo_expr *m_addr;
    ordo_program *p = with_worker("loop.c", !racing, true, &c, &m_addr, &w);
    unsigned i = ordo_add_var(p, "i", i32(), 0, 0);
    unsigned head = p->procs[0].init_loc;
    then(p, 0, &head, assign(p, i, num(p, 0)), 20);
    unsigned body = head, out = head;
    then(p, 0, &body, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, i), num(p, 10000))), 21);
    then(p, 0, &body, ordo_s_thread_start(p, NULL, w, NULL), 22);
    ordo_add_edge(p, 0, body, head, assign(p, i, bin(p, ORDO_B_ADD, var(p, i), num(p, 1))));
    then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_GE, var(p, i), num(p, 10000))), 21);
    then(p, 0, &out, ordo_s_addr(p, ORDO_S_LOCK, m_addr), 23);
    then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, c), num(p, 0))), 24);
    then(p, 0, &out, ordo_s_new(p, ORDO_S_ERROR), 25);
    finish(p, 0, out);
    return p;
}

static ordo_verdict verify_creation_loop(bool racing, cg_counters *c)
{
    ordo_program *p = creation_loop(racing);
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = true, .scoi = true,
                      .thread_pools = true, .relax_loops = true };
    cg_outcome o = cegar_verify_replayed(p, &cfg, &z3, c);
    ordo_program_free(p);
    free(o.reason);
    return o.verdict;
}

/* Refined by its data (c == 0, tmp == c, ...), never by i: a core with
 * the loop's guard was i := 0; i >= 10000, one predicate i + k < 10000
 * per iteration. */
static void creation_loop_proved_without_counter_predicates(void **state)
{
    (void)state;
    cg_counters c;
    assert_int_equal(verify_creation_loop(false, &c), ORDO_VERDICT_SAFE);
    assert_int_equal(c.iterations, 3);
    assert_int_equal(c.relaxed_cores, 2);
    assert_true(c.pool_merges > 0);
}

/* Its violation needs the loop's 10000 iterations: never proved (within
 * 2 s of CPU time, UNSAFE replayed or UNKNOWN). */
static void racing_creation_loop_not_proved(void **state)
{
    (void)state;
    ordo_program *p = creation_loop(true);
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = true, .scoi = true,
                      .thread_pools = true, .relax_loops = true };
    ordo_deadline d;
    ordo_deadline_start(&d, 2, 0);
    cg_counters c = { 0 };
    cg_outcome o = cg_verify(p, &cfg, &z3, &d, &c);
    assert_true(o.verdict == ORDO_VERDICT_UNKNOWN || o.verdict == ORDO_VERDICT_UNSAFE);
    char *why = NULL;
    if (o.verdict == ORDO_VERDICT_UNSAFE && !ordo_trace_replay(p, o.trace, &why))
        fail_msg("counterexample does not replay: %s", why);
    ordo_trace_free(o.trace);
    free(o.reason);
    ordo_program_free(p);
}

/* ---- the transfer with pools (EXPL, tracking main's id) ---------------- */

#define MAX_STEPS 32
#define ANY_LOC (~0u)

typedef struct {
    ordo_program *p;
    cg_loops *loops;
    cg_model m;
    cg_prec prec;
    unsigned id;
    cg_succs succs;
    /* an abstract path from the initial state: n actions, n + 1 states */
    unsigned n;
    cg_action actions[MAX_STEPS];
    cg_state *states[MAX_STEPS + 1];
} pool_model;

static void open_pools(pool_model *x)
{
    x->p = counting_workers(false, &x->id);
    x->m = cg_model_new(x->p, ORDO_ARITH_BV, 1);
    cg_prec_init(&x->prec, x->p->n_vars);
    cg_prec_add_var(&x->prec, x->id);
    x->m.prec = &x->prec;
    x->loops = cg_loops_new(x->p);
    x->m.pools = cg_pools_new(x->loops, 0);
    x->succs = (cg_succs){ 0 };
    x->n = 0;
    x->states[0] = cg_initial_state(&x->m);
}

static void close_pools(pool_model *x)
{
    for (unsigned i = 0; i <= x->n; i++)
        cg_state_free(x->states[i]);
    cg_succs_clear(&x->succs);
    free(x->succs.v);
    cg_pools_free(x->m.pools);
    cg_loops_free(x->loops);
    cg_prec_free(&x->prec);
    cg_model_free(&x->m);
    ordo_program_free(x->p);
}

/* The successor of s by thread t's edge to location `to` (or ANY_LOC)
 * and pool step kind: a copy the caller frees; *a its action. */
static cg_state *step_by(pool_model *x, const cg_state *s, unsigned t, unsigned to,
                         cg_pool_step kind, cg_action *a)
{
    cg_succs_clear(&x->succs);
    cg_successors(&x->m, s, &x->succs);
    cg_state *found = NULL;
    for (unsigned i = 0; i < x->succs.n; i++) {
        const cg_succ *c = &x->succs.v[i];
        const ordo_edge *e = &x->p->procs[s->threads[t].proc].edges[c->action.edge];
        if (c->action.thread == t && (to == ANY_LOC || e->to == to) && c->action.pool == kind) {
            assert_null(found);
            found = cg_state_copy(c->state);
            *a = c->action;
        }
    }
    assert_non_null(found);
    return found;
}

static cg_state *step(pool_model *x, const cg_state *s, unsigned t, unsigned to, cg_pool_step kind)
{
    cg_action a;
    return step_by(x, s, t, to, kind, &a);
}

/* The path goes on by that step; returns its new last state. */
static const cg_state *go(pool_model *x, unsigned t, unsigned to, cg_pool_step kind)
{
    assert_true(x->n < MAX_STEPS);
    x->states[x->n + 1] = step_by(x, x->states[x->n], t, to, kind, &x->actions[x->n]);
    return x->states[++x->n];
}

/* Main's edge of statement kind k. */
static const ordo_edge *main_edge(const ordo_program *p, ordo_stmt_kind k)
{
    for (unsigned e = 0; e < p->procs[0].n_edges; e++)
        if (p->procs[0].edges[e].stmt->kind == k)
            return &p->procs[0].edges[e];
    fail();
    return NULL;
}

/* Main's loop body twice on the path: the second worker merges into the
 * first; returns the last state (the path's). */
static const cg_state *two_workers(pool_model *x)
{
    const ordo_edge *havoc = main_edge(x->p, ORDO_S_HAVOC);
    const ordo_edge *start = main_edge(x->p, ORDO_S_THREAD_START);
    const cg_state *s = NULL;
    for (int k = 0; k < 2; k++) {
        go(x, 0, havoc->to, CG_POOL_NONE);
        go(x, 0, start->from, CG_POOL_NONE); /* more != 0 */
        s = go(x, 0, start->to, CG_POOL_NONE);
    }
    return s;
}

static void identical_workers_merge_into_one_pool(void **state)
{
    (void)state;
    pool_model x;
    open_pools(&x);
    const cg_state *s = two_workers(&x);
    assert_int_equal(s->n_threads, 2);
    assert_false(s->threads[0].pool);
    assert_true(s->threads[1].pool);
    assert_true(s->threads[1].anon);
    assert_int_equal(s->threads[1].loc, x.p->procs[1].init_loc);
    int64_t id;
    assert_false(expl_get(s, cg_var_key(0, x.id), &id)); /* a pool's id is unknown */
    assert_int_equal(cg_pools_merges(x.m.pools), 1);
    close_pools(&x);
}

static void pool_member_step_has_two_successors(void **state)
{
    (void)state;
    pool_model x;
    open_pools(&x);
    const cg_state *s = two_workers(&x);
    unsigned locked = x.p->procs[1].edges[0].to;
    cg_state *last = step(&x, s, 1, locked, CG_POOL_LAST);
    assert_int_equal(last->n_threads, 2);
    assert_false(last->threads[1].pool);
    assert_int_equal(last->threads[1].loc, locked);
    assert_int_equal(cg_state_mutex_owner(last, x.p->objects[0].base), 1);
    cg_state *member = step(&x, s, 1, locked, CG_POOL_MEMBER);
    assert_int_equal(member->n_threads, 3);
    assert_true(member->threads[1].pool);
    assert_int_equal(member->threads[1].loc, x.p->procs[1].init_loc);
    assert_false(member->threads[2].pool);
    assert_int_equal(member->threads[2].loc, locked);
    assert_int_equal(cg_state_mutex_owner(member, x.p->objects[0].base), 2);
    cg_state_free(member);
    cg_state_free(last);
    close_pools(&x);
}

/* A pool member locks, increments, restores and unlocks: the split-off
 * single entry, m's owner (anonymous entries are kept sorted, so its
 * number changes). */
static void member_round(pool_model *x)
{
    go(x, 1, ANY_LOC, CG_POOL_MEMBER);
    for (int k = 0; k < 4; k++) {
        int owner = cg_state_mutex_owner(x->states[x->n], x->p->objects[0].base);
        assert_true(owner > 1);
        go(x, (unsigned)owner, ANY_LOC, CG_POOL_NONE);
    }
}

static void free_concrete(cg_action *actions, cg_state **states, unsigned n)
{
    for (unsigned i = 0; i <= n; i++)
        cg_state_free(states[i]);
    free(states);
    free(actions);
}

/* Two workers created, then two members' rounds. */
static void two_rounds(pool_model *x)
{
    open_pools(x);
    two_workers(x);
    member_round(x);
    member_round(x);
}

/* Two workers were created: a pool's step is taken by its earliest
 * created member left; a third is infeasible in its control alone. */
static void concrete_path_through_a_pool(void **state)
{
    (void)state;
    pool_model x;
    two_rounds(&x);
    cg_action *ca;
    cg_state **cs;
    const cg_state *const *path = (const cg_state *const *)x.states;
    assert_null(cg_pool_concretize(x.p, x.actions, path, x.n, &ca, &cs));
    assert_int_equal(ca[6].thread, 1);   /* the first member's lock */
    assert_int_equal(ca[7].thread, 1);
    assert_int_equal(ca[11].thread, 2);  /* the second member's lock */
    assert_int_equal(ca[12].thread, 2);
    assert_int_equal(cs[x.n]->n_threads, 3);
    assert_int_equal(cg_state_mutex_owner(cs[7], x.p->objects[0].base), 1);
    free_concrete(ca, cs, x.n);
    go(&x, 1, ANY_LOC, CG_POOL_LAST);
    assert_string_equal(cg_pool_concretize(x.p, x.actions, path, x.n, &ca, &cs),
                        "no thread of a pool is left to take a step");
    free_concrete(ca, cs, x.n);
    close_pools(&x);
}

/* The second member's split-off entry (at the lock) is sorted before the
 * first member's (after its unlock): anonymous entries are ordered by
 * location, so that the order threads took does not tell states apart. */
static void anonymous_entries_sorted(void **state)
{
    (void)state;
    pool_model x;
    two_rounds(&x);
    const cg_state *s = x.states[12]; /* after the second member's lock */
    unsigned locked = x.p->procs[1].edges[0].to;
    assert_int_equal(s->n_threads, 4);
    assert_true(s->threads[1].pool);
    assert_int_equal(s->threads[2].loc, locked);
    assert_int_equal(cg_state_mutex_owner(s, x.p->objects[0].base), 2);
    assert_true(s->threads[2].loc < s->threads[3].loc);
    assert_int_equal(s->n_merges, 1); /* one exchange */
    close_pools(&x);
}

/* With clones: the second member's split leaves a copy of it (thread 3)
 * in the pool, which then takes the third member's step. */
static void concrete_path_through_a_pool_with_a_clone(void **state)
{
    (void)state;
    pool_model x;
    two_rounds(&x);
    go(&x, 1, ANY_LOC, CG_POOL_LAST);
    cg_action *ca;
    cg_state **cs;
    int *clone_of;
    const cg_state *const *path = (const cg_state *const *)x.states;
    assert_null(cg_pool_concretize_cloning(x.p, x.actions, path, x.n, &ca, &cs, &clone_of));
    for (unsigned i = 0; i < x.n; i++)
        assert_int_equal(clone_of[i], i == 11 ? 2 : -1);
    assert_int_equal(ca[11].thread, 2);
    assert_int_equal(ca[x.n - 1].thread, 3);
    assert_int_equal(cs[x.n]->n_threads, 4);
    free(clone_of);
    free_concrete(ca, cs, x.n);
    close_pools(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identical_workers_merge_into_one_pool),
        cmocka_unit_test(pool_member_step_has_two_successors),
        cmocka_unit_test(concrete_path_through_a_pool),
        cmocka_unit_test(concrete_path_through_a_pool_with_a_clone),
        cmocka_unit_test(anonymous_entries_sorted),
        cmocka_unit_test(loop_of_workers_proved),
        cmocka_unit_test(loop_of_workers_violation_replayed),
        cmocka_unit_test(refused_with_spor),
        cmocka_unit_test(creation_loop_proved_without_counter_predicates),
        cmocka_unit_test(racing_creation_loop_not_proved),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
