/*
 * How long a solver check may run (<ordo/smt_plugin.h>): the
 * instance's timeout (wall-clock) and the run's deadline (CPU and wall time,
 * core/src/deadline.c).
 *
 * Solvers measure their own time limits in wall-clock time, but the run's
 * CPU limit counts the process' CPU time, which on a loaded machine grows
 * slower. So when the plugin can interrupt a check, a POSIX CPU-time timer
 * on the process clock (all threads: what the runner limits) interrupts it
 * once the deadline's CPU time is used up, a second timer at the deadline's
 * wall end, and the solver's own limit is only the instance's timeout.
 * Otherwise (cvc5 1.0.3 cannot be
 * interrupted, or the system has no CPU-time timers) the solver's limit
 * also covers the CPU time left, as wall time, which is no less for a
 * single-threaded solver; a check that ran out of it while CPU time is left
 * is checked again with what is left (ordo_smt_bound_retry).
 */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>

#include <ordo/host.h>
#include <ordo/smt_plugin.h>

/* Less than this left (s): the deadline or timeout has passed. */
#define MIN_LEFT_S 0.001
/* A timer repeats its interrupt every 10 ms (of its clock) until the check
 * ends: a solver may clear an interrupt that came just before its search. */
#define REPEAT_NS 10000000L
/* An attempt that lasted this share of its limit ran out of time. */
#define RAN_OUT 0.95

/* The armed timers' bounds. The notification thread interrupts a check only
 * while its bound is listed, under the lock, so no interrupt reaches an
 * instance after ordo_smt_bound_end(), and no bound is read after it. */
static pthread_mutex_t armed_lock = PTHREAD_MUTEX_INITIALIZER;
static ordo_smt_bound *armed;
static unsigned last_id;

static void on_limit(union sigval v)
{
    pthread_mutex_lock(&armed_lock);
    for (ordo_smt_bound *b = armed; b; b = b->next)
        if (b->id == (unsigned)v.sival_int) {
            b->fired = true;
            ordo_smt_interrupt(b->s);
            break;
        }
    pthread_mutex_unlock(&armed_lock);
}

static void unlist(ordo_smt_bound *b)
{
    for (ordo_smt_bound **p = &armed; *p; p = &(*p)->next)
        if (*p == b) {
            *p = b->next;
            break;
        }
}

static bool add_timer(ordo_smt_bound *b, clockid_t clock, double at_s)
{
    struct sigevent ev = { .sigev_notify = SIGEV_THREAD,
                           .sigev_value.sival_int = (int)b->id,
                           .sigev_notify_function = on_limit };
    timer_t *t = &b->timers[b->n_timers];
    if (timer_create(clock, &ev, t) != 0)
        return false;
    double whole = floor(at_s);
    struct itimerspec at = {
        .it_value = { (time_t)whole, (long)((at_s - whole) * 1e9) },
        .it_interval = { 0, REPEAT_NS },
    };
    if (timer_settime(*t, TIMER_ABSTIME, &at, NULL) != 0) {
        timer_delete(*t);
        return false;
    }
    b->n_timers++;
    return true;
}

static void delete_timers(ordo_smt_bound *b)
{
    for (unsigned i = 0; i < b->n_timers; i++)
        timer_delete(b->timers[i]);
    b->n_timers = 0;
}

/* Arms b's timers at the deadline's CPU limit and at its wall end (so the
 * solver's own limit can stay the instance's constant timeout: Z3 answers
 * differently and slower when its timeout is set anew before each check);
 * false when the system has no CPU-time timer for us (then none is armed). */
static bool arm(ordo_smt_bound *b, const ordo_deadline *d)
{
    pthread_mutex_lock(&armed_lock);
    b->id = ++last_id;
    b->next = armed;
    armed = b;
    pthread_mutex_unlock(&armed_lock);
    if (add_timer(b, CLOCK_PROCESS_CPUTIME_ID, d->cpu_limit_s) &&
        (d->wall_end <= 0 || add_timer(b, CLOCK_MONOTONIC, d->wall_end)))
        return true;
    pthread_mutex_lock(&armed_lock);
    unlist(b);
    pthread_mutex_unlock(&armed_lock);
    delete_timers(b);
    return false;
}

/* The smallest of the time left at `now` before `timeout_end` (0 = none)
 * and, unless timers watch it, the deadline d; *by_cpu tells whether the
 * CPU time left is that smallest. INFINITY when nothing bounds it. */
static double time_left(double now, double timeout_end, const ordo_deadline *d, bool timed,
                        bool *by_cpu)
{
    double left = INFINITY;
    if (timeout_end > 0)
        left = timeout_end - now;
    *by_cpu = false;
    if (!d || timed)
        return left;
    if (d->wall_end > 0 && d->wall_end - now < left)
        left = d->wall_end - now;
    double cpu_left = d->cpu_limit_s > 0 ? d->cpu_limit_s - ordo_process_cputime_s() : INFINITY;
    if (cpu_left < left) {
        left = cpu_left;
        *by_cpu = true;
    }
    return left;
}

/* `left` seconds (at least MIN_LEFT_S) as a solver time limit in whole ms,
 * rounded up; 0 = none. Never less than `left`: an attempt that ends at its
 * limit then lasted its whole budget and is retried (ordo_smt_bound_retry);
 * rounded to the nearest, a budget of 1.4 ms became 1 ms, less than 95 % of
 * it, and the check ended TIMEOUT with CPU time left. What lies below the
 * clocks' 1 ns is rounding error of the subtraction (0.2 s left came out as
 * 200.00000000003 ms), not time. */
static unsigned to_ms(double left)
{
    double ms = left * 1000.0 - 1e-6;
    return ms < (double)UINT_MAX ? (unsigned)ceil(ms) : 0;
}

bool ordo_smt_check_budget(const ordo_smt *s, unsigned timeout_ms, unsigned *budget_ms)
{
    *budget_ms = timeout_ms;
    if (!s->deadline)
        return true;
    double left = ordo_deadline_left(s->deadline);
    if (left < MIN_LEFT_S)
        return false;
    if (timeout_ms == 0 || left * 1000.0 < timeout_ms)
        *budget_ms = to_ms(left);
    return true;
}

/* Starts an attempt at `now`: its limit in ms (0 = none). */
static unsigned attempt(ordo_smt_bound *b, double now)
{
    bool by_cpu;
    double left = time_left(now, b->timeout_end, b->s->deadline, b->timed, &by_cpu);
    b->started = now;
    b->cpu_budget_s = by_cpu ? left : 0;
    return to_ms(left);
}

bool ordo_smt_bound_begin(ordo_smt *s, unsigned timeout_ms, ordo_smt_bound *b,
                          unsigned *budget_ms)
{
    *b = (ordo_smt_bound){ .s = s };
    const ordo_deadline *d = s->deadline;
    if (d && ordo_deadline_left(d) < MIN_LEFT_S)
        return false;
    b->timed = d && d->cpu_limit_s > 0 && (s->ops->caps & ORDO_SMT_CAP_INTERRUPT) &&
               arm(b, d);
    double now = ordo_monotonic_s();
    if (timeout_ms)
        b->timeout_end = now + timeout_ms / 1000.0;
    *budget_ms = attempt(b, now);
    return true;
}

bool ordo_smt_bound_retry(ordo_smt_bound *b, unsigned *budget_ms)
{
    double now = ordo_monotonic_s();
    if (b->cpu_budget_s <= 0 || now - b->started < b->cpu_budget_s * RAN_OUT)
        return false; /* not ended by a limit that stood for the CPU time left */
    bool by_cpu;
    if (time_left(now, b->timeout_end, b->s->deadline, false, &by_cpu) < MIN_LEFT_S)
        return false;
    *budget_ms = attempt(b, now);
    return true;
}

bool ordo_smt_bound_end(ordo_smt_bound *b, ordo_smt_result *r)
{
    bool fired = false;
    if (b->timed) {
        delete_timers(b);
        pthread_mutex_lock(&armed_lock);
        unlist(b);
        fired = b->fired;
        pthread_mutex_unlock(&armed_lock);
    }
    const ordo_deadline *d = b->s->deadline;
    if (fired || (*r == ORDO_SMT_UNKNOWN && d && ordo_deadline_left(d) < MIN_LEFT_S)) {
        *r = ORDO_SMT_UNKNOWN;
        return true;
    }
    return false;
}
