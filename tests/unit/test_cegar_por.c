/* Unit tests of the cegar engine's partial-order reduction (thesis
 * Chapter 3): D_S and D_Π on Example 4's actions, Algorithm 1's exact
 * source sets on the Figure 3.1 and 3.2 programs, the actions that can
 * block (issue 30 item 4: assume, lock, join), the cycle and coverage
 * proviso (item 5: the error needs the postponed thread), an atomic
 * section that blocks inside, the invariant that AASPOR's source set is
 * a subset of SPOR's, and source sets over DCOI's simplified actions
 * (Chapter 4, issue 31 item 6). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/ir_build.h>

#include "../../engines/cegar/coi.h"
#include "../../engines/cegar/pred.h"
#include "../../engines/cegar/por_source.h"
#include "../../engines/cegar/search.h"
#include "ir_fixtures.h"

/* A program with globals x, y, z, flag and a main that ends at once;
 * threads are added as procedures whose statements form a chain. */
typedef struct {
    ordo_program *p;
    unsigned x, y, z, flag;
} program;

static program new_program(void)
{
    program g = { .p = ordo_program_new("por.c", ORDO_DM_LP64) };
    g.x = ordo_add_var(g.p, "x", i32(), -1, 0);
    g.y = ordo_add_var(g.p, "y", i32(), -1, 0);
    g.z = ordo_add_var(g.p, "z", i32(), -1, 0);
    g.flag = ordo_add_var(g.p, "flag", i32(), -1, 0);
    g.p->main_proc = ordo_add_proc(g.p, "main");
    finish(g.p, g.p->main_proc, g.p->procs[g.p->main_proc].init_loc);
    return g;
}

/* A procedure running s[0], ..., s[n-1], then ending. */
static unsigned thread_proc(program *g, const char *name, ordo_stmt *const *s, unsigned n)
{
    unsigned f = ordo_add_proc(g->p, name), l = g->p->procs[f].init_loc;
    for (unsigned i = 0; i < n; i++)
        then(g->p, f, &l, s[i], i + 1);
    finish(g->p, f, l);
    return f;
}

static const ordo_expr *plus(program *g, unsigned v, int64_t k)
{
    return bin(g->p, ORDO_B_ADD, var(g->p, v), num(g->p, k));
}

/* The model of p with precision prec, and its two reductions. */
typedef struct {
    cg_model m;
    cg_prec prec;
    cg_por spor, aaspor;
} fixture;

static void open_fixture(fixture *x, const ordo_program *p)
{
    x->m = cg_model_new(p, ORDO_ARITH_BV, 1);
    cg_prec_init(&x->prec, p->n_vars);
    x->m.prec = &x->prec;
    cg_por_init(&x->spor, p, false);
    cg_por_init(&x->aaspor, p, true);
}

static void close_fixture(fixture *x)
{
    cg_por_free(&x->spor);
    cg_por_free(&x->aaspor);
    cg_prec_free(&x->prec);
    cg_model_free(&x->m);
}

static void use_precision(fixture *x)
{
    cg_por_set_precision(&x->spor, &x->prec);
    cg_por_set_precision(&x->aaspor, &x->prec);
}

/* The initial state with main ended and the threads of procs[] started
 * (ids 1, 2, ...), each at its initial location. */
static cg_state *threads_started(fixture *x, const unsigned *procs, unsigned n)
{
    cg_state *s = cg_initial_state(&x->m);
    s->threads[0].done = true;
    for (unsigned i = 0; i < n; i++)
        cg_state_add_thread(s, procs[i], x->m.p->procs[procs[i]].init_loc);
    return s;
}

/* Algorithm 1's set for the seed as a bit mask of thread ids. */
static unsigned source_set(cg_por *por, const cg_model *m, const cg_state *s, unsigned seed)
{
    bool in_set[16] = { 0 };
    cg_por_source_set(por, m, s, seed, in_set);
    unsigned mask = 0;
    for (unsigned t = 0; t < s->n_threads; t++)
        mask |= (unsigned)in_set[t] << t;
    return mask;
}

/* ---- D_S and D_Π (Definition 5, Example 4) ----------------------------- */

static void example4_dependency_depends_on_the_precision(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    ordo_stmt *write[] = { assign(p, g.x, num(p, 1)) };
    ordo_stmt *guard[] = { ordo_s_assume(p, bin(p, ORDO_B_GT, var(p, g.x), num(p, 0))) };
    unsigned a = thread_proc(&g, "a", write, 1), b = thread_proc(&g, "b", guard, 1);
    por_tables t;
    por_tables_init(&t, p);
    const por_summary *x1 = &t.edge[a][0], *gt = &t.edge[b][0];
    uint64_t mask[8];
    assert_true(t.words <= 8);
    /* D_S: both use x, one writes it. */
    assert_true(por_dependent(&t, x1, gt, NULL));
    assert_true(por_dependent(&t, gt, x1, NULL));
    cg_prec pi;
    /* Π = {x < y, z = 1}: x is tracked, dependent. */
    cg_prec_init(&pi, p->n_vars);
    cg_prec_add_pred(&pi, p, bin(p, ORDO_B_LT, var(p, g.x), var(p, g.y)));
    cg_prec_add_pred(&pi, p, bin(p, ORDO_B_EQ, var(p, g.z), num(p, 1)));
    por_tracked_places(&t, &pi, mask);
    assert_true(por_dependent(&t, x1, gt, mask));
    assert_true(por_dependent(&t, gt, x1, mask));
    cg_prec_free(&pi);
    /* Π = {0 < y, z = 1}: x is ignored, independent. */
    cg_prec_init(&pi, p->n_vars);
    cg_prec_add_pred(&pi, p, bin(p, ORDO_B_LT, num(p, 0), var(p, g.y)));
    cg_prec_add_pred(&pi, p, bin(p, ORDO_B_EQ, var(p, g.z), num(p, 1)));
    por_tracked_places(&t, &pi, mask);
    assert_false(por_dependent(&t, x1, gt, mask));
    assert_false(por_dependent(&t, gt, x1, mask));
    cg_prec_free(&pi);
    /* Two reads never depend. */
    assert_false(por_dependent(&t, gt, gt, NULL));
    por_tables_free(&t);
    ordo_program_free(p);
}

/* A write through a pointer variable and a write of an object's cell at a
 * constant address: independent while the object's address is never a
 * value (a pthread_t only pthread_create and pthread_join touch), dependent
 * once a pointer may hold it. */
static void pointers_reach_only_objects_whose_address_escapes(void **state)
{
    (void)state;
    for (int escapes = 0; escapes < 2; escapes++) {
        program g = new_program();
        ordo_program *p = g.p;
        unsigned id = ordo_add_object(p, "id", 1, -1);
        uint64_t base = p->objects[id].base;
        ordo_type ptr = ordo_ty_ptr(p->data_model);
        unsigned q = ordo_add_var(p, "q", ptr, -1, escapes ? (int64_t)base : 0);
        ordo_stmt *direct[] = { ordo_s_assign(p, ordo_lv_mem(i32(), ordo_e_const(p, ptr, (int64_t)base)),
                                              num(p, 1)) };
        ordo_stmt *through[] = { ordo_s_assign(p, ordo_lv_mem(i32(), var(p, q)), num(p, 2)) };
        unsigned a = thread_proc(&g, "a", direct, 1), b = thread_proc(&g, "b", through, 1);
        por_tables t;
        por_tables_init(&t, p);
        assert_int_equal(por_dependent(&t, &t.edge[a][0], &t.edge[b][0], NULL), escapes);
        assert_int_equal(por_dependent(&t, &t.edge[b][0], &t.edge[a][0], NULL), escapes);
        por_tables_free(&t);
        ordo_program_free(p);
    }
}

/* Locks of two mutexes at constant addresses are independent, two locks
 * of one mutex dependent, and so are a lock and a plain store to its
 * cell; a lock at a computed address may be either mutex's. All at the
 * empty precision: mutex cells are tracked at every precision. */
static void locks_of_different_mutexes_are_independent(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    ordo_type ptr = ordo_ty_ptr(p->data_model);
    unsigned m1 = ordo_add_object(p, "m1", 1, -1), m2 = ordo_add_object(p, "m2", 1, -1);
    const ordo_expr *a1 = ordo_e_const(p, ptr, (int64_t)p->objects[m1].base);
    const ordo_expr *a2 = ordo_e_const(p, ptr, (int64_t)p->objects[m2].base);
    unsigned q = ordo_add_var(p, "q", ptr, -1, 0);
    ordo_stmt *lock1[] = { ordo_s_addr(p, ORDO_S_LOCK, a1) };
    ordo_stmt *lock2[] = { ordo_s_addr(p, ORDO_S_LOCK, a2) };
    ordo_stmt *store1[] = { ordo_s_assign(p, ordo_lv_mem(i32(), a1), num(p, 0)) };
    ordo_stmt *lock_q[] = { ordo_s_addr(p, ORDO_S_LOCK, var(p, q)) };
    unsigned f1 = thread_proc(&g, "l1", lock1, 1), f2 = thread_proc(&g, "l2", lock2, 1);
    unsigned f3 = thread_proc(&g, "s1", store1, 1), f4 = thread_proc(&g, "lq", lock_q, 1);
    por_tables t;
    por_tables_init(&t, p);
    cg_prec pi;
    cg_prec_init(&pi, p->n_vars);
    uint64_t mask[8];
    assert_true(t.words <= 8);
    por_tracked_places(&t, &pi, mask);
    const por_summary *l1 = &t.edge[f1][0], *l2 = &t.edge[f2][0];
    assert_false(por_dependent(&t, l1, l2, mask));
    assert_true(por_dependent(&t, l1, l1, mask));
    assert_true(por_dependent(&t, &t.edge[f3][0], l1, mask));
    assert_true(por_dependent(&t, &t.edge[f4][0], l1, mask));
    assert_true(por_dependent(&t, l2, &t.edge[f4][0], mask));
    cg_prec_free(&pi);
    por_tables_free(&t);
    ordo_program_free(p);
}

/* ---- Algorithm 1 on Figures 3.1 and 3.2 --------------------------------- */

/* Figure 3.1: x++ and y++ in two threads (Π = {x > y, x > y + 1}) are
 * syntactically independent: either one alone is a source set. */
static void figure31_source_sets_are_one_thread(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    ordo_stmt *incx[] = { assign(p, g.x, plus(&g, g.x, 1)) };
    ordo_stmt *incy[] = { assign(p, g.y, plus(&g, g.y, 1)) };
    unsigned procs[] = { thread_proc(&g, "px", incx, 1), thread_proc(&g, "py", incy, 1) };
    fixture x;
    open_fixture(&x, p);
    cg_prec_add_pred(&x.prec, p, bin(p, ORDO_B_GT, var(p, g.x), var(p, g.y)));
    cg_prec_add_pred(&x.prec, p, bin(p, ORDO_B_GT, var(p, g.x), plus(&g, g.y, 1)));
    use_precision(&x);
    cg_state *s = threads_started(&x, procs, 2);
    assert_int_equal(source_set(&x.spor, &x.m, s, 1), 1u << 1);
    assert_int_equal(source_set(&x.spor, &x.m, s, 2), 1u << 2);
    assert_int_equal(source_set(&x.aaspor, &x.m, s, 1), 1u << 1);
    assert_int_equal(source_set(&x.aaspor, &x.m, s, 2), 1u << 2);
    cg_state_free(s);
    close_fixture(&x);
    ordo_program_free(p);
}

/* Figure 3.2 with N = 1: p0 (z := z + 2*y; x := 0), p1 (y := y + 1), p2
 * (y := y * y). SPOR: the writes of y depend on p0's read, one set of all
 * three threads. AASPOR with the thesis' Π = {z mod 2 = 0, x = 0}: y is
 * untracked, every thread alone is a source set. */
static void figure32_aaspor_ignores_untracked_y(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    ordo_stmt *p0[] = { assign(p, g.z, bin(p, ORDO_B_ADD, var(p, g.z),
                                           bin(p, ORDO_B_MUL, num(p, 2), var(p, g.y)))),
                        assign(p, g.x, num(p, 0)) };
    ordo_stmt *p1[] = { assign(p, g.y, plus(&g, g.y, 1)) };
    ordo_stmt *p2[] = { assign(p, g.y, bin(p, ORDO_B_MUL, var(p, g.y), var(p, g.y))) };
    unsigned procs[] = { thread_proc(&g, "p0", p0, 2), thread_proc(&g, "p1", p1, 1),
                         thread_proc(&g, "p2", p2, 1) };
    fixture x;
    open_fixture(&x, p);
    cg_prec_add_pred(&x.prec, p, bin(p, ORDO_B_EQ, bin(p, ORDO_B_REM, var(p, g.z), num(p, 2)),
                                     num(p, 0)));
    cg_prec_add_pred(&x.prec, p, bin(p, ORDO_B_EQ, var(p, g.x), num(p, 0)));
    use_precision(&x);
    cg_state *s = threads_started(&x, procs, 3);
    for (unsigned seed = 1; seed <= 3; seed++) {
        assert_int_equal(source_set(&x.spor, &x.m, s, seed), 0xeu);
        assert_int_equal(source_set(&x.aaspor, &x.m, s, seed), 1u << seed);
    }
    /* Tracking y (EXPL: the variable) makes AASPOR as large as SPOR. */
    cg_prec_add_var(&x.prec, g.y);
    use_precision(&x);
    for (unsigned seed = 1; seed <= 3; seed++)
        assert_int_equal(source_set(&x.aaspor, &x.m, s, seed), 0xeu);
    cg_state_free(s);
    close_fixture(&x);
    ordo_program_free(p);
}

/* Thesis Chapter 4 (issue 31 item 6): POR reads DCOI's simplified
 * actions. Figure 3.2 with N = 1 and an observer p3: assume(z mod 2 = 0)
 * before the error; Π = {z mod 2 = 0, x = 0}. SPOR: every seed's set is
 * all four threads (p0 reads y, which p1 and p2 write, and writes z, which
 * p3 reads). Under DCOI, y := y + 1 and y := y * y are no-ops (no edge of
 * the data-flow graph leaves them: y is untracked), which access nothing,
 * so p1 and p2 are each a source set alone; p0's write of z is observed
 * by p3's guard and stays, and so do the sets seeded by p0 and p3. */
static void spor_reads_dcoi_simplified_actions(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    const ordo_expr *z_even = bin(p, ORDO_B_EQ, bin(p, ORDO_B_REM, var(p, g.z), num(p, 2)),
                                  num(p, 0));
    ordo_stmt *p0[] = { assign(p, g.z, bin(p, ORDO_B_ADD, var(p, g.z),
                                           bin(p, ORDO_B_MUL, num(p, 2), var(p, g.y)))),
                        assign(p, g.x, num(p, 0)) };
    ordo_stmt *p1[] = { assign(p, g.y, plus(&g, g.y, 1)) };
    ordo_stmt *p2[] = { assign(p, g.y, bin(p, ORDO_B_MUL, var(p, g.y), var(p, g.y))) };
    ordo_stmt *p3[] = { ordo_s_assume(p, z_even), ordo_s_new(p, ORDO_S_ERROR) };
    unsigned procs[] = { thread_proc(&g, "p0", p0, 2), thread_proc(&g, "p1", p1, 1),
                         thread_proc(&g, "p2", p2, 1), thread_proc(&g, "p3", p3, 2) };
    fixture x;
    open_fixture(&x, p);
    cg_prec_add_pred(&x.prec, p, z_even);
    cg_prec_add_pred(&x.prec, p, bin(p, ORDO_B_EQ, var(p, g.x), num(p, 0)));
    use_precision(&x);
    cg_state *s = threads_started(&x, procs, 4);
    for (unsigned seed = 1; seed <= 4; seed++)
        assert_int_equal(source_set(&x.spor, &x.m, s, seed), 0x1eu);
    x.m.coi = cg_coi_new(p);
    cg_coi_set_precision(x.m.coi, &x.prec);
    assert_int_equal(source_set(&x.spor, &x.m, s, 1), 0x1eu);
    assert_int_equal(source_set(&x.spor, &x.m, s, 2), 1u << 2);
    assert_int_equal(source_set(&x.spor, &x.m, s, 3), 1u << 3);
    assert_int_equal(source_set(&x.spor, &x.m, s, 4), 0x1eu);
    cg_coi_free(x.m.coi);
    x.m.coi = NULL;
    cg_state_free(s);
    close_fixture(&x);
    ordo_program_free(p);
}

/* ---- actions that can block (item 4) ------------------------------------ */

/* Thread 1 waits with assume(flag == 1) (no complement: Property 1 does
 * not hold), thread 2 sets flag, thread 3 writes z. flag is untracked, so
 * D_Π makes thread 2 independent; it joins the set as the one that can
 * unblock thread 1. */
static void blocked_assume_takes_its_unblocker(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    ordo_stmt *wait[] = { ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, g.flag), num(p, 1))),
                          ordo_s_new(p, ORDO_S_ERROR) };
    ordo_stmt *set[] = { assign(p, g.flag, num(p, 1)) };
    ordo_stmt *other[] = { assign(p, g.z, num(p, 1)) };
    unsigned procs[] = { thread_proc(&g, "wait", wait, 2), thread_proc(&g, "set", set, 1),
                         thread_proc(&g, "other", other, 1) };
    fixture x;
    open_fixture(&x, p);
    use_precision(&x);
    cg_state *s = threads_started(&x, procs, 3);
    assert_int_equal(source_set(&x.aaspor, &x.m, s, 1), (1u << 1) | (1u << 2));
    assert_int_equal(source_set(&x.spor, &x.m, s, 1), (1u << 1) | (1u << 2));
    /* The unblocker alone: the waiting thread is not in its future. */
    assert_int_equal(source_set(&x.aaspor, &x.m, s, 2), 1u << 2);
    cg_state_free(s);
    close_fixture(&x);
    ordo_program_free(p);
}

/* Thread 1 waits at lock(m), held by thread 3, and then writes x; thread
 * 2 reads x; thread 3 unlocks m. Thread 1 is blocked (never in a set, the
 * state knows the owner); thread 3's release may enable it, so thread 1's
 * write is in thread 3's future, which depends on thread 2's read. */
static void held_lock_brings_its_releaser(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    unsigned mo = ordo_add_object(p, "m", 1, -1);
    const ordo_expr *m = ordo_e_const(p, ordo_ty_ptr(p->data_model), (int64_t)p->objects[mo].base);
    unsigned fl = ordo_add_proc(p, "locker");
    unsigned l = p->procs[fl].init_loc;
    then(p, fl, &l, ordo_s_addr(p, ORDO_S_LOCK, m), 1);
    then(p, fl, &l, assign(p, g.x, num(p, 1)), 2);
    finish(p, fl, l);
    ordo_stmt *read[] = { assign(p, g.z, var(p, g.x)) };
    ordo_stmt *release[] = { ordo_s_addr(p, ORDO_S_UNLOCK, m) };
    unsigned procs[] = { fl, thread_proc(&g, "reader", read, 1),
                         thread_proc(&g, "releaser", release, 1) };
    fixture x;
    open_fixture(&x, p);
    use_precision(&x);
    cg_state *s = threads_started(&x, procs, 3);
    cg_state_take_mutex(s, p->objects[mo].base, 3);
    assert_int_equal(source_set(&x.spor, &x.m, s, 2), (1u << 2) | (1u << 3));
    /* Thread 3 alone is a set: thread 2's read reaches no mutex. */
    assert_int_equal(source_set(&x.spor, &x.m, s, 3), 1u << 3);
    /* The reduced successors: the blocked thread 1 does not seed; of the
     * sets seeded by threads 2 and 3, thread 3's is the smaller. */
    cg_succs out = { 0 };
    cg_por_successors(&x.spor, &x.m, s, &out);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.v[0].action.thread, 3);
    assert_int_equal(x.spor.stats.enabled_actions, 2);
    assert_int_equal(x.spor.stats.source_set_actions, 1);
    cg_succs_clear(&out);
    free(out.v);
    cg_state_free(s);
    close_fixture(&x);
    ordo_program_free(p);
}

/* A procedure that joins thread 1 and then reads x into z; *at_join:
 * its location at the join. */
static unsigned joiner_of_thread_1(program *g, unsigned *at_join)
{
    ordo_program *p = g->p;
    unsigned joiner = ordo_add_proc(p, "joiner"), l = p->procs[joiner].init_loc;
    *at_join = l;
    then(p, joiner, &l, ordo_s_thread_join(p, ordo_e_const(p, i32(), 1)), 1);
    then(p, joiner, &l, assign(p, g->z, var(p, g->x)), 2);
    finish(p, joiner, l);
    return joiner;
}

/* main waits at join(1) and then reads x; thread 1 ends; thread 2 writes
 * x. Thread 1's end enables main's join, so main's read is in thread 1's
 * future: with thread 2 as the seed, thread 1 joins the set. With thread
 * 1 as the seed, thread 2 stays out (it cannot enable main's join). */
static void join_brings_the_joined_thread(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    ordo_stmt *ends[] = { ordo_s_new(p, ORDO_S_SKIP) };
    ordo_stmt *write[] = { assign(p, g.x, num(p, 1)) };
    unsigned procs[] = { thread_proc(&g, "ends", ends, 1), thread_proc(&g, "writer", write, 1) };
    unsigned at_join, joiner = joiner_of_thread_1(&g, &at_join);
    fixture x;
    open_fixture(&x, p);
    use_precision(&x);
    cg_state *s = threads_started(&x, procs, 2);
    s->threads[0] = (cg_thread){ .proc = joiner, .loc = at_join };
    assert_int_equal(source_set(&x.spor, &x.m, s, 2), (1u << 1) | (1u << 2));
    assert_int_equal(source_set(&x.spor, &x.m, s, 1), 1u << 1);
    cg_state_free(s);
    close_fixture(&x);
    ordo_program_free(p);
}

/* Definition 9's recursion through a thread that cannot run: thread 0
 * waits at join(1) and then reads x; thread 1 waits at lock(m), which
 * thread 2 holds and releases; thread 3 writes x. Thread 2's release may
 * enable thread 1, whose end may enable thread 0's read: thread 2's
 * future reads x, so with thread 3 as the seed thread 2 joins the set.
 * The fixpoint needs a second round (thread 0 is visited before thread 1
 * is reached); thread 2 alone is a set. */
static void may_enable_chains_through_a_blocked_thread(void **state)
{
    (void)state;
    program g = new_program();
    ordo_program *p = g.p;
    unsigned mo = ordo_add_object(p, "m", 1, -1);
    const ordo_expr *m = ordo_e_const(p, ordo_ty_ptr(p->data_model), (int64_t)p->objects[mo].base);
    ordo_stmt *lock[] = { ordo_s_addr(p, ORDO_S_LOCK, m) };
    ordo_stmt *release[] = { ordo_s_addr(p, ORDO_S_UNLOCK, m) };
    ordo_stmt *write[] = { assign(p, g.x, num(p, 1)) };
    unsigned procs[] = { thread_proc(&g, "locker", lock, 1),
                         thread_proc(&g, "releaser", release, 1),
                         thread_proc(&g, "writer", write, 1) };
    unsigned at_join, joiner = joiner_of_thread_1(&g, &at_join);
    fixture x;
    open_fixture(&x, p);
    use_precision(&x);
    cg_state *s = threads_started(&x, procs, 3);
    s->threads[0] = (cg_thread){ .proc = joiner, .loc = at_join };
    cg_state_take_mutex(s, p->objects[mo].base, 2);
    assert_int_equal(source_set(&x.spor, &x.m, s, 3), (1u << 2) | (1u << 3));
    assert_int_equal(source_set(&x.spor, &x.m, s, 2), 1u << 2);
    cg_state_free(s);
    close_fixture(&x);
    ordo_program_free(p);
}

/* ---- the cycle and coverage proviso (item 5) ---------------------------- */

/* main starts a worker that reaches ERROR, then runs the cycle `body`
 * touching no shared place: the worker is independent, and its two
 * actions (ERROR, or end at once) make main's set the smallest (at a
 * tie, the lower thread seeds), so only the proviso explores it. */
static cg_search_result search_with_spor(const ordo_program *p, double *fully_expanded)
{
    fixture x;
    open_fixture(&x, p);
    use_precision(&x);
    x.m.por = &x.spor;
    cg_arg arg;
    cg_arg_init(&arg);
    cg_search_stats st = { 0 };
    unsigned error = 0;
    cg_search_result r = cg_search(&x.m, &arg, false, NULL, &st, &error);
    *fully_expanded = x.spor.stats.fully_expanded;
    cg_arg_free(&arg);
    close_fixture(&x);
    return r;
}

/* SPOR on p reaches ERROR, with `fully` nodes fully expanded; frees p. */
static void assert_spor_finds_error(ordo_program *p, double fully)
{
    double fully_expanded = -1;
    assert_int_equal(search_with_spor(p, &fully_expanded), CG_SEARCH_ERROR);
    assert_int_equal(fully_expanded, fully);
    ordo_program_free(p);
}

static ordo_program *worker_and_main(program *g, unsigned *loop_loc)
{
    ordo_stmt *fail[] = { ordo_s_new(g->p, ORDO_S_ERROR) };
    unsigned worker = thread_proc(g, "worker", fail, 1);
    const ordo_proc *w = &g->p->procs[worker];
    ordo_add_edge(g->p, worker, w->init_loc, w->final_loc, ordo_s_new(g->p, ORDO_S_SKIP));
    unsigned m = g->p->main_proc = ordo_add_proc(g->p, "main2");
    unsigned l = g->p->procs[m].init_loc;
    then(g->p, m, &l, ordo_s_thread_start(g->p, NULL, worker, NULL), 1);
    *loop_loc = l;
    return g->p;
}

static void cycle_on_the_stack_expands_fully(void **state)
{
    (void)state;
    program g = new_program();
    unsigned a;
    ordo_program *p = worker_and_main(&g, &a);
    ordo_add_edge(p, p->main_proc, a, a, ordo_s_new(p, ORDO_S_SKIP));
    assert_spor_finds_error(p, 1);
}

/* main: a -> b, a -> c, b -> c, c -> b. DFS expands c first: its
 * successor (b) is covered by the pending node b (not on the stack); b's
 * successor (c) by the expanded c (not on the stack either). A proviso
 * that looked at the stack only would never fire and miss the error. */
static void cycle_through_coverage_expands_fully(void **state)
{
    (void)state;
    program g = new_program();
    unsigned a;
    ordo_program *p = worker_and_main(&g, &a);
    unsigned m = p->main_proc, b = ordo_add_loc(p, m), c = ordo_add_loc(p, m);
    ordo_add_edge(p, m, a, b, ordo_s_new(p, ORDO_S_SKIP));
    ordo_add_edge(p, m, a, c, ordo_s_new(p, ORDO_S_SKIP));
    ordo_add_edge(p, m, b, c, ordo_s_new(p, ORDO_S_SKIP));
    ordo_add_edge(p, m, c, b, ordo_s_new(p, ORDO_S_SKIP));
    assert_spor_finds_error(p, 1);
}

/* main: a -> a (a loop) and a -> b (its exit), b a dead end. The loop's
 * component can be left, so it needs no fully expanded node: main leaves
 * it, then the worker seeds and reaches ERROR with nothing expanded
 * fully. A proviso that fired at every covered successor would expand a
 * fully. */
static void a_loop_that_can_be_left_is_not_expanded_fully(void **state)
{
    (void)state;
    program g = new_program();
    unsigned a;
    ordo_program *p = worker_and_main(&g, &a);
    unsigned m = p->main_proc, b = ordo_add_loc(p, m);
    ordo_add_edge(p, m, a, a, ordo_s_new(p, ORDO_S_SKIP));
    ordo_add_edge(p, m, a, b, ordo_s_new(p, ORDO_S_SKIP));
    assert_spor_finds_error(p, 0);
}

/* main enters an atomic section and blocks inside it (assume false): the
 * atomic begin stops the worker for good, so it depends on every action
 * and the worker's ERROR, reachable before it, is explored. */
static void atomic_begin_halts_the_others(void **state)
{
    (void)state;
    program g = new_program();
    unsigned a;
    ordo_program *p = worker_and_main(&g, &a);
    unsigned m = p->main_proc, b = ordo_add_loc(p, m), c = ordo_add_loc(p, m);
    ordo_add_edge(p, m, a, b, ordo_s_new(p, ORDO_S_ATOMIC_BEGIN));
    ordo_add_edge(p, m, b, c, ordo_s_assume(p, bin(p, ORDO_B_EQ, num(p, 0), num(p, 1))));
    assert_spor_finds_error(p, 0);
}

/* Thread 1: atomic { x := 1 } (with `divide`, x := 6 / y; with `loop`,
 * the assignment may repeat); thread 2 writes x (`same_place`) or z.
 * Thread 1's source set as a mask, SPOR or AASPOR with nothing tracked. */
static unsigned atomic_seed_set(bool divide, bool loop, bool same_place, bool aware)
{
    program g = new_program();
    ordo_program *p = g.p;
    unsigned f = ordo_add_proc(p, "atomic"), l = p->procs[f].init_loc;
    then(p, f, &l, ordo_s_new(p, ORDO_S_ATOMIC_BEGIN), 1);
    unsigned head = l;
    const ordo_expr *value = divide ? bin(p, ORDO_B_DIV, num(p, 6), var(p, g.y)) : num(p, 1);
    then(p, f, &l, assign(p, g.x, value), 2);
    if (loop)
        ordo_add_edge(p, f, l, head, ordo_s_new(p, ORDO_S_SKIP));
    then(p, f, &l, ordo_s_new(p, ORDO_S_ATOMIC_END), 3);
    finish(p, f, l);
    ordo_stmt *other[] = { assign(p, same_place ? g.x : g.z, num(p, 2)) };
    unsigned procs[] = { f, thread_proc(&g, "other", other, 1) };
    fixture x;
    open_fixture(&x, p);
    use_precision(&x);
    cg_state *s = threads_started(&x, procs, 2);
    unsigned mask = source_set(aware ? &x.aaspor : &x.spor, &x.m, s, 1);
    cg_state_free(s);
    close_fixture(&x);
    ordo_program_free(p);
    return mask;
}

/* An atomic section that surely reaches its end is one action with the
 * section's accesses (por_atomic.c): independent of a thread touching
 * none of them, dependent with one that does (SPOR; AASPOR ignores the
 * untracked x). A section that may stop inside (a loop, a division by a
 * variable) still halts the others: their actions join the set. */
static void atomic_section_is_one_action_when_it_ends(void **state)
{
    (void)state;
    const unsigned one = 1u << 1, both = (1u << 1) | (1u << 2);
    assert_int_equal(atomic_seed_set(false, false, false, false), one);
    assert_int_equal(atomic_seed_set(false, false, true, false), both);
    assert_int_equal(atomic_seed_set(false, false, true, true), one);
    assert_int_equal(atomic_seed_set(false, true, false, false), both);
    assert_int_equal(atomic_seed_set(true, false, false, false), both);
}

/* ---- AASPOR within SPOR ------------------------------------------------- */

static unsigned next_random(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 16) & 0x7fff;
}

/* A random statement over the four globals: an assignment from another
 * global, an assume on one, or a local skip. */
static ordo_stmt *random_statement(program *g, unsigned *seed)
{
    unsigned vars[] = { g->x, g->y, g->z, g->flag };
    unsigned a = vars[next_random(seed) % 4], b = vars[next_random(seed) % 4];
    switch (next_random(seed) % 3) {
    case 0:  return assign(g->p, a, plus(g, b, 1));
    case 1:  return ordo_s_assume(g->p, bin(g->p, ORDO_B_GT, var(g->p, a), num(g->p, 0)));
    default: return ordo_s_new(g->p, ORDO_S_SKIP);
    }
}

static void aaspor_set_is_within_spor_set(void **state)
{
    (void)state;
    unsigned seed = 30, strictly_smaller = 0;
    for (unsigned round = 0; round < 40; round++) {
        program g = new_program();
        unsigned procs[4];
        for (unsigned i = 0; i < 4; i++) {
            ordo_stmt *body[3];
            for (unsigned k = 0; k < 3; k++)
                body[k] = random_statement(&g, &seed);
            procs[i] = thread_proc(&g, "t", body, 3);
        }
        fixture x;
        open_fixture(&x, g.p);
        unsigned vars[] = { g.x, g.y, g.z, g.flag };
        for (unsigned v = 0; v < 4; v++)
            if (next_random(&seed) % 2)
                cg_prec_add_var(&x.prec, vars[v]);
        use_precision(&x);
        cg_state *s = threads_started(&x, procs, 4);
        for (unsigned t = 1; t <= 4; t++) /* a random location: 0..3 steps in */
            s->threads[t].loc = next_random(&seed) % 4 == 0 ? s->threads[t].loc
                                                            : 2 + next_random(&seed) % 3;
        for (unsigned s0 = 1; s0 <= 4; s0++) {
            unsigned small = source_set(&x.aaspor, &x.m, s, s0);
            unsigned large = source_set(&x.spor, &x.m, s, s0);
            assert_int_equal(small & ~large, 0);
            assert_true(small & (1u << s0));
            strictly_smaller += small != large;
        }
        cg_state_free(s);
        close_fixture(&x);
        ordo_program_free(g.p);
    }
    assert_true(strictly_smaller > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(example4_dependency_depends_on_the_precision),
        cmocka_unit_test(pointers_reach_only_objects_whose_address_escapes),
        cmocka_unit_test(locks_of_different_mutexes_are_independent),
        cmocka_unit_test(figure31_source_sets_are_one_thread),
        cmocka_unit_test(figure32_aaspor_ignores_untracked_y),
        cmocka_unit_test(spor_reads_dcoi_simplified_actions),
        cmocka_unit_test(blocked_assume_takes_its_unblocker),
        cmocka_unit_test(held_lock_brings_its_releaser),
        cmocka_unit_test(join_brings_the_joined_thread),
        cmocka_unit_test(may_enable_chains_through_a_blocked_thread),
        cmocka_unit_test(cycle_on_the_stack_expands_fully),
        cmocka_unit_test(cycle_through_coverage_expands_fully),
        cmocka_unit_test(a_loop_that_can_be_left_is_not_expanded_fully),
        cmocka_unit_test(atomic_begin_halts_the_others),
        cmocka_unit_test(atomic_section_is_one_action_when_it_ends),
        cmocka_unit_test(aaspor_set_is_within_spor_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
