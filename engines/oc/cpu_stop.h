/*
 * The CPU stop of an attempt (oc_config.cpu_stop_s): process CPU time at
 * which the walk, the encoding, the finder and the solver give up. Loops
 * poll it every so many items, as reading the clock is a system call.
 */
#ifndef OC_CPU_STOP_H
#define OC_CPU_STOP_H

#include <stdbool.h>
#include <stddef.h>

#include <ordo/plugin.h>

/* Has the process reached cpu_stop_s (0: never)? Looked up only when item
 * i is a multiple of `every`; false otherwise. */
static inline bool oc_cpu_stop_reached(double cpu_stop_s, size_t i, size_t every)
{
    return cpu_stop_s > 0 && i % every == 0 && ordo_process_cputime_s() >= cpu_stop_s;
}

/* The per-check solver limit (ms) that stops a check at cpu_stop_s, or 0
 * for none (at least 1 ms: a check must not start without a limit). */
static inline unsigned oc_cpu_stop_budget_ms(double cpu_stop_s)
{
    if (cpu_stop_s <= 0)
        return 0;
    double left = cpu_stop_s - ordo_process_cputime_s();
    return left > 0.001 ? (unsigned)(left * 1000.0) : 1;
}

#endif
