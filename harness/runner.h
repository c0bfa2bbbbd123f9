/*
 * The runner (DESIGN.md, "Runner and results"): every run (task x
 * configuration) executes in a forked child in its own process group,
 * under CPU, wall and memory limits, and reports through a pipe. `ordo
 * verify` and `ordo bench` both run tasks through here.
 */
#ifndef ORDO_HARNESS_RUNNER_H
#define ORDO_HARNESS_RUNNER_H

#include <ordo/host.h>

#include "cgroup.h"
#include "config.h"
#include "task.h"

typedef struct {
    char *status;          /* true, false, unknown, timeout, memout, crash (SIG..), error, unsupported */
    int verdict;           /* EXPECT_TRUE / EXPECT_FALSE / EXPECT_NONE */
    long bound;            /* bound of a bounded SAFE, else -1 */
    bool complete;         /* SAFE: the engine's completeness flag (no bound assumed) */
    double cputime_s, walltime_s, memory_mb;
    char *reason;          /* NULL or one line */
    ordo_stats *stats;
    char *counterexample;  /* UNSAFE: the replayed trace as text */
} run_outcome;

void run_outcome_free(run_outcome *o);

typedef struct runner runner;

/* A runner of up to `jobs` parallel runs under `limits`. */
runner *runner_new(const run_limits *limits, int jobs);
/* Limits held outside ordo, as by the cgroup of a SLURM job. */
typedef struct {
    const char *memory_mechanism; /* what limits memory */
    /* The CPU time of everything in the job (runs, ordo), NULL: unknown;
     * only for a runner of one job. */
    double (*cpu_s)(void);
    const char *cpu_mechanism;    /* what cpu_s reads */
} runner_external;

/* A runner whose memory limit is held outside ordo: no ordo cgroup, no
 * RLIMIT_AS (which turns solvers' address-space reservations into
 * memouts); a run killed near the limit, or whose peak exceeds it, is a
 * memout. With ext->cpu_s a run's CPU time is what that counter gained
 * while it ran. */
runner *runner_new_external(const run_limits *limits, int jobs, const runner_external *ext);
/* How limits are enforced, for the metadata ("memory: cgroup-v1 ...; cpu: ..."). */
const char *runner_memory_mechanism(const runner *r);
const char *runner_cpu_mechanism(const runner *r);
bool runner_has_free_slot(const runner *r);
int runner_running(const runner *r);
/* Starts a run in a free slot; its child's output goes to log_path.
 * `tag` comes back from runner_wait. */
void runner_start(runner *r, const run_config *rc, const task *t, const char *log_path,
                  void *tag);
/* Waits until a run ends; fills *out and returns its tag. Returns NULL
 * when interrupted (SIGINT/SIGTERM) or when nothing runs. */
void *runner_wait(runner *r, run_outcome *out);
/* Kills every running run (after an interrupt). */
void runner_kill_all(runner *r);
void runner_free(runner *r);

/* Set by SIGINT / SIGTERM once runner_catch_interrupts() was called. */
extern volatile int runner_interrupted;
void runner_catch_interrupts(void);

/* The child side (child.c): runs the engine and writes the report. */
typedef struct {
    const run_config *rc;
    const task *t;
    const run_limits *limits;
    const char *log_path;
    int report_fd;
    int cpu;                  /* core to pin to, -1 none */
    bool rlimit_as;           /* enforce memory with RLIMIT_AS */
    const cgroup_slot *cgroup;/* NULL: none */
} child_args;

void child_main(const child_args *a) __attribute__((noreturn));

/* An engine's deadline is the run's limit itself; the runner kills a run
 * this long after it, so that an engine stopping at its deadline still
 * frees what it built and writes its report. A report past the limit is a
 * timeout all the same, with the statistics the engine gathered until
 * then. A tenth of the limit, at least 1 s and at most 10 s: freeing an
 * abstract reachability graph of a few GB after a 60 s run takes seconds. */
double report_grace_s(double limit_s);

/* Report lines the child writes and the parent reads. */
#define REPORT_END "end"

#endif
