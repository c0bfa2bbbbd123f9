/* Unit tests of loop unrolling and the bounded pipeline
 * (core/src/pass_unroll.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/interp.h>
#include <ordo/passes.h>

#include "ir_fixtures.h"

/* Depth-first search for a cycle in procedure f. */
static bool cyclic_from(const ordo_proc *f, unsigned l, unsigned char *state)
{
    state[l] = 1;
    for (unsigned e = 0; e < f->n_edges; e++) {
        if (f->edges[e].from != l)
            continue;
        unsigned to = f->edges[e].to;
        if (state[to] == 1 || (state[to] == 0 && cyclic_from(f, to, state)))
            return true;
    }
    state[l] = 2;
    return false;
}

static bool loop_free(const ordo_program *p)
{
    for (unsigned i = 0; i < p->n_procs; i++) {
        unsigned char *state = calloc(p->procs[i].n_locs + 1, 1);
        bool cyclic = cyclic_from(&p->procs[i], p->procs[i].init_loc, state);
        free(state);
        if (cyclic)
            return false;
    }
    return true;
}

/* Edges whose statement is `assume i < bound` (the loop entry). */
static unsigned entries(const ordo_program *p)
{
    unsigned n = 0;
    for (unsigned e = 0; e < p->procs[0].n_edges; e++) {
        const ordo_stmt *s = p->procs[0].edges[e].stmt;
        n += s->kind == ORDO_S_ASSUME && s->cond->op == ORDO_B_LT && s->line == 3;
    }
    return n;
}

static void counted_loop_unrolls_completely(void **state)
{
    (void)state;
    ordo_program *p = fixture_loop(3, NULL);
    char *err = NULL;
    assert_int_equal(ordo_pass_unroll(p, 1, 100, &err), 0);
    assert_true(loop_free(p));
    assert_false(ordo_program_has_unwinding(p));
    assert_int_equal(entries(p), 3);
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_FINISHED);
    ordo_program_free(p);
    /* without static counts: k = 2 iterations and an unwinding edge */
    p = fixture_loop(3, NULL);
    assert_int_equal(ordo_pass_unroll(p, 2, 0, &err), 0);
    assert_true(loop_free(p));
    assert_true(ordo_program_has_unwinding(p));
    assert_int_equal(entries(p), 3); /* 2 copies + the flagged third entry */
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_BLOCKED);
    ordo_program_free(p);
}

/* for (i = 0; i < 4; i++) as the front end lowers it: t := i; i := t + 1 */
static void increment_through_a_copy_is_counted(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("c.c", ORDO_DM_LP64);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned i = ordo_add_var(p, "i", i32(), 0, 0), t = ordo_add_var(p, "t", i32(), 0, 0);
    unsigned l = 0;
    then(p, 0, &l, assign(p, i, num(p, 0)), 1);
    unsigned head = l, body = l, out = l;
    then(p, 0, &body, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, i), num(p, 4))), 3);
    then(p, 0, &body, assign(p, t, var(p, i)), 3);
    ordo_add_edge(p, 0, body, head, assign(p, i, bin(p, ORDO_B_ADD, var(p, t), num(p, 1))));
    then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_GE, var(p, i), num(p, 4))), 3);
    finish(p, 0, out);
    char *err = NULL;
    assert_int_equal(ordo_pass_unroll(p, 1, 100, &err), 0);
    assert_false(ordo_program_has_unwinding(p));
    assert_int_equal(entries(p), 4);
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_FINISHED);
    ordo_program_free(p);
}

static void nondet_loop_is_bounded_by_k(void **state)
{
    (void)state;
    ordo_program *p = fixture_loop(-1, NULL);
    char *err = NULL;
    assert_int_equal(ordo_pass_unroll(p, 2, 100, &err), 0);
    assert_true(loop_free(p));
    assert_true(ordo_program_has_unwinding(p));
    int64_t two = 2, five = 5;
    assert_int_equal(run_all(p, &two, 1), ORDO_STEP_FINISHED);
    assert_int_equal(run_all(p, &five, 1), ORDO_STEP_BLOCKED); /* cut by the bound */
    ordo_program_free(p);
}

/* i := 0; L: assume i < 4; M: i := i + 1; [assume i < 2 -> M again]; ...
 * The counter may change twice per iteration: no static count. */
static void counter_in_inner_cycle_is_not_counted(void **state)
{
    (void)state;
    ordo_program *p = fixture_loop(4, NULL);
    ordo_proc *f = &p->procs[0];
    /* an extra edge from the increment's target back to its source */
    for (unsigned e = 0; e < f->n_edges; e++)
        if (f->edges[e].stmt->kind == ORDO_S_ASSIGN && f->edges[e].stmt->line == 4) {
            unsigned from = f->edges[e].to, to = f->edges[e].from;
            ordo_add_edge(p, 0, from, to, ordo_s_new(p, ORDO_S_SKIP));
            break;
        }
    char *err = NULL;
    assert_int_equal(ordo_pass_unroll(p, 1, 100, &err), 0);
    assert_true(loop_free(p));
    assert_true(ordo_program_has_unwinding(p));
    ordo_program_free(p);
}

typedef enum { WAIT_READS, WAIT_CHOOSES, WAIT_COUNTS } wait_kind;

/* main: n := 0; L: t := g (WAIT_CHOOSES: t := nondet); [WAIT_COUNTS:
 * n := n + 1;] assume t == 0 -> L; assume t != 0 -> exit; t := n.
 * `while (!g);` and a retry on a nondeterministic choice only read (and
 * set t before reading it), so one iteration is kept, complete
 * (loop_spin.h); n is carried from one iteration to the next, and the
 * loop is cut at k. */
static ordo_program *waiting_loop(wait_kind kind, int64_t g_init)
{
    ordo_program *p = ordo_program_new("c.c", ORDO_DM_LP64);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned g = ordo_add_var(p, "g", i32(), -1, g_init), t = ordo_add_var(p, "t", i32(), 0, 0);
    unsigned n = ordo_add_var(p, "n", i32(), 0, 0), l = 0;
    then(p, 0, &l, assign(p, n, num(p, 0)), 1);
    unsigned head = l;
    if (kind == WAIT_CHOOSES)
        then(p, 0, &l, ordo_s_havoc(p, (ordo_lvalue){ .var = t, .type = i32() }), 2);
    else
        then(p, 0, &l, assign(p, t, var(p, g)), 2);
    if (kind == WAIT_COUNTS)
        then(p, 0, &l, assign(p, n, bin(p, ORDO_B_ADD, var(p, n), num(p, 1))), 2);
    unsigned out = l;
    ordo_add_edge(p, 0, l, head, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, t), num(p, 0))));
    then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, t), num(p, 0))), 2);
    then(p, 0, &out, assign(p, t, var(p, n)), 3);
    finish(p, 0, out);
    return p;
}

static void waiting_loop_is_one_complete_iteration(void **state)
{
    (void)state;
    char *err = NULL;
    for (int64_t g = 0; g <= 1; g++) {
        ordo_program *p = waiting_loop(WAIT_READS, g);
        assert_int_equal(ordo_pass_unroll(p, 2, 100, &err), 0);
        assert_true(loop_free(p));
        assert_false(ordo_program_has_unwinding(p));
        /* g = 0 spins forever: the one iteration blocks */
        assert_int_equal(run_all(p, NULL, 0), g ? ORDO_STEP_FINISHED : ORDO_STEP_BLOCKED);
        ordo_program_free(p);
    }
    ordo_program *p = waiting_loop(WAIT_CHOOSES, 0);
    assert_int_equal(ordo_pass_unroll(p, 2, 100, &err), 0);
    assert_false(ordo_program_has_unwinding(p));
    int64_t zero_then_one[] = { 0, 1 }, one = 1;
    assert_int_equal(run_all(p, zero_then_one, 2), ORDO_STEP_BLOCKED); /* the 2nd round */
    assert_int_equal(run_all(p, &one, 1), ORDO_STEP_FINISHED);
    ordo_program_free(p);
    p = waiting_loop(WAIT_COUNTS, 1);
    assert_int_equal(ordo_pass_unroll(p, 2, 100, &err), 0);
    assert_true(loop_free(p));
    assert_true(ordo_program_has_unwinding(p)); /* n is live at the head */
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_FINISHED);
    ordo_program_free(p);
}

/* A goto into a loop body: two entries. */
static void irreducible_loop_is_unsupported(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("g.c", ORDO_DM_LP64);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned x = ordo_add_var(p, "x", i32(), 0, 0);
    unsigned a = ordo_add_loc(p, 0), b = ordo_add_loc(p, 0);
    unsigned l = 0;
    then(p, 0, &l, ordo_s_havoc(p, ordo_lv_var(p, x)), 1);
    ordo_stmt *s;
    ordo_add_edge(p, 0, l, a, s = ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, x), num(p, 0))));
    s->line = 2;
    ordo_add_edge(p, 0, l, b, s = ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, x), num(p, 0))));
    s->line = 3;
    ordo_add_edge(p, 0, a, b, s = ordo_s_new(p, ORDO_S_SKIP));
    s->line = 4;
    ordo_add_edge(p, 0, b, a, s = ordo_s_new(p, ORDO_S_SKIP));
    s->line = 5;
    s->file = "g.c";
    char *err = NULL;
    assert_int_equal(ordo_pass_unroll(p, 2, 100, &err), ORDO_FRONTEND_UNSUPPORTED);
    assert_non_null(strstr(err, "unsupported: irreducible loop (goto into a loop) ("));
    free(err);
    ordo_program_free(p);
}

/* Threads started in a counted loop: the pipeline gives a complete,
 * loop-free program with one THREAD_START edge per iteration. */
/* The edges of main with the unwinding flag, and the lazy creations with
 * their repetitions summed. */
static void count_cuts(const ordo_program *p, unsigned *unwinding, unsigned *lazy_repeats,
                       unsigned *lazy_edges)
{
    *unwinding = *lazy_repeats = *lazy_edges = 0;
    for (unsigned e = 0; e < p->procs[0].n_edges; e++) {
        const ordo_stmt *s = p->procs[0].edges[e].stmt;
        *unwinding += s->unwinding;
        *lazy_repeats += s->lazy_repeat;
        *lazy_edges += s->lazy_repeat > 0;
    }
}

/* A thread-creation loop of 3 iterations with static counts capped at 2
 * (issue 32): k iterations, then one edge creating the rest lazily (its
 * body: the condition, the start, the increment), no unwinding edge, and
 * the program counts as bounded. A loop with a shared access in its body
 * (x := x + 2) is cut as before. */
static void creation_loop_beyond_the_cap_is_lazy(void **state)
{
    (void)state;
    char *err = NULL;
    unsigned unwinding, repeats, lazy_edges;
    for (unsigned k = 1; k <= 2; k++) {
        ordo_program *p = fixture_thread_loop(true, NULL, NULL);
        assert_int_equal(ordo_pass_unroll(p, k, 2, &err), 0);
        assert_true(loop_free(p));
        count_cuts(p, &unwinding, &repeats, &lazy_edges);
        assert_int_equal(unwinding, 0);
        assert_int_equal(lazy_edges, 1);
        assert_int_equal(repeats, 3 - k);
        assert_true(ordo_program_has_unwinding(p));
        for (unsigned e = 0; e < p->procs[0].n_edges; e++) {
            const ordo_stmt *s = p->procs[0].edges[e].stmt;
            if (!s->lazy_repeat)
                continue;
            assert_int_equal(s->kind, ORDO_S_SEQ);
            assert_int_equal(s->n_stmts, 3);
            assert_int_equal(s->stmts[0]->kind, ORDO_S_ASSUME);
            assert_int_equal(s->stmts[1]->kind, ORDO_S_THREAD_START);
            assert_int_equal(s->stmts[2]->kind, ORDO_S_ASSIGN);
        }
        ordo_program_free(p);
    }
    ordo_program *p = fixture_loop(3, NULL);
    assert_int_equal(ordo_pass_unroll(p, 2, 2, &err), 0);
    count_cuts(p, &unwinding, &repeats, &lazy_edges);
    assert_int_equal(unwinding, 1);
    assert_int_equal(lazy_edges, 0);
    ordo_program_free(p);
}

static void bounded_pipeline_on_threads_in_a_loop(void **state)
{
    (void)state;
    ordo_program *p = fixture_thread_loop(true, NULL, NULL);
    bool complete = false;
    char *err = NULL;
    ordo_program *q = ordo_prepare_bounded(p, 1, ORDO_STATIC_TRIP_LIMIT, &complete, &err);
    assert_non_null(q);
    assert_true(complete);
    assert_true(loop_free(q));
    unsigned starts = 0;
    for (unsigned e = 0; e < q->procs[0].n_edges; e++)
        starts += q->procs[0].edges[e].stmt->kind == ORDO_S_THREAD_START;
    assert_int_equal(starts, 3);
    assert_int_equal(p->procs[0].n_edges, 6); /* the original is untouched */
    ordo_program_free(q);
    /* static counts capped below the trip count: 2 iterations, the third
     * created lazily (a SEQ), bounded */
    q = ordo_prepare_bounded(p, 2, 2, &complete, &err);
    assert_non_null(q);
    assert_false(complete);
    starts = 0;
    for (unsigned e = 0; e < q->procs[0].n_edges; e++)
        starts += q->procs[0].edges[e].stmt->kind == ORDO_S_THREAD_START;
    assert_int_equal(starts, 2);
    ordo_program_free(q);
    /* rec(2) needs 3 activations: with k = 2 the result is incomplete */
    ordo_program *r = fixture_recursion(2);
    q = ordo_prepare_bounded(r, 2, ORDO_STATIC_TRIP_LIMIT, &complete, &err);
    assert_non_null(q);
    assert_false(complete);
    ordo_program_free(q);
    ordo_program_free(r);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counted_loop_unrolls_completely),
        cmocka_unit_test(increment_through_a_copy_is_counted),
        cmocka_unit_test(nondet_loop_is_bounded_by_k),
        cmocka_unit_test(counter_in_inner_cycle_is_not_counted),
        cmocka_unit_test(irreducible_loop_is_unsupported),
        cmocka_unit_test(waiting_loop_is_one_complete_iteration),
        cmocka_unit_test(creation_loop_beyond_the_cap_is_lazy),
        cmocka_unit_test(bounded_pipeline_on_threads_in_a_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
