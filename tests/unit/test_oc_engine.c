/* End-to-end tests of the oc engine (thesis Chapter 5) on small IR
 * programs: verdicts of the four configurations BASIC, BASIC+OPT, PROP,
 * PROP+OPT, replay of every counterexample, and the two stages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/host.h>
#include <ordo/ir_build.h>
#include <ordo/passes.h>
#include <ordo/trace.h>

#include "../../engines/oc/deepen.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

static ordo_solver_factory z3;

static const oc_config configs[] = {
    { .prop = false, .finder = OC_FINDER_NONE, .arith = OC_ARITH_AUTO },     /* BASIC */
    { .prop = false, .finder = OC_FINDER_RF_WS_FR, .arith = OC_ARITH_AUTO }, /* BASIC+OPT */
    { .prop = true, .finder = OC_FINDER_NONE, .arith = OC_ARITH_AUTO },      /* PROP */
    { .prop = true, .finder = OC_FINDER_RF_WS_FR, .arith = OC_ARITH_AUTO },  /* PROP+OPT */
    /* PROP+OPT with preventive propagation (--propagate on) */
    { .prop = true, .prevent = true, .finder = OC_FINDER_RF_WS_FR, .arith = OC_ARITH_AUTO },
};

/* Runs every configuration; each must give `expected`, and every
 * counterexample must replay. Returns the stage of the last run. */
static int verify_all(const ordo_program *p, ordo_verdict expected)
{
    int stage = 0;
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        oc_outcome o = oc_verify(p, &z3, NULL, &configs[i]);
        if (o.verdict != expected)
            fail_msg("configuration %zu: verdict %d, expected %d (%s)", i, o.verdict, expected,
                     o.reason ? o.reason : "");
        if (o.verdict == ORDO_VERDICT_UNSAFE) {
            char *why = NULL;
            bool ok = ordo_trace_replay(p, o.trace, &why);
            if (!ok)
                fail_msg("configuration %zu: counterexample does not replay: %s", i, why);
            ordo_trace_free(o.trace);
        }
        if (configs[i].finder != OC_FINDER_NONE)
            assert_true(o.finder.conflicts_rf + o.finder.conflicts_ws_fr > 0 || o.events < 8);
        free(o.reason);
        stage = o.stage;
    }
    return stage;
}

/* The counterexample trace replays on p; frees it. */
static void expect_replay(const ordo_program *p, ordo_trace *trace)
{
    char *why = NULL;
    if (!ordo_trace_replay(p, trace, &why))
        fail_msg("counterexample does not replay: %s", why);
    ordo_trace_free(trace);
}

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

/* The racy counter's wSC model is an SC execution: its counterexample
 * replays, so stage 1 decides (no SC search). */
static void racy_counter_is_unsafe(void **state)
{
    (void)state;
    ordo_program *p = fixture_counter(false, NULL);
    assert_int_equal(verify_all(p, ORDO_VERDICT_UNSAFE), 1);
    ordo_program_free(p);
}

static void locked_counter_is_safe(void **state)
{
    (void)state;
    ordo_program *p = fixture_counter(true, NULL);
    assert_int_equal(verify_all(p, ORDO_VERDICT_SAFE), 1);
    ordo_program_free(p);
}

/* A thread procedure `name` of statements (NULL-terminated). */
static unsigned thread_proc(ordo_program *p, const char *name, ordo_stmt **body)
{
    unsigned f = ordo_add_proc(p, name);
    unsigned l = p->procs[f].init_loc;
    for (unsigned i = 0; body[i]; i++)
        then(p, f, &l, body[i], 10 + i);
    finish(p, f, l);
    return f;
}

static ordo_stmt *join(ordo_program *p, int64_t id)
{
    return ordo_s_thread_join(p, num(p, id));
}

/* Writers x := 1, x := 2, y := 1, y := 2 (threads 1-4); readers of y join
 * both x writers (threads 5, 6), readers of x both y writers (7, 8); each
 * reader flags when it sees its value. All four flags: the readers of y
 * saw the y writes in different orders after both x writes, and vice
 * versa. No derivation of wSC (Axioms 1-3) orders the writes, so stage 1
 * finds a violating model; no SC execution exists: stage 2 proves it. */
static ordo_program *four_observers(void)
{
    ordo_program *p = ordo_program_new("observers.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned f[4];
    for (int i = 0; i < 4; i++) {
        char name[8] = { 'f', (char)('0' + i), 0 };
        f[i] = ordo_add_var(p, name, i32(), -1, 0);
    }
    unsigned main_proc = ordo_add_proc(p, "main");
    p->main_proc = main_proc;
    unsigned writers[4];
    for (int i = 0; i < 4; i++) {
        ordo_stmt *body[] = { assign(p, i < 2 ? x : y, num(p, i % 2 + 1)), NULL };
        writers[i] = thread_proc(p, "writer", body);
    }
    unsigned readers[4];
    for (int i = 0; i < 4; i++) {
        unsigned f_proc = ordo_add_proc(p, "reader");
        unsigned tmp = ordo_add_var(p, "tmp", i32(), (int)f_proc, 0);
        unsigned l = p->procs[f_proc].init_loc;
        bool reads_y = i < 2;
        then(p, f_proc, &l, join(p, reads_y ? 1 : 3), 30);
        then(p, f_proc, &l, join(p, reads_y ? 2 : 4), 31);
        then(p, f_proc, &l, assign(p, tmp, var(p, reads_y ? y : x)), 32);
        then(p, f_proc, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, tmp), num(p, i % 2 + 1))),
             33);
        then(p, f_proc, &l, assign(p, f[i], num(p, 1)), 34);
        finish(p, f_proc, l);
        readers[i] = f_proc;
    }
    unsigned l = p->procs[main_proc].init_loc;
    for (int i = 0; i < 4; i++)
        then(p, main_proc, &l, ordo_s_thread_start(p, NULL, writers[i], NULL), 40);
    for (int i = 0; i < 4; i++)
        then(p, main_proc, &l, ordo_s_thread_start(p, NULL, readers[i], NULL), 41);
    unsigned t[4];
    for (int i = 0; i < 4; i++) {
        then(p, main_proc, &l, join(p, 5 + i), 42);
        t[i] = ordo_add_var(p, "t", i32(), (int)main_proc, 0);
        then(p, main_proc, &l, assign(p, t[i], var(p, f[i])), 43);
    }
    const ordo_expr *all = bin(p, ORDO_B_EQ, var(p, t[0]), num(p, 1));
    for (int i = 1; i < 4; i++)
        all = bin(p, ORDO_B_LAND, all, bin(p, ORDO_B_EQ, var(p, t[i]), num(p, 1)));
    then(p, main_proc, &l, ordo_s_assume(p, all), 44);
    then(p, main_proc, &l, ordo_s_new(p, ORDO_S_ERROR), 45);
    finish(p, main_proc, l);
    return p;
}

static void safe_under_sc_not_under_wsc(void **state)
{
    (void)state;
    ordo_program *p = four_observers();
    assert_int_equal(verify_all(p, ORDO_VERDICT_SAFE), 2);
    ordo_program_free(p);
}

/* The same program where one reader accepts either value: then an SC
 * execution exists and stage 2 finds it (and it replays). */
static void sc_witness_is_found(void **state)
{
    (void)state;
    ordo_program *p = four_observers();
    /* Procedures: main 0, writers 1-4, readers 5-8. Reader 1 (procedure 6)
     * assumes y == 2: make it accept y >= 1. */
    ordo_proc *r0 = &p->procs[6];
    for (unsigned e = 0; e < r0->n_edges; e++)
        if (r0->edges[e].stmt->kind == ORDO_S_ASSUME) {
            const ordo_stmt *old = r0->edges[e].stmt;
            ordo_stmt *any = ordo_s_assume(p, bin(p, ORDO_B_GE, old->cond->kid[0], num(p, 1)));
            any->file = "t.c";
            any->line = old->line;
            r0->edges[e].stmt = any;
        }
    assert_int_equal(verify_all(p, ORDO_VERDICT_UNSAFE), 2);
    ordo_program_free(p);
}

/* Preventive propagation changes no verdict, and it is what sets
 * literals false: the racy counter (UNSAFE, stage 1) and the four
 * observers (SAFE under SC, stage 2, where ws literals close cycles). */
static void prevention_keeps_the_verdict(void **state)
{
    (void)state;
    ordo_program *programs[] = { fixture_counter(false, NULL), four_observers() };
    const ordo_verdict want[] = { ORDO_VERDICT_UNSAFE, ORDO_VERDICT_SAFE };
    for (size_t i = 0; i < 2; i++)
        for (int prevent = 0; prevent < 2; prevent++) {
            oc_config cfg = { .prop = true, .prevent = prevent, .finder = OC_FINDER_NONE };
            oc_outcome o = oc_verify(programs[i], &z3, NULL, &cfg);
            assert_int_equal(o.verdict, want[i]);
            assert_int_equal(o.stage, i + 1);
            if (prevent)
                assert_true(o.work.prevented > 0);
            else
                assert_int_equal(o.work.prevented, 0);
            if (o.verdict == ORDO_VERDICT_UNSAFE)
                expect_replay(programs[i], o.trace);
            free(o.reason);
        }
    ordo_program_free(programs[0]);
    ordo_program_free(programs[1]);
}

/* Loops through the bounded pipeline (inline + unroll, passes.h): a
 * static trip count needs no unwinding assumption (a complete SAFE); with
 * a nondeterministic bound n, x != 2n is reachable (n < 0) and replays. */
static void loops_static_and_nondeterministic(void **state)
{
    (void)state;
    for (int n = 3; n >= -1; n -= 4) {
        ordo_program *src = fixture_loop(n, NULL);
        bool complete = false;
        char *err = NULL;
        ordo_program *p = ordo_prepare_bounded(src, 2, ORDO_STATIC_TRIP_LIMIT, &complete, &err);
        assert_non_null(p);
        assert_int_equal(complete, n >= 0);
        oc_outcome o = oc_verify(p, &z3, NULL, &configs[3]);
        assert_int_equal(o.verdict, n >= 0 ? ORDO_VERDICT_SAFE : ORDO_VERDICT_UNSAFE);
        if (n >= 0)
            assert_false(o.unwinding);
        else
            expect_replay(src, o.trace);
        free(o.reason);
        ordo_program_free(p);
        ordo_program_free(src);
    }
}

/* x counts the iterations of a loop with a nondeterministic bound n (at
 * most max_n when max_n >= 0); x == 3 is the error: it needs three
 * iterations. */
static ordo_program *loop_then_check_three(int max_n)
{
    ordo_program *src = ordo_program_new("deep.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(src, "x", i32(), -1, 0);
    unsigned f = ordo_add_proc(src, "main");
    src->main_proc = f;
    unsigned n = ordo_add_var(src, "n", i32(), (int)f, 0);
    unsigned l = src->procs[f].init_loc;
    then(src, f, &l, ordo_s_havoc(src, ordo_lv_var(src, n)), 1);
    if (max_n >= 0)
        then(src, f, &l, ordo_s_assume(src, bin(src, ORDO_B_LE, var(src, n), num(src, max_n))), 1);
    unsigned head = l, body = l;
    then(src, f, &body, ordo_s_assume(src, bin(src, ORDO_B_LT, var(src, x), var(src, n))), 2);
    ordo_stmt *inc = assign(src, x, bin(src, ORDO_B_ADD, var(src, x), num(src, 1)));
    inc->file = "deep.c";
    inc->line = 3;
    ordo_add_edge(src, f, body, head, inc);
    unsigned out = head;
    then(src, f, &out, ordo_s_assume(src, bin(src, ORDO_B_GE, var(src, x), var(src, n))), 2);
    unsigned bad = out;
    then(src, f, &bad, ordo_s_assume(src, bin(src, ORDO_B_EQ, var(src, x), num(src, 3))), 4);
    then(src, f, &bad, ordo_s_new(src, ORDO_S_ERROR), 5);
    finish(src, f, bad);
    then(src, f, &out, ordo_s_assume(src, bin(src, ORDO_B_NE, var(src, x), num(src, 3))), 4);
    finish(src, f, out);
    return src;
}

static ordo_program *violation_after_three_iterations(void)
{
    return loop_then_check_three(-1);
}

/* A violation after the third iteration is beyond unroll bound 2: a
 * bounded SAFE, never UNSAFE; with bound 3 it is found and replays. */
static void violation_beyond_the_bound(void **state)
{
    (void)state;
    ordo_program *src = violation_after_three_iterations();
    for (unsigned k = 2; k <= 3; k++) {
        bool complete;
        char *err = NULL;
        ordo_program *p = ordo_prepare_bounded(src, k, ORDO_STATIC_TRIP_LIMIT, &complete, &err);
        assert_non_null(p);
        for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
            oc_outcome o = oc_verify(p, &z3, NULL, &configs[c]);
            if (k == 2) {
                assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
                assert_true(o.unwinding);
            } else {
                assert_int_equal(o.verdict, ORDO_VERDICT_UNSAFE);
                expect_replay(src, o.trace);
            }
            free(o.reason);
        }
        ordo_program_free(p);
    }
    ordo_program_free(src);
}

static oc_deepened deepen(const ordo_program *src, const oc_config *cfg, unsigned unroll_max)
{
    oc_bounds b = { .unroll = 2, .unroll_max = unroll_max };
    oc_deepened d = oc_verify_deepening(src, &z3, NULL, cfg, &b);
    assert_null(d.error);
    return d;
}

/* d is a bounded SAFE at `bound` after `attempts` attempts; frees its reason. */
static void expect_bounded_safe(oc_deepened *d, unsigned bound, unsigned attempts)
{
    assert_int_equal(d->o.verdict, ORDO_VERDICT_SAFE);
    assert_true(d->o.unwinding);
    assert_int_equal(d->bound, bound);
    assert_int_equal(d->attempts, attempts);
    free(d->o.reason);
}

/* The unwinding check (verify.h) after a SAFE at bound 2: with n <= 2 no
 * execution reaches the unwinding edge (a complete SAFE, and deepening
 * stops at once); with n <= 5 the third iteration, and the error after
 * it, is reachable: the SAFE must stay bounded. */
static void unwinding_check_decides_completeness(void **state)
{
    (void)state;
    for (int max_n = 2; max_n <= 5; max_n += 3) {
        ordo_program *src = loop_then_check_three(max_n);
        bool complete;
        char *err = NULL;
        ordo_program *p = ordo_prepare_bounded(src, 2, ORDO_STATIC_TRIP_LIMIT, &complete, &err);
        assert_non_null(p);
        assert_false(complete); /* n has no static bound */
        for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
            oc_outcome o = oc_verify(p, &z3, NULL, &configs[c]);
            assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
            assert_true(o.unwinding);
            assert_int_equal(oc_completeness(&o), OC_COMPLETE_NONE);
            oc_check_unwinding(p, &z3, NULL, &configs[c], &o);
            assert_int_equal(o.cuts_unreachable, max_n == 2);
            assert_int_equal(oc_completeness(&o),
                             max_n == 2 ? OC_COMPLETE_UNWINDING_CHECK : OC_COMPLETE_NONE);
            assert_true(o.work.unwinding_check_s > 0);
            free(o.reason);
        }
        ordo_program_free(p);
        if (max_n == 2) {
            oc_deepened d = deepen(src, &configs[3], 8);
            assert_int_equal(d.o.verdict, ORDO_VERDICT_SAFE);
            assert_int_equal(oc_completeness(&d.o), OC_COMPLETE_UNWINDING_CHECK);
            assert_int_equal(d.attempts, 1);
            free(d.o.reason);
        }
        ordo_program_free(src);
    }
}

/* What main does after creating the threads (creation_loop). */
typedef enum { CHECK_AT_ONCE, JOIN_ALL_FIRST, JOIN_LAST_FIRST } after_creation;

/* A counted loop `for (i = 0; i < i_end; i++) step` of main at *l, with
 * `step` built for the counter i (lines 2-3). */
static void counted_loop(ordo_program *p, unsigned f, unsigned *l, unsigned i, int64_t i_end,
                         ordo_stmt *const *step)
{
    then(p, f, l, assign(p, i, num(p, 0)), 2);
    unsigned head = *l, body = *l;
    then(p, f, &body, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, i), num(p, i_end))), 3);
    for (unsigned k = 0; step[k]; k++)
        then(p, f, &body, step[k], 3);
    ordo_add_edge(p, f, body, head, assign(p, i, bin(p, ORDO_B_ADD, var(p, i), num(p, 1))));
    then(p, f, l, ordo_s_assume(p, bin(p, ORDO_B_GE, var(p, i), num(p, i_end))), 3);
}

/* main: for (i = 0; i < n; i++) ids[i] := start worker; then (`after`)
 * for (i = 0; i < n; i++) join ids[i], or join ids[n - 1], or nothing;
 * t := flag; assume t == 1; ERROR. worker: flag := 1; flag := 0.
 * Checked at once, main sees a worker's flag (a race); after joining
 * every worker the flag is 0 again. */
static ordo_program *creation_loop(int64_t n, after_creation after)
{
    ordo_program *p = ordo_program_new("spawn.c", ORDO_DM_LP64);
    unsigned flag = ordo_add_var(p, "flag", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    ordo_stmt *work[] = { assign(p, flag, num(p, 1)), assign(p, flag, num(p, 0)), NULL };
    unsigned w = thread_proc(p, "worker", work);
    unsigned i = ordo_add_var(p, "i", i32(), (int)f, 0), t = ordo_add_var(p, "t", i32(), (int)f, 0);
    unsigned ids_object = ordo_add_object(p, "ids", (uint64_t)n, (int)f);
    const ordo_expr *ids = num(p, (int64_t)p->objects[ids_object].base);
    unsigned l = p->procs[f].init_loc;
    ordo_lvalue id_i = ordo_lv_mem(i32(), bin(p, ORDO_B_ADD, ids, var(p, i)));
    ordo_stmt *create[] = { ordo_s_thread_start(p, &id_i, w, NULL), NULL };
    counted_loop(p, f, &l, i, n, create);
    ordo_stmt *join_i[] = { assign(p, t, ordo_e_load(p, i32(), bin(p, ORDO_B_ADD, ids, var(p, i)))),
                            ordo_s_thread_join(p, var(p, t)), NULL };
    if (after == JOIN_ALL_FIRST)
        counted_loop(p, f, &l, i, n, join_i);
    if (after == JOIN_LAST_FIRST) {
        then(p, f, &l, assign(p, t, ordo_e_load(p, i32(), bin(p, ORDO_B_ADD, ids, num(p, n - 1)))), 4);
        then(p, f, &l, ordo_s_thread_join(p, var(p, t)), 4);
    }
    then(p, f, &l, assign(p, t, var(p, flag)), 5);
    then(p, f, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, t), num(p, 1))), 5);
    then(p, f, &l, ordo_s_new(p, ORDO_S_ERROR), 6);
    finish(p, f, l);
    return p;
}

/* Issue 32: 10,000 threads created in a loop, unroll bound 2. The first
 * two threads race with main's check: UNSAFE in every configuration, 9,998
 * threads created without events, and the counterexample replays on the
 * original program (all 10,000 created). Joining every thread first: no
 * false alarm, a SAFE that is never complete. A join of a thread created
 * lazily blocks: the error after it (reachable in the program: a worker
 * that ran sets the flag) is not found at this bound, and the SAFE is
 * bounded. Deepening keeps it bounded, with fewer lazy threads. */
static void thread_creation_loop_creates_lazily(void **state)
{
    (void)state;
    for (after_creation after = CHECK_AT_ONCE; after <= JOIN_LAST_FIRST; after++) {
        ordo_program *src = creation_loop(10000, after);
        bool complete;
        char *err = NULL;
        ordo_program *p = ordo_prepare_bounded(src, 2, ORDO_STATIC_TRIP_LIMIT, &complete, &err);
        assert_non_null(p);
        assert_false(complete);
        for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
            oc_outcome o = oc_verify(p, &z3, NULL, &configs[c]);
            assert_int_equal(o.lazy_threads, 9998);
            if (after == CHECK_AT_ONCE) {
                assert_int_equal(o.verdict, ORDO_VERDICT_UNSAFE);
                expect_replay(src, o.trace);
            } else {
                assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
                assert_int_equal(oc_completeness(&o), OC_COMPLETE_NONE);
                assert_true(oc_bounded_by_unwinding(&o));
            }
            free(o.reason);
        }
        ordo_program_free(p);
        if (after == JOIN_LAST_FIRST) {
            oc_deepened d = deepen(src, &configs[3], 8);
            assert_int_equal(d.o.verdict, ORDO_VERDICT_SAFE);
            assert_int_equal(d.bound, 8);
            assert_int_equal(d.o.lazy_threads, 9992);
            assert_int_equal(d.o.work.unwinding_check_s, 0);
            free(d.o.reason);
        }
        ordo_program_free(src);
    }
}

/* Incremental unwinding (deepen.h): bound 2 answers a bounded SAFE, bound
 * 4 finds the violation, which replays; without --unroll-max, or with
 * --deepen-time used up, one attempt. */
static void deepening_finds_a_violation_beyond_the_first_bound(void **state)
{
    (void)state;
    ordo_program *src = violation_after_three_iterations();
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        oc_deepened d = deepen(src, &configs[c], 8);
        assert_int_equal(d.o.verdict, ORDO_VERDICT_UNSAFE);
        assert_int_equal(d.bound, 4);
        assert_int_equal(d.attempts, 2);
        expect_replay(src, d.o.trace);
        free(d.o.reason);
        d = deepen(src, &configs[c], 0);
        expect_bounded_safe(&d, 2, 1);
    }
    /* a CPU stop already passed: the walk gives up at once */
    oc_config stopped = configs[3];
    stopped.cpu_stop_s = 1e-9;
    bool complete;
    char *err = NULL;
    ordo_program *p = ordo_prepare_bounded(src, 2, ORDO_STATIC_TRIP_LIMIT, &complete, &err);
    oc_outcome o = oc_verify(p, &z3, NULL, &stopped);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNKNOWN);
    assert_string_equal(o.reason, "out of time while building events");
    free(o.reason);
    ordo_program_free(p);
    /* --deepen-time already used up: no deeper attempt */
    oc_bounds spent = { .unroll = 2, .unroll_max = 8, .deepen_s = 1e-9 };
    oc_deepened d = oc_verify_deepening(src, &z3, NULL, &configs[3], &spent);
    assert_int_equal(d.o.verdict, ORDO_VERDICT_SAFE);
    assert_int_equal(d.attempts, 1);
    free(d.o.reason);
    ordo_program_free(src);
}

/* --deepen-events: a deeper bound whose encoding has more events gives up
 * and the last bounded SAFE stands; the first attempt is never capped. At
 * bound 4 the program has more events than at bound 2. */
static void deepening_stops_at_the_event_budget(void **state)
{
    (void)state;
    ordo_program *src = violation_after_three_iterations();
    oc_deepened first = deepen(src, &configs[3], 0);
    size_t at_2 = first.o.events;
    free(first.o.reason);
    size_t budgets[] = { 1, at_2 };
    for (size_t i = 0; i < 2; i++) {
        oc_bounds b = { .unroll = 2, .unroll_max = 8, .deepen_events = budgets[i] };
        oc_deepened d = oc_verify_deepening(src, &z3, NULL, &configs[3], &b);
        assert_int_equal(d.o.events, at_2);
        expect_bounded_safe(&d, 2, 2);
    }
    oc_bounds roomy = { .unroll = 2, .unroll_max = 8, .deepen_events = 4 * at_2 };
    oc_deepened d = oc_verify_deepening(src, &z3, NULL, &configs[3], &roomy);
    assert_int_equal(d.o.verdict, ORDO_VERDICT_UNSAFE);
    assert_int_equal(d.bound, 4);
    expect_replay(src, d.o.trace);
    free(d.o.reason);
    ordo_program_free(src);
}

/* A deeper attempt stops 2 s before the run's deadline, so that the last
 * bounded SAFE is reported in time: with 1.5 s left, the attempt at bound
 * 4 gives up at once and bound 2 stands (without the reserve, bound 4
 * finds the violation). */
static void deepening_keeps_a_reserve_before_the_deadline(void **state)
{
    (void)state;
    ordo_program *src = violation_after_three_iterations();
    ordo_deadline close;
    ordo_deadline_start(&close, ordo_process_cputime_s() + 1.5, 0);
    oc_bounds b = { .unroll = 2, .unroll_max = 8 };
    oc_deepened d = oc_verify_deepening(src, &z3, &close, &configs[3], &b);
    expect_bounded_safe(&d, 2, 2);
    ordo_program_free(src);
}

/* A static trip count too large for the event limit: the first attempt
 * gives up, the retry unrolls every loop at most 2 times (a bounded SAFE),
 * deeper bounds follow until the limit stops them. The safe loop adds 2
 * to x 30 times: 2 events per iteration. */
static void deepening_caps_static_loops_beyond_the_event_limit(void **state)
{
    (void)state;
    ordo_program *src = fixture_loop(30, NULL);
    oc_config cfg = configs[3];
    cfg.max_events = 20;
    oc_outcome once = oc_verify_deepening(src, &z3, NULL, &cfg,
                                          &(oc_bounds){ .unroll = 2 }).o;
    assert_int_equal(once.verdict, ORDO_VERDICT_UNKNOWN);
    assert_true(once.too_many_events);
    assert_string_equal(once.reason, "too many events (more than 20)");
    free(once.reason);
    oc_deepened d = deepen(src, &cfg, 64);
    expect_bounded_safe(&d, 8, 5);
    ordo_program_free(src);
}

/* u8 x = 255; x = x op c; error if x == bad. */
static ordo_program *u8_update(ordo_binop op, int64_t c, int64_t bad)
{
    ordo_program *p = ordo_program_new("wrap.c", ORDO_DM_LP64);
    ordo_type u8 = ordo_ty_int(8, false);
    unsigned x = ordo_add_var(p, "x", u8, -1, 255);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    then(p, f, &l, ordo_s_assign(p, ordo_lv_var(p, x),
                                 ordo_e_binop(p, op, u8, ordo_e_var(p, x), ordo_e_const(p, u8, c))),
         1);
    unsigned bad_loc = l;
    then(p, f, &bad_loc, ordo_s_assume(p, ordo_e_binop(p, ORDO_B_EQ, ordo_ty_bool(),
                                                       ordo_e_var(p, x), ordo_e_const(p, u8, bad))),
         2);
    then(p, f, &bad_loc, ordo_s_new(p, ORDO_S_ERROR), 3);
    finish(p, f, bad_loc);
    then(p, f, &l, ordo_s_assume(p, ordo_e_binop(p, ORDO_B_NE, ordo_ty_bool(), ordo_e_var(p, x),
                                                 ordo_e_const(p, u8, bad))),
         2);
    finish(p, f, l);
    return p;
}

/* Unsigned wrap-around is exact in every arithmetic: 255 + 1 is 0 in u8
 * under --arith int too. */
static void unsigned_wrap_is_exact_in_int(void **state)
{
    (void)state;
    ordo_program *p = u8_update(ORDO_B_ADD, 1, 0);
    const oc_arith_mode modes[] = { OC_ARITH_INT, OC_ARITH_AUTO, OC_ARITH_BV };
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        oc_config cfg = { .prop = true, .finder = OC_FINDER_NONE, .arith = modes[i] };
        oc_outcome o = oc_verify(p, &z3, NULL, &cfg);
        assert_int_equal(o.verdict, ORDO_VERDICT_UNSAFE);
        expect_replay(p, o.trace);
        free(o.reason);
    }
    ordo_program_free(p);
}

/* An assignment stores its value at the type of its left side, as the
 * interpreter's write does: x (unsigned char) := 300 (int) makes x 44, so
 * the error is reachable (kept as 300, every configuration would call
 * this program safe). */
static void assignment_converts_to_the_left_side_type(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("store.c", ORDO_DM_LP64);
    ordo_type u8 = ordo_ty_int(8, false), i32 = ordo_ty_int(32, true);
    unsigned x = ordo_add_var(p, "x", u8, -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    p->main_proc = f;
    unsigned l = p->procs[f].init_loc;
    then(p, f, &l, ordo_s_assign(p, ordo_lv_var(p, x), ordo_e_const(p, i32, 300)), 1);
    then(p, f, &l, ordo_s_assume(p, ordo_e_binop(p, ORDO_B_EQ, ordo_ty_bool(), ordo_e_var(p, x),
                                                 ordo_e_const(p, u8, 44))),
         2);
    then(p, f, &l, ordo_s_new(p, ORDO_S_ERROR), 3);
    finish(p, f, l);
    verify_all(p, ORDO_VERDICT_UNSAFE);
    ordo_program_free(p);
}

/* --arith int refuses a program whose meaning needs bit-vectors (a bitwise
 * operator), naming its place; auto picks bit-vectors and stays correct. */
static void int_arithmetic_is_not_misused(void **state)
{
    (void)state;
    ordo_program *p = u8_update(ORDO_B_AND, 1, 1);
    oc_config cfg = { .prop = true, .finder = OC_FINDER_NONE, .arith = OC_ARITH_INT };
    oc_outcome o = oc_verify(p, &z3, NULL, &cfg);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNSUPPORTED);
    assert_non_null(strstr(o.reason, "t.c:1)"));
    free(o.reason);
    cfg.arith = OC_ARITH_AUTO;
    o = oc_verify(p, &z3, NULL, &cfg);
    assert_int_equal(o.verdict, ORDO_VERDICT_UNSAFE); /* 255 & 1 is 1 */
    expect_replay(p, o.trace);
    free(o.reason);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(racy_counter_is_unsafe),
        cmocka_unit_test(locked_counter_is_safe),
        cmocka_unit_test(safe_under_sc_not_under_wsc),
        cmocka_unit_test(sc_witness_is_found),
        cmocka_unit_test(prevention_keeps_the_verdict),
        cmocka_unit_test(loops_static_and_nondeterministic),
        cmocka_unit_test(violation_beyond_the_bound),
        cmocka_unit_test(unwinding_check_decides_completeness),
        cmocka_unit_test(thread_creation_loop_creates_lazily),
        cmocka_unit_test(deepening_finds_a_violation_beyond_the_first_bound),
        cmocka_unit_test(deepening_caps_static_loops_beyond_the_event_limit),
        cmocka_unit_test(deepening_stops_at_the_event_budget),
        cmocka_unit_test(deepening_keeps_a_reserve_before_the_deadline),
        cmocka_unit_test(unsigned_wrap_is_exact_in_int),
        cmocka_unit_test(assignment_converts_to_the_left_side_type),
        cmocka_unit_test(int_arithmetic_is_not_misused),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
