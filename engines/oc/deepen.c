/* Incremental unwinding of the oc engine (see deepen.h). */
#include "deepen.h"

#include <math.h>
#include <stdlib.h>

#include <ordo/passes.h>

/* A deeper attempt starts only with this much time before the deadline. */
#define MIN_LEFT_S 1.0
/* ... and when GROWTH times the last attempt's time still fits: doubling
 * the bound doubles the events and can square the rf pairs. */
#define GROWTH 4.0
/* A deeper attempt stops this long before the run's deadline: the last
 * bounded SAFE must be reported within the limit to count. */
#define RESERVE_S 2.0
/* The unwinding check after a bounded SAFE stops after CHECK_SHARE times
 * the attempt's time plus CHECK_MIN_S (then the SAFE stays bounded): a
 * reachable cut needs a whole consistent model, which under SC can cost
 * far more than the error check's refutation (goblint-regression's 10,000
 * thread ids: 0.4 s to refute the error at bound 2, 13 s for an SC model
 * reaching the cut), and the time is deepening's. */
#define CHECK_SHARE 1.0
#define CHECK_MIN_S 0.25

static void outcome_free(oc_outcome *o)
{
    free(o->reason);
    ordo_trace_free(o->trace);
    *o = (oc_outcome){ 0 };
}

/* Is there time for an attempt that may take `need` seconds? */
static bool time_for_another(const ordo_deadline *deadline, const oc_bounds *b, double need)
{
    if (b->deepen_s > 0 && ordo_process_cputime_s() + need >= b->deepen_s)
        return false;
    return !deadline || ordo_deadline_left(deadline) > MIN_LEFT_S + need;
}

/* A CPU stop: `stop`, or RESERVE_S before the deadline, whichever comes
 * first (0: none). */
static double reserved_stop(const ordo_deadline *deadline, double stop)
{
    double left = ordo_deadline_left(deadline);
    if (isfinite(left)) {
        /* a stop already passed must stay positive: 0 means none */
        double reserved = fmax(ordo_process_cputime_s() + left - RESERVE_S, 1e-9);
        if (stop <= 0 || reserved < stop)
            stop = reserved;
    }
    return stop;
}

/* The CPU stop of a deeper attempt: --deepen-time, or RESERVE_S before
 * the deadline, whichever comes first (0: none). */
static double deeper_stop(const ordo_deadline *deadline, const oc_bounds *b)
{
    return reserved_stop(deadline, b->deepen_s);
}

/* One attempt: inline and unroll at bound k (static trip counts up to
 * max_static), then decide. False with *error on unsupported input. */
static bool attempt(const ordo_program *p, const ordo_solver_factory *solvers,
                    const ordo_deadline *deadline, const oc_config *cfg, unsigned k,
                    unsigned max_static, oc_outcome *o, char **error)
{
    bool complete;
    double started = ordo_process_cputime_s();
    ordo_program *q = ordo_prepare_bounded(p, k, max_static, &complete, error);
    if (!q)
        return false;
    oc_config on_q = *cfg;
    on_q.replay_on = p;
    *o = oc_verify(q, solvers, deadline, &on_q);
    /* with lazy threads no check makes a SAFE complete */
    if (o->verdict == ORDO_VERDICT_SAFE && o->unwinding && !o->cells_cut && !o->lazy_threads) {
        double now = ordo_process_cputime_s();
        oc_config check = *cfg;
        check.cpu_stop_s = reserved_stop(deadline, cfg->cpu_stop_s);
        double share = now + CHECK_SHARE * (now - started) + CHECK_MIN_S;
        if (check.cpu_stop_s <= 0 || share < check.cpu_stop_s)
            check.cpu_stop_s = share;
        oc_check_unwinding(q, solvers, deadline, &check, o);
    }
    ordo_program_free(q);
    return true;
}

/* After the first attempt, an answer that is neither a bounded SAFE nor a
 * verdict (UNKNOWN, UNSUPPORTED) leaves the deepest bounded SAFE standing;
 * UNSAFE, complete SAFE and engine errors are reported. */
static bool ends_deepening(const oc_outcome *o)
{
    return o->verdict == ORDO_VERDICT_UNSAFE || o->verdict == ORDO_VERDICT_SAFE ||
           o->verdict == ORDO_VERDICT_ERROR;
}

oc_deepened oc_verify_deepening(const ordo_program *p, const ordo_solver_factory *solvers,
                                const ordo_deadline *deadline, const oc_config *cfg,
                                const oc_bounds *b)
{
    oc_deepened d = { .bound = b->unroll };
    unsigned k = b->unroll;
    unsigned max_static = k > ORDO_STATIC_TRIP_LIMIT ? k : ORDO_STATIC_TRIP_LIMIT;
    bool deepen = b->unroll_max > b->unroll;
    oc_work sum = { 0 };
    oc_outcome best = { 0 };
    bool have_best = false;
    oc_config c = *cfg;
    for (;;) {
        oc_outcome o;
        double started = ordo_process_cputime_s();
        if (!attempt(p, solvers, deadline, &c, k, max_static, &o, &d.error)) {
            if (d.attempts == 0 || !have_best) {
                outcome_free(&best);
                return d;
            }
            free(d.error); /* a deeper bound that cannot be built: the last stands */
            d.error = NULL;
            break;
        }
        d.attempts++;
        oc_work_add(&sum, &o.work); /* it measures the whole run */
        if (!deepen) {
            best = o;
            have_best = true;
            break;
        }
        if (oc_bounded_by_unwinding(&o)) {
            outcome_free(&best);
            best = o;
            have_best = true;
            d.bound = k;
        } else if (o.too_many_events && !have_best && max_static > k) {
            /* Static trip counts in full, or the thread-id stores of lazy
             * creations (goblint-regression's two loops of 10,000), are too
             * large: unroll every loop at most k times instead, cutting
             * creation loops too (a bounded answer, but an answer). With no
             * static counts a loop of at most k trips still ends within
             * the k copies: its cut's condition is constant false. So do
             * the deeper attempts. */
            outcome_free(&o);
            max_static = 0;
            continue;
        } else if (!have_best || ends_deepening(&o)) {
            outcome_free(&best);
            best = o;
            have_best = true;
            d.bound = k;
            break;
        } else {
            outcome_free(&o);
            break;
        }
        /* the next check's time is capped by its share (CHECK_SHARE) and
         * by the stop: the growth estimate is the error check's */
        double took = ordo_process_cputime_s() - started - best.work.unwinding_check_s;
        if (k >= b->unroll_max || !time_for_another(deadline, b, GROWTH * took))
            break;
        k = k > b->unroll_max / 2 ? b->unroll_max : 2 * k;
        c.cpu_stop_s = deeper_stop(deadline, b);
        if (b->deepen_events && (!c.max_events || b->deepen_events < c.max_events))
            c.max_events = b->deepen_events;
    }
    d.o = best;
    d.answer = best.work;
    d.o.work = sum;
    return d;
}
