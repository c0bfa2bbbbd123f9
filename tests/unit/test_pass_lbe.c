/* Unit tests of large-block encoding (core/src/pass_lbe.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/interp.h>
#include <ordo/passes.h>
#include <ordo/trace.h>

#include "ir_fixtures.h"

static const ordo_stmt *edge_at_line(const ordo_program *p, unsigned proc, unsigned line,
                                     ordo_stmt_kind kind)
{
    for (unsigned e = 0; e < p->procs[proc].n_edges; e++) {
        const ordo_stmt *s = p->procs[proc].edges[e].stmt;
        if (s->line == line && s->kind == kind)
            return s;
    }
    return NULL;
}

/* main: a := 1; b := a + 1; g := b; h := 2; ERROR  (g, h global) */
static void local_chains_merge_up_to_one_shared_access(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("b.c", ORDO_DM_LP64);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0), h = ordo_add_var(p, "h", i32(), -1, 0);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned a = ordo_add_var(p, "a", i32(), 0, 0), b = ordo_add_var(p, "b", i32(), 0, 0);
    unsigned l = 0;
    then(p, 0, &l, assign(p, a, num(p, 1)), 1);
    then(p, 0, &l, assign(p, b, bin(p, ORDO_B_ADD, var(p, a), num(p, 1))), 2);
    then(p, 0, &l, assign(p, g, var(p, b)), 3);
    then(p, 0, &l, assign(p, h, num(p, 2)), 4);
    then(p, 0, &l, ordo_s_new(p, ORDO_S_ERROR), 5);
    finish(p, 0, l);
    ordo_program *q = ordo_program_clone(p);
    assert_int_equal(ordo_pass_lbe(q), 2);
    assert_int_equal(q->procs[0].n_edges, 4);
    const ordo_stmt *block = edge_at_line(q, 0, 1, ORDO_S_SEQ);
    assert_non_null(block);
    assert_int_equal(block->n_stmts, 3);
    assert_int_equal(block->stmts[2]->line, 3); /* the shared write ends it */
    assert_non_null(edge_at_line(q, 0, 4, ORDO_S_ASSIGN));
    assert_int_equal(ordo_pass_lbe(q), 0);
    /* one trace, same meaning on both programs: g := 3, h := 2, ERROR */
    ordo_trace *t = ordo_trace_new();
    for (int k = 0; k < 3; k++)
        ordo_trace_step(t, 0);
    char *why = NULL;
    assert_true(ordo_trace_replay(p, t, &why));
    assert_true(ordo_trace_replay(q, t, &why));
    ordo_trace_free(t);
    ordo_program_free(q);
    ordo_program_free(p);
}

/* A loop: the initialisation chain merges; x := x + 2 (two shared
 * accesses, as hand-written here) is never part of a block. */
static void loop_keeps_its_shape(void **state)
{
    (void)state;
    ordo_program *p = fixture_loop(-1, NULL);
    assert_int_equal(ordo_pass_lbe(p), 1);
    const ordo_stmt *init = edge_at_line(p, 0, 1, ORDO_S_SEQ);
    assert_non_null(init);
    assert_int_equal(init->stmts[0]->kind, ORDO_S_HAVOC);
    int64_t two = 2;
    assert_int_equal(run_all(p, &two, 1), ORDO_STEP_FINISHED);
    ordo_program_free(p);
}

static void synchronisation_is_never_merged(void **state)
{
    (void)state;
    ordo_program *p = fixture_counter(true, NULL);
    assert_int_equal(ordo_pass_lbe(p), 0);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(local_chains_merge_up_to_one_shared_access),
        cmocka_unit_test(loop_keeps_its_shape),
        cmocka_unit_test(synchronisation_is_never_merged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
