/* Unit tests of the static cone of influence (core/src/pass_scoi.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <ordo/interp.h>
#include <ordo/passes.h>
#include <ordo/trace.h>

#include "ir_fixtures.h"

/* globals g (only written), c (read by main's guard through y);
 * worker: w := 1; c := w        main: start worker; tmp := 5; g := tmp;
 * havoc z; join; y := c; assume y == 1; ERROR */
static void irrelevant_assignments_become_skip(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("s.c", ORDO_DM_LP64);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    unsigned c = ordo_add_var(p, "c", i32(), -1, 0);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned w = ordo_add_proc(p, "worker");
    unsigned wv = ordo_add_var(p, "w", i32(), (int)w, 0);
    unsigned tmp = ordo_add_var(p, "tmp", i32(), 0, 0);
    unsigned z = ordo_add_var(p, "z", i32(), 0, 0);
    unsigned y = ordo_add_var(p, "y", i32(), 0, 0);
    unsigned id = ordo_add_var(p, "id", i32(), 0, 0);
    unsigned l = p->procs[w].init_loc;
    then(p, w, &l, assign(p, wv, num(p, 1)), 1);
    then(p, w, &l, assign(p, c, var(p, wv)), 2);
    finish(p, w, l);
    ordo_lvalue lid = ordo_lv_var(p, id);
    l = 0;
    then(p, 0, &l, ordo_s_thread_start(p, &lid, w, NULL), 10);
    then(p, 0, &l, assign(p, tmp, num(p, 5)), 11);
    then(p, 0, &l, assign(p, g, var(p, tmp)), 12);
    then(p, 0, &l, ordo_s_havoc(p, ordo_lv_var(p, z)), 13);
    then(p, 0, &l, ordo_s_thread_join(p, var(p, id)), 14);
    then(p, 0, &l, assign(p, y, var(p, c)), 15);
    then(p, 0, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, y), num(p, 1))), 16);
    then(p, 0, &l, ordo_s_new(p, ORDO_S_ERROR), 17);
    finish(p, 0, l);
    assert_int_equal(ordo_pass_scoi(p), 3);
    for (unsigned e = 0; e < p->procs[0].n_edges; e++) {
        const ordo_stmt *s = p->procs[0].edges[e].stmt;
        bool gone = s->line >= 11 && s->line <= 13;
        assert_int_equal(s->kind == ORDO_S_SKIP, gone || s->line == 0);
    }
    assert_int_equal(p->procs[w].edges[0].stmt->kind, ORDO_S_ASSIGN); /* w := 1 feeds c */
    assert_int_equal(ordo_pass_scoi(p), 0);                            /* a fixpoint */
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_ERROR);           /* no havoc left */
    ordo_program_free(p);
}

/* Memory is one place: a store stays when a guard loads any cell. */
static void memory_counts_as_one_place(void **state)
{
    (void)state;
    ordo_program *p = fixture_counter(true, NULL); /* lock reads memory */
    assert_int_equal(ordo_pass_scoi(p), 0);        /* c is read by the guard */
    ordo_program_free(p);
}

/* Thesis Figure 4.1: p1: x := 1; y := 1; assert(y = 1)   p2: y := x; x := 0.
 * Safe, and static COI can remove nothing: x := 1 may flow into y. */
static void thesis_figure_4_1(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("fig41.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), y = ordo_add_var(p, "y", i32(), -1, 0);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned p1 = ordo_add_proc(p, "p1"), p2 = ordo_add_proc(p, "p2");
    unsigned t = ordo_add_var(p, "t", i32(), (int)p1, 0);
    unsigned l = p->procs[p1].init_loc;
    then(p, p1, &l, assign(p, x, num(p, 1)), 1);
    then(p, p1, &l, assign(p, y, num(p, 1)), 2);
    then(p, p1, &l, assign(p, t, var(p, y)), 3);
    unsigned ok = l;
    then(p, p1, &l, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, t), num(p, 1))), 3);
    then(p, p1, &l, ordo_s_new(p, ORDO_S_ERROR), 3);
    then(p, p1, &ok, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, t), num(p, 1))), 3);
    finish(p, p1, ok);
    l = p->procs[p2].init_loc;
    then(p, p2, &l, assign(p, y, var(p, x)), 1);
    then(p, p2, &l, assign(p, x, num(p, 0)), 2);
    finish(p, p2, l);
    l = 0;
    then(p, 0, &l, ordo_s_thread_start(p, NULL, p1, NULL), 10);
    then(p, 0, &l, ordo_s_thread_start(p, NULL, p2, NULL), 11);
    finish(p, 0, l);
    for (uint64_t seed = 0; seed < 300; seed++) {
        ordo_trace *tr = ordo_trace_new();
        assert_int_equal(ordo_simulate_run(p, ORDO_ARITH_BV, seed, 100, tr), ORDO_SIM_FINISHED);
        ordo_trace_free(tr);
    }
    assert_int_equal(ordo_pass_scoi(p), 0);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(irrelevant_assignments_become_skip),
        cmocka_unit_test(memory_counts_as_one_place),
        cmocka_unit_test(thesis_figure_4_1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
