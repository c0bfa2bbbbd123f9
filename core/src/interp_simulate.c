/* Random simulation on the IR interpreter (interp.h: ordo_simulate_run). */
#include <stdlib.h>

#include <ordo/interp.h>
#include <ordo/trace.h>
#include <ordo/xalloc.h>

#include "interp_internal.h"

/* A thread spinning on local data is given up on sooner than in replay. */
enum { SIM_LOCAL_LIMIT = 1 << 16 };

typedef struct {
    uint64_t state;
    ordo_trace *trace;
    unsigned stickiness;    /* percent: chance to keep running the last thread */
    int last;               /* the thread of the last step, or -1 */
} sim_rng;

/* splitmix64: a small, good generator whose runs are reproducible. */
static uint64_t next_random(sim_rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The least and greatest value of an integer type, as stored (interp_wrap). */
static void type_bounds(ordo_type t, int64_t *lo, int64_t *hi)
{
    bool is_signed = t.kind == ORDO_TY_INT && t.is_signed;
    unsigned w = t.kind == ORDO_TY_BOOL ? 1 : t.width;
    if (w >= 64) {
        *lo = is_signed ? INT64_MIN : 0;
        *hi = is_signed ? INT64_MAX : -1; /* UINT64_MAX's bit pattern */
    } else if (is_signed) {
        *lo = -(INT64_C(1) << (w - 1));
        *hi = (INT64_C(1) << (w - 1)) - 1;
    } else {
        *lo = 0;
        *hi = (INT64_C(1) << w) - 1;
    }
}

/* Values that find bugs: small ones, the type's bounds and their
 * neighbours, and now and then anything. */
static bool random_value(void *ctx, unsigned thread, ordo_type type, int64_t *value)
{
    sim_rng *r = ctx;
    uint64_t u = next_random(r);
    int64_t lo, hi;
    type_bounds(type, &lo, &hi);
    switch (u % 10) {
    case 0: case 1: case 2: case 3:
        *value = (int64_t)((u >> 8) % 9) - 4; /* -4 .. 4 */
        break;
    case 4: case 5:
        *value = (int64_t)((u >> 8) % 64);
        break;
    case 6:
        *value = (int64_t)((uint64_t)lo + (u >> 8) % 2);
        break;
    case 7:
        *value = (int64_t)((uint64_t)hi - (u >> 8) % 2);
        break;
    default:
        *value = (int64_t)next_random(r);
    }
    *value = interp_wrap(type, *value);
    ordo_trace_value(r->trace, thread, *value);
    return true;
}

/* Steps one random thread that can move; false when none can. */
static bool step_someone(ordo_interp *in, sim_rng *r, bool *gave_up, ordo_step_status *st,
                         unsigned *who)
{
    unsigned n = ordo_interp_n_threads(in);
    unsigned *cand = xcalloc(n + 1, sizeof *cand), m = 0;
    int owner = ordo_interp_atomic_owner(in);
    for (unsigned t = 0; t < n; t++)
        if (!ordo_interp_thread_finished(in, t) && !gave_up[t] && (owner < 0 || owner == (int)t))
            cand[m++] = t;
    bool moved = false;
    bool stick = r->last >= 0 && next_random(r) % 100 < r->stickiness;
    while (m > 0 && !moved) {
        unsigned i = (unsigned)(next_random(r) % m);
        for (unsigned k = 0; stick && k < m; k++)
            if (cand[k] == (unsigned)r->last)
                i = k;
        stick = false;
        unsigned t = cand[i];
        *st = ordo_interp_step(in, t, random_value, r);
        *who = t;
        if (*st == ORDO_STEP_BLOCKED || *st == ORDO_STEP_DIVERGED) {
            if (*st == ORDO_STEP_DIVERGED)
                gave_up[t] = true;
            cand[i] = cand[--m];
        } else {
            moved = true;
            r->last = (int)t;
        }
    }
    free(cand);
    return moved;
}

ordo_sim_result ordo_simulate_run(const ordo_program *p, ordo_arith mode, uint64_t seed,
                                  unsigned max_steps, ordo_trace *trace)
{
    ordo_interp *in = ordo_interp_new(p, mode);
    ordo_interp_set_local_limit(in, SIM_LOCAL_LIMIT);
    sim_rng r = { .state = seed, .trace = trace, .last = -1 };
    /* runs differ in how often they switch threads: every step, or in
     * bursts (which reach deep states of one thread, e.g. many increments) */
    static const unsigned stickiness[] = { 0, 50, 90 };
    r.stickiness = stickiness[next_random(&r) % 3];
    ordo_sim_result result = ORDO_SIM_BOUND;
    bool *gave_up = NULL; /* threads that loop without visible statements */
    unsigned known = 0;
    for (unsigned step = 0; step < max_steps; step++) {
        unsigned n = ordo_interp_n_threads(in), who = 0;
        gave_up = xrealloc(gave_up, (n + 1) * sizeof *gave_up);
        for (; known < n; known++)
            gave_up[known] = false;
        ordo_step_status st = ORDO_STEP_BLOCKED;
        if (!step_someone(in, &r, gave_up, &st, &who)) {
            bool all_done = true;
            for (unsigned t = 0; t < n; t++)
                all_done &= ordo_interp_thread_finished(in, t);
            result = all_done ? ORDO_SIM_FINISHED : ORDO_SIM_DEADLOCK;
            break;
        }
        ordo_trace_step(trace, who);
        if (st == ORDO_STEP_ERROR || st == ORDO_STEP_EXIT || st == ORDO_STEP_UNDEFINED) {
            result = st == ORDO_STEP_ERROR ? ORDO_SIM_ERROR
                   : st == ORDO_STEP_EXIT  ? ORDO_SIM_FINISHED : ORDO_SIM_UNDEFINED;
            break;
        }
    }
    free(gave_up);
    ordo_interp_free(in);
    return result;
}
