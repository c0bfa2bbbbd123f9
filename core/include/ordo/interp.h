/*
 * The IR interpreter: executes a program (any stage: with calls or
 * inlined, with or without SEQ edges) on one concrete state, one thread
 * step at a time, in either arithmetic (ordo_arith). It replays
 * counterexamples (trace.h) and runs random simulations (ordo simulate).
 *
 * A step of thread t (trace.h) runs t's thread-local statements up to and
 * including its next visible statement (a shared access or a
 * synchronisation); an atomic section runs to its ATOMIC_END in one step.
 * Where several edges leave a location, the first enabled one (in edge
 * order) is taken: the front end makes branches exclusive (ASSUME c /
 * ASSUME !c), so control flow is decided by the state and the values.
 * A thread whose remaining statements are all local finishes silently
 * when another thread joins it; stepping a finished thread does nothing.
 *
 * Memory: static objects sit at their bases with their initial cells
 * (one copy for the whole program, also for objects of procedures);
 * ALLOC hands out fresh zeroed cells. Accessing a cell outside every live
 * object, division by zero and shifts out of range stop the run as
 * UNDEFINED (a blocking point, never an error and never a crash).
 */
#ifndef ORDO_INTERP_H
#define ORDO_INTERP_H

#include <ordo/ir.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ORDO_STEP_OK,          /* the thread executed its next visible statement */
    ORDO_STEP_FINISHED,    /* the thread has ended (now or before) */
    ORDO_STEP_BLOCKED,     /* no enabled edge: lock held, join, false assume */
    ORDO_STEP_ERROR,       /* reached ERROR: the property is violated */
    ORDO_STEP_EXIT,        /* exit()/abort(): the program ended */
    ORDO_STEP_UNDEFINED,   /* undefined operation (division by zero, ...) */
    ORDO_STEP_NO_VALUE,    /* the value source had no value for a HAVOC */
    ORDO_STEP_NO_THREAD,   /* no such thread */
    ORDO_STEP_DIVERGED,    /* too many local statements without a visible one */
} ordo_step_status;

/* Supplies the result of HAVOC statements of thread `thread`: returns false
 * when it has none. The value is converted to `type` (wrap-around). */
typedef bool (*ordo_value_source)(void *ctx, unsigned thread, ordo_type type, int64_t *value);

typedef struct ordo_interp ordo_interp;

/* The program stays owned by the caller and must outlive the interpreter. */
ordo_interp *ordo_interp_new(const ordo_program *p, ordo_arith mode);
void ordo_interp_free(ordo_interp *in);

ordo_step_status ordo_interp_step(ordo_interp *in, unsigned thread, ordo_value_source values,
                                  void *ctx);

/* Local statements one step may run before a visible one (default 2^20):
 * beyond, the step returns DIVERGED (a thread looping on local data). */
void ordo_interp_set_local_limit(ordo_interp *in, unsigned limit);

/* Threads created so far (main included) and whether one may run. */
unsigned ordo_interp_n_threads(const ordo_interp *in);
bool ordo_interp_thread_finished(const ordo_interp *in, unsigned thread);
/* The thread inside an atomic section, or -1. */
int ordo_interp_atomic_owner(const ordo_interp *in);
/* True after ERROR, EXIT or UNDEFINED: no thread can step any more. */
bool ordo_interp_ended(const ordo_interp *in);

/* The procedure and location of thread t's innermost activation in the
 * interpreted program (during a value source's call: the source location
 * of the edge being taken); false for a finished or unknown thread. */
bool ordo_interp_location(const ordo_interp *in, unsigned thread, unsigned *proc,
                          unsigned *loc);

/* One line about the last step that did not return OK or FINISHED, e.g.
 * "blocked at lock (file.c:12)" or "division by zero (file.c:3)". */
const char *ordo_interp_message(const ordo_interp *in);
/* Source position of the statement thread t is at (or last executed). */
const char *ordo_interp_position(const ordo_interp *in, unsigned thread, unsigned *line);

/* Current values (for tests and traces): a variable of a thread's
 * innermost activation of its procedure, or a global (thread ignored). */
bool ordo_interp_var(const ordo_interp *in, unsigned thread, unsigned var, int64_t *value);
bool ordo_interp_cell(const ordo_interp *in, uint64_t addr, int64_t *value);

/* ---- random simulation (ordo simulate) ---------------------------------- */

typedef enum {
    ORDO_SIM_ERROR,      /* ERROR reached: the trace leads there */
    ORDO_SIM_FINISHED,   /* every thread ended, or the program exited */
    ORDO_SIM_DEADLOCK,   /* threads left, none can move */
    ORDO_SIM_BOUND,      /* the step bound was reached */
    ORDO_SIM_UNDEFINED,  /* an undefined operation stopped the run */
} ordo_sim_result;

/* One run with a random schedule (uniform among the threads that can
 * move, in some runs biased toward the thread of the last step) and random values (biased toward small numbers and the bounds of
 * the type), from `seed`, of at most max_steps visible steps. The steps
 * and values taken are appended to `trace` (replayable with trace.h). */
struct ordo_trace;
ordo_sim_result ordo_simulate_run(const ordo_program *p, ordo_arith mode, uint64_t seed,
                                  unsigned max_steps, struct ordo_trace *trace);

/* The allocation policy of ALLOC, for engines whose counterexamples must
 * replay with the same addresses: the base an allocation of n_cells gets
 * when *next is the first fresh address (initially the program's
 * next_address), and *next advanced past it (16-cell aligned). */
uint64_t ordo_alloc_base(uint64_t *next, uint64_t n_cells);
/* Largest ALLOC the interpreter honours (cells); a larger one is undefined. */
#define ORDO_MAX_ALLOC_CELLS (UINT64_C(1) << 32)

/* Name of a step status, e.g. "blocked". */
const char *ordo_step_status_name(ordo_step_status s);

#ifdef __cplusplus
}
#endif
#endif
