/*
 * Checks stop at the run's deadline (core/src/smt.c: ordo_smt_create;
 * core/src/smt_bound.c), for every built solver plugin, with deadlines on
 * wall-clock and on CPU time (core/src/deadline.c): the CPU limit counts
 * CPU time, however much wall time passes.
 *
 * Every time checked holds on a loaded machine (`make test-loaded`): a
 * check ends no earlier than its limit in the limit's own clock, and the
 * work done past it is bounded in CPU time, which waiting for a core does
 * not spend: at most the wall time the check was allowed (a solver runs on
 * one thread) plus SMT_REACT_CPU_S.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <ordo/host.h>
#include <ordo/plugin.h>
#include <ordo/smt_plugin.h>

#include "../support/smt_load.h"
#include "../support/smt_problems.h"

/* Below this much time left, a deadline has passed (core/src/smt_bound.c);
 * limits are rounded up to whole ms. */
#define MIN_LEFT_S 0.001

/* The wall end of a deadline that tests its CPU limit: only a CPU timer
 * that never fires would reach it (and then fail the test rather than hang
 * it). Far off, since a busy machine stretches CPU time: a run pinned to a
 * core got 3 s of it in 73 s of wall time under `make test-loaded`. */
#define UNREACHED_WALL_S 300.0

static ordo_solver_factory plugin;
static ordo_deadline deadline;

/* A wall-clock deadline `left` seconds from now (passed when left <= 0). */
static void set_deadline(double left)
{
    deadline.cpu_limit_s = 0;
    deadline.wall_end = ordo_monotonic_s() + left;
}

/* `cpu` seconds of process CPU time and `wall` of wall time from now. */
static void set_cpu_deadline(double cpu, double wall)
{
    deadline.cpu_limit_s = ordo_process_cputime_s() + cpu;
    deadline.wall_end = ordo_monotonic_s() + wall;
}

static void sleep_s(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* An instance bound to `deadline` (set it first). */
static ordo_smt *bounded_solver(unsigned timeout_ms)
{
    ordo_solver_factory f = plugin;
    f.deadline = &deadline;
    ordo_smt_config cfg = { .timeout_ms = timeout_ms };
    ordo_smt *s = ordo_smt_create(&f, &cfg);
    assert_non_null(s);
    return s;
}

static ordo_smt *solver_with_deadline(double left, unsigned timeout_ms)
{
    set_deadline(left);
    return bounded_solver(timeout_ms);
}

/* A check of s, which must answer `expect`: when it ended
 * (CLOCK_MONOTONIC) and the CPU time it took. */
struct timed {
    double end, cpu;
};
static struct timed timed_check(ordo_smt *s, ordo_smt_result expect)
{
    double cpu0 = ordo_process_cputime_s();
    assert_int_equal(ordo_smt_check(s), expect);
    return (struct timed){ ordo_monotonic_s(), ordo_process_cputime_s() - cpu0 };
}

/* The check never reaches the solver, which would answer sat at once:
 * it does no work (measured in CPU time, not spent while waiting). */
static void passed_deadline_answers_unknown_at_once(void **state)
{
    (void)state;
    ordo_smt *s = solver_with_deadline(-1.0, 0);
    ordo_smt_assert(s, ordo_smt_bool(s, true));
    assert_true(timed_check(s, ORDO_SMT_UNKNOWN).cpu < 0.1);
    assert_string_equal(ordo_smt_reason_unknown(s), "deadline");
    assert_null(ordo_smt_error(s));
    /* more time: the same instance answers */
    set_deadline(100.0);
    timed_check(s, ORDO_SMT_SAT);
    ordo_smt_destroy(s);
}

/* Stopped by the wall-clock deadline: not before it, and having done no
 * more than its 0.3 s of work. */
static void deadline_bounds_a_check_without_timeout(void **state)
{
    (void)state;
    ordo_smt *s = solver_with_deadline(0.3, 0);
    smt_assert_pigeonhole(s, 14);
    struct timed t = timed_check(s, ORDO_SMT_UNKNOWN);
    assert_true(t.end >= deadline.wall_end - MIN_LEFT_S);
    assert_true(t.cpu < 0.3 + SMT_REACT_CPU_S);
    ordo_smt_destroy(s);
}

/* Stopped by its 0.2 s wall-clock timeout, long before the deadline. */
static void smaller_timeout_wins_over_deadline(void **state)
{
    (void)state;
    ordo_smt *s = solver_with_deadline(100.0, 200);
    smt_assert_pigeonhole(s, 14);
    double start = ordo_monotonic_s();
    struct timed t = timed_check(s, ORDO_SMT_UNKNOWN);
    assert_true(t.end - start >= 0.2 - MIN_LEFT_S);
    assert_true(t.cpu < 0.2 + SMT_REACT_CPU_S);
    ordo_smt_destroy(s);
}

static void budget_arithmetic(void **state)
{
    (void)state;
    ordo_smt s = { NULL, NULL };
    unsigned ms;
    assert_true(ordo_smt_check_budget(&s, 0, &ms)); /* no deadline, no timeout */
    assert_int_equal(ms, 0);
    assert_true(ordo_smt_check_budget(&s, 700, &ms));
    assert_int_equal(ms, 700);
    s.deadline = &deadline;
    set_deadline(2.5);
    assert_true(ordo_smt_check_budget(&s, 0, &ms));
    /* what was left when it was asked, however long ago that was */
    assert_true(ms <= 2500 && ms >= (deadline.wall_end - ordo_monotonic_s()) * 1000 - 1);
    assert_true(ordo_smt_check_budget(&s, 700, &ms));
    assert_int_equal(ms, 700);
    set_deadline(1e12); /* beyond unsigned ms: unbounded */
    assert_true(ordo_smt_check_budget(&s, 0, &ms));
    assert_int_equal(ms, 0);
    set_deadline(0.0005);
    assert_false(ordo_smt_check_budget(&s, 700, &ms));
}

/* ---- CPU time: the bound of a check (core only, stand-in plugins) ---- */

static atomic_int interrupts;
/* When the first interrupt came: CLOCK_MONOTONIC and process CPU time,
 * set before `interrupts` counts it (interrupts come one at a time, under
 * the lock of smt_bound.c), so read once it does. */
static double first_interrupt_wall, first_interrupt_cpu;
static void count_interrupt(ordo_smt *s)
{
    (void)s;
    if (atomic_load(&interrupts) == 0) {
        first_interrupt_wall = ordo_monotonic_s();
        first_interrupt_cpu = ordo_process_cputime_s();
    }
    atomic_fetch_add(&interrupts, 1);
}

static void reset_interrupts(void)
{
    first_interrupt_wall = first_interrupt_cpu = -1;
    atomic_store(&interrupts, 0);
}
static const ordo_solver_ops interruptible = { .caps = ORDO_SMT_CAP_INTERRUPT,
                                               .interrupt = count_interrupt };
static const ordo_solver_ops uninterruptible = { .caps = 0 };

/* Burns CPU time until `cond` holds or `limit` seconds of it are spent;
 * returns the CPU seconds spent. */
static double spin_until(const atomic_int *cond, double limit)
{
    double t0 = ordo_process_cputime_s(), t = t0;
    while ((!cond || !atomic_load(cond)) && t - t0 < limit)
        t = ordo_process_cputime_s();
    return t - t0;
}

/* A stand-in instance and the bound of one check. */
struct stand_in {
    ordo_smt s;
    ordo_smt_bound b;
    unsigned ms; /* the solver's time limit */
};

/* Begins a check of a stand-in with `ops` under `cpu` seconds of CPU time
 * and `wall` seconds of wall time. */
static void begin_within(struct stand_in *t, const ordo_solver_ops *ops, double cpu, double wall,
                         unsigned timeout_ms)
{
    t->s = (ordo_smt){ ops, &deadline };
    set_cpu_deadline(cpu, wall);
    assert_true(ordo_smt_bound_begin(&t->s, timeout_ms, &t->b, &t->ms));
}

/* The same with UNREACHED_WALL_S of wall time. */
static void begin(struct stand_in *t, const ordo_solver_ops *ops, double cpu, unsigned timeout_ms)
{
    begin_within(t, ops, cpu, UNREACHED_WALL_S, timeout_ms);
}

/* (Every begin is ended before the next assertion: a failing one must not
 * leave an armed timer behind.) */
static void cpu_time_left_goes_to_the_timer_not_the_solver(void **state)
{
    (void)state;
    struct stand_in t;
    ordo_smt_result r = ORDO_SMT_SAT;
    begin(&t, &interruptible, 1.0, 0);
    assert_false(ordo_smt_bound_end(&t.b, &r));
    assert_int_equal(t.ms, 0); /* timers watch the deadline, the solver has no limit */
    assert_int_equal(r, ORDO_SMT_SAT);
    /* an explicit timeout stays wall-clock */
    begin(&t, &interruptible, 1.0, 700);
    assert_false(ordo_smt_bound_end(&t.b, &r));
    assert_int_equal(t.ms, 700);
    /* without interrupt(), the CPU time left bounds the solver */
    begin(&t, &uninterruptible, 1.0, 0);
    assert_false(ordo_smt_bound_end(&t.b, &r));
    assert_true(t.ms > 900 && t.ms <= 1000);
    /* no CPU time left: the deadline has passed */
    deadline.cpu_limit_s = 1e-6; /* (> 0: a limit, and long used up) */
    assert_false(ordo_smt_bound_begin(&t.s, 700, &t.b, &t.ms));
}

static void timer_interrupts_at_the_cpu_limit_and_not_after_end(void **state)
{
    (void)state;
    struct stand_in t;
    reset_interrupts();
    begin(&t, &interruptible, 0.05, 0);
    sleep_s(0.1); /* wall time without CPU time: no interrupt */
    int after_sleep = atomic_load(&interrupts);
    double spent = spin_until(&interrupts, 1.0);
    ordo_smt_result r = ORDO_SMT_SAT; /* answered as the timer fired */
    bool ended_by_deadline = ordo_smt_bound_end(&t.b, &r);
    assert_int_equal(after_sleep, 0);
    assert_true(atomic_load(&interrupts) > 0);
    assert_true(first_interrupt_cpu >= deadline.cpu_limit_s);
    assert_true(spent > 0.03 && spent < 0.3); /* CPU time */
    assert_true(ended_by_deadline);
    assert_int_equal(r, ORDO_SMT_UNKNOWN);
    int seen = atomic_load(&interrupts);
    spin_until(NULL, 0.05); /* the timer repeated while armed; not now */
    assert_int_equal(atomic_load(&interrupts), seen);
}

static void timer_interrupts_at_the_wall_end(void **state)
{
    (void)state;
    struct stand_in t;
    reset_interrupts();
    begin_within(&t, &interruptible, 30.0, 0.05, 0);
    /* no CPU time spent, but the wall time runs out: waits for the
     * interrupt (30 s at most, should it never come) */
    for (int i = 0; i < 3000 && !atomic_load(&interrupts); i++)
        sleep_s(0.01);
    ordo_smt_result r = ORDO_SMT_SAT;
    bool ended_by_deadline = ordo_smt_bound_end(&t.b, &r);
    assert_true(atomic_load(&interrupts) > 0);
    assert_true(first_interrupt_wall >= deadline.wall_end);
    assert_true(first_interrupt_cpu < deadline.cpu_limit_s);
    assert_true(ended_by_deadline);
    assert_int_equal(r, ORDO_SMT_UNKNOWN);
}

static void uninterruptible_check_goes_on_while_cpu_time_is_left(void **state)
{
    (void)state;
    struct stand_in t;
    ordo_smt_result r = ORDO_SMT_UNKNOWN;
    begin(&t, &uninterruptible, 0.2, 0);
    assert_true(t.ms > 150 && t.ms <= 200); /* the CPU time left */
    sleep_s(t.ms / 1000.0); /* a busy machine: the limit passed, little CPU used */
    double attempt = ordo_monotonic_s();
    assert_true(ordo_smt_bound_retry(&t.b, &t.ms));
    assert_true(t.ms > 150 && t.ms <= 200);
    /* ended before its limit: not a time-out, no retry; (an attempt "ran
     * out" after 95 % of its limit in wall time, so unless this thread
     * waited that long for a core) */
    double budget = (t.ms - 1) / 1000.0;
    bool again = ordo_smt_bound_retry(&t.b, &t.ms);
    if (ordo_monotonic_s() - attempt < 0.95 * budget)
        assert_false(again);
    assert_false(ordo_smt_bound_end(&t.b, &r));
    /* the timeout is wall-clock and counts over all attempts: after the
     * first attempt's 0.2 s of CPU time left, a retry gets at most the
     * 0.1 s the timeout has left, or none once the timeout has passed */
    double start = ordo_monotonic_s();
    begin(&t, &uninterruptible, 0.2, 300);
    unsigned first = t.ms;
    sleep_s(first / 1000.0);
    if (ordo_smt_bound_retry(&t.b, &t.ms)) {
        assert_true(t.ms <= 300 - first + 1);
        sleep_s(t.ms / 1000.0);
        assert_false(ordo_smt_bound_retry(&t.b, &t.ms));
    } else {
        assert_true(ordo_monotonic_s() - start >= 0.3 - MIN_LEFT_S);
    }
    assert_false(ordo_smt_bound_end(&t.b, &r));
}

/* With 3.3 ms of CPU time left, the solver's limit is 4 ms, not less: a
 * solver that stopped at it (here: the wall time a busy machine gives
 * while this thread waits) lasted the whole attempt, which is retried with
 * the CPU time still left. (Rounded to 3 ms, the attempt ended before 95 %
 * of its budget, was taken for no time-out, and cvc5's check ended
 * "TIMEOUT" with CPU time left: seen under load.) */
static void solver_limit_covers_a_small_cpu_budget(void **state)
{
    (void)state;
    struct stand_in t;
    ordo_smt_result r = ORDO_SMT_UNKNOWN;
    begin(&t, &uninterruptible, 0.0033, 0);
    double budget_ms = t.b.cpu_budget_s * 1000.0;
    unsigned limit_ms = t.ms;
    sleep_s(limit_ms / 1000.0);
    bool again = ordo_smt_bound_retry(&t.b, &t.ms);
    /* the retry's own limit covers what CPU time was left at it (less than
     * at the start by what this thread spent in between) */
    double retry_budget_ms = t.b.cpu_budget_s * 1000.0;
    assert_false(ordo_smt_bound_end(&t.b, &r));
    assert_true(budget_ms > 1.0 && limit_ms >= budget_ms && limit_ms < budget_ms + 1.0);
    assert_true(again);
    assert_true(retry_budget_ms > 0 && retry_budget_ms <= budget_ms);
    assert_true(t.ms >= retry_budget_ms && t.ms < retry_budget_ms + 1.0);
}

/* ---- CPU time: real solvers ------------------------------------------------ */

static ordo_term int_over_3(ordo_smt *s)
{
    ordo_term x = ordo_smt_var(s, "x", ordo_smt_int_sort(s));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_GT, x, ordo_smt_int(s, 3)));
    return x;
}

/* With time enough, s (asserting int_over_3) answers, and x has a value.
 * (Once, under a loaded machine, it answered UNKNOWN after
 * cpu_deadline_racing_quick_checks; the message says why if it recurs.) */
static void answers_in_time(ordo_smt *s, ordo_term x)
{
    set_cpu_deadline(100.0, 100.0);
    ordo_smt_result r = ordo_smt_check(s);
    if (r != ORDO_SMT_SAT)
        fail_msg("%s (%s), expected sat", ordo_smt_result_name(r),
                 r == ORDO_SMT_UNKNOWN ? ordo_smt_reason_unknown(s) : "");
    int64_t v = 0;
    assert_true(ordo_smt_to_int64(s, ordo_smt_eval(s, x, true), &v));
    assert_true(v > 3);
    assert_null(ordo_smt_error(s));
}

static void cpu_deadline_stops_a_hard_check(void **state)
{
    (void)state;
    set_cpu_deadline(0.5, UNREACHED_WALL_S);
    ordo_smt *s = bounded_solver(0);
    ordo_smt_push(s);
    smt_assert_pigeonhole(s, 14);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNKNOWN);
    /* in the limit's own clock: not before it, and the solver noticed it
     * (from a timer, or from the last retry's limit) within its reaction */
    double cpu = ordo_process_cputime_s();
    assert_true(cpu >= deadline.cpu_limit_s - MIN_LEFT_S);
    assert_true(cpu < deadline.cpu_limit_s + SMT_REACT_CPU_S);
    assert_string_equal(ordo_smt_reason_unknown(s), "deadline");
    assert_null(ordo_smt_error(s));
    /* the interrupt does not reach the next check or its model */
    ordo_smt_pop(s, 1);
    answers_in_time(s, int_over_3(s));
    ordo_smt_destroy(s);
}

/* 1.5 s of wall time spent before a check leave the 1 s of CPU time. */
static void sleeping_spends_no_cpu_budget(void **state)
{
    (void)state;
    set_cpu_deadline(1.0, UNREACHED_WALL_S);
    ordo_smt *s = bounded_solver(0);
    int_over_3(s);
    sleep_s(1.5);
    assert_int_equal(ordo_smt_check(s), ORDO_SMT_SAT);
    ordo_smt_destroy(s);
}

/* The smallest pigeonhole (from 6 holes) whose check takes this solver at
 * least `cpu` seconds of CPU time, at most 12. */
static unsigned pigeonhole_taking(double cpu)
{
    unsigned holes = 6;
    for (; holes < 12; holes++) {
        ordo_smt *s = ordo_smt_create(&plugin, NULL);
        smt_assert_pigeonhole(s, holes);
        double t0 = ordo_process_cputime_s();
        assert_int_equal(ordo_smt_check(s), ORDO_SMT_UNSAT);
        double took = ordo_process_cputime_s() - t0;
        ordo_smt_destroy(s);
        if (took >= cpu)
            break;
    }
    return holes;
}

static void on_sigusr1(int sig)
{
    (void)sig;
    struct timespec ts = { 0, 800000000L };
    nanosleep(&ts, NULL);
}

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid /* glibc before 2.38 */
#endif

/* After 5 ms more of process CPU time, this thread sleeps 0.8 s in a signal
 * handler: started just before a check, wall time passes inside the check,
 * as on a busy machine, without CPU time. */
static timer_t deschedule_soon(void)
{
    struct sigevent ev = { .sigev_notify = SIGEV_THREAD_ID, .sigev_signo = SIGUSR1 };
    ev.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
    timer_t t;
    assert_int_equal(timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &t), 0);
    struct itimerspec at = { .it_value = { 0, 5000000L } };
    assert_int_equal(timer_settime(t, 0, &at, NULL), 0);
    return t;
}

/* The check answers, or it ends at the deadline only once its CPU time is
 * spent, never from the wall time lost. (A solver that cannot be
 * interrupted, cvc5, has wall-clock limits: each attempt gets the CPU time
 * left as wall time, so on a machine busy enough that an attempt gets less
 * CPU time than the problem needs, the retries use up the CPU budget before
 * one answers: seen under make test-loaded, 0.5 s of CPU time in 14.9 s of
 * wall time.) */
static void wall_time_lost_inside_a_check_spends_no_cpu_budget(void **state)
{
    (void)state;
    unsigned holes = pigeonhole_taking(0.04);
    struct sigaction sa = { .sa_handler = on_sigusr1, .sa_flags = SA_RESTART }, old;
    sigemptyset(&sa.sa_mask);
    assert_int_equal(sigaction(SIGUSR1, &sa, &old), 0);
    set_cpu_deadline(0.5, UNREACHED_WALL_S); /* less than the 0.8 s the check loses */
    ordo_smt *s = bounded_solver(0);
    smt_assert_pigeonhole(s, holes);
    double w0 = ordo_monotonic_s();
    timer_t t = deschedule_soon();
    ordo_smt_result r = ordo_smt_check(s);
    double wall = ordo_monotonic_s() - w0;
    double cpu_left = deadline.cpu_limit_s - ordo_process_cputime_s();
    timer_delete(t);
    sigaction(SIGUSR1, &old, NULL);
    const char *reason = r == ORDO_SMT_UNKNOWN ? ordo_smt_reason_unknown(s) : "";
    char why[200];
    snprintf(why, sizeof why, "pigeonhole %u: %s (%s) after %.2f s, %.3f s of CPU time left", holes,
             ordo_smt_result_name(r), reason, wall, cpu_left);
    bool budget_spent = r == ORDO_SMT_UNKNOWN && !strcmp(reason, "deadline") && cpu_left < MIN_LEFT_S;
    ordo_smt_destroy(s);
    if ((r != ORDO_SMT_UNSAT && !budget_spent) || wall < 0.8) /* (< 0.8: the signal came after the check) */
        fail_msg("%s", why);
}

/* POSIX timers of the process (Linux: /proc/self/timers); -1 = unknown. */
static int posix_timers(void)
{
    FILE *f = fopen("/proc/self/timers", "r");
    if (!f)
        return -1;
    int n = 0;
    char line[256];
    while (fgets(line, sizeof line, f))
        n += strncmp(line, "ID:", 3) == 0;
    fclose(f);
    return n;
}

/* A CPU limit that falls due around the end of quick checks: each answers,
 * or says "deadline"; the instance stays sound for the next one, and no
 * timer is left behind. */
static void cpu_deadline_racing_quick_checks(void **state)
{
    (void)state;
    int timers = posix_timers();
    set_cpu_deadline(100.0, 100.0);
    ordo_smt *s = bounded_solver(0);
    ordo_term x = int_over_3(s);
    for (unsigned i = 0; i < 100; i++) {
        set_cpu_deadline((i % 20) * 0.0001, UNREACHED_WALL_S);
        ordo_smt_result r = ordo_smt_check(s);
        if (r == ORDO_SMT_UNKNOWN)
            assert_string_equal(ordo_smt_reason_unknown(s), "deadline");
        else
            assert_int_equal(r, ORDO_SMT_SAT);
        answers_in_time(s, x);
    }
    ordo_smt_destroy(s);
    assert_int_equal(posix_timers(), timers);
}

int main(void)
{
    static const struct CMUnitTest core_tests[] = {
        cmocka_unit_test(budget_arithmetic),
        cmocka_unit_test(cpu_time_left_goes_to_the_timer_not_the_solver),
        cmocka_unit_test(timer_interrupts_at_the_cpu_limit_and_not_after_end),
        cmocka_unit_test(timer_interrupts_at_the_wall_end),
        cmocka_unit_test(uninterruptible_check_goes_on_while_cpu_time_is_left),
        cmocka_unit_test(solver_limit_covers_a_small_cpu_budget),
    };
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(passed_deadline_answers_unknown_at_once),
        cmocka_unit_test(deadline_bounds_a_check_without_timeout),
        cmocka_unit_test(smaller_timeout_wins_over_deadline),
        cmocka_unit_test(cpu_deadline_stops_a_hard_check),
        cmocka_unit_test(sleeping_spends_no_cpu_budget),
        cmocka_unit_test(wall_time_lost_inside_a_check_spends_no_cpu_budget),
        cmocka_unit_test(cpu_deadline_racing_quick_checks),
    };
    int failed = cmocka_run_group_tests_name("budget", core_tests, NULL, NULL);
    static const char *const solvers[] = { "z3", "cvc5" };
    for (size_t i = 0; i < sizeof solvers / sizeof solvers[0]; i++) {
        if (!smt_load_plugin(solvers[i], &plugin))
            continue;
        failed += _cmocka_run_group_tests(plugin.name, tests, sizeof tests / sizeof tests[0],
                                          NULL, NULL);
    }
    return failed;
}
