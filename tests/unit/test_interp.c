/* Unit tests of the IR interpreter and counterexample replay
 * (core/src/interp*.c, core/src/replay.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/interp.h>
#include <ordo/trace.h>

#include "ir_fixtures.h"

/* main: g := <rhs>; ERROR -- evaluates one expression on globals a, b. */
typedef struct {
    ordo_program *p;
    unsigned a, b, g;
} calc;

static calc calc_new(ordo_type t, int64_t a, int64_t b)
{
    calc c;
    c.p = ordo_program_new("calc.c", ORDO_DM_LP64);
    c.a = ordo_add_var(c.p, "a", t, -1, a);
    c.b = ordo_add_var(c.p, "b", t, -1, b);
    c.g = ordo_add_var(c.p, "g", t, -1, 0);
    c.p->main_proc = ordo_add_proc(c.p, "main");
    return c;
}

/* Runs g := a OP b in mode; returns the step status, *out = g. */
static ordo_step_status calc_run(ordo_type t, ordo_binop op, int64_t a, int64_t b, ordo_arith mode,
                                 int64_t *out)
{
    calc c = calc_new(t, a, b);
    unsigned l = 0;
    const ordo_expr *e = ordo_e_binop(c.p, op, t, var(c.p, c.a), var(c.p, c.b));
    then(c.p, 0, &l, assign(c.p, c.g, e), 7);
    finish(c.p, 0, l);
    ordo_interp *in = ordo_interp_new(c.p, mode);
    ordo_step_status s = ordo_interp_step(in, 0, NULL, NULL);
    assert_true(ordo_interp_var(in, 0, c.g, out));
    ordo_interp_free(in);
    ordo_program_free(c.p);
    return s;
}

static int64_t bv(ordo_type t, ordo_binop op, int64_t a, int64_t b)
{
    int64_t r;
    assert_int_equal(calc_run(t, op, a, b, ORDO_ARITH_BV, &r), ORDO_STEP_OK);
    return r;
}

static void unsigned_wraps_in_bv_but_not_in_int(void **state)
{
    (void)state;
    ordo_type u8 = ordo_ty_int(8, false), u32 = ordo_ty_int(32, false);
    assert_int_equal(bv(u8, ORDO_B_ADD, 250, 10), 4);
    assert_int_equal(bv(u32, ORDO_B_SUB, 0, 1), 4294967295);
    int64_t r;
    assert_int_equal(calc_run(u8, ORDO_B_ADD, 250, 10, ORDO_ARITH_INT, &r), ORDO_STEP_OK);
    assert_int_equal(r, 260);
}

static void signed_arithmetic_follows_c(void **state)
{
    (void)state;
    ordo_type s32 = i32(), s8 = ordo_ty_int(8, true), s64 = ordo_ty_int(64, true);
    assert_int_equal(bv(s32, ORDO_B_DIV, -7, 2), -3);
    assert_int_equal(bv(s32, ORDO_B_REM, -7, 2), -1);
    assert_int_equal(bv(s8, ORDO_B_ADD, 127, 1), -128);
    assert_int_equal(bv(s32, ORDO_B_DIV, INT32_MIN, -1), INT32_MIN);
    assert_int_equal(bv(s64, ORDO_B_DIV, INT64_MIN, -1), INT64_MIN);
    assert_int_equal(bv(s32, ORDO_B_SHR, -8, 1), -4);
    assert_int_equal(bv(ordo_ty_int(32, false), ORDO_B_SHR, 0x80000000LL, 31), 1);
    assert_int_equal(bv(s32, ORDO_B_SHL, 1, 31), INT32_MIN);
    assert_int_equal(bv(s32, ORDO_B_LT, -1, 0), 1);
    assert_int_equal(bv(ordo_ty_int(32, false), ORDO_B_LT, 4294967295, 0), 0);
    assert_int_equal(bv(s32, ORDO_B_XOR, 5, 3), 6);
}

static void undefined_operations_stop_the_run(void **state)
{
    (void)state;
    int64_t r;
    assert_int_equal(calc_run(i32(), ORDO_B_DIV, 1, 0, ORDO_ARITH_BV, &r), ORDO_STEP_UNDEFINED);
    assert_int_equal(calc_run(i32(), ORDO_B_REM, 1, 0, ORDO_ARITH_INT, &r), ORDO_STEP_UNDEFINED);
    assert_int_equal(calc_run(i32(), ORDO_B_SHL, 1, 32, ORDO_ARITH_BV, &r), ORDO_STEP_UNDEFINED);
    assert_int_equal(calc_run(i32(), ORDO_B_SHR, 1, -1, ORDO_ARITH_BV, &r), ORDO_STEP_UNDEFINED);
    assert_int_equal(calc_run(ordo_ty_int(64, true), ORDO_B_MUL, INT64_MAX, 2, ORDO_ARITH_INT, &r),
                     ORDO_STEP_UNDEFINED);
}

static void casts_truncate_in_bv_only(void **state)
{
    (void)state;
    calc c = calc_new(i32(), 300, 0);
    unsigned l = 0;
    unsigned ch = ordo_add_var(c.p, "ch", ordo_ty_int(8, true), -1, 0);
    then(c.p, 0, &l, ordo_s_assign(c.p, ordo_lv_var(c.p, ch),
                                   ordo_e_cast(c.p, ordo_ty_int(8, true), var(c.p, c.a))), 1);
    finish(c.p, 0, l);
    int64_t v;
    ordo_interp *in = ordo_interp_new(c.p, ORDO_ARITH_BV);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_true(ordo_interp_var(in, 0, ch, &v));
    assert_int_equal(v, 44);
    ordo_interp_free(in);
    in = ordo_interp_new(c.p, ORDO_ARITH_INT);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_true(ordo_interp_var(in, 0, ch, &v));
    assert_int_equal(v, 300);
    ordo_interp_free(in);
    ordo_program_free(c.p);
}

static ordo_trace *trace_of(const unsigned *schedule, size_t n)
{
    ordo_trace *t = ordo_trace_new();
    for (size_t i = 0; i < n; i++)
        ordo_trace_step(t, schedule[i]);
    return t;
}

/* Lost update: both workers read c = 0 before either writes; main's
 * joins, its check of c and ERROR are its last four steps. */
static const unsigned racy_schedule[] = { 0, 0, 1, 2, 1, 2, 0, 0, 0, 0 };

static void racy_counter_replays_to_the_error(void **state)
{
    (void)state;
    ordo_program *p = fixture_counter(false, NULL);
    ordo_trace *t = trace_of(racy_schedule, sizeof racy_schedule / sizeof racy_schedule[0]);
    char *why = NULL;
    assert_true(ordo_trace_replay(p, t, &why));
    assert_null(why);
    ordo_trace_free(t);
    /* serial order: c ends at 2, no error */
    static const unsigned serial[] = { 0, 0, 1, 1, 2, 2, 0, 0, 0, 0 };
    t = trace_of(serial, sizeof serial / sizeof serial[0]);
    assert_false(ordo_trace_replay(p, t, &why));
    assert_non_null(strstr(why, "without reaching an error"));
    free(why);
    ordo_trace_free(t);
    ordo_program_free(p);
}

static void locked_counter_blocks_the_racy_schedule(void **state)
{
    (void)state;
    unsigned c;
    ordo_program *p = fixture_counter(true, &c);
    /* thread 1 takes the lock; thread 2 then blocks at line 10 */
    static const unsigned sched[] = { 0, 0, 1, 2 };
    ordo_trace *t = trace_of(sched, 4);
    char *why = NULL;
    assert_false(ordo_trace_replay(p, t, &why));
    assert_string_equal(why, "step 3: thread 2 blocked at lock (t.c:10)");
    free(why);
    ordo_trace_free(t);
    /* a full run: every schedule that completes leaves c == 2 */
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    static const unsigned order[] = { 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0 };
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        assert_int_equal(ordo_interp_step(in, order[i], NULL, NULL), ORDO_STEP_OK);
    int64_t v;
    assert_true(ordo_interp_var(in, 0, c, &v));
    assert_int_equal(v, 2);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_FINISHED);
    assert_true(ordo_interp_thread_finished(in, 1));
    ordo_interp_free(in);
    ordo_program_free(p);
}

/* main: atomic { x := 1; x := 2 }; y := x  -- the atomic section is one step */
static void atomic_section_is_one_step(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("a.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned y = ordo_add_var(p, "y", i32(), -1, 0);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned l = 0;
    then(p, 0, &l, ordo_s_new(p, ORDO_S_ATOMIC_BEGIN), 1);
    then(p, 0, &l, assign(p, x, num(p, 1)), 2);
    then(p, 0, &l, assign(p, x, num(p, 2)), 3);
    then(p, 0, &l, ordo_s_new(p, ORDO_S_ATOMIC_END), 4);
    then(p, 0, &l, assign(p, y, var(p, x)), 5);
    finish(p, 0, l);
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    int64_t v;
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_true(ordo_interp_var(in, 0, x, &v));
    assert_int_equal(v, 2);
    assert_int_equal(ordo_interp_atomic_owner(in), -1);
    assert_true(ordo_interp_var(in, 0, y, &v));
    assert_int_equal(v, 0);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_true(ordo_interp_var(in, 0, y, &v));
    assert_int_equal(v, 2);
    ordo_interp_free(in);
    ordo_program_free(p);
}

/* main: for (i = 0; i < 3; i++) start worker; worker: g := g + 1 (racy) */
static void threads_created_in_a_loop_get_ids_in_order(void **state)
{
    (void)state;
    unsigned g, id;
    ordo_program *p = fixture_thread_loop(false, &g, &id);
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    int64_t v;
    for (unsigned k = 1; k <= 3; k++) {
        assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
        assert_int_equal(ordo_interp_n_threads(in), k + 1);
        assert_true(ordo_interp_var(in, 0, id, &v));
        assert_int_equal(v, k);
    }
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_FINISHED);
    for (unsigned k = 1; k <= 3; k++)
        assert_int_equal(ordo_interp_step(in, k, NULL, NULL), ORDO_STEP_OK);
    assert_true(ordo_interp_var(in, 0, g, &v));
    assert_int_equal(v, 3);
    assert_int_equal(ordo_interp_step(in, 7, NULL, NULL), ORDO_STEP_NO_THREAD);
    ordo_interp_free(in);
    ordo_program_free(p);
}

/* struct { int a, b; } s; int *q = &s.b; *q := 5; assume s.b == 5; ERROR */
static void memory_through_pointers(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("m.c", ORDO_DM_LP64);
    ordo_type ptr = ordo_ty_ptr(p->data_model);
    unsigned s = ordo_add_object(p, "s", 2, -1);
    ordo_object_init_cell(p, s, 0, i32(), 9);
    uint64_t base = p->objects[s].base;
    p->main_proc = ordo_add_proc(p, "main");
    unsigned q = ordo_add_var(p, "q", ptr, 0, 0);
    unsigned l = 0;
    then(p, 0, &l, assign(p, q, ordo_e_binop(p, ORDO_B_ADD, ptr, ordo_e_const(p, ptr, (int64_t)base),
                                              ordo_e_const(p, ptr, 1))), 1);
    then(p, 0, &l, ordo_s_assign(p, ordo_lv_mem(i32(), var(p, q)), num(p, 5)), 2);
    const ordo_expr *sb = ordo_e_load(p, i32(), ordo_e_const(p, ptr, (int64_t)base + 1));
    then(p, 0, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, sb, num(p, 5))), 3);
    then(p, 0, &l, ordo_s_new(p, ORDO_S_ERROR), 4);
    finish(p, 0, l);
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    int64_t v;
    assert_true(ordo_interp_cell(in, base, &v));
    assert_int_equal(v, 9);
    assert_false(ordo_interp_cell(in, 0, &v));
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_ERROR);
    assert_true(ordo_interp_ended(in));
    assert_string_equal(ordo_interp_message(in), "thread 0 reached the error (t.c:4)");
    ordo_interp_free(in);
    ordo_program_free(p);
}

/* p = malloc(2); p[1] := 7; free(p); p[1] := 8 -> undefined */
static void heap_cells_are_fresh_and_die_when_freed(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("h.c", ORDO_DM_LP64);
    ordo_type ptr = ordo_ty_ptr(p->data_model);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned q = ordo_add_var(p, "q", ptr, 0, 0);
    const ordo_expr *q1 = ordo_e_binop(p, ORDO_B_ADD, ptr, var(p, q), ordo_e_const(p, ptr, 1));
    unsigned l = 0;
    then(p, 0, &l, ordo_s_alloc(p, ordo_lv_var(p, q), ordo_e_const(p, ptr, 2)), 1);
    then(p, 0, &l, ordo_s_assign(p, ordo_lv_mem(i32(), q1), num(p, 7)), 2);
    then(p, 0, &l, ordo_s_addr(p, ORDO_S_FREE, var(p, q)), 3);
    then(p, 0, &l, ordo_s_assign(p, ordo_lv_mem(i32(), q1), num(p, 8)), 4);
    finish(p, 0, l);
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    int64_t v, base;
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_true(ordo_interp_var(in, 0, q, &base));
    assert_true(base != 0);
    assert_true(ordo_interp_cell(in, (uint64_t)base + 1, &v));
    assert_int_equal(v, 0);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_true(ordo_interp_cell(in, (uint64_t)base + 1, &v));
    assert_int_equal(v, 7);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_UNDEFINED);
    assert_string_equal(ordo_interp_message(in),
                        "thread 0: write to an invalid address at assignment (t.c:4)");
    ordo_interp_free(in);
    ordo_program_free(p);
}

static void calls_pass_arguments_and_results(void **state)
{
    (void)state;
    ordo_program *p = fixture_call();
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_ERROR);
    ordo_interp_free(in);
    ordo_program_free(p);
    p = fixture_recursion(3);
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_ERROR);
    ordo_program_free(p);
}

static void nondet_values_come_from_the_trace(void **state)
{
    (void)state;
    unsigned x;
    ordo_program *p = fixture_loop(-1, &x); /* n := nondet; loop n times; error iff x != 2n */
    ordo_trace *t = ordo_trace_new();
    for (int k = 0; k < 5; k++)
        ordo_trace_step(t, 0);
    ordo_trace_value(t, 0, 4);
    char *why = NULL;
    assert_false(ordo_trace_replay(p, t, &why)); /* the loop is correct: x == 2n */
    assert_non_null(strstr(why, "without reaching an error"));
    free(why);
    ordo_trace_free(t);
    t = ordo_trace_new(); /* no value at all */
    ordo_trace_step(t, 0);
    assert_false(ordo_trace_replay(p, t, &why));
    assert_string_equal(why, "step 0: thread 0: no nondeterministic value left at havoc (t.c:1)");
    free(why);
    ordo_trace_free(t);
    ordo_program_free(p);
}

/* Runs `runs` simulations; returns how many reached ERROR, checking that
 * each such trace replays and describes itself as reaching the error. */
static unsigned simulate(const ordo_program *p, unsigned runs)
{
    unsigned errors = 0;
    for (unsigned r = 0; r < runs; r++) {
        ordo_trace *t = ordo_trace_new();
        ordo_sim_result res = ordo_simulate_run(p, ORDO_ARITH_BV, 1000 + r, 200, t);
        assert_true(res == ORDO_SIM_ERROR || res == ORDO_SIM_FINISHED || res == ORDO_SIM_BOUND);
        if (res == ORDO_SIM_ERROR) {
            char *why = NULL;
            assert_true(ordo_trace_replay(p, t, &why));
            char *text = ordo_trace_describe(p, t, ORDO_ARITH_BV);
            assert_non_null(strstr(text, "reaches the error"));
            free(text);
            errors++;
        }
        ordo_trace_free(t);
    }
    return errors;
}

static void simulation_finds_the_race_and_only_it(void **state)
{
    (void)state;
    ordo_program *racy = fixture_counter(false, NULL), *locked = fixture_counter(true, NULL);
    ordo_program *loop = fixture_loop(-1, NULL);
    assert_true(simulate(racy, 300) > 0);
    assert_int_equal(simulate(locked, 300), 0);
    assert_true(simulate(loop, 300) > 0); /* n < 0: x = 0 != 2n (values near bounds) */
    ordo_program_free(racy);
    ordo_program_free(locked);
    ordo_program_free(loop);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unsigned_wraps_in_bv_but_not_in_int),
        cmocka_unit_test(signed_arithmetic_follows_c),
        cmocka_unit_test(undefined_operations_stop_the_run),
        cmocka_unit_test(casts_truncate_in_bv_only),
        cmocka_unit_test(racy_counter_replays_to_the_error),
        cmocka_unit_test(locked_counter_blocks_the_racy_schedule),
        cmocka_unit_test(atomic_section_is_one_step),
        cmocka_unit_test(threads_created_in_a_loop_get_ids_in_order),
        cmocka_unit_test(memory_through_pointers),
        cmocka_unit_test(heap_cells_are_fresh_and_die_when_freed),
        cmocka_unit_test(calls_pass_arguments_and_results),
        cmocka_unit_test(nondet_values_come_from_the_trace),
        cmocka_unit_test(simulation_finds_the_race_and_only_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
