/*
 * Deadline of a run: the CPU and wall time left before the runner's limits
 * (DESIGN.md, "Runner and results"). Engines poll it and stop in time; the
 * runner enforces the limits anyway.
 */
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include <ordo/host.h>
#include <ordo/xalloc.h>

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double ordo_monotonic_s(void) { return clock_s(CLOCK_MONOTONIC); }
double ordo_process_cputime_s(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

void ordo_deadline_start(ordo_deadline *d, double cpu_s, double wall_s)
{
    d->cpu_limit_s = cpu_s;
    d->wall_end = wall_s > 0 ? ordo_monotonic_s() + wall_s : 0;
}

double ordo_deadline_left(const ordo_deadline *d)
{
    double left = INFINITY;
    if (!d)
        return left;
    if (d->cpu_limit_s > 0) {
        double cpu_left = d->cpu_limit_s - ordo_process_cputime_s();
        if (cpu_left < left)
            left = cpu_left;
    }
    if (d->wall_end > 0) {
        double wall_left = d->wall_end - ordo_monotonic_s();
        if (wall_left < left)
            left = wall_left;
    }
    return left;
}

bool ordo_deadline_expired(const ordo_deadline *d)
{
    return ordo_deadline_left(d) <= 0;
}

ordo_deadline *ordo_deadline_narrow(const ordo_deadline *d, double cpu_stop_s)
{
    ordo_deadline *n = xmalloc(sizeof *n);
    *n = d ? *d : (ordo_deadline){ 0, 0 };
    if (cpu_stop_s > 0 && (n->cpu_limit_s <= 0 || cpu_stop_s < n->cpu_limit_s))
        n->cpu_limit_s = cpu_stop_s;
    return n;
}

void ordo_deadline_free(ordo_deadline *d)
{
    free(d);
}
