/*
 * The solver plugins' side of the SMT interface (<ordo/smt.h> is the
 * engines'): what libordo gives a plugin to bound each check by the run's
 * deadline (core/src/smt_bound.c) and to check arities. (The harmonized
 * statistics keys its stats() reports are in <ordo/smt.h>.)
 */
#ifndef ORDO_SMT_PLUGIN_H
#define ORDO_SMT_PLUGIN_H

#include <time.h>

#include <ordo/smt.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the time budget of the next check in ms, the smaller
 * of timeout_ms (0 = none) and the deadline's time left (CPU or wall,
 * whichever is less); 0 = unbounded. false when the deadline has already
 * passed (report UNKNOWN, "deadline"). For work no CPU timer watches
 * (interpolation, QE); checks use ordo_smt_bound_begin(). */
bool ordo_smt_check_budget(const ordo_smt *s, unsigned timeout_ms, unsigned *budget_ms);

/* the limits of one check (core/src/smt_bound.c).
 *
 *     ordo_smt_bound b;
 *     unsigned ms;
 *     if (!ordo_smt_bound_begin(s, timeout_ms, &b, &ms))
 *         report UNKNOWN "deadline" (it has passed);
 *     do
 *         run the check with the solver's own time limit set to ms (0 = none);
 *     while (it ended UNKNOWN, not by interrupt(), && ordo_smt_bound_retry(&b, &ms));
 *     if (ordo_smt_bound_end(&b, &result))  (after every begin that returned true)
 *         report UNKNOWN "deadline";
 *
 * timeout_ms (the instance's, 0 = none) stays wall-clock time; the run's
 * deadline stops the check when its CPU time (process CPU time, all
 * threads) or its wall time is used up. With ORDO_SMT_CAP_INTERRUPT,
 * timers call interrupt() from another thread at the CPU limit and at the
 * wall end, and ms is only the timeout. Without it (or without
 * CPU-time timers on the system), ms also covers the CPU time left, and
 * ordo_smt_bound_retry() says whether a check that ran out of that budget
 * may go on (CPU time is still left: the machine was busy) with a new ms.
 * ordo_smt_bound_end() stops the timers (no interrupt comes after it) and
 * returns true, setting *r to UNKNOWN, when the deadline ended the check:
 * a timer fired (even if the solver answered in that instant: its CPU
 * time is spent, and an interrupt after the answer may have spoilt reading
 * its model) or *r is UNKNOWN and the deadline has passed. */
typedef struct ordo_smt_bound {
    /* private to core/src/smt_bound.c */
    ordo_smt *s;
    double timeout_end;  /* CLOCK_MONOTONIC s; 0 = no timeout */
    double started;      /* the current attempt's start, CLOCK_MONOTONIC s */
    double cpu_budget_s; /* its limit (s) when the CPU time left set it, else 0 */
    bool timed;          /* timers watch the deadline (CPU and wall) */
    bool fired;          /* it has interrupted the check */
    unsigned id;         /* the timers' key in the list of armed ones */
    timer_t timers[2];   /* CPU time, wall time */
    unsigned n_timers;
    struct ordo_smt_bound *next;
} ordo_smt_bound;
bool ordo_smt_bound_begin(ordo_smt *s, unsigned timeout_ms, ordo_smt_bound *b,
                          unsigned *budget_ms);
bool ordo_smt_bound_retry(ordo_smt_bound *b, unsigned *budget_ms);
bool ordo_smt_bound_end(ordo_smt_bound *b, ordo_smt_result *r);

/* NULL when n arguments suit op, else a message. */
const char *ordo_smt_check_arity(ordo_smt_op op, unsigned n);

#ifdef __cplusplus
}
#endif
#endif
