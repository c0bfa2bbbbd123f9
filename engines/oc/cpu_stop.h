/*
 * The CPU stop of an attempt (oc_config.cpu_stop_s): process CPU time at
 * which the walk, the encoding and the finder give up. Loops poll it every
 * so many items, as reading the clock is a system call. (The solver gets
 * it as a deadline: oc_verify.)
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

#endif
