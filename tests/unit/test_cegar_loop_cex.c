/* Unit tests of counterexamples behind counted loops (cex_loops.h,
 * loops.h): a loop creating 10,000 racing workers, whose abstract
 * counterexample leaves the loop after a few iterations, is found UNSAFE
 * by a schedule that runs the whole loop (replayed); the same program
 * whose check also needs the loop left early raises no alarm. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <ordo/interp.h>
#include <ordo/ir_build.h>
#include <ordo/plugin.h>
#include <ordo/trace.h>

#include "../../engines/cegar/cegar.h"
#include "../../engines/cegar/loops.h"
#include "../support/cegar_verify.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

#define WORKERS 10000

static ordo_solver_factory z3;

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

/* Indices of the racing program's parts, for the checks. */
typedef struct {
    unsigned g, exit_edge, stay_edge;
} racing_parts;

/* worker: t := g; g := t + 1 (a racy increment of the global g).
 * main: for (i = 0; i < 10000; i++) start worker;
 *       x := g; assume x != 0; [assume i < 10000;] ERROR.
 * A worker that ran before main reads g is a violation, found only by
 * creating all 10,000 workers first. With `guarded`, the check also
 * needs the loop left early, which no execution does: SAFE. */
static ordo_program *racing(bool guarded, racing_parts *parts)
{
    ordo_program *p = ordo_program_new("race.c", ORDO_DM_LP64);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned w = ordo_add_proc(p, "worker");
    unsigned t = ordo_add_var(p, "t", i32(), (int)w, 0);
    unsigned i = ordo_add_var(p, "i", i32(), 0, 0), x = ordo_add_var(p, "x", i32(), 0, 0);
    unsigned l = p->procs[w].init_loc;
    then(p, w, &l, assign(p, t, var(p, g)), 2);
    then(p, w, &l, assign(p, g, bin(p, ORDO_B_ADD, var(p, t), num(p, 1))), 3);
    finish(p, w, l);
    unsigned head = p->procs[0].init_loc;
    then(p, 0, &head, assign(p, i, num(p, 0)), 5);
    unsigned body = head, out = head;
    parts->stay_edge = p->procs[0].n_edges;
    then(p, 0, &body, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, i), num(p, WORKERS))), 5);
    then(p, 0, &body, ordo_s_thread_start(p, NULL, w, NULL), 6);
    ordo_add_edge(p, 0, body, head, assign(p, i, bin(p, ORDO_B_ADD, var(p, i), num(p, 1))));
    parts->exit_edge = p->procs[0].n_edges;
    then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_GE, var(p, i), num(p, WORKERS))), 5);
    then(p, 0, &out, assign(p, x, var(p, g)), 9);
    then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, x), num(p, 0))), 9);
    if (guarded)
        then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, i), num(p, WORKERS))), 9);
    then(p, 0, &out, ordo_s_new(p, ORDO_S_ERROR), 10);
    finish(p, 0, out);
    parts->g = g;
    return p;
}

/* The loop table (loops.h): the creation loop has one exit; its head is
 * its one branch (refine_loops.h relaxes the guards of both its edges),
 * the edge that stays in the loop on a cycle, the exit not; the worker
 * has no loop. */
static void the_creation_loop_in_the_loop_table(void **state)
{
    (void)state;
    racing_parts parts;
    ordo_program *p = racing(false, &parts);
    cg_loops *x = cg_loops_new(p);
    unsigned exits = 0, branches = 0, on_cycle = 0;
    for (unsigned e = 0; e < p->procs[0].n_edges; e++) {
        exits += cg_loops_exit(x, 0, e);
        branches += cg_loops_branch(x, 0, e);
        on_cycle += cg_loops_on_cycle(x, 0, e);
    }
    assert_int_equal(exits, 1);
    assert_true(cg_loops_exit(x, 0, parts.exit_edge));
    assert_int_equal(branches, 2);
    assert_true(cg_loops_branch(x, 0, parts.stay_edge));
    assert_true(cg_loops_branch(x, 0, parts.exit_edge));
    assert_int_equal(on_cycle, 3);
    assert_true(cg_loops_on_cycle(x, 0, parts.stay_edge));
    unsigned body = p->procs[0].edges[parts.stay_edge].to;
    unsigned after = p->procs[0].edges[parts.exit_edge].to;
    assert_true(cg_loops_inside(x, 0, parts.exit_edge, body));
    assert_false(cg_loops_inside(x, 0, parts.exit_edge, after));
    for (unsigned e = 0; e < p->procs[1].n_edges; e++)
        assert_false(cg_loops_on_cycle(x, 1, e) || cg_loops_branch(x, 1, e) ||
                     cg_loops_exit(x, 1, e));
    cg_loops_free(x);
    ordo_program_free(p);
}

static cg_config pred_config(unsigned steps)
{
    return (cg_config){ .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = true,
                        .loop_cex_steps = steps };
}

/* Two spurious paths leave the loop early. The first (no worker ran, g
 * is 0) is run twice without a model (values 0, then 1; the program has
 * no havoc): main's 10,000 creations, its read of g, and its check, which
 * blocks (10,002 steps each); its relaxed path is infeasible, so no run
 * with a model. The second (a worker incremented g first) is run once
 * and reaches the error (10,004 steps: main's first creation, the
 * worker's two steps, main's other 9,999 creations and read, main's
 * check), replayed with all 10,000 workers created. */
static void a_race_behind_the_creation_loop_is_found(void **state)
{
    (void)state;
    racing_parts parts;
    ordo_program *p = racing(false, &parts);
    cg_config cfg = pred_config(1000000);
    cg_counters c = { 0 };
    cg_outcome o = cg_verify(p, &cfg, &z3, NULL, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNSAFE);
    assert_int_equal(c.loop_cex_attempts, 3);
    assert_int_equal(c.loop_cex_replayed, 1);
    assert_int_equal(o.trace->n_steps, WORKERS + 4);
    assert_int_equal(c.loop_cex_steps, 2 * (WORKERS + 2) + (WORKERS + 4));
    char *why = NULL;
    assert_true(ordo_trace_replay(p, o.trace, &why));
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    for (size_t k = 0; k < o.trace->n_steps; k++)
        ordo_interp_step(in, o.trace->schedule[k], NULL, NULL);
    assert_int_equal(ordo_interp_n_threads(in), WORKERS + 1);
    int64_t g;
    assert_true(ordo_interp_var(in, 0, parts.g, &g));
    assert_int_equal(g, 1);
    ordo_interp_free(in);
    ordo_trace_free(o.trace);
    free(o.reason);
    ordo_program_free(p);
}

/* Without interpreter steps (--loop-cex-steps 0) nothing is tried. */
static void no_steps_no_attempt(void **state)
{
    (void)state;
    racing_parts parts;
    ordo_program *p = racing(false, &parts);
    cg_config cfg = pred_config(0);
    cg_counters c = { 0 };
    ordo_deadline *d = ordo_deadline_narrow(NULL, ordo_process_cputime_s() + 2);
    cg_outcome o = cg_verify(p, &cfg, &z3, d, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNKNOWN);
    assert_int_equal(c.loop_cex_attempts, 0);
    assert_int_equal(c.loop_cex_steps, 0);
    ordo_deadline_free(d);
    free(o.reason);
    ordo_program_free(p);
}

/* Guarded: the first spurious path is run twice, as above; the second
 * (the loop left after one worker, which incremented g) is run twice
 * without a model and, its relaxed path feasible, once with the model's
 * values: each run reaches main's check with i == 10000 and blocks there
 * (10,004 steps). No alarm: the refinement goes on (predicates over i; a
 * proof would need a finite abstraction of the 10,000 workers) until the
 * deadline. */
static void a_run_that_blocks_raises_no_alarm(void **state)
{
    (void)state;
    racing_parts parts;
    ordo_program *p = racing(true, &parts);
    cg_config cfg = pred_config(1000000);
    cg_counters c = { 0 };
    ordo_deadline *d = ordo_deadline_narrow(NULL, ordo_process_cputime_s() + 5);
    cg_outcome o = cg_verify(p, &cfg, &z3, d, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNKNOWN);
    assert_string_equal(o.reason, "cegar: deadline");
    assert_int_equal(c.loop_cex_attempts, 5);
    assert_int_equal(c.loop_cex_replayed, 0);
    assert_int_equal(c.loop_cex_steps, 2 * (WORKERS + 2) + 3 * (WORKERS + 4));
    ordo_deadline_free(d);
    free(o.reason);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_creation_loop_in_the_loop_table),
        cmocka_unit_test(a_race_behind_the_creation_loop_is_found),
        cmocka_unit_test(no_steps_no_attempt),
        cmocka_unit_test(a_run_that_blocks_raises_no_alarm),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
