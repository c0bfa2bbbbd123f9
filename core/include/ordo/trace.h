/*
 * Counterexamples: what an engine hands over with UNSAFE, and what the IR
 * interpreter replays before the verdict is reported (DESIGN.md, "Trust").
 *
 * A trace is independent of the passes an engine applied (inlining,
 * large-block encoding, unrolling): it names threads and values, not edges.
 *  - Threads are numbered by creation: 0 is main, the k-th successful
 *    THREAD_START of the execution (in schedule order) creates thread k.
 *  - schedule[i] = t means: thread t runs its thread-local statements up to
 *    and including its next *visible* statement, one that accesses shared
 *    state (global variable or memory cell), synchronises (lock, unlock,
 *    atomic begin/end, thread start/join, alloc, free) or is ERROR/EXIT.
 *    Inside an atomic section, the thread runs to ATOMIC_END as one step.
 *  - Nondeterministic values are consumed per thread in program order:
 *    values of thread t are the entries whose thread is t.
 * The replay succeeds when the last step reaches an ERROR statement.
 */
#ifndef ORDO_TRACE_H
#define ORDO_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <ordo/ir.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    unsigned thread; /* the thread that consumes the value */
    int64_t value;
} ordo_trace_value_entry;

typedef struct ordo_trace {
    size_t n_steps, cap_steps;
    unsigned *schedule;          /* thread of each visible step */
    size_t n_values, cap_values;
    ordo_trace_value_entry *values; /* havoc results, per thread in order */
} ordo_trace;

ordo_trace *ordo_trace_new(void);
void ordo_trace_free(ordo_trace *t);
void ordo_trace_step(ordo_trace *t, unsigned thread);
void ordo_trace_value(ordo_trace *t, unsigned thread, int64_t value);

/* Replays t on the IR interpreter (the program as the front end made it,
 * before any pass). Returns true when the last step reaches ERROR; else
 * false with *why (malloc'ed) saying where the replay diverged. */
bool ordo_trace_replay(const ordo_program *p, const ordo_trace *t, char **why);
/* The same in a chosen arithmetic (ordo_trace_replay uses ORDO_ARITH_BV).
 * Details of the step semantics: <ordo/interp.h>. */
bool ordo_trace_replay_mode(const ordo_program *p, const ordo_trace *t, ordo_arith mode,
                            char **why);

/* The trace as text (malloc'ed), replayed on p: one line per step,
 * "step I: thread T at FILE:LINE (STATUS)", then the values per thread and
 * the outcome. */
char *ordo_trace_describe(const ordo_program *p, const ordo_trace *t, ordo_arith mode);

#ifdef __cplusplus
}
#endif
#endif
