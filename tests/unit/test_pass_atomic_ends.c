/* Unit tests of merging atomic ends (core/src/pass_atomic_ends.c). */
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

static unsigned count_kind(const ordo_program *p, unsigned proc, ordo_stmt_kind kind)
{
    unsigned n = 0;
    for (unsigned e = 0; e < p->procs[proc].n_edges; e++)
        n += p->procs[proc].edges[e].stmt->kind == kind;
    return n;
}

static const ordo_stmt *edge_at_line(const ordo_program *p, unsigned line, ordo_stmt_kind kind)
{
    for (unsigned e = 0; e < p->procs[0].n_edges; e++) {
        const ordo_stmt *s = p->procs[0].edges[e].stmt;
        if (s->line == line && s->kind == kind)
            return s;
    }
    return NULL;
}

/* Appends s from `from` to a new location (returned), at `line`. */
static unsigned step(ordo_program *p, unsigned from, ordo_stmt *s, unsigned line)
{
    unsigned l = from;
    then(p, 0, &l, s, line);
    return l;
}

static ordo_stmt *atomic(ordo_program *p, bool begin)
{
    return ordo_s_new(p, begin ? ORDO_S_ATOMIC_BEGIN : ORDO_S_ATOMIC_END);
}

static ordo_stmt *when(ordo_program *p, unsigned v, bool nonzero)
{
    return ordo_s_assume(p, bin(p, nonzero ? ORDO_B_NE : ORDO_B_EQ, var(p, v), num(p, 0)));
}

/* main (g global, c local):
 *   1 havoc c; 2 BEGIN;
 *   if (c) { 3 assume c != 0; 4 g := 1; 5 END; return }
 *   else   { 6 assume c == 0; 7 g := 2 }
 *   8 END; 9 assume g == 2; 10 ERROR
 * 12 edges, 12 locations. */
static ordo_program *early_return(unsigned *g_var)
{
    ordo_program *p = ordo_program_new("a.c", ORDO_DM_LP64);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned c = ordo_add_var(p, "c", i32(), 0, 0);
    unsigned l = step(p, p->procs[0].init_loc, ordo_s_havoc(p, ordo_lv_var(p, c)), 1);
    unsigned in = step(p, l, atomic(p, true), 2);
    l = step(p, in, when(p, c, true), 3);
    l = step(p, l, assign(p, g, num(p, 1)), 4);
    finish(p, 0, step(p, l, atomic(p, false), 5));
    l = step(p, in, when(p, c, false), 6);
    l = step(p, l, assign(p, g, num(p, 2)), 7);
    l = step(p, l, atomic(p, false), 8);
    l = step(p, l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, g), num(p, 2))), 9);
    finish(p, 0, step(p, l, ordo_s_new(p, ORDO_S_ERROR), 10));
    *g_var = g;
    return p;
}

static bool constant_value(void *ctx, unsigned thread, ordo_type type, int64_t *value)
{
    (void)thread;
    (void)type;
    *value = *(const int64_t *)ctx;
    return true;
}

typedef struct {
    int status;     /* the first step status that is not OK */
    unsigned steps; /* visible steps before it */
    int64_t g;
} outcome;

/* Runs main (the only thread) with every nondet value c. */
static outcome run_main(const ordo_program *p, unsigned g, int64_t c)
{
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    outcome o = { 0, 0, 0 };
    ordo_step_status s;
    while ((s = ordo_interp_step(in, 0, constant_value, &c)) == ORDO_STEP_OK)
        o.steps++;
    o.status = s;
    assert_true(ordo_interp_var(in, 0, g, &o.g));
    ordo_interp_free(in);
    return o;
}

static void two_ends_meet_in_one(void **state)
{
    (void)state;
    unsigned g;
    ordo_program *p = early_return(&g);
    assert_int_equal(p->procs[0].n_edges, 12);
    assert_int_equal(p->procs[0].n_locs, 12);
    ordo_program *q = ordo_program_clone(p);
    assert_int_equal(ordo_pass_merge_atomic_ends(q), 1);
    /* 2 ends rewritten in place, + J -> J' and J' -> m_1, J' -> m_2 */
    assert_int_equal(q->procs[0].n_edges, 15);
    assert_int_equal(q->procs[0].n_locs, 14);
    assert_int_equal(count_kind(q, 0, ORDO_S_ATOMIC_END), 1);
    assert_int_equal(q->n_vars, p->n_vars + 1);
    assert_string_equal(q->vars[p->n_vars].name, "atomic_end#1");
    assert_false(q->vars[p->n_vars].is_global);
    /* every new statement keeps the position of its end */
    for (unsigned line = 5; line <= 8; line += 3) {
        assert_non_null(edge_at_line(q, line, ORDO_S_ASSIGN));
        assert_non_null(edge_at_line(q, line, ORDO_S_ASSUME));
    }
    /* same runs for both branches: the early return, and the error */
    for (int64_t c = 0; c <= 1; c++) {
        outcome a = run_main(p, g, c), b = run_main(q, g, c);
        assert_int_equal(a.status, c ? ORDO_STEP_FINISHED : ORDO_STEP_ERROR);
        assert_int_equal(a.g, c ? 1 : 2);
        assert_int_equal(b.status, a.status);
        assert_int_equal(b.steps, a.steps);
        assert_int_equal(b.g, a.g);
    }
    /* nothing left to merge; still loop-free (unrolling changes nothing) */
    assert_int_equal(ordo_pass_merge_atomic_ends(q), 0);
    char *err = NULL;
    assert_int_equal(ordo_pass_unroll(q, 1, 0, &err), 0);
    assert_int_equal(q->procs[0].n_edges, 15);
    assert_false(ordo_program_has_unwinding(q));
    ordo_program_free(q);
    ordo_program_free(p);
}

/* main: 1 BEGIN; 2 BEGIN; 3 g := 1; 4 END; 5 END  (one end per section) */
static void single_end_is_unchanged(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("b.c", ORDO_DM_LP64);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned l = p->procs[0].init_loc;
    then(p, 0, &l, atomic(p, true), 1);
    then(p, 0, &l, atomic(p, true), 2);
    then(p, 0, &l, assign(p, g, num(p, 1)), 3);
    then(p, 0, &l, atomic(p, false), 4);
    then(p, 0, &l, atomic(p, false), 5);
    finish(p, 0, l);
    unsigned n_edges = p->procs[0].n_edges, n_locs = p->procs[0].n_locs, n_vars = p->n_vars;
    assert_int_equal(ordo_pass_merge_atomic_ends(p), 0);
    assert_int_equal(p->procs[0].n_edges, n_edges);
    assert_int_equal(p->procs[0].n_locs, n_locs);
    assert_int_equal(p->n_vars, n_vars);
    assert_int_equal(count_kind(p, 0, ORDO_S_ATOMIC_END), 2);
    ordo_program_free(p);
}

/* main: 1 BEGIN; 2 BEGIN; 3 END (inner); if (c) { 5 END; return } 7 END:
 * the outer section's two ends merge, the inner end stays. */
static void only_outermost_ends_merge(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("c.c", ORDO_DM_LP64);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned c = ordo_add_var(p, "c", i32(), 0, 0);
    unsigned l = p->procs[0].init_loc;
    then(p, 0, &l, atomic(p, true), 1);
    then(p, 0, &l, atomic(p, true), 2);
    then(p, 0, &l, atomic(p, false), 3);
    finish(p, 0, step(p, step(p, l, when(p, c, true), 4), atomic(p, false), 5));
    finish(p, 0, step(p, step(p, l, when(p, c, false), 6), atomic(p, false), 7));
    assert_int_equal(ordo_pass_merge_atomic_ends(p), 1);
    assert_int_equal(count_kind(p, 0, ORDO_S_ATOMIC_END), 2);
    assert_non_null(edge_at_line(p, 3, ORDO_S_ATOMIC_END));
    ordo_program_free(p);
}

/* Two ends after a location `x` in a section: if (d) END else END. */
static void two_ends_after(ordo_program *p, unsigned x, unsigned d)
{
    finish(p, 0, step(p, step(p, x, when(p, d, true), 10), atomic(p, false), 11));
    finish(p, 0, step(p, step(p, x, when(p, d, false), 12), atomic(p, false), 13));
}

/* if (c) BEGIN else BEGIN; (both lead to x) if (d) END else END */
static void ends_of_two_begins_stay(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("d.c", ORDO_DM_LP64);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned c = ordo_add_var(p, "c", i32(), 0, 0), d = ordo_add_var(p, "d", i32(), 0, 0);
    unsigned init = p->procs[0].init_loc, x = ordo_add_loc(p, 0);
    unsigned a = step(p, init, when(p, c, true), 1), b = step(p, init, when(p, c, false), 2);
    ordo_add_edge(p, 0, a, x, atomic(p, true));
    ordo_add_edge(p, 0, b, x, atomic(p, true));
    two_ends_after(p, x, d);
    unsigned n_edges = p->procs[0].n_edges;
    assert_int_equal(ordo_pass_merge_atomic_ends(p), 0);
    assert_int_equal(p->procs[0].n_edges, n_edges);
    assert_int_equal(count_kind(p, 0, ORDO_S_ATOMIC_END), 2);
    ordo_program_free(p);
}

/* if (c) { BEGIN; if (d) goto y; if (e) END else END } y: END
 * At y the depth is 1 (from the section) or 0 (c false): the section
 * reaches y, so it stays as it is although its other two ends agree. */
static void disagreeing_depths_stay(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("e.c", ORDO_DM_LP64);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned c = ordo_add_var(p, "c", i32(), 0, 0), d = ordo_add_var(p, "d", i32(), 0, 0);
    unsigned e = ordo_add_var(p, "e", i32(), 0, 0);
    unsigned init = p->procs[0].init_loc, y = ordo_add_loc(p, 0);
    unsigned s = step(p, step(p, init, when(p, c, true), 1), atomic(p, true), 2);
    ordo_add_edge(p, 0, init, y, when(p, c, false));
    ordo_add_edge(p, 0, s, y, when(p, d, true));
    finish(p, 0, step(p, y, atomic(p, false), 3));
    two_ends_after(p, step(p, s, when(p, d, false), 4), e);
    assert_int_equal(ordo_pass_merge_atomic_ends(p), 0);
    assert_int_equal(count_kind(p, 0, ORDO_S_ATOMIC_END), 3);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_ends_meet_in_one),
        cmocka_unit_test(single_end_is_unchanged),
        cmocka_unit_test(only_outermost_ends_merge),
        cmocka_unit_test(ends_of_two_begins_stay),
        cmocka_unit_test(disagreeing_depths_stay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
